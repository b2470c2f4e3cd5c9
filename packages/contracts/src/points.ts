/**
 * The points ledger (SPEC §3 "Points log": refRemark, createTime, points ±; §7
 * /api/user/points/my-paging; issue 7 "Points"). Every change of a balance is one ledger row
 * (userId, points ±, balance after, refType, refId, refRemark, createTime); the pair (refType,
 * refId) is unique per user, so one event changes a balance at most once, and a balance never goes
 * below zero. Awards come from rules the administrator configures (points per rule, on/off);
 * spending (buying a course or exam for points), the administrator's adjustments and user imports
 * are rows of the same ledger.
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';
import { defineErrors } from './errors';
import { json } from './endpoint';

/** Keys of the award rules (one row each in the rule table, seeded at start). */
export const POINTS_RULE_KEYS = ['exam_pass', 'course_finish', 'class_finish', 'daily_login'] as const;
export type PointsRuleKey = (typeof POINTS_RULE_KEYS)[number];
/** What each rule awards points for (the rule page and the ledger's refType_dictText). */
export const POINTS_RULE_LABEL: Record<PointsRuleKey, string> = {
  exam_pass: '通过考试',
  course_finish: '完成课程',
  class_finish: '完成培训班',
  daily_login: '每日首次登录',
};
/** Points and state of each rule when it is first seeded. */
export const POINTS_RULE_DEFAULTS: Record<PointsRuleKey, { points: number; enabled: 0 | 1 }> = {
  exam_pass: { points: 10, enabled: 1 },
  course_finish: { points: 5, enabled: 1 },
  class_finish: { points: 10, enabled: 1 },
  daily_login: { points: 1, enabled: 1 },
};

/**
 * refType of a ledger row: a rule key for awards, `course_buy` / `exam_buy` for spending, `adjust`
 * for an administrator's adjustment, `import` for points given by a user import, `opening` for the
 * balance carried over from before the ledger existed. Other domains may use further types
 * (lower-case letters, digits and `_`).
 */
export const PointsRefType = {
  EXAM_PASS: 'exam_pass',
  COURSE_FINISH: 'course_finish',
  CLASS_FINISH: 'class_finish',
  DAILY_LOGIN: 'daily_login',
  COURSE_BUY: 'course_buy',
  EXAM_BUY: 'exam_buy',
  ADJUST: 'adjust',
  IMPORT: 'import',
  OPENING: 'opening',
} as const;
/** Labels of the known refTypes (`refType_dictText`; an unknown type is shown as it is). */
export const POINTS_REF_TYPE_LABEL: Record<string, string> = {
  ...POINTS_RULE_LABEL,
  course_buy: '购买课程',
  exam_buy: '购买考试',
  adjust: '管理员调整',
  import: '用户导入',
  opening: '期初积分',
};
/** A refType as the service accepts it. */
export const REF_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;

/** Largest amount of one ledger row, either sign (the import's 积分 limit; balances are 64-bit, far inside JS's safe integers). */
export const POINTS_MAX_CHANGE = 999_999_999;
/** Largest points a rule may award. */
export const POINTS_RULE_MAX = 100_000;

// ------------------------------------------------------------ ledger rows

/** A row of the learner's own ledger (SPEC §3 Points log). */
export const pointsLogRecord = z.object({
  id: z.string(),
  /** Positive: credited; negative: spent or deducted. */
  points: z.number().int(),
  /** The balance right after this row. */
  balance: z.number().int(),
  refType: z.string(),
  refType_dictText: z.string(),
  refRemark: z.string(),
  createTime: z.string(),
});
export type PointsLogRecord = z.infer<typeof pointsLogRecord>;

/** Columns the ledger lists can be sorted by. */
export const POINTS_SORT = ['createTime', 'points'] as const;
export const myPointsPagingReq = pagingReq(z.object({ refType: z.string().max(32).optional() }), { sort: POINTS_SORT });
export const myPointsPagingRes = pagingRes(pointsLogRecord);

/** A row of the administrator's ledger list: whose it is (userId_dictText: the real name) beside the row. */
export const pointsAdminRecord = pointsLogRecord.extend({ userId: z.string(), userId_dictText: z.string() });
export type PointsAdminRecord = z.infer<typeof pointsAdminRecord>;
/** Filters of the administrator's ledger: one user by id, or by account name (exact); a refType. */
export const pointsPagingParams = z.object({
  userId: z.string().max(32).optional(),
  /** The account name (登录账号), matched exactly. */
  userName: z.string().trim().max(64).optional(),
  refType: z.string().max(32).optional(),
});
export const pointsPagingReq = pagingReq(pointsPagingParams, { sort: POINTS_SORT });
export const pointsPagingRes = pagingRes(pointsAdminRecord);

export const pointsBalance = z.object({ balance: z.number().int() });

// ------------------------------------------------------------ rules

