/**
 * Exams (SPEC §3 "Exam", §4 open type, §7 /api/exam/exam/*).
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, stateReq, timeSchema } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';
import { defineNotifyEvent } from './notify-event';

/** Question types an exam can draw (SPEC §4): every type. */
export const EXAM_QU_TYPES = [1, 2, 3, 4, 5, 6, 99] as const;
/** Exam type (SPEC §3 exam list row examType): 1 formal, 2 mock. */
export const EXAM_TYPE_LABEL: Record<number, string> = { 1: '正式考试', 2: '模拟考试' };
/** Paper building method: 1 random rules, 2 selected questions, 3 draw N from a fixed pool. */
export const PaperMethod = { RANDOM: 1, SELECT: 2, DRAW: 3 } as const;
export const PAPER_METHOD_LABEL: Record<number, string> = { 1: '随机组卷', 2: '选题组卷', 3: '抽题组卷' };
/** Result display after hand-in: 1 thanks text only, 2 thanks and score, 3 the full paper with answers. */
export const RESULT_SHOW_LABEL: Record<number, string> = { 1: '仅显示感谢语', 2: '显示感谢语和成绩', 3: '显示完整试卷和答案' };
/** Marking mode of subjective answers: 1 one marker, 2 double-blind. */
export const MARK_MODE_LABEL: Record<number, string> = { 1: '单人阅卷', 2: '双盲阅卷' };
/** Rule level: 0 any, 1 normal, 2 hard. */
export const RULE_LEVEL_LABEL: Record<number, string> = { 0: '不限', 1: '普通', 2: '较难' };

const intIn = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}不能为空！` })
    .int(`${label}必须为整数！`)
    .min(min, `${label}不能小于${min}！`)
    .max(max, `${label}不能大于${max}！`);

/**
 * One rule of the random method: draw `quCount` questions of `quType` (and `level`, 0 any; and
 * chapter `chapterId`, '' any) from bank `repoId`, each worth `quScore`.
 */
export const examRule = z.object({
  repoId: z.string({ error: '请选择题库！' }).trim().min(1, '请选择题库！').max(32, 'ID格式不正确！'),
  quType: z
    .number({ error: '请选择题型！' })
    .int()
    .refine((v) => (EXAM_QU_TYPES as readonly number[]).includes(v), '暂不支持该题型！'),
  level: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '难度不正确！' }).default(0),
  chapterId: z.string().trim().max(32, 'ID格式不正确！').nullish().transform((v) => v ?? ''),
  quCount: z.number({ error: '抽题数量不能为空！' }).int('抽题数量必须为整数！').min(1, '抽题数量必须大于0！').max(1000),
  quScore: z.number({ error: '每题分数不能为空！' }).int('每题分数必须为整数！').min(1, '每题分数必须大于0！').max(1000),
});
export type ExamRule = z.infer<typeof examRule>;

/** A fixed question of the select (2) and draw (3) methods, with its score. */
export const examQuItem = z.object({
  quId: z.string({ error: '请选择试题！' }).trim().min(1, '请选择试题！').max(32, 'ID格式不正确！'),
  score: z.number({ error: '试题分数不能为空！' }).int('试题分数必须为整数！').min(1, '试题分数必须大于0！').max(1000),
});
export type ExamQuItem = z.infer<typeof examQuItem>;

/**
 * The paper part of an exam (shared by save and check-rules): method, rules (1), fixed questions
 * (2, 3) and drawCount (3).
 */
const paperFields = {
  paperMethod: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '组卷方式不正确！' }).default(1),
  ruleList: z.array(examRule).max(50, '组卷规则不能超过50条！').default([]),
  quList: z.array(examQuItem).max(1000, '试题不能超过1000道！').default([]),
  drawCount: z.number().int('抽题数量必须为整数！').min(0).max(1000).default(0),
};

/** Refinements of the paper part: method-specific presence, no duplicates. */
function refinePaper(
  v: { paperMethod: number; ruleList: ExamRule[]; quList: ExamQuItem[]; drawCount: number; offline?: boolean },
  ctx: z.RefinementCtx,
): void {
  if (v.offline) return;
  if (v.paperMethod === 1) {
    if (v.ruleList.length === 0) ctx.addIssue({ code: 'custom', path: ['ruleList'], message: '请至少添加一条组卷规则！' });
    const seen = new Set<string>();
    v.ruleList.forEach((r, i) => {
      const key = `${r.repoId}:${r.quType}:${r.level}:${r.chapterId}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['ruleList', i], message: '同一题库、题型、难度和章节只能添加一条规则！' });
      seen.add(key);
    });
    return;
  }
  if (v.quList.length === 0) ctx.addIssue({ code: 'custom', path: ['quList'], message: '请至少选择一道试题！' });
  const seen = new Set<string>();
  v.quList.forEach((q, i) => {
    if (seen.has(q.quId)) ctx.addIssue({ code: 'custom', path: ['quList', i], message: '试题不能重复选择！' });
    seen.add(q.quId);
  });
  if (v.paperMethod === 3) {
    if (v.drawCount < 1) ctx.addIssue({ code: 'custom', path: ['drawCount'], message: '抽题数量必须大于0！' });
    else if (v.drawCount > v.quList.length) ctx.addIssue({ code: 'custom', path: ['drawCount'], message: '抽题数量不能大于题池中的试题数！' });
    if (new Set(v.quList.map((q) => q.score)).size > 1) ctx.addIssue({ code: 'custom', path: ['quList'], message: '抽题组卷时题池中每题分数必须相同！' });
  }
}

