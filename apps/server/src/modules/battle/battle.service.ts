/**
 * Answer battles 答题竞赛 (issue 10 "Answer battles"; SPEC §2 AdminBattleList, §3 battleCount, §6
 * moduleBattle). Administrators set battles up (the questions are drawn at save, the same for every
 * player) and read their rankings; learners list the battles they may join, join in the window
 * before the start, and answer the open question over HTTP. The live room (socket pushes) is
 * `BattleRoomHub` (battle.room.ts).
 *
 * Time: everything is decided by the server clock (`now()`), through the pure schedule of the
 * contracts (`battleSchedule`), so every process agrees without shared state. An answer is kept
 * once per player and question (unique key; a retry or double click answers `first: false` and adds
 * nothing) and only while its question is open; points = 0 when wrong, else BASE + a speed bonus
 * proportional to the time left.
 *
 * The whole module answers 20090010 (答题竞赛功能未开启！) while the site flag moduleBattle is off.
 */
import type { Page } from '@kaopei/contracts';
import {
  BATTLE_OPEN_TYPE_LABEL, BATTLE_QU_TYPES, BATTLE_RANKING_TOP, BATTLE_REVEAL_MS, BATTLE_STATE_LABEL, BattleError, BattleOpenType, BattleState, battlePoints, battleSchedule,
  type BattleOpenQuestion, type battlePagingReq, type BattleQuestion, type BattleRanking, type BattleRankRow, type battleRankingReq, type BattleRecord,
  type BattleReveal, type BattleRoom, type BattleSaveReq, type battleWebPagingReq, type BattleWebRecord,
} from '@kaopei/contracts/battle';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { AppError, badParams } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now, parseTime } from '../../lib/time';
import { BattleRoomHub } from './battle.room';
import type { ElBattleAnswerTable, ElBattlePlayerTable, ElBattleTable } from './battle.tables';
import * as repo from './battle.repository';

/** A battle row with its JSON columns read. */
export interface Battle extends Omit<ElBattleTable, 'repoIds' | 'quTypes' | 'deptCodes'> {
  repoIds: string[];
  quTypes: number[];
  deptCodes: string[];
}

const parseList = <T>(text: string): T[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
};

export function toBattle(r: ElBattleTable): Battle {
  return { ...r, repoIds: parseList<string>(r.repoIds), quTypes: parseList<number>(r.quTypes), deptCodes: parseList<string>(r.deptCodes) };
}

/** The battle's state at `at`: 0 未开始, 1 报名中, 2 进行中, 3 已结束. */
export function battleState(b: Pick<ElBattleTable, 'startTime' | 'endTime' | 'joinMinutes'>, at: number): number {
  if (at >= b.endTime) return BattleState.ENDED;
  if (at >= b.startTime) return BattleState.RUNNING;
  return at >= b.startTime - b.joinMinutes * 60_000 ? BattleState.JOINING : BattleState.NOT_STARTED;
}

/** True when a learner of department `deptCode` may join (openType 1, or under one of the battle's departments). */
export function mayJoin(b: Battle, deptCode: string): boolean {
  return b.openType !== BattleOpenType.DEPT || b.deptCodes.some((c) => deptCode.startsWith(c));
}

function shuffle<T>(list: T[]): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

const rankRow = (p: ElBattlePlayerTable, rank: number): BattleRankRow => ({
  rank, userId: p.userId, realName: p.realName, points: p.points, rightCount: p.rightCount, answerCount: p.answerCount, totalMs: Number(p.totalMs),
});

/** The shared data of a room's pushes (see BattleService.snapshot). */
export interface RoomSnapshot {
  /** Every player in ranking order. */
  ranked: ElBattlePlayerTable[];
  answers: ElBattleAnswerTable[];
  rightIds: string[];
}

/** One player's reveal of question `index` from a snapshot. */
export function revealFor(snap: RoomSnapshot, index: number, quId: string, userId: string): BattleReveal {
  const mine = snap.answers.find((a) => a.userId === userId);
  const names = new Map(snap.ranked.map((p) => [p.userId, p.realName]));
  return {
    index, quId, rightIds: snap.rightIds,
    mine: { answered: !!mine, right: mine?.isRight === 1, points: mine?.points ?? 0, answerIds: mine ? parseList<string>(mine.answers) : [] },
    results: snap.answers.slice(0, 50).map((a) => ({ userId: a.userId, realName: names.get(a.userId) ?? '', right: a.isRight === 1, points: a.points })),
  };
}

