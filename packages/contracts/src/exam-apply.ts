/**
 * Exam applications (SPEC §3 "Exam apply: examId, applyMsg"; §5 '申请理由不能为空！'; §7
 * /api/exam/apply/save and /audit; §2 "exam application dialog" and "admin audit of … exam
 * applications"; §8 '审核已提交，管理员审核通过后可以直接开始考试！'; issue 8 "Exam applications").
 *
 * An exam with needApply = 1 lets a learner create a paper only once an administrator approved his
 * application. A learner has at most one live application (pending or approved) per exam; a
 * rejected one stays as history and he may apply again. The audit outcome reaches the learner as
 * the `exam.apply` message (module notify, through the domain event `examApply.audited`).
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';
import { defineErrors } from './errors';
import { json } from './endpoint';

/** Application state: 0 pending, 1 approved, 2 rejected. */
export const ApplyState = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const APPLY_STATE_LABEL: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };
/** The learner's state per exam: -1 = 未申请 (no application yet), else an ApplyState. */
export const NOT_APPLIED = -1;
export const MY_APPLY_STATE_LABEL: Record<number, string> = { [-1]: '未申请', ...APPLY_STATE_LABEL };

/** SPEC §5 "Exam application: applyMsg required". */
export const APPLY_MSG_REQUIRED = '申请理由不能为空！';
/** SPEC §8 success of the application dialog. */
export const APPLY_SUBMITTED = '审核已提交，管理员审核通过后可以直接开始考试！';

export const applySaveReq = z.object({
  examId: idSchema,
  applyMsg: z.string({ error: APPLY_MSG_REQUIRED }).trim().min(1, APPLY_MSG_REQUIRED).max(500, '申请理由不能超过500个字符！'),
});
export type ApplySaveReq = z.infer<typeof applySaveReq>;

export const applyAuditReq = z.object({
  ids: z.array(idSchema, { error: '请至少选择一条数据！' }).min(1, '请至少选择一条数据！').max(1000),
  /** 1 approve, 2 reject. */
  state: z.union([z.literal(1), z.literal(2)], { error: '审核结果不正确！' }),
  /** Optional for an approval; required for a rejection (the learner must learn why). */
  auditMsg: z.string().trim().max(500, '审核意见不能超过500个字符！').default(''),
}).refine((v) => v.state !== 2 || v.auditMsg !== '', { message: '驳回时请填写审核意见！', path: ['auditMsg'] });
export type ApplyAuditReq = z.infer<typeof applyAuditReq>;

export const applyPagingParams = z.object({
  examId: z.string().max(32).optional(),
  state: z.number().int().min(0).max(2).optional(),
  /** Part of the applicant's account name or real name. */
  userName: z.string().max(100).optional(),
});
export const APPLY_SORT = ['createTime', 'auditTime'] as const;
export const applyPagingReq = pagingReq(applyPagingParams, { sort: APPLY_SORT });

/** A row of the admin audit list. */
export const applyRecord = z.object({
  id: z.string(),
  examId: z.string(),
  examId_dictText: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
  applyMsg: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  auditMsg: z.string(),
  auditBy: z.string(),
  auditBy_dictText: z.string(),
  auditTime: z.string().nullable(),
  createTime: z.string(),
});
export type ApplyRecord = z.infer<typeof applyRecord>;
export const applyPagingRes = pagingRes(applyRecord);

/** The learner's application state of some exams (the online exam list). */
export const myApplyReq = z.object({ examIds: z.array(idSchema).min(1, '请至少选择一条数据！').max(200) });
export const myApplyState = z.object({
  examId: z.string(),
  /** 1: the exam needs an approved application before a paper can be created. */
  needApply: z.number().int(),
  /** -1 未申请, 0 待审核, 1 已通过, 2 已驳回 (the latest application). */
  state: z.number().int(),
  state_dictText: z.string(),
  applyMsg: z.string(),
  auditMsg: z.string(),
});
export type MyApplyState = z.infer<typeof myApplyState>;

/** Result of an audit: how many pending applications changed (already audited ones are skipped). */
export const applyAuditRes = z.object({ audited: z.number().int(), skipped: z.number().int() });

/** Errors of exam applications (block 20060001…; 2006000x this file). */
export const ExamApplyError = defineErrors({
  /** The exam does not require an application. */
  NOT_NEEDED: { code: 20060001, msg: '该考试无需申请，可直接参加！' },
  /** create-paper for an exam needing approval without an approved application. */
  NOT_APPROVED: { code: 20060002, msg: '该考试需要审核通过后才能参加，请先提交申请！' },
  /** create-paper while the application is pending. */
  PENDING: { code: 20060003, msg: '您的申请正在审核中，审核通过后才能开始考试！' },
  /** Applying again after an approval. */
  ALREADY_APPROVED: { code: 20060004, msg: '您的申请已通过，无需重复申请！' },
  /** Applying to an exam that is disabled or over. */
  EXAM_CLOSED: { code: 20060005, msg: '考试已结束或未开放，不能申请！' },
});

/** Permission codes of the audit page (SPEC §6: audit of exam applications is admin-only). */
export const ExamApplyPerm = { LIST: 'exam:apply:list', AUDIT: 'exam:apply:audit' } as const;

/** Calls of exam applications. */
export const examApplyApi = {
  save: json({ path: '/api/exam/apply/save', summary: '学员提交考试申请（每场考试同时只有一条待审或已通过的申请）', access: 'user', body: applySaveReq, data: z.object({ id: z.string() }) }),
  audit: json({ path: '/api/exam/apply/audit', summary: '审核考试申请（1通过 2驳回；只改待审核的申请）', access: ExamApplyPerm.AUDIT, body: applyAuditReq, data: applyAuditRes }),
  paging: json({ path: '/api/exam/apply/paging', readOnly: true, summary: '分页查询考试申请（按数据范围）', access: ExamApplyPerm.LIST, body: applyPagingReq, data: applyPagingRes, ours: true }),
  myState: json({ path: '/api/exam/apply/my-state', readOnly: true, summary: '学员查看自己对若干考试的申请状态', access: 'user', body: myApplyReq, data: z.array(myApplyState), ours: true }),
};
