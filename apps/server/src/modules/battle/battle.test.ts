/**
 * Answer battles (issue 10 "Answer battles"): two learners in one room get the same question at
 * the same time; an answer after the question's deadline is refused and scores nothing; a double
 * answer counts once; the ranking breaks ties by total answer time; nothing a player receives while
 * a question is open says which option is right; the site flag moduleBattle off hides and refuses
 * the module. The server clock is moved with `advanceClock` (no sleeping on the schedule); pushes
 * are awaited as socket messages.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ErrorCode } from '@kaopei/contracts';
import { BattleError, battleApi, battleSocketPath, type BattleMessage, type BattleRankRow, type BattleRecord, type BattleRoom } from '@kaopei/contracts/battle';
import { configApi, type SwitchConfig } from '@kaopei/contracts/sys-config';
import { menuApi } from '@kaopei/contracts/sys-menu';
import { buildApp } from '../../app';
import { advanceClock, formatTimeStrict, now, parseTime } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { createQu, createRepo, must } from '../../test/builders';

const SECRET = 'SECRET-ANALYSIS';
let t: TestApp;
let admin: string;
let repoId: string;

/** A socket through the app collecting the JSON messages it receives; `next(type)` waits for the next unread one of that type. */
async function open(battleId: string, token: string, app: FastifyInstance = t.app) {
  const received: BattleMessage[] = [];
  const raw: string[] = [];
  let closed: Promise<number> = Promise.resolve(0);
  // Listen before the upgrade completes: the room's first message may arrive at once.
  const ws: WebSocket = await app.injectWS(`${battleSocketPath(battleId)}?token=${token}`, {}, {
    onInit: (s) => {
      closed = new Promise<number>((resolve) => s.on('close', (code) => resolve(code)));
      s.on('message', (d) => {
        const text = d.toString();
        raw.push(text);
        if (text !== 'pong') received.push(JSON.parse(text) as BattleMessage);
      });
    },
  });
  let read = 0;
  const next = async <T extends BattleMessage['type']>(type: T, ms = 5000): Promise<Extract<BattleMessage, { type: T }>> => {
    const until = Date.now() + ms;
    for (;;) {
      const i = received.findIndex((m, k) => k >= read && m.type === type);
      if (i >= 0) {
        read = i + 1;
        return received[i] as Extract<BattleMessage, { type: T }>;
      }
      if (Date.now() > until) throw new Error(`no ${type} message; got ${raw.join(',')} closed ${String(await Promise.race([closed, Promise.resolve('open')]))}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, received, raw, closed, next };
}

async function setFlag(on: boolean) {
  const s = must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin));
  must(await t.call(configApi.switchSave, { ...s, moduleBattle: on }, admin));
}

/** A battle of `n` single-choice questions of 10 s starting in 60 s; answers its id and exact start (epoch ms). */
async function newBattle(n = 2, over: object = {}) {
  const { id } = must(await t.call<{ id: string }>(battleApi.save, {
    title: '知识竞赛', repoIds: [repoId], quTypes: [1], questionCount: n, secondsPerQuestion: 10, startTime: formatTimeStrict(now() + 60_000), joinMinutes: 10, ...over,
  }, admin));
  const rec = must(await t.call<BattleRecord>(battleApi.detail, { id }, admin));
  return { id, start: parseTime(rec.startTime) as number, rec };
}

/** Moves the server clock to `at` (never back). */
const clockTo = (at: number) => advanceClock(Math.max(0, at - now()));

/** The right option id of a question (read from the database, as only the server knows it). */
async function rightOption(quId: string) {
  const rows = await t.db.selectFrom('el_qu_answer').select(['id', 'isRight']).where('quId', '=', quId).orderBy('sort').execute();
  return { right: rows.find((r) => r.isRight === 1)!.id, wrong: rows.find((r) => r.isRight === 0)!.id };
}

/** Keys that would tell a player the right option, or the result of the open question, before its reveal. */
const BANNED = ['isRight', 'analysis', 'rightIds', 'right', 'mine', 'results'];
function leaks(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaks(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return typeof value === 'string' && value.includes(SECRET) ? [`${path} carries the analysis`] : [];
  return Object.entries(value).flatMap(([k, v]) => [...(BANNED.includes(k) ? [`${path}.${k}`] : []), ...leaks(v, `${path}.${k}`)]);
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  await setFlag(true);
  repoId = await createRepo(t, admin);
  for (let i = 0; i < 4; i++) await createQu(t, admin, repoId, 1, { analysis: `${SECRET}${i}` });
  await createQu(t, admin, repoId, 4, { answerList: [], answer: '参考答案' });
});
afterAll(async () => {
  await t?.close();
});

describe('setting battles up', () => {
  it('draws the questions once, only of the chosen objective types, and refuses too few or a past start', async () => {
    const { id, rec } = await newBattle(3);
    expect(rec).toMatchObject({ state: 1, state_dictText: '报名中', questionCount: 3, playerCount: 0 });
    const drawn = await t.db.selectFrom('el_battle_qu').select('quId').where('battleId', '=', id).orderBy('sort').execute();
    expect(drawn).toHaveLength(3);
    const types = await t.db.selectFrom('el_qu').select('quType').where('id', 'in', drawn.map((d) => d.quId)).execute();
    expect(new Set(types.map((q) => q.quType))).toEqual(new Set([1]));
    expect(await t.call(battleApi.save, { title: 'x', repoIds: [repoId], quTypes: [1], questionCount: 5, secondsPerQuestion: 10, startTime: formatTimeStrict(now() + 60_000), joinMinutes: 5 }, admin))
      .toMatchObject({ code: BattleError.NOT_ENOUGH.code });
    expect(await t.call(battleApi.save, { title: 'x', repoIds: [repoId], quTypes: [4], questionCount: 1, secondsPerQuestion: 10, startTime: formatTimeStrict(now() + 60_000), joinMinutes: 5 }, admin))
      .toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '竞赛只支持单选题、多选题和判断题！' });
    expect(await t.call(battleApi.save, { title: 'x', repoIds: [repoId], quTypes: [1], questionCount: 1, secondsPerQuestion: 10, startTime: formatTimeStrict(now() - 1000), joinMinutes: 5 }, admin))
      .toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '开始时间必须晚于当前时间！' });
    const learner = await t.newLearner();
    expect(await t.call(battleApi.paging, {}, learner.token)).toMatchObject({ code: ErrorCode.NO_PERMISSION });
  });
});

describe('a battle with two players', () => {
  it('pushes the same question to both at once; scores a double answer once; refuses a late answer; ranks and exports', async () => {
    const { id, start } = await newBattle(2, { startTime: formatTimeStrict(now() + 5 * 60_000), joinMinutes: 1 });
    const a = await t.newLearner();
    const b = await t.newLearner();
    // Before the join window.
    expect(await t.call(battleApi.join, { id }, a.token)).toMatchObject({ code: BattleError.NOT_OPEN.code });
    clockTo(start - 30_000);
    const joined = must(await t.call<BattleRoom>(battleApi.join, { id }, a.token));
    expect(joined).toMatchObject({ joined: true, phase: 'wait', state: 1, state_dictText: '报名中', question: null });
    must(await t.call(battleApi.join, { id }, a.token)); // joining again changes nothing
    must(await t.call(battleApi.join, { id }, b.token));
    const list = must(await t.call<{ records: { id: string; joined: boolean; playerCount: number }[] }>(battleApi.webPaging, {}, a.token));
    expect(list.records.find((r) => r.id === id)).toMatchObject({ joined: true, playerCount: 2 });

    const sa = await open(id, a.token);
    const sb = await open(id, b.token);
    expect((await sa.next('state')).phase).toBe('wait');
    await sb.next('state');
    sa.ws.send('ping');

    // Question 1 opens for both with the same question and deadline.
    clockTo(start + 1_000);
    const [qa, qb] = await Promise.all([sa.next('question'), sb.next('question')]);
    expect(qa.question.id).toBe(qb.question.id);
    expect(qa.deadline).toBe(qb.deadline);
    expect(qa.deadline).toBe(start + 10_000);
    expect(qa.index).toBe(0);
    expect(qa.question.options.length).toBe(4);

    // a: a right answer sent three times at once counts once.
    const { right, wrong } = await rightOption(qa.question.id);
    const tries = await Promise.all([1, 2, 3].map(() => t.call<{ first: boolean; answerMs: number }>(battleApi.answer, { battleId: id, quId: qa.question.id, answers: [right] }, a.token)));
    expect(tries.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(tries.filter((r) => r.data!.first)).toHaveLength(1);
    // A retry with another option does not replace the first answer.
    expect(must(await t.call<{ first: boolean }>(battleApi.answer, { battleId: id, quId: qa.question.id, answers: [wrong] }, a.token)).first).toBe(false);

    // b answers after the deadline: refused, nothing scored.
    clockTo(start + 10_000);
    expect(await t.call(battleApi.answer, { battleId: id, quId: qa.question.id, answers: [right] }, b.token)).toMatchObject({ code: BattleError.TIME_OVER.code, msg: '本题作答时间已结束！' });
    const reveal = await sa.next('reveal');
    expect(reveal.rightIds).toEqual([right]);
    expect(reveal.mine).toMatchObject({ answered: true, right: true, answerIds: [right] });
    expect(reveal.mine.points).toBeGreaterThan(100);
    expect((await sb.next('reveal')).mine).toMatchObject({ answered: false, right: false, points: 0 });
    const ranking = await sb.next('ranking');
    expect(ranking.top.map((r) => r.userId)).toEqual([a.userId, b.userId]);
    expect(ranking.me).toMatchObject({ rank: 2, points: 0, answerCount: 0 });
    expect(ranking.top[0]).toMatchObject({ points: reveal.mine.points, rightCount: 1, answerCount: 1 });
    // A question not open yet is refused too.
    const ids = (await t.db.selectFrom('el_battle_qu').select('quId').where('battleId', '=', id).orderBy('sort').execute()).map((r) => r.quId);
    expect(await t.call(battleApi.answer, { battleId: id, quId: ids[1]!, answers: [right] }, a.token)).toMatchObject({ code: BattleError.NOT_CURRENT.code });

    // The end: both get the final ranking.
    clockTo(start + 2 * 15_000);
    const end = await sa.next('end');
    expect(end.ranking.top.map((r) => r.userId)).toEqual([a.userId, b.userId]);
    await sb.next('end');

    const page = must(await t.call<{ records: BattleRankRow[]; total: number }>(battleApi.ranking, { params: { battleId: id } }, admin));
    expect(page.total).toBe(2);
    expect(page.records.map((r) => [r.rank, r.userId, r.answerCount])).toEqual([[1, a.userId, 1], [2, b.userId, 0]]);
    const file = await t.app.inject({ method: 'POST', url: battleApi.export.path, headers: { token: admin }, payload: { battleId: id } });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, '名次', '姓名', '积分', '答对题数', '作答题数', '总用时(秒)']);
    expect(ws.getRow(2).getCell(3).value).toBe(page.records[0]!.points);
    expect(ws.rowCount).toBe(3);
    sa.ws.close();
    sb.ws.close();
  });

  it('keeps one answer when several pass the "already answered" check together (the unique key decides)', async () => {
    const { id, start } = await newBattle(1);
    const p = await t.newLearner();
    clockTo(start - 60_000);
    must(await t.call(battleApi.join, { id }, p.token));
    clockTo(start + 1_000);
    const quId = must(await t.call<BattleRoom>(battleApi.room, { id }, p.token)).question!.question.id;
    const { right } = await rightOption(quId);
    const user = { userId: p.userId, userName: p.userName, realName: p.userName, deptCode: 'A01', roleType: 1, roleIds: [], roles: [], permissions: [], tokenHash: '', token: p.token };
    // Started in the same tick, the five calls read "not answered" before any of them writes.
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => t.services.battle.answer({ battleId: id, quId, answers: [right] }, user)));
    expect(results.filter((r) => r.first)).toHaveLength(1);
    const row = await t.db.selectFrom('el_battle_player').select(['answerCount', 'rightCount', 'points']).where('battleId', '=', id).where('userId', '=', p.userId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ answerCount: 1, rightCount: 1 });
    expect(row.points).toBeLessThanOrEqual(200);
    expect(await t.db.selectFrom('el_battle_answer').select('id').where('battleId', '=', id).execute()).toHaveLength(1);
  });

  it('breaks a tie in points by total answer time (the faster first, whoever joined first)', async () => {
    const { id, start } = await newBattle(1);
    const slow = await t.newLearner();
    const fast = await t.newLearner();
    clockTo(start - 60_000);
    must(await t.call(battleApi.join, { id }, slow.token)); // joins first
    must(await t.call(battleApi.join, { id }, fast.token));
    clockTo(start + 500);
    const room = must(await t.call<BattleRoom>(battleApi.room, { id }, fast.token));
    const quId = room.question!.question.id;
    const { wrong } = await rightOption(quId);
    // Both wrong: 0 points each; fast answers at ~0.5 s, slow at ~6 s.
    must(await t.call(battleApi.answer, { battleId: id, quId, answers: [wrong] }, fast.token));
    clockTo(start + 6_000);
    must(await t.call(battleApi.answer, { battleId: id, quId, answers: [wrong] }, slow.token));
    const page = must(await t.call<{ records: BattleRankRow[] }>(battleApi.ranking, { params: { battleId: id } }, admin));
    expect(page.records.map((r) => [r.userId, r.points])).toEqual([[fast.userId, 0], [slow.userId, 0]]);
    expect(page.records[0]!.totalMs).toBeLessThan(page.records[1]!.totalMs);
    const mine = must(await t.call<BattleRoom>(battleApi.room, { id }, slow.token));
    expect(mine.ranking.me).toMatchObject({ rank: 2 });
  });

  it('sends nothing that tells the right option while a question is open (sockets and every learner call)', async () => {
    const { id, start } = await newBattle(2);
    const p = await t.newLearner();
    const seen: { what: string; body: unknown }[] = [];
    clockTo(start - 60_000);
    seen.push({ what: 'join', body: await t.call(battleApi.join, { id }, p.token) });
    const s = await open(id, p.token);
    await s.next('state');
    clockTo(start + 100);
    const q = await s.next('question');
    const { right, wrong } = await rightOption(q.question.id);
    seen.push({ what: 'room', body: await t.call(battleApi.room, { id }, p.token) });
    seen.push({ what: 'web-paging', body: await t.call(battleApi.webPaging, {}, p.token) });
    const answered = await t.call(battleApi.answer, { battleId: id, quId: q.question.id, answers: [right] }, p.token);
    seen.push({ what: 'answer', body: answered });
    seen.push({ what: 'answer again', body: await t.call(battleApi.answer, { battleId: id, quId: q.question.id, answers: [wrong] }, p.token) });
    seen.push({ what: 'room after answering', body: await t.call(battleApi.room, { id }, p.token) });
    // A wrong answer's reply looks exactly like a right one's.
    expect(Object.keys((answered.data as object) ?? {}).sort()).toEqual(['answerMs', 'first']);
    s.raw.forEach((m, i) => seen.push({ what: `socket message ${i}`, body: m === 'pong' ? m : JSON.parse(m) }));
    const found = seen.flatMap((x) => leaks(x.body).map((l) => `${x.what}: ${l}`));
    expect(found).toEqual([]);
    // The walker does find them once revealed (so the check above can fail).
    clockTo(start + 10_000);
    expect(leaks(await s.next('reveal'))).toContain('$.rightIds');
    expect(leaks({ x: [{ isRight: true }], a: `${SECRET}1` })).toEqual(['$.x[0].isRight', '$.a carries the analysis']);
    s.ws.close();
  });

  it('two server processes on one database push the same question, each to its own players (no shared state machine)', async () => {
    const other = await buildApp(t.config, { db: t.db });
    await other.app.ready();
    try {
      const { id, start } = await newBattle(1);
      const a = await t.newLearner();
      const b = await t.newLearner();
      clockTo(start - 60_000);
      must(await t.call(battleApi.join, { id }, a.token));
      must(await t.call(battleApi.join, { id }, b.token));
      const sa = await open(id, a.token);
      const sb = await open(id, b.token, other.app);
      await Promise.all([sa.next('state'), sb.next('state')]);
      clockTo(start + 200);
      const [qa, qb] = await Promise.all([sa.next('question'), sb.next('question')]);
      expect(qb.question.id).toBe(qa.question.id);
      expect(qb.deadline).toBe(qa.deadline);
      // b answers right on the other process; a's reveal on this one sees it.
      const { right } = await rightOption(qa.question.id);
      const res = await other.app.inject({ method: 'POST', url: battleApi.answer.path, headers: { token: b.token }, payload: { battleId: id, quId: qa.question.id, answers: [right] } });
      expect(res.json()).toMatchObject({ code: 0, data: { first: true } });
      clockTo(start + 10_000);
      const reveal = await sa.next('reveal');
      expect(reveal.results.map((r) => [r.userId, r.right])).toEqual([[b.userId, true]]);
      expect((await sb.next('ranking')).me).toMatchObject({ rank: 1, rightCount: 1 });
      sa.ws.close();
      sb.ws.close();
    } finally {
      await other.app.close();
    }
  });

  it('a socket of someone who did not join is closed with 1008', async () => {
    const { id } = await newBattle(1);
    const stranger = await t.newLearner();
    expect(await (await open(id, stranger.token)).closed).toBe(1008);
    expect(await t.call(battleApi.answer, { battleId: id, quId: 'x', answers: ['y'] }, stranger.token)).toMatchObject({ code: BattleError.NOT_JOINED.code });
  });
});

describe('the site flag moduleBattle', () => {
  it('off: every call is refused, the menus leave the route trees, sockets close; on again: back', async () => {
    const { id, start } = await newBattle(1);
    const p = await t.newLearner();
    clockTo(start - 60_000);
    must(await t.call(battleApi.join, { id }, p.token));
    const names = async (token: string) => JSON.stringify(must(await t.call(menuApi.routes, {}, token)));
    expect(await names(p.token)).toContain('"WebBattle"');
    expect(await names(admin)).toContain('"AdminBattleList"');

    await setFlag(false);
    expect(await t.call(battleApi.paging, {}, admin)).toMatchObject({ code: BattleError.MODULE_OFF.code, msg: '答题竞赛功能未开启！' });
    expect(await t.call(battleApi.webPaging, {}, p.token)).toMatchObject({ code: BattleError.MODULE_OFF.code });
    expect(await t.call(battleApi.room, { id }, p.token)).toMatchObject({ code: BattleError.MODULE_OFF.code });
    expect(await (await open(id, p.token)).closed).toBe(1008);
    expect(await names(p.token)).not.toContain('Battle');
    expect(await names(admin)).not.toContain('Battle');
    expect(must(await t.call<{ moduleBattle: boolean }>(configApi.site)).moduleBattle).toBe(false);

    await setFlag(true);
    expect(must(await t.call<{ moduleBattle: boolean }>(configApi.site)).moduleBattle).toBe(true);
    expect(await names(p.token)).toContain('"WebBattle"');
    expect(must(await t.call<BattleRoom>(battleApi.room, { id }, p.token)).joined).toBe(true);
  });
});