/** One player's ranking from a snapshot: the top BATTLE_RANKING_TOP, the player's own row and the number of players. */
export function rankingOf(snap: RoomSnapshot, userId: string): BattleRanking {
  const at = snap.ranked.findIndex((p) => p.userId === userId);
  return {
    top: snap.ranked.slice(0, BATTLE_RANKING_TOP).map((p, i) => rankRow(p, i + 1)),
    me: at >= 0 ? rankRow(snap.ranked[at] as ElBattlePlayerTable, at + 1) : null,
    players: snap.ranked.length,
  };
}

/** A question with its options, right flags included: server side only (`publicQuestion` strips them). */
interface LoadedQuestion {
  id: string;
  quType: number;
  content: string;
  image: string;
  options: { id: string; content: string; image: string; isRight: boolean }[];
}

export class BattleService {
  /** quId → question with options (questions do not change during a battle; small). */
  private readonly questions = new Map<string, LoadedQuestion>();

  /** The live rooms of this process (socket pushes). */
  readonly hub: BattleRoomHub;

  constructor(private readonly ctx: ModuleContext<'qu' | 'sysConfig'>) {
    this.hub = new BattleRoomHub(this, ctx.log);
  }

  /** True when the site flag moduleBattle is on (cached by sys-config). */
  async enabled(): Promise<boolean> {
    return (await this.ctx.services.sysConfig.site()).moduleBattle;
  }

  /** Throws 20090010 while the module is switched off. */
  async requireOn(): Promise<void> {
    if (!(await this.enabled())) throw new AppError(BattleError.MODULE_OFF);
  }

  /** The battle or 20090001. */
  async require(id: string): Promise<Battle> {
    const row = await repo.findBattle(this.ctx.db, id);
    if (!row) throw new AppError(BattleError.NOT_FOUND);
    return toBattle(row);
  }

  /** The question ids of a battle in order. */
  questionIds(battleId: string): Promise<string[]> {
    return repo.questionIds(this.ctx.db, battleId);
  }

  // ------------------------------------------------------------ administrators

  private async records(rows: ElBattleTable[]): Promise<BattleRecord[]> {
    const counts = await repo.playerCounts(this.ctx.db, rows.map((r) => r.id));
    const at = now();
    return rows.map((row) => {
      const b = toBattle(row);
      const state = battleState(row, at);
      return {
        id: b.id, title: b.title, repoIds: b.repoIds, quTypes: b.quTypes, questionCount: b.questionCount, secondsPerQuestion: b.secondsPerQuestion,
        startTime: formatTimeStrict(b.startTime), joinTime: formatTimeStrict(b.startTime - b.joinMinutes * 60_000), endTime: formatTimeStrict(b.endTime),
        joinMinutes: b.joinMinutes, openType: b.openType, openType_dictText: BATTLE_OPEN_TYPE_LABEL[b.openType] ?? '', deptCodes: b.deptCodes,
        state, state_dictText: BATTLE_STATE_LABEL[state] ?? '', playerCount: counts.get(b.id) ?? 0, createTime: formatTimeStrict(b.createTime),
      };
    });
  }

  /** POST /api/battle/paging (battle:list): battles newest start first; params.title (contains), params.state (from the clock). */
  async paging(req: z.output<typeof battlePagingReq>): Promise<Page<BattleRecord>> {
    await this.requireOn();
    const page = await repo.pageBattles(this.ctx.db, req, req.params ?? {}, now());
    return { records: await this.records(page.records), total: page.total, pages: page.pages, current: page.current, size: page.size };
  }

  /** POST /api/battle/detail (battle:list): one battle; 20090001 when missing. */
  async detail(id: string): Promise<BattleRecord> {
    await this.requireOn();
    const row = await repo.findBattle(this.ctx.db, id);
    if (!row) throw new AppError(BattleError.NOT_FOUND);
    return (await this.records([row]))[0] as BattleRecord;
  }