export const RULE_KEY_MSG = '积分规则不存在！';
export const RULE_POINTS_MSG = `积分必须是0-${POINTS_RULE_MAX}之间的整数！`;

/** An award rule as the rule page shows it. */
export const pointsRule = z.object({
  ruleKey: z.enum(POINTS_RULE_KEYS),
  /** What it awards points for (POINTS_RULE_LABEL). */
  title: z.string(),
  points: z.number().int(),
  /** 1 on, 0 off (an award of a rule that is off changes nothing). */
  enabled: z.number().int(),
  updateTime: z.string(),
});
export type PointsRule = z.infer<typeof pointsRule>;

export const pointsRuleSaveReq = z.object({
  ruleKey: z.enum(POINTS_RULE_KEYS, { error: RULE_KEY_MSG }),
  points: z.number({ error: RULE_POINTS_MSG }).int(RULE_POINTS_MSG).min(0, RULE_POINTS_MSG).max(POINTS_RULE_MAX, RULE_POINTS_MSG),
  enabled: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }),
});
export type PointsRuleSaveReq = z.infer<typeof pointsRuleSaveReq>;

// ------------------------------------------------------------ adjustment

export const ADJUST_POINTS_MSG = `调整积分必须是非零整数，且绝对值不超过${POINTS_MAX_CHANGE}！`;
export const ADJUST_REASON_MSG = '调整原因不能为空！';

/**
 * POST /api/user/points/adjust: add (positive) or deduct (negative) points with a reason. Each call
 * is its own ledger row; `requestId` (made by the dialog when it opens) makes a repeated submission
 * of the same dialog (a double click, a retry) count once.
 */
export const pointsAdjustReq = z.object({
  userId: idSchema,
  points: z
    .number({ error: ADJUST_POINTS_MSG })
    .int(ADJUST_POINTS_MSG)
    .min(-POINTS_MAX_CHANGE, ADJUST_POINTS_MSG)
    .max(POINTS_MAX_CHANGE, ADJUST_POINTS_MSG)
    .refine((v) => v !== 0, ADJUST_POINTS_MSG),
  reason: z.string({ error: ADJUST_REASON_MSG }).trim().min(1, ADJUST_REASON_MSG).max(200, '调整原因不能超过200个字符'),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, '请求标识格式不正确！')
    .optional(),
});
export type PointsAdjustReq = z.infer<typeof pointsAdjustReq>;
/** What an adjustment did: the row's points and the balance after it (`applied` false: this requestId was applied before). */
export const pointsAdjustRes = z.object({ applied: z.boolean(), points: z.number().int(), balance: z.number().int() });

// ------------------------------------------------------------ errors, permissions, calls

/** Errors of the points ledger (block 3003xxxx). */
export const PointsError = defineErrors({
  /** A spend larger than the balance: nothing is changed. */
  INSUFFICIENT: { code: 30030001, msg: '积分不足！' },
  /** An administrator's deduction larger than the balance: nothing is changed. */
  ADJUST_BELOW_ZERO: { code: 30030002, msg: '扣减后积分不能小于0！' },
  /** An award under a rule key that does not exist (a programming error of the caller). */
  RULE_UNKNOWN: { code: 30030003, msg: RULE_KEY_MSG },
});

/** Permission codes of the points ledger. */
export const PointsPerm = {
  /** The administrator's ledger list. */
  LIST: 'points:list',
  /** Adjusting a user's points (调整积分 in the user list). */
  ADJUST: 'points:adjust',
  RULE_LIST: 'points:rule:list',
  RULE_UPDATE: 'points:rule:update',
} as const;

/** Calls of the points ledger (SPEC §7 "Certificates, points, statistics": /api/user/points/my-paging; the rest ours). */
export const pointsApi = {
  myPaging: json({ path: '/api/user/points/my-paging', readOnly: true, summary: '我的积分明细（分页）', access: 'user', body: myPointsPagingReq, data: myPointsPagingRes }),
  myBalance: json({ path: '/api/user/points/my-balance', readOnly: true, summary: '我的积分余额', access: 'user', data: pointsBalance, ours: true }),
  paging: json({ path: '/api/user/points/paging', readOnly: true, summary: '积分明细（管理，按数据权限）', access: PointsPerm.LIST, body: pointsPagingReq, data: pointsPagingRes, ours: true }),
  adjust: json({ path: '/api/user/points/adjust', summary: '调整用户积分', access: PointsPerm.ADJUST, body: pointsAdjustReq, data: pointsAdjustRes, ours: true }),
  ruleList: json({ path: '/api/user/points/rule/list', readOnly: true, summary: '积分规则列表', access: PointsPerm.RULE_LIST, data: z.array(pointsRule), ours: true }),
  ruleSave: json({ path: '/api/user/points/rule/save', summary: '保存积分规则', access: PointsPerm.RULE_UPDATE, body: pointsRuleSaveReq, data: z.null(), ours: true }),
};
