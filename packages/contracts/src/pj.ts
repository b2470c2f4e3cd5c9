/**
 * Evaluations of training classes (issue 13 "Evaluations": questionnaires per class or per session,
 * ratings 1–5 and text items, one answer per learner, anonymous results to the organiser with
 * averages and a chart; SPEC §7 names /api/pj without payloads, so every call here is ours).
 *
 * A questionnaire (评估问卷) belongs to a class (`classId`) and optionally to one face-to-face lesson
 * of it (`lessonId`, '' class-level). Its items are `rate` (1–5 stars) or `text`, each optionally
 * required. A learner enrolled in the class answers once, inside the optional window. The organiser
 * sees counts, averages, the distribution of stars and the texts — never who answered.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, timeSchema } from './common';
import { download, json } from './endpoint';
import { defineErrors } from './errors';

/** Item kinds: `rate` 1–5 stars, `text` free text. */
export const PJ_ITEM_TYPES = ['rate', 'text'] as const;
export type PjItemType = (typeof PJ_ITEM_TYPES)[number];
export const PJ_ITEM_TYPE_LABEL: Record<PjItemType, string> = { rate: '评分', text: '问答' };
/** 0 enabled (learners see and answer it), 1 disabled. */
export const PjState = { ENABLED: 0, DISABLED: 1 } as const;
export const PJ_STATE_LABEL: Record<number, string> = { 0: '启用', 1: '停用' };
/** Where the window stands by the server clock: 0 未开始, 1 进行中, 2 已结束 (no window: 进行中). */
export const PjPhase = { NOT_STARTED: 0, OPEN: 1, ENDED: 2 } as const;
export const PJ_PHASE_LABEL: Record<number, string> = { 0: '未开始', 1: '进行中', 2: '已结束' };

/** The window as lists show it: 'yyyy-MM-dd HH:mm 至 yyyy-MM-dd HH:mm', a missing bound 不限, none at all 不限. */
export function pjWindowText(r: { startTime: string | null; endTime: string | null }): string {
  if (!r.startTime && !r.endTime) return '不限';
  return `${r.startTime?.slice(0, 16) ?? '不限'} 至 ${r.endTime?.slice(0, 16) ?? '不限'}`;
}

/** Items per questionnaire. */
export const PJ_MAX_ITEMS = 50;
/** The result lists at most this many texts per text item, the newest first. */
export const PJ_TEXT_CAP = 500;
/** Longest text answer (characters). */
export const PJ_TEXT_MAX = 2000;
/** The export's file name. */
export const PJ_EXPORT_FILE = '培训评估结果.xlsx';

/** Messages of the form and of the learner's answer. */
export const PJ_MSG = {
  title: '问卷标题不能为空！',
  titleLong: '问卷标题不能超过200个字符！',
  classId: '培训班不能为空！',
  itemTitle: '评价项标题不能为空！',
  itemType: '评价项类型不正确！',
  itemsMin: '请至少添加一个评价项！',
  itemsMax: `评价项不能超过${PJ_MAX_ITEMS}个！`,
  itemDup: '评价项ID重复！',
  timeOrder: '结束时间必须晚于开始时间！',
  score: '评分必须是1到5之间的整数！',
  textLong: `回答不能超过${PJ_TEXT_MAX}个字符！`,
  saved: '问卷保存成功！',
  answered: '评价成功！',
} as const;

const optionalTime = z.union([z.literal(''), timeSchema]).nullish().transform((v) => v || null);

/** One item of a questionnaire; `id` omitted for a new item (the server gives one). */
export const pjItemInput = z.object({
  id: z.string().trim().max(32, 'ID格式不正确！').optional(),
  itemType: z.enum(PJ_ITEM_TYPES, { error: PJ_MSG.itemType }),
  title: z.string({ error: PJ_MSG.itemTitle }).trim().min(1, PJ_MSG.itemTitle).max(200, '评价项标题不能超过200个字符！'),
  required: z.boolean({ error: '开关值不正确！' }).default(true),
});
export const pjItem = z.object({ id: z.string(), itemType: z.enum(PJ_ITEM_TYPES), title: z.string(), required: z.boolean() });
export type PjItem = z.infer<typeof pjItem>;