  /**
   * POST /api/battle/save: creates a battle, or changes one that has not started (20090003 once
   * started). The start must be in the future. Draws `questionCount` random live questions of the
   * chosen types (1, 2, 3) from the banks, the same for every player (20090002 when too few).
   */
  async save(req: BattleSaveReq, userId: string): Promise<{ id: string }> {
    await this.requireOn();
    const at = now();
    const startTime = parseTime(req.startTime) as number;
    if (startTime <= at) throw badParams('开始时间必须晚于当前时间！');
    const types = new Set<number>(req.quTypes.filter((t) => (BATTLE_QU_TYPES as readonly number[]).includes(t)));
    const pool = (await this.ctx.services.qu.drawPool(this.ctx.db, req.repoIds)).filter((q) => types.has(q.quType));
    if (pool.length < req.questionCount) throw new AppError(BattleError.NOT_ENOUGH, `所选题库中符合题型的题目只有${pool.length}道，不足${req.questionCount}道！`);
    const quIds = shuffle(pool.map((q) => q.id)).slice(0, req.questionCount);
    const endTime = battleSchedule({ startTime, questionCount: req.questionCount, secondsPerQuestion: req.secondsPerQuestion }, startTime).endAt;
    const fields = {
      title: req.title, repoIds: JSON.stringify(req.repoIds), quTypes: JSON.stringify([...types].sort()), questionCount: req.questionCount,
      secondsPerQuestion: req.secondsPerQuestion, startTime, endTime, joinMinutes: req.joinMinutes, openType: req.openType,
      deptCodes: JSON.stringify(req.openType === BattleOpenType.DEPT ? req.deptCodes : []), updateTime: at,
    };
    return this.ctx.db.transaction().execute(async (trx) => {
      let id = req.id;
      if (id) {
        const res = await repo.updateBattle(trx, id, fields, at);
        if (Number(res.numUpdatedRows) === 0) {
          if (await repo.findBattle(trx, id)) throw new AppError(BattleError.STARTED);
          throw new AppError(BattleError.NOT_FOUND);
        }
      } else {
        id = newId();
        await repo.insertBattle(trx, { id, ...fields, createBy: userId, createTime: at });
      }
      await repo.replaceQuestions(trx, id, quIds, newId);
      return { id };
    });
  }

  /** POST /api/battle/delete: removes battles with their questions, players and answers. */
  async delete(ids: string[]): Promise<void> {
    await this.requireOn();
    await this.ctx.db.transaction().execute((trx) => repo.deleteBattles(trx, ids));
  }

  /** POST /api/battle/ranking (battle:list): the ranking page (points desc, total answer time asc, then join time). */
  async ranking(req: z.output<typeof battleRankingReq>): Promise<Page<BattleRankRow>> {
    await this.requireOn();
    const battleId = req.params?.battleId;
    if (!battleId) return { records: [], total: 0, pages: 0, current: req.current, size: req.size };
    const page = await repo.pageRanking(this.ctx.db, battleId, req);
    const first = (page.current - 1) * page.size;
    return { records: page.records.map((p, i) => rankRow(p, first + i + 1)), total: page.total, pages: page.pages, current: page.current, size: page.size };
  }

  /** POST /api/battle/ranking/export: the whole ranking as xlsx (名次, 姓名, 积分, 答对, 作答, 总用时(秒)). */
  async exportRanking(battleId: string): Promise<{ body: Buffer; fileName: string }> {
    await this.requireOn();
    const b = await this.require(battleId);
    const players = await repo.allPlayers(this.ctx.db, battleId);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('竞赛排名');
    ws.columns = [
      { header: '名次', key: 'rank', width: 8 }, { header: '姓名', key: 'realName', width: 20 }, { header: '积分', key: 'points', width: 10 },
      { header: '答对题数', key: 'rightCount', width: 10 }, { header: '作答题数', key: 'answerCount', width: 10 }, { header: '总用时(秒)', key: 'seconds', width: 12 },
    ];
    players.forEach((p, i) => ws.addRow({ ...rankRow(p, i + 1), seconds: Math.round(Number(p.totalMs) / 100) / 10 }));
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    return { body, fileName: `${b.title.replace(/[\\/:*?"<>|]/g, '_')}-竞赛排名.xlsx` };
  }

  /** Number of battles (dashboard battleCount, SPEC §3). */
  count(): Promise<number> {
    return repo.countBattles(this.ctx.db);
  }

  // ------------------------------------------------------------ learners

  /** POST /api/battle/web-paging: battles not over yet that the caller may join (or joined), soonest first. */
  async webPaging(req: z.output<typeof battleWebPagingReq>, user: AuthUser): Promise<Page<BattleWebRecord>> {
    await this.requireOn();
    const at = now();
    const title = req.params?.title?.trim();
    const rows = (await repo.liveBattles(this.ctx.db, at)).filter((r) => (!title || r.title.includes(title)) && mayJoin(toBattle(r), user.deptCode));
    const slice = rows.slice((req.current - 1) * req.size, req.current * req.size);
    const ids = slice.map((r) => r.id);
    const [joined, counts] = await Promise.all([repo.joinedOf(this.ctx.db, user.userId, ids), repo.playerCounts(this.ctx.db, ids)]);
    const records = slice.map((r) => {
      const state = battleState(r, at);
      return {
        id: r.id, title: r.title, questionCount: r.questionCount, secondsPerQuestion: r.secondsPerQuestion, startTime: formatTimeStrict(r.startTime),
        joinTime: formatTimeStrict(r.startTime - r.joinMinutes * 60_000), endTime: formatTimeStrict(r.endTime), state, state_dictText: BATTLE_STATE_LABEL[state] ?? '',
        joined: joined.has(r.id), playerCount: counts.get(r.id) ?? 0,
      };
    });
    return { records, total: rows.length, pages: Math.ceil(rows.length / req.size), current: req.current, size: req.size };
  }