/** POST /api/exam/exam/check-rules (ours): the paper part of the form, checked live. */
export const examCheckReq = z.object(paperFields).superRefine((v, ctx) => refinePaper(v, ctx));
export type ExamCheckReq = z.infer<typeof examCheckReq>;
/** One unsatisfied rule / question: `index` is the rule's (method 1) or question's (2, 3) position, -1 for the pool as a whole. */
export const examShortfall = z.object({ index: z.number().int(), need: z.number().int(), have: z.number().int(), msg: z.string() });
export type ExamShortfall = z.infer<typeof examShortfall>;
export const examCheckRes = z.object({
  ok: z.boolean(),
  /** Score of one paper (Σ quCount × quScore; Σ scores; drawCount × score). */
  totalScore: z.number().int(),
  /** Questions per paper (top level). */
  quCount: z.number().int(),
  shortfalls: z.array(examShortfall),
});
export type ExamCheckRes = z.infer<typeof examCheckRes>;

const flag = z.boolean({ error: '开关值不正确！' }).default(false);

export const examSaveReq = z
  .object({
    id: idSchema.optional(),
    title: z.string({ error: '考试名称不能为空！' }).trim().min(1, '考试名称不能为空！').max(200, '考试名称不能超过200个字符'),
    content: z.string().max(5000, '考试说明不能超过5000个字符').default(''),
    /** 1 formal, 2 mock. */
    examType: z.union([z.literal(1), z.literal(2)], { error: '考试类型不正确！' }).default(1),
    /** 1 public, 2 departments (`deptCodes`, sub-departments included), 3 named people (user refs), 9 password. */
    openType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(9)], { error: '开放类型不正确！' }).default(1),
    /** Open type 9: the password asked at create-paper. */
    password: z.string().trim().max(64, '考试密码不能超过64个字符').default(''),
    /** Open type 2: the departments (codes); replaces the exam's list. */
    deptCodes: z.array(z.string().trim().min(1).max(64)).max(500).default([]),
    /** Open type 3: people to add to the exam's list (the list is managed by user-ref join/remove). */
    userIds: z.array(idSchema).max(5000).default([]),
    startTime: timeSchema.nullish(),
    endTime: timeSchema.nullish(),
    totalTime: z.number({ error: '考试时长不能为空！' }).int().min(1, '考试时长必须大于0！').max(14400),
    qualifyScore: z.number({ error: '及格分不能为空！' }).int().min(0, '及格分不能小于0！'),
    chance: z.number().int().min(0).max(1000).default(0),
    /** Points a learner spends once to sit it (0 free; retakes are free). */
    pointsCost: intIn('消耗积分', 0, 1_000_000).default(0),
    /** Earliest hand-in, minutes after the paper started (0 any time). */
    handMinMinutes: intIn('最早交卷时间', 0, 14400).default(0),
    /** Latest start, minutes after the window opens (0 until the window ends). */
    lateMaxMinutes: intIn('最迟开考时间', 0, 14400).default(0),
    resultShow: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '成绩显示方式不正确！' }).default(2),
    thanksText: z.string().trim().max(500, '感谢语不能超过500个字符').default(''),
    shuffleQu: flag,
    shuffleOption: flag,
    partialCredit: flag,
    camOn: flag,
    camInterval: intIn('抓拍间隔', 1, 120).default(5),
    faceOn: flag,
    /** Consecutive failed captures before the paper is handed in (issue 12; 1–10, default 3). */
    faceChance: intIn('人脸识别失败次数', 1, 10).default(3),
    leaveOn: flag,
    leaveCheck: intIn('离开判定秒数', 1, 3600).default(30),
    leaveCount: intIn('允许离开次数', 0, 100).default(3),
    pasteOff: flag,
    fullscreenOn: flag,
    needApply: flag,
    markMode: z.union([z.literal(1), z.literal(2)], { error: '阅卷方式不正确！' }).default(1),
    markDiff: intIn('仲裁分差', 0, 1000).default(0),
    /** Held on paper: no paper part; `totalScore` is given. */
    offline: flag,
    /** Offline exams only: the paper's total score. */
    totalScore: z.number().int('试卷总分必须为整数！').min(1, '试卷总分必须大于0！').max(100000).optional(),
    /** 0 open (the paper part is checked), 1 disabled (a draft); omitted: new exams open, others unchanged. */
    state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }).optional(),
    ...paperFields,
    /** The certificate template granted to those who pass (issue 7), null or '' for none. */
    certId: z
      .string({ error: 'ID格式不正确！' })
      .trim()
      .max(32, 'ID格式不正确！')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.startTime && v.endTime && v.endTime <= v.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: '结束时间必须晚于开始时间！' });
    }
    if (v.openType === 9 && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: '请设置考试密码！' });
    if (v.openType === 2 && v.deptCodes.length === 0) ctx.addIssue({ code: 'custom', path: ['deptCodes'], message: '请选择开放的部门！' });
    if (v.handMinMinutes >= v.totalTime && v.handMinMinutes > 0) ctx.addIssue({ code: 'custom', path: ['handMinMinutes'], message: '最早交卷时间必须小于考试时长！' });
    if (v.markMode === 2 && v.markDiff < 1) ctx.addIssue({ code: 'custom', path: ['markDiff'], message: '双盲阅卷请设置仲裁分差！' });
    if (v.offline && v.totalScore === undefined) ctx.addIssue({ code: 'custom', path: ['totalScore'], message: '试卷总分不能为空！' });
    refinePaper(v, ctx);
    const total = v.offline ? (v.totalScore ?? 0) : examPaperScore(v);
    if (v.qualifyScore > total) ctx.addIssue({ code: 'custom', path: ['qualifyScore'], message: '及格分不能大于试卷总分！' });
  });
