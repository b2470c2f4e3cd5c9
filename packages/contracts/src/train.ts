/**
 * Question-bank training (SPEC §2 /web/repo/*, §3 "Train record", §4 "Training record state" and
 * "Training questions", §7 /api/repo/train/*, §9 training history 5 per page; issue 10).
 *
 * A learner practises a bank an administrator opened for training (isTrain = 1) in one of the
 * modes of TRAIN_MODE_LABEL. A training record (el_train) holds the drawn top-level questions in
 * their order; each question is answered, then checked one by one (this is training, not an exam:
 * once checked the learner sees isRight per option and the analysis at once).
 *
 * Integrity: before a question is checked (except in memorise mode 3) `/qu-detail` answers exactly
 * the exam's learner shape (`paperQuDetail`: no isRight, analysis, right blanks or pairs).
 */
import { z } from 'zod';
import { idReq, idSchema, pagingReq, pagingRes } from './common';
import { download, json } from './endpoint';
import { defineErrors } from './errors';
import { fillAnswerReq, paperQuDetail, resultQu } from './paper';
import { RepoPerm, typeCount } from './repo';

/** Training modes (issue 10): 1 in order, 2 random order, 3 memorise, 4 one type, 5 wrong questions, 6 by chapter. */
export const TrainMode = { ORDER: 1, RANDOM: 2, MEMORISE: 3, TYPE: 4, WRONG: 5, CHAPTER: 6 } as const;
export type TrainModeValue = (typeof TrainMode)[keyof typeof TrainMode];
export const TRAIN_MODE_LABEL: Record<number, string> = { 1: '顺序练习', 2: '随机练习', 3: '背题模式', 4: '题型练习', 5: '错题练习', 6: '章节练习' };
/** Modes a learner can start (all of them; 5 draws from the wrong book). */
export const TRAIN_MODES_OPEN = [1, 2, 3, 4, 5, 6] as const;

/** Training record state (SPEC §4): 0 ongoing (continue allowed), otherwise ended. */
export const TrainState = { ONGOING: 0, ENDED: 1 } as const;
export const TRAIN_STATE_LABEL: Record<number, string> = { 0: '进行中', 1: '已结束' };

/** Training history page size (SPEC §9). */
export const TRAIN_HISTORY_SIZE = 5;

/**
 * `/api/repo/train/start`: `userId` is accepted for the spec's client and ignored (the record is
 * always the caller's); `clear` ends the caller's unfinished record of the same bank and mode (and
 * type or chapter) and starts anew, else that record continues. `quType` is required by mode 4,
 * `chapterId` by mode 6.
 */
export const trainStartReq = z.object({
  mode: z.number({ error: '请选择训练模式！' }).int().refine((m) => m in TRAIN_MODE_LABEL, '训练模式不正确！'),
  repoId: idSchema,
  userId: z.string().max(32).optional(),
  clear: z.boolean().default(false),
  quType: z.number().int().optional(),
  chapterId: z.string().max(32).optional(),
});
export type TrainStartReq = z.infer<typeof trainStartReq>;