/** POST /api/pj/save: adds (no id) or updates a questionnaire. `state` omitted: new ones enabled, others unchanged. */
export const pjSaveReq = z
  .object({
    id: idSchema.optional(),
    classId: z.string({ error: PJ_MSG.classId }).trim().min(1, PJ_MSG.classId).max(32, 'ID格式不正确！'),
    /** A face-to-face lesson of the class ('' class-level). */
    lessonId: z.string().trim().max(32, 'ID格式不正确！').default(''),
    title: z.string({ error: PJ_MSG.title }).trim().min(1, PJ_MSG.title).max(200, PJ_MSG.titleLong),
    description: z.string().max(2000, '问卷说明不能超过2000个字符！').default(''),
    startTime: optionalTime,
    endTime: optionalTime,
    items: z.array(pjItemInput, { error: PJ_MSG.itemsMin }).min(1, PJ_MSG.itemsMin).max(PJ_MAX_ITEMS, PJ_MSG.itemsMax),
    state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startTime && v.endTime && v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: PJ_MSG.timeOrder });
    const ids = v.items.map((i) => i.id).filter(Boolean);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['items'], message: PJ_MSG.itemDup });
  });
export type PjSaveReq = z.input<typeof pjSaveReq>;

/** A questionnaire as the admin sees it (list and detail). */
export const pjRecord = z.object({
  id: z.string(),
  classId: z.string(),
  lessonId: z.string(),
  title: z.string(),
  description: z.string(),
  /** yyyy-MM-dd HH:mm:ss or null (no bound). */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  items: z.array(pjItem),
  state: z.number().int(),
  state_dictText: z.string(),
  phase: z.number().int(),
  phase_dictText: z.string(),
  answerCount: z.number().int(),
  createTime: z.string(),
});
export type PjRecord = z.infer<typeof pjRecord>;
export const pjPagingReq = pagingReq(z.object({ classId: z.string().trim().max(32).optional(), title: z.string().max(200).optional() }), { sort: ['createTime', 'title'] as const });
export const pjPagingRes = pagingRes(pjRecord);

/** A questionnaire as an enrolled learner sees it; `myAnswers` his own answer once given. */
export const pjLearnRecord = pjRecord.omit({ answerCount: true, state: true, state_dictText: true }).extend({
  answered: z.boolean(),
  /** Inside the window and not answered yet. */
  canAnswer: z.boolean(),
  answerTime: z.string().nullable(),
});
export type PjLearnRecord = z.infer<typeof pjLearnRecord>;
export const pjAnswerItem = z.object({
  itemId: z.string({ error: '评价项ID不能为空！' }).trim().min(1, '评价项ID不能为空！').max(32),
  score: z.number({ error: PJ_MSG.score }).int(PJ_MSG.score).min(1, PJ_MSG.score).max(5, PJ_MSG.score).nullish(),
  text: z.string().max(PJ_TEXT_MAX, PJ_MSG.textLong).nullish(),
});
export const pjLearnDetail = pjLearnRecord.extend({ myAnswers: z.array(z.object({ itemId: z.string(), score: z.number().int().nullable(), text: z.string() })) });
export type PjLearnDetail = z.infer<typeof pjLearnDetail>;

/** POST /api/pj/my-list `{classId}`: the enabled questionnaires of a class the caller is enrolled in. */
export const pjMyListReq = z.object({ classId: idSchema });

/** POST /api/pj/answer: one answer per learner and questionnaire. */
export const pjAnswerReq = z.object({
  pjId: idSchema,
  answers: z.array(pjAnswerItem, { error: '请完成所有必答题！' }).max(PJ_MAX_ITEMS, PJ_MSG.itemsMax),
});
export type PjAnswerReq = z.input<typeof pjAnswerReq>;