  /**
   * POST /api/battle/join: joins the caller (once; joining again changes nothing) while the join
   * window is open (20090004 outside it) if the battle admits the caller's department (20090005).
   * Answers the room.
   */
  async join(id: string, user: AuthUser): Promise<BattleRoom> {
    await this.requireOn();
    const b = await this.require(id);
    if (!mayJoin(b, user.deptCode)) throw new AppError(BattleError.NOT_ALLOWED);
    if (!(await repo.findPlayer(this.ctx.db, id, user.userId))) {
      if (battleState(b, now()) !== BattleState.JOINING) throw new AppError(BattleError.NOT_OPEN);
      await repo.insertPlayer(this.ctx.db, {
        id: newId(), battleId: id, userId: user.userId, realName: user.realName || user.userName, deptCode: user.deptCode,
        points: 0, rightCount: 0, answerCount: 0, totalMs: 0, joinTime: now(),
      });
    }
    return this.room(id, user);
  }

  /** POST /api/battle/room: the room as the caller sees it now (no right answer before its reveal). */
  async room(id: string, user: AuthUser): Promise<BattleRoom> {
    await this.requireOn();
    const b = await this.require(id);
    if (!mayJoin(b, user.deptCode)) throw new AppError(BattleError.NOT_ALLOWED);
    const at = now();
    const ph = battleSchedule(b, at);
    const ids = await this.questionIds(id);
    const joined = (await repo.findPlayer(this.ctx.db, id, user.userId)) !== undefined;
    const state = battleState(b, at);
    const quId = ids[ph.index];
    return {
      id: b.id, title: b.title, questionCount: b.questionCount, secondsPerQuestion: b.secondsPerQuestion, startAt: b.startTime, endAt: b.endTime, now: at,
      state, state_dictText: BATTLE_STATE_LABEL[state] ?? '', phase: ph.phase, joined,
      question: ph.phase === 'question' && quId ? await this.openQuestion(b, ph.index, quId, user.userId) : null,
      reveal: ph.phase === 'reveal' && quId ? await this.reveal(b.id, ph.index, quId, user.userId) : null,
      ranking: await this.rankingFor(id, user.userId),
    };
  }

  /**
   * POST /api/battle/answer: the caller's answer to the open question. 20090006 when not a player,
   * 20090007 when the question's deadline has passed (not scored), 20090008 when the question is not
   * open yet, 20090009 when an option is not the question's. Kept once (unique battle + question +
   * player): a repeat answers `first: false` and the first answer stands. Says nothing about right.
   */
  async answer(req: { battleId: string; quId: string; answers: string[] }, user: AuthUser): Promise<{ first: boolean; answerMs: number }> {
    await this.requireOn();
    const at = now();
    const b = await this.require(req.battleId);
    if (!(await repo.findPlayer(this.ctx.db, b.id, user.userId))) throw new AppError(BattleError.NOT_JOINED);
    const earlier = await repo.findAnswer(this.ctx.db, b.id, req.quId, user.userId);
    if (earlier) return { first: false, answerMs: Number(earlier.answerMs) };
    const ids = await this.questionIds(b.id);
    const index = ids.indexOf(req.quId);
    const ph = battleSchedule(b, at);
    if (index < 0) throw new AppError(BattleError.NOT_CURRENT);
    if (index < ph.index || (index === ph.index && ph.phase !== 'question')) throw new AppError(BattleError.TIME_OVER);
    if (index !== ph.index || ph.phase !== 'question') throw new AppError(BattleError.NOT_CURRENT);
    const q = await this.question(req.quId);
    const optionIds = new Set(q.options.map((o) => o.id));
    const chosen = [...new Set(req.answers)];
    if (chosen.some((a) => !optionIds.has(a))) throw new AppError(BattleError.BAD_OPTION);
    const rightIds = q.options.filter((o) => o.isRight).map((o) => o.id);
    const right = chosen.length === rightIds.length && rightIds.every((r) => chosen.includes(r));
    const answerMs = at - ph.openAt;
    const points = battlePoints(right, ph.deadline - at, b.secondsPerQuestion * 1000);
    const first = await this.ctx.db.transaction().execute(async (trx) => {
      const kept = await repo.insertAnswer(trx, {
        id: newId(), battleId: b.id, quId: req.quId, userId: user.userId, answers: JSON.stringify(chosen), isRight: right ? 1 : 0, points, answerMs, createTime: at,
      });
      if (kept) await repo.addToPlayer(trx, b.id, user.userId, { points, right, answerMs });
      return kept;
    });
    if (first) return { first: true, answerMs };
    const kept = await repo.findAnswer(this.ctx.db, b.id, req.quId, user.userId);
    return { first: false, answerMs: Number(kept?.answerMs ?? answerMs) };
  }

