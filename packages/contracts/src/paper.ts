/**
 * Papers: sitting an exam (SPEC §3 "Paper", "Question", §4 paper state, §7 /api/paper/paper/*).
 *
 * Exam integrity: nothing here that a learner receives before hand-in carries isRight, analysis or a
 * score of their answer; those fields exist only in `paperResult`.
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { emptyBody, json } from './endpoint';
import { defineErrors } from './errors';

/**
 * `password`: open type 9 only (never stored on the paper). `faceToken`: an exam with faceOn needs the
 * token of a passed face check (/api/paper/face/check, contracts/paper-capture.ts; issue 12).
 */
export const createPaperReq = z.object({ examId: idSchema, password: z.string().max(64).optional(), faceToken: z.string().max(100).optional() });
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
/**
 * The exam's integrity settings the exam page enforces (issue 9 "Integrity controls"; the server
 * decides, the page only reports): `leaveOn` leave monitoring, `leaveCheck` seconds away that count
 * as a leave, `leaveCount` leaves allowed (past it the paper is handed in), `leaveTimes` leaves
 * counted so far, `pasteOff` paste blocked ('考试期间不能复制粘贴哦！'), `fullscreenOn` the page is
 * kept in fullscreen (a 3 s check re-enters it and reports leaving it as a leave, SPEC §4).
 */
export const paperGuard = z.object({
  leaveOn: z.boolean(),
  leaveCheck: z.number().int(),
  leaveCount: z.number().int(),
  leaveTimes: z.number().int(),
  pasteOff: z.boolean(),
  fullscreenOn: z.boolean(),
  /** Exam camera (issue 12): capture a frame every `camInterval` minutes to /api/paper/capture/save; `faceChance` consecutive failures hand the paper in. */
  camOn: z.boolean(),
  camInterval: z.number().int(),
  faceChance: z.number().int(),
});
export type PaperGuard = z.infer<typeof paperGuard>;

/** POST /api/paper/paper/paper-detail: the answer card. `leftSeconds` by the server clock; `guard` the integrity settings. */
export const paperDetail = z.object({
  id: z.string(),
  examId: z.string(),
  title: z.string(),
  leftSeconds: z.number().int(),
  totalScore: z.number().int(),
  state: z.number().int(),
  groupList: z.array(paperGroup),
  guard: paperGuard,
});
export type PaperDetail = z.infer<typeof paperDetail>;

/**
 * One question as the learner sees it before hand-in: never isRight, analysis, a fill blank's
 * alternatives, a matching pair or a reference answer. Per type:
 * - 1–3: `answerList` the options with `checked`;
 * - 4: `answer` the learner's text;
 * - 5: `blankCount` blanks, `blanks` the learner's answers in blank order;
 * - 6: `answerList` the left-hand items, `rightItems` the right-hand items (pairs and distractors,
 *   shuffled, without the pairing), `pairs` the learner's choice per left-hand item id;
 * - 99: `subList` the sub-questions (each answered with its own quId).
 */
const paperQuBase = z.object({
  quId: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  content: z.string(),
  image: z.string(),
  score: z.number().int(),
  /** The learner's own answer as stored (short-answer text; JSON for fill blank and matching). */
  answer: z.string(),
  mark: z.boolean(),
  answerList: z.array(z.object({ id: z.string(), abc: z.string(), content: z.string(), image: z.string(), checked: z.boolean() })),
  blankCount: z.number().int(),
  blanks: z.array(z.string()),
  rightItems: z.array(z.string()),
  pairs: z.record(z.string(), z.string()),
});
export const paperSubQu = paperQuBase;
export const paperQuDetail = paperQuBase.extend({ subList: z.array(paperQuBase) });
export type PaperQuDetail = z.infer<typeof paperQuDetail>;
export type PaperSubQu = z.infer<typeof paperSubQu>;

/** Most blanks of a fill-blank question and longest answer text of one blank or right-hand item. */
export const MAX_BLANKS = 50;
export const MAX_BLANK_LENGTH = 1000;