export type ExamSaveReq = z.infer<typeof examSaveReq>;

/** totalScore = Σ quCount × quScore over the rules. */
export function examTotalScore(rules: { quCount: number; quScore: number }[]): number {
  return rules.reduce((sum, r) => sum + r.quCount * r.quScore, 0);
}

/**
 * Score of one paper of the paper part: method 1 Σ quCount × quScore; 2 Σ scores; 3 drawCount ×
 * the pool's score (the pool's scores are equal).
 */
export function examPaperScore(v: { paperMethod: number; ruleList: { quCount: number; quScore: number }[]; quList: { score: number }[]; drawCount: number }): number {
  if (v.paperMethod === 2) return v.quList.reduce((s, q) => s + q.score, 0);
  if (v.paperMethod === 3) return v.drawCount * (v.quList[0]?.score ?? 0);
  return examTotalScore(v.ruleList);
}

/** Questions per paper of the paper part (top level). */
export function examPaperQuCount(v: { paperMethod: number; ruleList: { quCount: number }[]; quList: unknown[]; drawCount: number }): number {
  if (v.paperMethod === 2) return v.quList.length;
  if (v.paperMethod === 3) return v.drawCount;
  return v.ruleList.reduce((s, r) => s + r.quCount, 0);
}

export const examRuleDetail = z.object({
  repoId: z.string(),
  repoId_dictText: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  level: z.number().int(),
  level_dictText: z.string(),
  chapterId: z.string(),
  /** The chapter's title ('' any chapter). */
  chapterId_dictText: z.string(),
  quCount: z.number().int(),
  quScore: z.number().int(),
});