/** Anonymous result of one item: rate items carry average (2 decimals, null without answers) and stars 1..5; text items the texts. */
export const pjItemResult = pjItem.extend({
  /** Answers given to this item (text items: all non-empty texts, also beyond the PJ_TEXT_CAP listed). */
  count: z.number().int(),
  average: z.number().nullable(),
  /** Counts of 1, 2, 3, 4, 5 stars (rate items; [] for text items). */
  distribution: z.array(z.number().int()),
  /** Text answers, the newest first, at most PJ_TEXT_CAP (text items; [] for rate items). */
  texts: z.array(z.string()),
});
export type PjItemResult = z.infer<typeof pjItemResult>;
/** POST /api/pj/result: anonymous — no user ids or names. */
export const pjResult = z.object({
  id: z.string(),
  title: z.string(),
  answerCount: z.number().int(),
  /** Learners enrolled in the class now. */
  enrolledCount: z.number().int(),
  items: z.array(pjItemResult),
});
export type PjResult = z.infer<typeof pjResult>;

/** POST /api/pj/state: enables (0) or disables (1) questionnaires. */
export const pjStateReq = idsReq.extend({ state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }) });

/** Permission codes (function menus under 培训管理 → 培训班). */
export const PjPerm = { LIST: 'train:pj:list', SAVE: 'train:pj:save', DELETE: 'train:pj:delete', RESULT: 'train:pj:result' } as const;

/** Errors of evaluations (block 2021xxxx). */
export const PjError = defineErrors({
  ALREADY: { code: 20230001, msg: '您已经评价过了！' },
  NOT_IN_TIME: { code: 20230002, msg: '不在评价时间内！' },
  REQUIRED: { code: 20230003, msg: '请完成所有必答题！' },
  ITEMS_LOCKED: { code: 20230004, msg: '问卷已有学员评价，不能增删评价项或修改其类型！' },
  UNKNOWN_ITEM: { code: 20230005, msg: '评价项不存在，请刷新后重试！' },
});

export const pjApi = {
  save: json({ path: '/api/pj/save', summary: '新增或修改评估问卷', access: PjPerm.SAVE, body: pjSaveReq, data: z.object({ id: z.string() }), ours: true }),
  detail: json({ path: '/api/pj/detail', readOnly: true, summary: '评估问卷详情（管理）', access: PjPerm.LIST, body: idReq, data: pjRecord, ours: true }),
  paging: json({ path: '/api/pj/paging', readOnly: true, summary: '分页查询培训班的评估问卷（params.classId）', access: PjPerm.LIST, body: pjPagingReq, data: pjPagingRes, ours: true }),
  delete: json({ path: '/api/pj/delete', summary: '删除评估问卷（及其评价）', access: PjPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  state: json({ path: '/api/pj/state', summary: '启用或停用评估问卷（state 0启用 1停用）', access: PjPerm.SAVE, body: pjStateReq, data: z.null(), ours: true }),
  myList: json({ path: '/api/pj/my-list', readOnly: true, summary: '学员查看培训班的评估问卷（含是否已评价）', access: 'user', body: pjMyListReq, data: z.array(pjLearnRecord), ours: true }),
  detailLearner: json({ path: '/api/pj/detail-learner', readOnly: true, summary: '学员查看评估问卷（含本人的评价）', access: 'user', body: idReq, data: pjLearnDetail, ours: true }),
  answer: json({ path: '/api/pj/answer', summary: '学员提交评价（每人一次）', access: 'user', body: pjAnswerReq, data: z.null(), ours: true }),
  result: json({ path: '/api/pj/result', readOnly: true, summary: '评估结果（匿名：人数、平均分、星级分布、文字回答）', access: PjPerm.RESULT, body: idReq, data: pjResult, ours: true }),
  export: download({ path: '/api/pj/export', summary: '导出评估结果（匿名明细与平均分）', access: PjPerm.RESULT, method: 'POST', body: idReq, fileName: PJ_EXPORT_FILE, ours: true }),
};