  // ------------------------------------------------------------ room pieces (also pushed by the hub)

  /** A question with its options and right flags (cached). */
  private async question(quId: string): Promise<LoadedQuestion> {
    const hit = this.questions.get(quId);
    if (hit) return hit;
    const { qus, options } = await this.ctx.services.qu.load(this.ctx.db, [quId]);
    const q = qus.get(quId);
    if (!q) throw new AppError(BattleError.NOT_FOUND, '题目不存在或已被删除！');
    const loaded: LoadedQuestion = {
      id: q.id, quType: q.quType, content: q.content, image: q.image,
      options: options.filter((o) => o.quId === quId).map((o) => ({ id: o.id, content: o.content, image: o.image, isRight: o.isRight === 1 })),
    };
    if (this.questions.size > 2000) this.questions.clear();
    this.questions.set(quId, loaded);
    return loaded;
  }

  /** The question as players may see it while open: ids, texts and images only. */
  async publicQuestion(quId: string): Promise<BattleQuestion> {
    const q = await this.question(quId);
    return { id: q.id, quType: q.quType, content: q.content, image: q.image, options: q.options.map((o) => ({ id: o.id, content: o.content, image: o.image })) };
  }

  /** The open question `index` for `userId` (the caller's earlier answer when there is one). */
  async openQuestion(b: Battle, index: number, quId: string, userId: string | null): Promise<BattleOpenQuestion> {
    const mine = userId ? await repo.findAnswer(this.ctx.db, b.id, quId, userId) : undefined;
    const openAt = b.startTime + index * (b.secondsPerQuestion * 1000 + BATTLE_REVEAL_MS);
    const deadline = openAt + b.secondsPerQuestion * 1000;
    return {
      index, total: b.questionCount, question: await this.publicQuestion(quId), openAt, deadline, leftMs: Math.max(0, deadline - now()),
      answered: mine ? parseList<string>(mine.answers) : null,
    };
  }

  /**
   * What every player's reveal and ranking of question `quId` are built from, read once per room:
   * the right option ids, every answer to it (best points first) and the whole ranking in order.
   */
  async snapshot(battleId: string, quId: string | null): Promise<RoomSnapshot> {
    const [ranked, answers, q] = await Promise.all([
      repo.allPlayers(this.ctx.db, battleId),
      quId ? repo.answersTo(this.ctx.db, battleId, quId) : Promise.resolve([]),
      quId ? this.question(quId) : Promise.resolve(null),
    ]);
    return { ranked, answers, rightIds: q ? q.options.filter((o) => o.isRight).map((o) => o.id) : [] };
  }

  /** The reveal of question `index`: right option ids, the player's result and every answer's points (best first, at most 50). */
  async reveal(battleId: string, index: number, quId: string, userId: string): Promise<BattleReveal> {
    return revealFor(await this.snapshot(battleId, quId), index, quId, userId);
  }

  /** The top BATTLE_RANKING_TOP, the player's own row (null when not a player) and the number of players. */
  async rankingFor(battleId: string, userId: string): Promise<BattleRanking> {
    const [top, me, players] = await Promise.all([
      repo.topPlayers(this.ctx.db, battleId, BATTLE_RANKING_TOP), repo.findPlayer(this.ctx.db, battleId, userId), repo.countPlayers(this.ctx.db, battleId),
    ]);
    return { top: top.map((p, i) => rankRow(p, i + 1)), me: me ? rankRow(me, await repo.rankOf(this.ctx.db, me)) : null, players };
  }

  /** True when `userId` joined `battleId`. */
  async isPlayer(battleId: string, userId: string): Promise<boolean> {
    return (await repo.findPlayer(this.ctx.db, battleId, userId)) !== undefined;
  }
}