/** A fixed question of the exam as the form shows it. */
export const examQuDetail = z.object({
  quId: z.string(),
  score: z.number().int(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  /** The question's content as plain text (at most 200 characters). */
  content: z.string(),
  repoId: z.string(),
  repoId_dictText: z.string(),
});

/** Exam fields listed and edited by the admin (every setting of el_exam except the password). */
const examCommon = {
  id: z.string(),
  title: z.string(),
  examType: z.number().int(),
  examType_dictText: z.string(),
  openType: z.number().int(),
  openType_dictText: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  totalTime: z.number().int(),
  totalScore: z.number().int(),
  qualifyScore: z.number().int(),
  chance: z.number().int(),
  quCount: z.number().int(),
  paperMethod: z.number().int(),
  paperMethod_dictText: z.string(),
  offline: z.boolean(),
  pointsCost: z.number().int(),
  /** The certificate template granted to those who pass, null for none (issue 7). */
  certId: z.string().nullable(),
  createTime: z.string(),
  updateTime: z.string(),
};

export const examDetail = z.object({
  ...examCommon,
  content: z.string(),
  password: z.string(),
  deptCodes: z.array(z.string()),
  /** People the exam is open to (open type 3), see user-ref paging. */
  userCount: z.number().int(),
  handMinMinutes: z.number().int(),
  lateMaxMinutes: z.number().int(),
  resultShow: z.number().int(),
  thanksText: z.string(),
  shuffleQu: z.boolean(),
  shuffleOption: z.boolean(),
  partialCredit: z.boolean(),
  camOn: z.boolean(),
  camInterval: z.number().int(),
  faceOn: z.boolean(),
  faceChance: z.number().int(),
  leaveOn: z.boolean(),
  leaveCheck: z.number().int(),
  leaveCount: z.number().int(),
  pasteOff: z.boolean(),
  fullscreenOn: z.boolean(),
  needApply: z.boolean(),
  drawCount: z.number().int(),
  markMode: z.number().int(),
  markDiff: z.number().int(),
  ruleList: z.array(examRuleDetail),
  quList: z.array(examQuDetail),
  /** Its title ('' for none). */
  certId_dictText: z.string(),
});
export type ExamDetail = z.infer<typeof examDetail>;

/** Filters of the exam list (SPEC §7: examType, openType, title, excludes). */
export const examPagingParams = z.object({
  title: z.string().max(200).optional(),
  examType: z.number().int().optional(),
  openType: z.number().int().optional(),
  state: z.number().int().optional(),
  excludes: z.array(idSchema).max(1000).optional(),
});
/** Columns the exam list can be sorted by. */
export const EXAM_SORT = ['title', 'createTime', 'updateTime', 'startTime', 'endTime'] as const;
export const examPagingReq = pagingReq(examPagingParams, { sort: EXAM_SORT, select: true });
/**
 * An exam as a list row names it (SPEC §3 "Exam list row: id, title, examType with
 * examType_dictText"): /simple-detail answers it for any live exam open to the caller.
 */
export const examSimple = z.object({ id: z.string(), title: z.string(), examType: z.number().int(), examType_dictText: z.string() });
export type ExamSimple = z.infer<typeof examSimple>;

export const examRecord = z.object(examCommon);
export type ExamRecord = z.infer<typeof examRecord>;
export const examPagingRes = pagingRes(examRecord);

/** An exam as a learner sees it in "online exams" and on the check page (never the password, rules or questions). */
export const onlineExam = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  examType: z.number().int(),
  examType_dictText: z.string(),
  openType: z.number().int(),
  openType_dictText: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  totalTime: z.number().int(),
  totalScore: z.number().int(),
  qualifyScore: z.number().int(),
  quCount: z.number().int(),
  /** Attempts allowed, 0 = unlimited. */
  chance: z.number().int(),
  /** Attempts already used by the caller. */
  tryCount: z.number().int(),
  /** The caller's paper in progress, if any (resume it instead of creating a new one). */
  processPaperId: z.string().nullable(),
  /** Open type 9: create-paper needs `password`. */
  needPassword: z.boolean(),
  /** Points spent at the first start (0 free). */
  pointsCost: z.number().int(),
  /** Earliest hand-in, minutes after the start (0 any time). */
  handMinMinutes: z.number().int(),
  /** Latest start, minutes after the window opens (0 until the end). */
  lateMaxMinutes: z.number().int(),
  /** Held on paper (no online paper). */
  offline: z.boolean(),
  /** A face check (/api/paper/face/check) must pass before create-paper (issue 12). */
  faceOn: z.boolean(),
  /** The exam camera captures during the exam (issue 12). */
  camOn: z.boolean(),
});
export type OnlineExam = z.infer<typeof onlineExam>;
export const onlinePagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), examType: z.number().int().optional() }), {
  sort: ['createTime', 'startTime', 'endTime'] as const,
});
export const onlinePagingRes = pagingRes(onlineExam);

