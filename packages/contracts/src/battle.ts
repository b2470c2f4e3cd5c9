/**
 * Answer battles 答题竞赛 (issue 10 "Answer battles"; SPEC §2 AdminBattleList, §3 battleCount, §6
 * moduleBattle, §9 the socket heartbeat). The spec names the module and shows no payload: every
 * call here is ours.
 *
 * An administrator sets up a battle: banks, objective question types, how many questions, seconds
 * per question, the start time and the join window (learners may join from `joinMinutes` before
 * the start until the start), who may join (everybody or departments). The questions are drawn once,
 * at save, and are the same for every player.
 *
 * The schedule is a pure function of the start time (`battleSchedule`): question i is open during
 * [start + i·(sec·1000 + REVEAL_MS), + sec·1000), then its right answer is revealed for REVEAL_MS.
 * Every server process computes the phase from its clock, so there is no state machine to share.
 *
 * The room socket `BATTLE_SOCKET_PATH` (token cookie or `token` query, like the exam socket; text
 * `ping` → `pong` every SOCKET_HEARTBEAT_MS) sends JSON messages `BattleMessage`: `state` at once,
 * then `question`, `reveal`, `ranking`, `end`. A question never carries which option is right; the
 * right option ids travel only in `reveal`, after the question's deadline. Answers go over HTTP
 * (`battleApi.answer`), once per player and question.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, TIME_PATTERN } from './common';
import { defineErrors } from './errors';
import { download, json } from './endpoint';

/** Fastify path of a battle room's socket. */
export const BATTLE_SOCKET_PATH = '/api/socket/battle/:battleId';
/** The socket URL path of one battle. */
export const battleSocketPath = (battleId: string) => `/api/socket/battle/${encodeURIComponent(battleId)}`;

/** Question types a battle may draw: 1 single, 2 multiple, 3 true/false (objective, marked at once). */
export const BATTLE_QU_TYPES = [1, 2, 3] as const;
/** Pause after each question's deadline while its right answer and points are shown (ms). */
export const BATTLE_REVEAL_MS = 5_000;
/** Points of a right answer before the speed bonus. */
export const BATTLE_BASE_POINTS = 100;
/** The most a right answer earns for speed: BONUS × (time left ÷ question time), rounded. */
export const BATTLE_SPEED_BONUS = 100;
/** Players in the pushed ranking (plus the player's own row). */
export const BATTLE_RANKING_TOP = 10;

/** Battle state, derived from the clock: 0 未开始, 1 报名中 (join window), 2 进行中, 3 已结束. */
export const BattleState = { NOT_STARTED: 0, JOINING: 1, RUNNING: 2, ENDED: 3 } as const;
export const BATTLE_STATE_LABEL: Record<number, string> = { 0: '未开始', 1: '报名中', 2: '进行中', 3: '已结束' };

/** Who may join: 1 everybody, 2 the learners of the listed departments (and their sub-departments). */
export const BattleOpenType = { ALL: 1, DEPT: 2 } as const;
export const BATTLE_OPEN_TYPE_LABEL: Record<number, string> = { 1: '全部学员', 2: '指定部门' };

/** Where the battle stands at one instant (epoch ms of the server clock). */
export interface BattlePhase {
  /** wait: before the first question; question: `index` is open; reveal: `index` is being revealed; end: over. */
  phase: 'wait' | 'question' | 'reveal' | 'end';
  /** 0-based question index (-1 while waiting, `count` at the end). */
  index: number;
  /** Opening instant of question `index` (ms; for wait: the start). */
  openAt: number;
  /** Deadline of question `index` (ms): answers at or after it are refused. */
  deadline: number;
  /** When the phase changes next (ms); the end instant when over. */
  nextAt: number;
  /** The instant the battle ends (after the last reveal). */
  endAt: number;
}

/**
 * The schedule of a battle at instant `at` (all times epoch ms): question i opens at
 * `start + i·(sec·1000 + revealMs)` and closes sec·1000 later; its reveal lasts `revealMs`.
 */