/**
 * POST /api/paper/paper/fill-answer: the learner's whole answer to one question (replaces the last).
 * Per type: `answers` the chosen option ids (1–3); `answer` the text (4, at most 20000 characters);
 * `blanks` one text per blank in blank order (5); `pairs` left-hand item id → chosen right-hand item
 * (6). A combined question's sub-question is answered with its own quId. A field that does not fit
 * the type is refused (10010001).
 */
export const fillAnswerReq = z.object({
  paperId: idSchema,
  quId: idSchema,
  answers: z.array(idSchema).max(26).default([]),
  answer: z.string().max(20000, '作答内容不能超过20000个字符！').default(''),
  blanks: z.array(z.string().max(MAX_BLANK_LENGTH, `每空不能超过${MAX_BLANK_LENGTH}个字符！`)).max(MAX_BLANKS, `填空不能超过${MAX_BLANKS}个！`).optional(),
  pairs: z.record(idSchema, z.string().max(MAX_BLANK_LENGTH, `匹配项不能超过${MAX_BLANK_LENGTH}个字符！`)).optional(),
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
/**
 * A question of the result (result display 3 only). Besides the options: `answer` the learner's
 * answer as stored; `refAnswer` the reference answer of a short answer; `blanks` the learner's
 * blanks and `rightBlanks` each blank's accepted alternatives; `pairs` the learner's matching and
 * `rightPairs` the right pairing (left-hand item id → item); `comment` the marker's comment;
 * `subList` a combined question's sub-questions.
 */
export const resultSubQu = z.object({
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
  answer: z.string(),
  refAnswer: z.string(),
  blanks: z.array(z.string()),
  rightBlanks: z.array(z.array(z.string())),
  pairs: z.record(z.string(), z.string()),
  rightPairs: z.record(z.string(), z.string()),
  comment: z.string(),
});
const resultQuBase = resultSubQu;
export const resultQu = resultQuBase.extend({ subList: z.array(resultQuBase) });
export type ResultQu = z.infer<typeof resultQu>;
export type ResultSubQu = z.infer<typeof resultQuBase>;

/**
 * A paper as "my scores" lists it. `userScore` and `passed` are null while the score is hidden: the
 * paper awaits marking (state 1) or the exam shows the thanks text only (result display 1).
 */
export const paperRecord = z.object({
  id: z.string(),
  examId: z.string(),
  title: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  totalScore: z.number().int(),
  qualifyScore: z.number().int(),
  userScore: z.number().int().nullable(),
  passed: z.boolean().nullable(),
  createTime: z.string(),
  handTime: z.string().nullable(),
  /** Seconds between paper creation and hand-in. */
  userTime: z.number().int(),
});
export type PaperRecord = z.infer<typeof paperRecord>;

/** Result display of an exam (el_exam.resultShow): 1 thanks text only, 2 thanks and score, 3 the full paper with answers. */
export const ResultShow = { THANKS: 1, SCORE: 2, FULL: 3 } as const;

/**
 * POST /api/paper/paper/paper-result (only after hand-in). What it carries follows the exam's
 * result display: 1 the record without score (`userScore`, `passed` null) and `thanksText`; 2 also
 * the score; 3 also every question with the right answers (`groupList`, else null). While the
 * paper awaits marking (state 1) it carries no score and no questions whatever the setting.
 */
export const paperResult = paperRecord.extend({
  resultShow: z.number().int(),
  thanksText: z.string(),
  groupList: z.array(paperGroup.omit({ quList: true }).extend({ quList: z.array(resultQu) })).nullable(),
});
export type PaperResult = z.infer<typeof paperResult>;

/**
 * "My scores" and the exam records of one learner (/web/paper/list/{examId}/{userId}). `userId`:
 * whose papers (default the caller); another user's papers need the permission paper:list and the
 * learner's department in the caller's data scope (10010004 otherwise).
 */
export const paperPagingReq = pagingReq(z.object({ examId: idSchema.optional(), state: z.number().int().optional(), userId: idSchema.optional() }), {
  sort: ['createTime', 'userScore'] as const,
});
export const paperPagingRes = pagingRes(paperRecord);

/**
 * Grace after a paper's deadline (ms, server clock): answers arriving up to this long after
 * `limitTime` are still saved (network latency, the countdown's own hand-in); later ones are refused
 * (20010006) and the server hands the paper in once the grace is over. The hand-in time recorded is
 * never later than the deadline.
 */
export const DEADLINE_GRACE_MS = 5_000;

/**
 * POST /api/paper/paper/leave-incr `{id}` (the paper id; SPEC §3 "Leave reply"): counts one leave
 * of the learner's open paper. `leaveTimes` the leaves counted so far; `overLimit` true when the
 * exam monitors leaves (leaveOn) and leaveTimes > leaveCount: the paper is then handed in by this
 * call. `leaveCount` the leaves allowed (0 when not monitored), so the page can tell how many remain.
 */
/** leave-incr `{id, kind}`: `kind` what the page saw (the evidence timeline tells them apart): 'leave' page hidden (default), 'fullscreen' fullscreen left. */
export const leaveIncrReq = idReq.extend({ kind: z.enum(['leave', 'fullscreen']).default('leave') });
export const leaveRes = z.object({ leaveTimes: z.number().int(), overLimit: z.boolean(), leaveCount: z.number().int() });
export type LeaveRes = z.infer<typeof leaveRes>;

/**
 * POST /api/paper/paper/check-process `{}`: the caller's paper in progress (the newest open one
 * whose time is not up), so the client can offer to continue it; null when there is none.
 */
export const processPaper = z.object({ id: z.string(), examId: z.string(), title: z.string(), leftSeconds: z.number().int() }).nullable();
export type ProcessPaper = z.infer<typeof processPaper>;

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
  /** Question detail (/web/qu/view) asked while the paper is still open or awaiting marking. */
  QU_VIEW_OPEN: { code: 20010009, msg: '试卷尚未交卷或阅卷未完成，暂不能查看试题详情！' },
  /** Question detail asked for an exam whose result display does not show the paper (1 or 2). */
  QU_VIEW_HIDDEN: { code: 20010011, msg: '本场考试不公布试题答案，不能查看试题详情！' },
});