/** `{refId: examId, ids: userIds}`: people joined to / removed from an exam of open type 3. */
export const examUserRefReq = z.object({ refId: idSchema, ids: z.array(idSchema, { error: '请至少选择一个用户！' }).min(1, '请至少选择一个用户！').max(5000) });
export const examUserRefPagingReq = pagingReq(z.object({ refId: idSchema }));
export const examUserRefRecord = z.object({ id: z.string(), userName: z.string(), realName: z.string(), deptCode: z.string() });
export const examUserRefPagingRes = pagingRes(examUserRefRecord);

/** The admin's sample paper (nothing saved): every question with its options, right flags, reference answer and analysis. */
export const previewOption = z.object({ id: z.string(), abc: z.string(), content: z.string(), image: z.string(), isRight: z.boolean(), answer: z.string() });
export type PreviewOption = z.infer<typeof previewOption>;
export interface PreviewQu {
  quId: string;
  sort: number;
  quType: number;
  quType_dictText: string;
  content: string;
  image: string;
  analysis: string;
  answer: string;
  score: number;
  answerList: PreviewOption[];
  subList: PreviewQu[];
}
export const previewQu: z.ZodType<PreviewQu> = z.lazy(() =>
  z.object({
    quId: z.string(),
    sort: z.number().int(),
    quType: z.number().int(),
    quType_dictText: z.string(),
    content: z.string(),
    image: z.string(),
    analysis: z.string(),
    answer: z.string(),
    score: z.number().int(),
    answerList: z.array(previewOption),
    subList: z.array(previewQu),
  }),
);
export const examPreview = z.object({
  examId: z.string(),
  title: z.string(),
  totalScore: z.number().int(),
  qualifyScore: z.number().int(),
  totalTime: z.number().int(),
  groupList: z.array(z.object({ title: z.string(), quType: z.number().int(), totalScore: z.number().int(), quList: z.array(previewQu) })),
});
export type ExamPreview = z.infer<typeof examPreview>;

/** Permission codes of exams (SPEC §6; exam:add is named by the spec). */
export const ExamPerm = { LIST: 'exam:list', ADD: 'exam:add', UPDATE: 'exam:update', DELETE: 'exam:delete', STATE: 'exam:state', PREVIEW: 'exam:preview' } as const;

/** Errors of exams. */
export const ExamError = defineErrors({
  /** The exam is not open now (window not started, ended, or exam disabled). */
  EXAM_NOT_OPEN: { code: 20010004, msg: '考试不在开放时间内！' },
  /** An exam rule asks for more questions than its bank holds. */
  RULE_SHORT: { code: 20010008, msg: '题库试题数量不足！' },
  /** Open type 9: create-paper without the password or with a wrong one. */
  WRONG_PASSWORD: { code: 20040001, msg: '考试密码错误！' },
  /** Past the latest start (lateMaxMinutes after the window opens). */
  TOO_LATE: { code: 20040002, msg: '已超过最迟开考时间，不能再参加考试！' },
  /** Hand-in before handMinMinutes after the paper started. */
  HAND_TOO_EARLY: { code: 20040003, msg: '还未到最早交卷时间，暂不能交卷！' },
  /** An offline exam has no online paper. */
  OFFLINE_EXAM: { code: 20040004, msg: '线下考试不能在线参加！' },
});