export function battleSchedule(b: { startTime: number; questionCount: number; secondsPerQuestion: number }, at: number, revealMs = BATTLE_REVEAL_MS): BattlePhase {
  const qMs = b.secondsPerQuestion * 1000;
  const slot = qMs + revealMs;
  const endAt = b.startTime + b.questionCount * slot;
  if (at < b.startTime) return { phase: 'wait', index: -1, openAt: b.startTime, deadline: b.startTime, nextAt: b.startTime, endAt };
  if (at >= endAt) return { phase: 'end', index: b.questionCount, openAt: endAt, deadline: endAt, nextAt: endAt, endAt };
  const index = Math.floor((at - b.startTime) / slot);
  const openAt = b.startTime + index * slot;
  const deadline = openAt + qMs;
  return at < deadline
    ? { phase: 'question', index, openAt, deadline, nextAt: deadline, endAt }
    : { phase: 'reveal', index, openAt, deadline, nextAt: openAt + slot, endAt };
}

/** Points of one answer: 0 when wrong, else BASE + BONUS × leftMs ÷ questionMs (rounded; leftMs clamped to 0…questionMs). */
export function battlePoints(right: boolean, leftMs: number, questionMs: number): number {
  if (!right) return 0;
  const left = Math.max(0, Math.min(leftMs, questionMs));
  return BATTLE_BASE_POINTS + Math.round((BATTLE_SPEED_BONUS * left) / questionMs);
}

// ---------------------------------------------------------------- admin

const battleTime = z.string({ error: '开始时间不能为空！' }).regex(TIME_PATTERN, '开始时间格式应为 yyyy-MM-dd HH:mm:ss');

export const battleSaveReq = z
  .object({
    id: idSchema.optional(),
    title: z.string({ error: '竞赛名称不能为空！' }).trim().min(1, '竞赛名称不能为空！').max(100, '竞赛名称不能超过100个字符'),
    repoIds: z.array(idSchema, { error: '请选择题库！' }).min(1, '请选择题库！').max(20, '题库不能超过20个！'),
    quTypes: z
      .array(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '竞赛只支持单选题、多选题和判断题！' }), { error: '请选择题型！' })
      .min(1, '请选择题型！'),
    questionCount: z.number({ error: '题目数量不能为空！' }).int('题目数量必须是整数！').min(1, '题目数量至少为1！').max(100, '题目数量不能超过100！'),
    secondsPerQuestion: z.number({ error: '每题时间不能为空！' }).int('每题时间必须是整数！').min(5, '每题时间至少5秒！').max(300, '每题时间不能超过300秒！'),
    startTime: battleTime,
    /** Learners may join from this many minutes before the start until the start. */
    joinMinutes: z.number({ error: '报名时长不能为空！' }).int('报名时长必须是整数！').min(1, '报名时长至少1分钟！').max(1440, '报名时长不能超过1440分钟！'),
    openType: z.union([z.literal(1), z.literal(2)], { error: '请选择参赛范围！' }).default(1),
    /** With openType 2: department codes (their sub-departments included). */
    deptCodes: z.array(z.string().trim().min(1).max(64)).max(200).default([]),
  })
  .refine((v) => v.openType !== 2 || v.deptCodes.length > 0, { path: ['deptCodes'], message: '请选择参赛部门！' });
export type BattleSaveReq = z.output<typeof battleSaveReq>;

/** A battle as administrators see it. Times `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai). */
export const battleRecord = z.object({
  id: z.string(),
  title: z.string(),
  repoIds: z.array(z.string()),
  quTypes: z.array(z.number().int()),
  questionCount: z.number().int(),
  secondsPerQuestion: z.number().int(),
  startTime: z.string(),
  /** When learners may start joining. */
  joinTime: z.string(),
  /** After the last question's reveal. */
  endTime: z.string(),
  joinMinutes: z.number().int(),
  openType: z.number().int(),
  openType_dictText: z.string(),
  deptCodes: z.array(z.string()),
  state: z.number().int(),
  state_dictText: z.string(),
  /** Learners who joined. */
  playerCount: z.number().int(),
  createTime: z.string(),
});
export type BattleRecord = z.infer<typeof battleRecord>;

