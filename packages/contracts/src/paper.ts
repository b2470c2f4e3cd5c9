/**
 * Papers: sitting an exam (SPEC §3 "Paper", "Question", §4 paper state, §7 /api/paper/paper/*).
 *
 * Exam integrity: nothing here that a learner receives before hand-in carries isRight, analysis or a
 * score of their answer; those fields exist only in `paperResult`.
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';

/** `password`: open type 9 only (never stored on the paper). */
export const createPaperReq = z.object({ examId: idSchema, password: z.string().max(64).optional() });
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

export const paperPagingReq = pagingReq(z.object({ examId: idSchema.optional(), state: z.number().int().optional() }), {
  sort: ['createTime', 'userScore'] as const,
});
export const paperPagingRes = pagingRes(paperRecord);

/** Errors of sitting an exam. */
export const PaperError = defineErrors({
  /** A question of the paper was deleted (SPEC §8: the client goes back to the exam list). */
  QU_DELETED: { code: 20010001, msg: '试题已被删除，无法继续考试！' },
  /** The learner already has a paper in progress for this exam; data carries `{id}` of that paper. */
  EXAM_IN_PROGRESS: { code: 20010002, msg: '您有正在进行的考试，请继续作答！' },
  /** The exam's attempts (chance) are used up. */
  EXAM_NO_CHANCE: { code: 20010003, msg: '考试次数已用完！' },
  /** The paper is already handed in; answers can no longer change. */
  PAPER_HANDED: { code: 20010005, msg: '试卷已交卷，不能再作答！' },
  /** The paper's time is up (server clock); answers can no longer change. */
  PAPER_TIMEOUT: { code: 20010006, msg: '考试时间已到，不能再作答！' },
  /** The paper's result is not available before hand-in. */
  PAPER_NOT_HANDED: { code: 20010007, msg: '试卷尚未交卷，暂不能查看成绩！' },
});

/** Calls of sitting an exam (SPEC §7 "Exams and papers"); every call is on the caller's own paper. */
export const paperApi = {
  createPaper: json({ path: '/api/paper/paper/create-paper', summary: '为考试抽取一份新试卷', access: 'user', body: createPaperReq, data: z.object({ id: z.string() }) }),
  paperDetail: json({ path: '/api/paper/paper/paper-detail', summary: '答题卡与剩余秒数（服务器时钟）', access: 'user', body: idReq, data: paperDetail }),
  quDetail: json({ path: '/api/paper/paper/qu-detail', summary: '试卷中的一题（不含答案）', access: 'user', body: paperQuReq, data: paperQuDetail }),
  fillAnswer: json({ path: '/api/paper/paper/fill-answer', summary: '保存一题的作答', access: 'user', body: fillAnswerReq, data: fillAnswerRes }),
  handExam: json({ path: '/api/paper/paper/hand-exam', summary: '交卷（重复调用应答相同）', access: 'user', body: idReq, data: handExamRes }),
  paperResult: json({ path: '/api/paper/paper/paper-result', summary: '交卷后的成绩与解析', access: 'user', body: idReq, data: paperResult }),
  paging: json({ path: '/api/paper/paper/paging', summary: '我的试卷（我的成绩）', access: 'user', body: paperPagingReq, data: paperPagingRes, ours: true }),
};