/** Calls of exams (SPEC §7 "Exams and papers"). */
export const examApi = {
  paging: json({ path: '/api/exam/exam/paging', readOnly: true, summary: '分页查询考试（管理）', access: ExamPerm.LIST, body: examPagingReq, data: examPagingRes }),
  detail: json({ path: '/api/exam/exam/detail', readOnly: true, summary: '考试详情（含组卷规则）', access: ExamPerm.LIST, body: idReq, data: examDetail }),
  save: json({ path: '/api/exam/exam/save', summary: '新增或修改考试', access: [ExamPerm.ADD, ExamPerm.UPDATE], body: examSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/exam/exam/delete', summary: '删除考试', access: ExamPerm.DELETE, body: idsReq, data: z.null() }),
  state: json({
    path: '/api/exam/exam/state',
    summary: '启用（0）或禁用（1）考试（SPEC §7 通用状态修改）',
    access: ExamPerm.STATE,
    body: stateReq.extend({ state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }) }),
    data: z.null(),
    ours: true,
  }),
  onlinePaging: json({ path: '/api/exam/exam/online-paging', summary: '当前可参加的考试', access: 'user', body: onlinePagingReq, data: onlinePagingRes, ours: true }),
  checkInfo: json({ path: '/api/exam/exam/check-info', summary: '考前须知', access: 'user', body: idReq, data: onlineExam }),
  simpleDetail: json({ path: '/api/exam/exam/simple-detail', readOnly: true, summary: '考试简要信息（SPEC §3 考试列表行：id、title、examType）', access: 'user', body: idReq, data: examSimple }),
  prepareNotify: json({
    path: '/api/exam/exam/prepare-notify',
    summary: '向考试开放的学员发送考试通知（exam.publish 模板或 tmplId 指定的模板；后台任务，答 jobId）',
    access: [ExamPerm.ADD, ExamPerm.UPDATE],
    body: idReq.extend({ tmplId: idSchema.optional() }),
    data: z.object({ jobId: z.string() }),
  }),
  checkRules: json({
    path: '/api/exam/exam/check-rules',
    readOnly: true,
    summary: '检查组卷规则或题池能否满足（答每条的缺口）',
    access: [ExamPerm.ADD, ExamPerm.UPDATE],
    body: examCheckReq,
    data: examCheckRes,
    ours: true,
  }),
  copy: json({ path: '/api/exam/exam/copy', summary: '复制考试（含规则、试题与开放范围，标题加“（副本）”，禁用状态）', access: ExamPerm.ADD, body: idReq, data: z.object({ id: z.string() }), ours: true }),
  preview: json({ path: '/api/exam/exam/preview', readOnly: true, summary: '预览试卷：按组卷方式抽一份样卷（不保存，含答案）', access: ExamPerm.PREVIEW, body: idReq, data: examPreview, ours: true }),
  userRefPaging: json({ path: '/api/exam/exam/user-ref/paging', readOnly: true, summary: '指定人员考试的人员列表', access: ExamPerm.LIST, body: examUserRefPagingReq, data: examUserRefPagingRes, ours: true }),
  userRefJoin: json({ path: '/api/exam/exam/user-ref/join', summary: '添加考试人员 {refId, ids}', access: ExamPerm.UPDATE, body: examUserRefReq, data: z.object({ added: z.number().int() }), ours: true }),
  userRefRemove: json({ path: '/api/exam/exam/user-ref/remove', summary: '移除考试人员 {refId, ids}', access: ExamPerm.UPDATE, body: examUserRefReq, data: z.object({ removed: z.number().int() }), ours: true }),
};

/** {examTitle} of the exam messages (also used by module notify's paper.marked and exam.apply). */
export const EXAM_TITLE_VAR = { examTitle: { label: '考试名称', sample: '2026年安全生产知识考试' } } as const;
/** Message event of POST /api/exam/exam/prepare-notify (the exam's learners are told it was published). */
export const examPublishEvent = defineNotifyEvent({
  key: 'exam.publish',
  label: '考试发布',
  vars: EXAM_TITLE_VAR,
  template: { title: '考试通知：{examTitle}', content: '<p>{realName}，您好！考试“{examTitle}”已发布，请按时参加。</p>' },
});