/** A training record (SPEC §3 "Train record"); mode 3 never has a rightCount or percent (both 0). `percent`: rightCount / answerCount in whole per cent. */
export const trainRecord = z.object({
  id: z.string(),
  repoId: z.string(),
  repoId_dictText: z.string(),
  mode: z.number().int(),
  mode_dictText: z.string(),
  quType: z.number().int(),
  chapterId: z.string(),
  totalCount: z.number().int(),
  answerCount: z.number().int(),
  rightCount: z.number().int(),
  percent: z.number().int(),
  state: z.number().int(),
  state_dictText: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TrainRecord = z.infer<typeof trainRecord>;

/**
 * One question of the answer card: `answered` once checked; `isRight` only once checked (absent
 * before, so that nothing about an unchecked question leaks; always false in mode 3).
 */
export const trainCardQu = z.object({ quId: z.string(), sort: z.number().int(), quType: z.number().int(), answered: z.boolean(), isRight: z.boolean().optional() });
export type TrainCardQu = z.infer<typeof trainCardQu>;
export const trainCard = z.object({ id: z.string(), mode: z.number().int(), state: z.number().int(), quList: z.array(trainCardQu) });
export type TrainCard = z.infer<typeof trainCard>;

export const trainQuReq = z.object({ trainId: idSchema, quId: idSchema, mode: z.number().int().optional() });

/**
 * `/qu-detail`: `checked` false → `qu` is the exam's learner shape (`paperQuDetail`) and `result`
 * null; `checked` true (answered, or mode 3) → `result` is the result shape (`resultQu`: isRight per
 * option, analysis, right blanks and pairs, the reference answer, the learner's answer) and `qu` null.
 */
export const trainQuDetail = z.object({ checked: z.boolean(), qu: paperQuDetail.nullable(), result: resultQu.nullable() });
export type TrainQuDetail = z.infer<typeof trainQuDetail>;

/** `/fill`: the answer fields of the exam's fill-answer, with `trainId` instead of `paperId`. */
export const trainFillReq = fillAnswerReq.omit({ paperId: true }).extend({ trainId: idSchema });
export type TrainFillReq = z.infer<typeof trainFillReq>;

/**
 * `/check`: grades one top-level question. Its answer fields as `/fill` (saved first); a combined
 * question's sub-questions answered in `subList` (each with its own quId), or before with `/fill`.
 * Checking a question already checked changes nothing and answers the same.
 */
export const trainCheckReq = trainFillReq.extend({ subList: z.array(fillAnswerReq.omit({ paperId: true })).max(100).optional() });
export type TrainCheckReq = z.infer<typeof trainCheckReq>;
/** `/check` answer: the question in the result shape and the record's new counts. */
export const trainCheckRes = z.object({ result: resultQu, record: trainRecord });
export type TrainCheckRes = z.infer<typeof trainCheckRes>;

export const trainPagingReq = pagingReq(z.object({ repoId: idSchema.optional(), mode: z.number().int().optional() }));
export const trainPagingRes = pagingRes(trainRecord);

/** A bank as a learner sees it on the bank page: its counts, chapters, and each mode's last record. */
export const trainOverview = z.object({
  repoId: z.string(),
  title: z.string(),
  remark: z.string(),
  quCount: z.number().int(),
  typeCountList: z.array(typeCount),
  chapterList: z.array(z.object({ id: z.string(), title: z.string(), quCount: z.number().int() })),
  modeList: z.array(z.object({ mode: z.number().int(), mode_dictText: z.string(), open: z.boolean(), last: trainRecord.nullable() })),
});
export type TrainOverview = z.infer<typeof trainOverview>;

/** Admin training statistics of one bank: learners, checked answers, accuracy, and per question. */
export const trainStatReq = z.object({ repoId: idSchema });
export const trainStatQu = z.object({
  quId: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  content: z.string(),
  answerCount: z.number().int(),
  rightCount: z.number().int(),
  percent: z.number().int(),
});
export const trainStat = z.object({
  repoId: z.string(),
  title: z.string(),
  learnerCount: z.number().int(),
  trainCount: z.number().int(),
  answerCount: z.number().int(),
  rightCount: z.number().int(),
  percent: z.number().int(),
  quList: z.array(trainStatQu),
});
export type TrainStat = z.infer<typeof trainStat>;

/** File name of the statistics export. */
export const TRAIN_STAT_FILE = '题库训练统计.xlsx';

/** Errors of training (block 2008xxxx). */
export const TrainError = defineErrors({
  NOT_OPEN: { code: 20080001, msg: '该题库未开放训练！' },
  NO_QUESTIONS: { code: 20080002, msg: '没有可训练的试题！' },
  MODE_CLOSED: { code: 20080003, msg: '该训练模式暂未开放！' },
  ENDED: { code: 20080004, msg: '训练已结束，请重新开始训练！' },
});

/** Calls of training (SPEC §7 /api/repo/train/*); every call with a trainId is on the caller's own record. */
export const trainApi = {
  start: json({ path: '/api/repo/train/start', summary: '开始或继续训练', access: 'user', body: trainStartReq, data: trainRecord }),
  detail: json({ path: '/api/repo/train/detail', readOnly: true, summary: '训练记录详情', access: 'user', body: idReq, data: trainRecord }),
  card: json({ path: '/api/repo/train/card', readOnly: true, summary: '训练答题卡', access: 'user', body: idReq, data: trainCard }),
  quDetail: json({ path: '/api/repo/train/qu-detail', readOnly: true, summary: '训练中的一题（作答前不含答案）', access: 'user', body: trainQuReq, data: trainQuDetail }),
  fill: json({ path: '/api/repo/train/fill', summary: '保存一题的作答', access: 'user', body: trainFillReq, data: z.object({ quId: z.string(), answered: z.boolean() }) }),
  check: json({ path: '/api/repo/train/check', summary: '判定一题（返回答案与解析）', access: 'user', body: trainCheckReq, data: trainCheckRes }),
  finish: json({ path: '/api/repo/train/finish', summary: '结束训练', access: 'user', body: idReq, data: trainRecord }),
  paging: json({ path: '/api/repo/train/paging', readOnly: true, summary: '我的训练记录', access: 'user', body: trainPagingReq, data: trainPagingRes }),
  overview: json({ path: '/api/repo/train/overview', readOnly: true, summary: '学员题库详情（章节、各模式最近记录）', access: 'user', body: z.object({ repoId: idSchema }), data: trainOverview, ours: true }),
  stat: json({ path: '/api/repo/train/stat', readOnly: true, summary: '题库训练统计', access: RepoPerm.LIST, body: trainStatReq, data: trainStat, ours: true }),
  statExport: download({ path: '/api/repo/train/stat-export', summary: '导出题库训练统计', access: RepoPerm.LIST, method: 'POST', body: trainStatReq, fileName: TRAIN_STAT_FILE, ours: true }),
};
