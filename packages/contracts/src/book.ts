/**
 * The wrong book (错题本; SPEC §2 /web/book/list/{examId}, §3 user book, §7): the questions a learner
 * got wrong, per exam, with how often (`wrongCount`) and how many right answers in a row since the
 * last wrong one (`rightStreak`). Fed after hand-in from exams that publish their answers (result
 * display 3), later also from training (source 2). Practice: `/next` gives a question without its
 * answers, `/check` checks one answer and only then shows isRight, the right answers and analysis.
 */
import { z } from 'zod';
import { idSchema, idsReq, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';
import { MAX_BLANK_LENGTH, MAX_BLANKS, paperSubQu, resultSubQu } from './paper';

/** Where a wrong answer came from: 1 an exam paper, 2 training. */
export const BookSource = { EXAM: 1, TRAIN: 2 } as const;

/** Right answers in a row in training's wrong-question mode (5) that take a question out of the book (issue 10). */
export const BOOK_CLEAR_STREAK = 2;

/** A row of the wrong book (el_user_book) as listed. `content` the question text (rich text). */
export const bookRecord = z.object({
  id: z.string(),
  examId: z.string(),
  quId: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  content: z.string(),
  wrongCount: z.number().int(),
  rightStreak: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type BookRecord = z.infer<typeof bookRecord>;

/** POST /api/user/wrong-book/paging: the caller's own wrong book, optionally of one exam; most wrong first. */
export const bookPagingReq = pagingReq(z.object({ examId: idSchema.optional() }), { sort: ['wrongCount', 'updateTime'] as const });
export const bookPagingRes = pagingRes(bookRecord);

/** POST /api/user/wrong-book/next `{examId, quId?}`: the wrong question after `quId` (or the first), cycling. */
export const bookNextReq = z.object({ examId: idSchema, quId: idSchema.optional() });
/**
 * The next question to practise, without its answers (the learner view of a paper question, the
 * learner's fields empty), or null when the exam's wrong book is empty. `index` 1-based position and
 * `total` the number of wrong questions of the exam.
 */
export const bookNext = z
  .object({ qu: paperSubQu, wrongCount: z.number().int(), rightStreak: z.number().int(), index: z.number().int(), total: z.number().int() })
  .nullable();
export type BookNext = z.infer<typeof bookNext>;

/**
 * POST /api/user/wrong-book/check: one practice answer to a question of the caller's wrong book of
 * `examId`, in the fields of fill-answer (`answers` option ids for 1–3, `blanks` for 5, `pairs` for 6).
 */
export const bookCheckReq = z.object({
  examId: idSchema,
  quId: idSchema,
  answers: z.array(idSchema).max(26).default([]),
  blanks: z.array(z.string().max(MAX_BLANK_LENGTH)).max(MAX_BLANKS).default([]),
  pairs: z.record(idSchema, z.string().max(MAX_BLANK_LENGTH)).default({}),
});
export type BookCheckReq = z.infer<typeof bookCheckReq>;
/** The checked answer: `isRight`, the question with the right answers and analysis (`qu`), the book's counts after it. */
export const bookCheck = z.object({ isRight: z.boolean(), qu: resultSubQu, wrongCount: z.number().int(), rightStreak: z.number().int() });
export type BookCheck = z.infer<typeof bookCheck>;

/** Errors of the wrong book (block 2007xxxx). */
export const BookError = defineErrors({
  /** Practice is closed while the learner has a paper in progress (its questions could be in the book). */
  BOOK_IN_EXAM: { code: 20070001, msg: '考试进行中，暂不能练习错题！' },
  /** The question to check is not in the caller's wrong book of this exam. */
  BOOK_NOT_IN: { code: 20070002, msg: '该试题不在您的错题本中！' },
  /** Only single, multiple, true/false, fill-blank and matching questions are practised. */
  BOOK_TYPE: { code: 20070003, msg: '该题型暂不支持错题练习！' },
});

/** Calls of the wrong book; every call is on the caller's own book. */
export const bookApi = {
  paging: json({ path: '/api/user/wrong-book/paging', summary: '我的错题（可按考试）', access: 'user', body: bookPagingReq, data: bookPagingRes, ours: true, readOnly: true }),
  delete: json({ path: '/api/user/wrong-book/delete', summary: '从错题本移除', access: 'user', body: idsReq, data: z.null(), ours: true }),
  next: json({ path: '/api/user/wrong-book/next', summary: '下一道要练习的错题（不含答案）', access: 'user', body: bookNextReq, data: bookNext, ours: true, readOnly: true }),
  check: json({ path: '/api/user/wrong-book/check', summary: '错题练习：判定一次作答并给出答案与解析', access: 'user', body: bookCheckReq, data: bookCheck, ours: true }),
};
