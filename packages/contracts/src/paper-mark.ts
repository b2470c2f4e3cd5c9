/**
 * Marking of subjective answers (issue 8 "Marking"; admin calls /api/paper/mark/*, module paper).
 * Apart from paper.ts so that the learner's exam page does not load the admin schemas.
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';

/** Permission codes of marking (function menus of module paper). */
/** `paper:mark` marking; `paper:list` another learner's exam records (/web/paper/list, data scope). */
export const PaperPerm = { MARK: 'paper:mark', LIST: 'paper:list' } as const;

/** el_exam.markMode: 1 one marker, 2 double-blind (two markers, an arbiter above markDiff). */
export const MarkMode = { SINGLE: 1, DOUBLE_BLIND: 2 } as const;
/**
 * A marking step: 1 the marker (the first blind marker), 2 the second blind marker, 3 the arbiter;
 * 0 nothing for the caller now (he marked it already and the others have not).
 */
export const MarkStep = { NONE: 0, FIRST: 1, SECOND: 2, ARBITER: 3 } as const;
export const MARK_STEP_LABEL: Record<number, string> = { 0: '等待他人评阅', 1: '评阅', 2: '二评', 3: '仲裁' };

export const markPagingReq = pagingReq(z.object({ examId: idSchema.optional(), title: z.string().max(100).optional() }));
/** A paper awaiting marking. `userName` is '匿名' in a double-blind exam. `objScore`: the objective part's score. */
export const markRecord = z.object({
  id: z.string(),
  examId: z.string(),
  title: z.string(),
  userName: z.string(),
  handTime: z.string().nullable(),
  totalScore: z.number().int(),
  objScore: z.number().int(),
  markMode: z.number().int(),
  markStep: z.number().int(),
  markStep_dictText: z.string(),
});
export type MarkRecord = z.infer<typeof markRecord>;

/**
 * One subjective answer on the marking page: the question (and its combined stem), the reference
 * answer and analysis, the learner's answer, the keyword suggestion (`keywordHits`, `suggested`),
 * the caller's own earlier score if any. `otherMarks`: only for the arbiter, the two blind scores.
 */
export const markItem = z.object({
  paperQuId: z.string(),
  quId: z.string(),
  stem: z.string(),
  content: z.string(),
  image: z.string(),
  refAnswer: z.string(),
  analysis: z.string(),
  score: z.number().int(),
  answer: z.string(),
  keywordHits: z.array(z.string()),
  suggested: z.number().int().nullable(),
  myScore: z.number().int().nullable(),
  myComment: z.string(),
  otherMarks: z.array(z.object({ step: z.number().int(), score: z.number().int(), comment: z.string() })),
});
export type MarkItem = z.infer<typeof markItem>;
export const markDetail = z.object({
  id: z.string(),
  examId: z.string(),
  title: z.string(),
  userName: z.string(),
  state: z.number().int(),
  markMode: z.number().int(),
  markStep: z.number().int(),
  objScore: z.number().int(),
  totalScore: z.number().int(),
  itemList: z.array(markItem),
});
export type MarkDetail = z.infer<typeof markDetail>;

/** POST /api/paper/mark/save: the caller's scores (0..question score) and comments of the answers of his step. */
export const markSaveReq = z.object({
  id: idSchema,
  items: z
    .array(
      z.object({
        paperQuId: idSchema,
        score: z.number({ error: '请输入得分！' }).int('得分必须是整数！').min(0, '得分不能小于0！'),
        comment: z.string().max(2000, '评语不能超过2000个字符！').default(''),
      }),
    )
    .min(1, '请为每道主观题评分！')
    .max(500),
});
export type MarkSaveReq = z.infer<typeof markSaveReq>;
/** `state` 2 when the paper got its final score, 1 while it waits for another marker or the arbiter. */
export const markSaveRes = z.object({ id: z.string(), state: z.number().int(), step: z.number().int(), needArbiter: z.boolean() });

/** Errors of marking (block 20050001…). */
export const MarkError = defineErrors({
  /** The paper is no longer awaiting marking: another marker finished it first (or it never needed marking). */
  MARK_DONE: { code: 20050001, msg: '该试卷已阅卷完成，不能重复提交！' },
  /** Double-blind: the caller already marked this paper; the next step is another marker's. */
  MARK_ALREADY: { code: 20050002, msg: '您已评阅过该试卷，请由其他阅卷人继续评阅！' },
  /** A score outside 0..the question's score. */
  MARK_SCORE_RANGE: { code: 20050003, msg: '得分必须在0到本题分值之间！' },
  /** The items are not exactly the answers to be marked at this step. */
  MARK_ITEMS: { code: 20050004, msg: '请为每道主观题评分！' },
  /** Another marker saved the same step at the same moment. */
  MARK_CONFLICT: { code: 20050005, msg: '该试卷已被其他阅卷人同时评阅，请刷新后重试！' },
});

/** Marking of subjective answers (admin, issue 8); every list honours the caller's data scope. */
export const markApi = {
  paging: json({ path: '/api/paper/mark/paging', summary: '待阅卷的试卷', access: PaperPerm.MARK, body: markPagingReq, data: pagingRes(markRecord), ours: true, readOnly: true }),
  detail: json({ path: '/api/paper/mark/detail', summary: '阅卷：一份试卷的主观题', access: PaperPerm.MARK, body: idReq, data: markDetail, ours: true, readOnly: true }),
  save: json({ path: '/api/paper/mark/save', summary: '提交阅卷评分（一份试卷只阅完一次）', access: PaperPerm.MARK, body: markSaveReq, data: markSaveRes, ours: true }),
};
