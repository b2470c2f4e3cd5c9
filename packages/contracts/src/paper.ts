/**
 * Papers: sitting an exam (SPEC §3 "Paper", "Question", §4 paper state, §7 /api/paper/paper/*).
 *
 * Exam integrity: nothing here that a learner receives before hand-in carries isRight, analysis or a
 * score of their answer; those fields exist only in `paperResult`.
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';

export const createPaperReq = z.object({ examId: idSchema });
export const paperQuReq = z.object({ paperId: idSchema, quId: idSchema });

export const paperCardQu = z.object({
  quId: z.string(),
  sort: z.number().int(),
  quType: z.number().int(),
  answered: z.boolean(),
  mark: z.boolean(),
});
export const paperGroup = z.object({
  id: z.string(),
  title: z.string(),
  quType: z.number().int(),
  quCount: z.number().int(),
  perScore: z.number().int(),
  totalScore: z.number().int(),
  quList: z.array(paperCardQu),
});
/** POST /api/paper/paper/paper-detail: the answer card. `leftSeconds` by the server clock. */
export const paperDetail = z.object({
  id: z.string(),
  examId: z.string(),
  title: z.string(),
  leftSeconds: z.number().int(),
  totalScore: z.number().int(),
  state: z.number().int(),
  groupList: z.array(paperGroup),
});
export type PaperDetail = z.infer<typeof paperDetail>;

/** POST /api/paper/paper/qu-detail: one question as the learner sees it (never isRight/analysis). */
export const paperQuDetail = z.object({
  quId: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  content: z.string(),
  image: z.string(),
  score: z.number().int(),
  answer: z.string(),
  mark: z.boolean(),
  answerList: z.array(z.object({ id: z.string(), abc: z.string(), content: z.string(), image: z.string(), checked: z.boolean() })),
});
export type PaperQuDetail = z.infer<typeof paperQuDetail>;

/** POST /api/paper/paper/fill-answer: the learner's whole answer to one question (replaces the last). */
export const fillAnswerReq = z.object({
  paperId: idSchema,
  quId: idSchema,
  answers: z.array(idSchema).max(26).default([]),
  answer: z.string().max(20000).default(''),
});
export type FillAnswerReq = z.infer<typeof fillAnswerReq>;
export const fillAnswerRes = z.object({ quId: z.string(), answered: z.boolean() });

/** POST /api/paper/paper/hand-exam answer. */
export const handExamRes = z.object({ id: z.string(), state: z.number().int() });

export const resultOption = z.object({
  id: z.string(),
  abc: z.string(),
  content: z.string(),
  image: z.string(),
  analysis: z.string(),
  checked: z.boolean(),
  isRight: z.boolean(),
});
export const resultQu = z.object({
  quId: z.string(),
  sort: z.number().int(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  content: z.string(),
  image: z.string(),
  analysis: z.string(),
  score: z.number().int(),
  actualScore: z.number().int(),
  answered: z.boolean(),
  isRight: z.boolean(),
  answerList: z.array(resultOption),
});
/** A paper as "my scores" lists it. */
export const paperRecord = z.object({
  id: z.string(),
  examId: z.string(),
  title: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  totalScore: z.number().int(),
  qualifyScore: z.number().int(),
  userScore: z.number().int(),
  passed: z.boolean(),
  createTime: z.string(),
  handTime: z.string().nullable(),
  /** Seconds between paper creation and hand-in. */
  userTime: z.number().int(),
});
export type PaperRecord = z.infer<typeof paperRecord>;

/** POST /api/paper/paper/paper-result (only after hand-in): the record plus every question. */
export const paperResult = paperRecord.extend({
  groupList: z.array(paperGroup.omit({ quList: true }).extend({ quList: z.array(resultQu) })),
});
export type PaperResult = z.infer<typeof paperResult>;

export const paperPagingReq = pagingReq(z.object({ examId: idSchema.optional(), state: z.number().int().optional() }));
export const paperPagingRes = pagingRes(paperRecord);
