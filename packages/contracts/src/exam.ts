/**
 * Exams (SPEC §3 "Exam", §4 open type, §7 /api/exam/exam/*).
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, stateReq, timeSchema } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';
import { SUPPORTED_QU_TYPES } from './enums';

/** One drawing rule: draw `quCount` questions of `quType` from bank `repoId`, each worth `quScore`. */
export const examRule = z.object({
  repoId: z.string({ error: '请选择题库！' }).trim().min(1, '请选择题库！').max(32, 'ID格式不正确！'),
  quType: z
    .number({ error: '请选择题型！' })
    .int()
    .refine((v) => (SUPPORTED_QU_TYPES as readonly number[]).includes(v), '暂不支持该题型！'),
  quCount: z.number({ error: '抽题数量不能为空！' }).int('抽题数量必须为整数！').min(1, '抽题数量必须大于0！').max(1000),
  quScore: z.number({ error: '每题分数不能为空！' }).int('每题分数必须为整数！').min(1, '每题分数必须大于0！').max(1000),
});
export type ExamRule = z.infer<typeof examRule>;

export const examSaveReq = z
  .object({
    id: idSchema.optional(),
    title: z.string({ error: '考试名称不能为空！' }).trim().min(1, '考试名称不能为空！').max(200, '考试名称不能超过200个字符'),
    content: z.string().max(5000).default(''),
    openType: z.literal(1, { error: '暂只支持完全公开的考试！' }).default(1),
    startTime: timeSchema.nullish(),
    endTime: timeSchema.nullish(),
    totalTime: z.number({ error: '考试时长不能为空！' }).int().min(1, '考试时长必须大于0！').max(14400),
    qualifyScore: z.number({ error: '及格分不能为空！' }).int().min(0, '及格分不能小于0！'),
    chance: z.number().int().min(0).max(1000).default(0),
    ruleList: z.array(examRule).min(1, '请至少添加一条组卷规则！').max(50),
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
    const seen = new Set<string>();
    v.ruleList.forEach((r, i) => {
      const key = `${r.repoId}:${r.quType}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['ruleList', i], message: '同一题库的同一题型只能添加一条规则！' });
      seen.add(key);
    });
    const total = examTotalScore(v.ruleList);
    if (v.qualifyScore > total) ctx.addIssue({ code: 'custom', path: ['qualifyScore'], message: '及格分不能大于试卷总分！' });
  });
export type ExamSaveReq = z.infer<typeof examSaveReq>;

/** totalScore = Σ quCount × quScore over the rules. */
export function examTotalScore(rules: { quCount: number; quScore: number }[]): number {
  return rules.reduce((sum, r) => sum + r.quCount * r.quScore, 0);
}

export const examRuleDetail = z.object({
  repoId: z.string(),
  repoId_dictText: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  quCount: z.number().int(),
  quScore: z.number().int(),
});

export const examDetail = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
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
  ruleList: z.array(examRuleDetail),
  /** The certificate template granted to those who pass, null for none (issue 7). */
  certId: z.string().nullable(),
  /** Its title ('' for none). */
  certId_dictText: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ExamDetail = z.infer<typeof examDetail>;

/** Filters of the exam list. SPEC §7 also names examType; it arrives with the exam types of authoring. */
export const examPagingParams = z.object({
  title: z.string().max(200).optional(),
  openType: z.number().int().optional(),
  state: z.number().int().optional(),
  excludes: z.array(idSchema).max(1000).optional(),
});
/** Columns the exam list can be sorted by. */
export const EXAM_SORT = ['title', 'createTime', 'updateTime', 'startTime', 'endTime'] as const;
export const examPagingReq = pagingReq(examPagingParams, { sort: EXAM_SORT, select: true });
export const examRecord = examDetail.omit({ ruleList: true, content: true, certId_dictText: true });
export type ExamRecord = z.infer<typeof examRecord>;
export const examPagingRes = pagingRes(examRecord);

/** An exam as a learner sees it in "online exams" and on the check page. */
export const onlineExam = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
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
});
export type OnlineExam = z.infer<typeof onlineExam>;
export const onlinePagingReq = pagingReq(z.object({ title: z.string().max(200).optional() }), { sort: ['createTime', 'startTime', 'endTime'] as const });
export const onlinePagingRes = pagingRes(onlineExam);

/** Permission codes of exams (SPEC §6; exam:add is named by the spec). */
export const ExamPerm = { LIST: 'exam:list', ADD: 'exam:add', UPDATE: 'exam:update', DELETE: 'exam:delete', STATE: 'exam:state' } as const;

/** Errors of exams. */
export const ExamError = defineErrors({
  /** The exam is not open now (window not started, ended, or exam disabled). */
  EXAM_NOT_OPEN: { code: 20010004, msg: '考试不在开放时间内！' },
  /** An exam rule asks for more questions than its bank holds. */
  RULE_SHORT: { code: 20010008, msg: '题库试题数量不足！' },
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
  prepareNotify: json({
    path: '/api/exam/exam/prepare-notify',
    summary: '向考试开放的学员发送考试通知（exam.publish 模板或 tmplId 指定的模板；后台任务，答 jobId）',
    access: [ExamPerm.ADD, ExamPerm.UPDATE],
    body: idReq.extend({ tmplId: idSchema.optional() }),
    data: z.object({ jobId: z.string() }),
  }),
};