export const battlePagingReq = pagingReq(z.object({ title: z.string().max(100).optional(), state: z.number().int().min(0).max(3).optional() }));
export const battlePagingRes = pagingRes(battleRecord);

/** One player's row in a ranking. `totalMs`: the sum of the player's answer times (tie-break, lower first). */
export const battleRankRow = z.object({
  rank: z.number().int(),
  userId: z.string(),
  realName: z.string(),
  points: z.number().int(),
  rightCount: z.number().int(),
  answerCount: z.number().int(),
  totalMs: z.number().int(),
});
export type BattleRankRow = z.infer<typeof battleRankRow>;

export const battleRankingReq = pagingReq(z.object({ battleId: idSchema }));
export const battleRankingRes = pagingRes(battleRankRow);

// ---------------------------------------------------------------- learners

/** A battle as learners see it in their list. */
export const battleWebRecord = z.object({
  id: z.string(),
  title: z.string(),
  questionCount: z.number().int(),
  secondsPerQuestion: z.number().int(),
  startTime: z.string(),
  joinTime: z.string(),
  endTime: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  /** The caller joined. */
  joined: z.boolean(),
  playerCount: z.number().int(),
});
export type BattleWebRecord = z.infer<typeof battleWebRecord>;
export const battleWebPagingReq = pagingReq(z.object({ title: z.string().max(100).optional() }));
export const battleWebPagingRes = pagingRes(battleWebRecord);

/** A question as players see it while it is open: no right flag, no analysis. */
export const battleQuestion = z.object({
  id: z.string(),
  quType: z.number().int(),
  content: z.string(),
  image: z.string(),
  options: z.array(z.object({ id: z.string(), content: z.string(), image: z.string() })),
});
export type BattleQuestion = z.infer<typeof battleQuestion>;

/** The ranking pushed to a player: the top BATTLE_RANKING_TOP, the player's own row (null when not a player) and the number of players. */
export const battleRanking = z.object({ top: z.array(battleRankRow), me: battleRankRow.nullable(), players: z.number().int() });
export type BattleRanking = z.infer<typeof battleRanking>;

/** The reveal of one question: its right options, the player's own result and the points of every player who answered (best first). */
export const battleReveal = z.object({
  index: z.number().int(),
  quId: z.string(),
  rightIds: z.array(z.string()),
  mine: z.object({ answered: z.boolean(), right: z.boolean(), points: z.number().int(), answerIds: z.array(z.string()) }),
  results: z.array(z.object({ userId: z.string(), realName: z.string(), right: z.boolean(), points: z.number().int() })),
});
export type BattleReveal = z.infer<typeof battleReveal>;

/** An open question as pushed: `deadline` and `now` are server epoch ms (the client counts with `leftMs` from its own receipt). */
export const battleOpenQuestion = z.object({
  index: z.number().int(),
  total: z.number().int(),
  question: battleQuestion,
  openAt: z.number().int(),
  deadline: z.number().int(),
  leftMs: z.number().int(),
  /** The caller's answer to it, when already given (a reload). */
  answered: z.array(z.string()).nullable(),
});
export type BattleOpenQuestion = z.infer<typeof battleOpenQuestion>;

/** The room as one player sees it now (the socket's first message and `battleApi.room`). */
export const battleRoom = z.object({
  id: z.string(),
  title: z.string(),
  questionCount: z.number().int(),
  secondsPerQuestion: z.number().int(),
  /** Server epoch ms. */
  startAt: z.number().int(),
  endAt: z.number().int(),
  now: z.number().int(),
  state: z.number().int(),
  state_dictText: z.string(),
  phase: z.enum(['wait', 'question', 'reveal', 'end']),
  joined: z.boolean(),
  question: battleOpenQuestion.nullable(),
  reveal: battleReveal.nullable(),
  ranking: battleRanking,
});
export type BattleRoom = z.infer<typeof battleRoom>;

/** Messages of the room socket (JSON text frames; the heartbeat's `pong` is plain text). */
export type BattleMessage =
  | ({ type: 'state' } & BattleRoom)
  | ({ type: 'question' } & BattleOpenQuestion)
  | ({ type: 'reveal' } & BattleReveal)
  | ({ type: 'ranking' } & BattleRanking)
  | { type: 'end'; ranking: BattleRanking };