/** Calls of sitting an exam (SPEC §7 "Exams and papers"); every call is on the caller's own paper. */
export const paperApi = {
  createPaper: json({ path: '/api/paper/paper/create-paper', summary: '为考试抽取一份新试卷', access: 'user', body: createPaperReq, data: z.object({ id: z.string() }) }),
  paperDetail: json({ path: '/api/paper/paper/paper-detail', summary: '答题卡与剩余秒数（服务器时钟）', access: 'user', body: idReq, data: paperDetail }),
  quDetail: json({ path: '/api/paper/paper/qu-detail', summary: '试卷中的一题（不含答案）', access: 'user', body: paperQuReq, data: paperQuDetail }),
  fillAnswer: json({ path: '/api/paper/paper/fill-answer', summary: '保存一题的作答', access: 'user', body: fillAnswerReq, data: fillAnswerRes }),
  handExam: json({ path: '/api/paper/paper/hand-exam', summary: '交卷（重复调用应答相同）', access: 'user', body: idReq, data: handExamRes }),
  paperResult: json({ path: '/api/paper/paper/paper-result', summary: '交卷后的成绩与解析', access: 'user', body: idReq, data: paperResult }),
  leaveIncr: json({ path: '/api/paper/paper/leave-incr', summary: '记录一次离开考试页面（超过次数即交卷）', access: 'user', body: leaveIncrReq, data: leaveRes }),
  checkProcess: json({ path: '/api/paper/paper/check-process', summary: '我正在进行的试卷', access: 'user', body: emptyBody, data: processPaper }),
  paging: json({ path: '/api/paper/paper/paging', summary: '我的试卷（我的成绩、考试记录；params.userId 查看他人需 paper:list）', access: 'user', body: paperPagingReq, data: paperPagingRes, ours: true }),
  quView: json({ path: '/api/paper/paper/qu-view', summary: '交卷后的一题详情（含答案与解析，仅公布答案的考试）', access: 'user', body: paperQuReq, data: resultQu, ours: true }),
};