export const battleAnswerReq = z.object({
  battleId: idSchema,
  quId: idSchema,
  answers: z.array(idSchema, { error: '请选择答案！' }).min(1, '请选择答案！').max(20),
});
/** The answer was kept (first: this call kept it; false: an earlier one of the same player already stood). Says nothing about right or wrong. */
export const battleAnswerRes = z.object({ first: z.boolean(), answerMs: z.number().int() });

// ---------------------------------------------------------------- codes, errors, calls

export const BattlePerm = { LIST: 'battle:list', ADD: 'battle:add', UPDATE: 'battle:update', DELETE: 'battle:delete' } as const;

/** Errors of battles (2009xxxx). */
export const BattleError = defineErrors({
  NOT_FOUND: { code: 20090001, msg: '竞赛不存在或已被删除！' },
  NOT_ENOUGH: { code: 20090002, msg: '所选题库中的题目数量不足！' },
  STARTED: { code: 20090003, msg: '竞赛已开始，不能修改！' },
  NOT_OPEN: { code: 20090004, msg: '当前不在报名时间内！' },
  NOT_ALLOWED: { code: 20090005, msg: '您不在本竞赛的参赛范围内！' },
  NOT_JOINED: { code: 20090006, msg: '您尚未报名本竞赛！' },
  TIME_OVER: { code: 20090007, msg: '本题作答时间已结束！' },
  NOT_CURRENT: { code: 20090008, msg: '该题目当前不在作答时间！' },
  BAD_OPTION: { code: 20090009, msg: '答案选项不正确！' },
  MODULE_OFF: { code: 20090010, msg: '答题竞赛功能未开启！' },
});

/** Calls of answer battles (all ours: SPEC §7 shows none). */
export const battleApi = {
  paging: json({ path: '/api/battle/paging', readOnly: true, summary: '分页查询答题竞赛', access: BattlePerm.LIST, body: battlePagingReq, data: battlePagingRes, ours: true }),
  detail: json({ path: '/api/battle/detail', readOnly: true, summary: '答题竞赛详情', access: BattlePerm.LIST, body: idReq, data: battleRecord, ours: true }),
  save: json({
    path: '/api/battle/save', summary: '新增或修改答题竞赛（保存时抽题，所有选手题目相同；开始后不能修改）',
    access: [BattlePerm.ADD, BattlePerm.UPDATE], body: battleSaveReq, data: z.object({ id: z.string() }), ours: true,
  }),
  delete: json({ path: '/api/battle/delete', summary: '删除答题竞赛（连同成绩）', access: BattlePerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  ranking: json({ path: '/api/battle/ranking', readOnly: true, summary: '竞赛排名（积分降序，同分用时少者在前）', access: BattlePerm.LIST, body: battleRankingReq, data: battleRankingRes, ours: true }),
  export: download({ path: '/api/battle/ranking/export', summary: '导出竞赛排名（xlsx）', access: BattlePerm.LIST, method: 'POST', body: z.object({ battleId: idSchema }), fileName: '竞赛排名.xlsx', ours: true }),
  webPaging: json({ path: '/api/battle/web-paging', readOnly: true, summary: '学员：可参加与即将开始的答题竞赛', access: 'user', body: battleWebPagingReq, data: battleWebPagingRes, ours: true }),
  join: json({ path: '/api/battle/join', summary: '学员：报名参加竞赛（报名时间内；重复报名不变）', access: 'user', body: idReq, data: battleRoom, ours: true }),
  room: json({ path: '/api/battle/room', readOnly: true, summary: '学员：竞赛房间当前状态（与房间连接的第一条消息相同）', access: 'user', body: idReq, data: battleRoom, ours: true }),
  answer: json({ path: '/api/battle/answer', summary: '学员：回答当前题目（每题一次，重复提交不重复计分；截止后不计分）', access: 'user', body: battleAnswerReq, data: battleAnswerRes, ours: true }),
};
