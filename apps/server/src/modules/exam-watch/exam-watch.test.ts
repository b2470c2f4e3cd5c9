/**
 * Live invigilation (issue 9 "Live invigilation"): the exam socket's authentication (no token,
 * an unknown token, another user's token → closed 1008; the token cookie or query parameter → open),
 * the SPEC §9 heartbeat (`ping` → `pong`), the invigilator's list (started / online / handed in),
 * reminders to one learner or all, the forced hand-in through the paper service (exactly once),
 * and the permission on the admin calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { ErrorCode } from '@kaopei/contracts';
import { examSocketPath, examWatchApi, type ExamWatchRecord } from '@kaopei/contracts/exam-watch';
import { paperApi } from '@kaopei/contracts/paper';
import { repoApi } from '@kaopei/contracts/repo';
import { testApp, type TestApp } from '../../test/app';
import { createExam, examBody, must } from '../../test/builders';

let t: TestApp;
let admin: string;
let examId: string;

type Page = { records: ExamWatchRecord[]; total: number; summary: { started: number; inExam: number; handed: number; online: number } };

/** Opens a socket through the app (no network) and collects what it receives and how it closed; `next(n)` waits for the n-th message. */
async function open(path: string, headers: Record<string, string> = {}) {
  const ws: WebSocket = await t.app.injectWS(path, { headers });
  const received: string[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (d) => received.push(d.toString()));
  const next = async (n: number, ms = 5000) => {
    const until = Date.now() + ms;
    while (received.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return received[n - 1];
  };
  return { ws, received, closed, next };
}

const watch = async (params: object = {}) => must(await t.call<Page>(examWatchApi.paging, { params: { examId, ...params } }, admin));

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  const repoId = must(await t.call<{ records: { id: string }[] }>(repoApi.paging, {}, admin)).records[0]!.id;
  examId = await createExam(t, admin, examBody(repoId));
});
afterAll(async () => {
  await t?.close();
});

describe('the exam socket', () => {
  it('refuses a socket without a token, with an unknown token, or with another learner\'s token (1008)', async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    expect(await (await open(examSocketPath(a.userId, examId))).closed).toBe(1008);
    expect(await (await open(`${examSocketPath(a.userId, examId)}?token=nope`)).closed).toBe(1008);
    expect(await (await open(`${examSocketPath(a.userId, examId)}?token=${b.token}`)).closed).toBe(1008);
    expect(await (await open(examSocketPath(a.userId, examId), { cookie: `token=${b.token}` })).closed).toBe(1008);
    // Refused sockets never count as online.
    expect((await watch()).summary.online).toBe(0);
  });

  it('accepts the owner by query token or cookie and answers ping with pong', async () => {
    const a = await t.newLearner();
    const byQuery = await open(`${examSocketPath(a.userId, examId)}?token=${a.token}`);
    byQuery.ws.send('ping');
    expect(await byQuery.next(1)).toBe('pong');
    const byCookie = await open(examSocketPath(a.userId, examId, 'h5'), { cookie: `token=${a.token}` });
    byCookie.ws.send('ping');
    expect(await byCookie.next(1)).toBe('pong');
    byCookie.ws.send('hello');
    byCookie.ws.send('ping');
    expect(await byCookie.next(2)).toBe('pong');
    expect(byCookie.received).toEqual(['pong', 'pong']);
    byQuery.ws.close();
    byCookie.ws.close();
    await Promise.all([byQuery.closed, byCookie.closed]);
  });
});

describe('invigilation', () => {
  it('lists who started, is online and handed in; reminds one learner or all online; forces a hand-in once', async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    const c = await t.newLearner();
    const paperOf = async (token: string) => must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, token)).id;
    const [pa, pb, pc] = [await paperOf(a.token), await paperOf(b.token), await paperOf(c.token)];
    const sa = await open(`${examSocketPath(a.userId, examId)}?token=${a.token}`);
    const sb = await open(`${examSocketPath(b.userId, examId)}?token=${b.token}`);
    // c has a paper but no socket; another exam's socket of c does not count for this exam.
    const elsewhere = await open(`${examSocketPath(c.userId, 'other-exam')}?token=${c.token}`);

    let page = await watch();
    const mine = page.records.filter((r) => [pa, pb, pc].includes(r.paperId));
    expect(mine).toHaveLength(3);
    const byPaper = new Map(mine.map((r) => [r.paperId, r]));
    expect(byPaper.get(pa)).toMatchObject({ userId: a.userId, state: 0, state_dictText: '考试中', online: true });
    expect(byPaper.get(pc)).toMatchObject({ userId: c.userId, online: false });
    expect(byPaper.get(pa)!.realName).not.toBe('');
    expect(byPaper.get(pa)!.lastActive).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(page.summary).toMatchObject({ inExam: page.summary.started, handed: 0, online: 2 });
    expect((await watch({ online: true })).records.map((r) => r.paperId).sort()).toEqual([pa, pb].sort());

    // One learner.
    expect(must(await t.call<{ sent: number }>(examWatchApi.remind, { examId, userId: b.userId, message: '请保持坐姿端正' }, admin))).toEqual({ sent: 1 });
    expect(await sb.next(1)).toBe('请保持坐姿端正');
    // Everybody online.
    expect(must(await t.call<{ sent: number }>(examWatchApi.remind, { examId, message: '还剩十分钟' }, admin))).toEqual({ sent: 2 });
    expect(await sa.next(1)).toBe('还剩十分钟');
    expect(await sb.next(2)).toBe('还剩十分钟');
    await new Promise((r) => setTimeout(r, 50));
    expect(sa.received).toEqual(['还剩十分钟']);
    expect(elsewhere.received).toEqual([]);
    expect(await t.call(examWatchApi.remind, { examId, message: '  ' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '提醒内容不能为空！' });

    // Forced hand-in: ten parallel clicks close the paper once; the learner's page is told.
    const results = await Promise.all(Array.from({ length: 10 }, () => t.call<{ done: boolean; state: number }>(examWatchApi.handIn, { id: pa }, admin)));
    expect(results.map((r) => r.code)).toEqual(Array(10).fill(0));
    expect(results.filter((r) => r.data!.done)).toHaveLength(1);
    expect(new Set(results.map((r) => r.data!.state))).toEqual(new Set([2]));
    expect(await sa.next(2)).toBe('监考老师已为你交卷。');
    const after = await t.db.selectFrom('el_paper').select(['state', 'handTime']).where('id', '=', pa).executeTakeFirstOrThrow();
    expect(after.state).toBe(2);
    expect(after.handTime).not.toBeNull();
    expect(await t.call(examWatchApi.handIn, { id: 'no-such-paper' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });

    // Closed sockets go offline; the counts follow.
    sb.ws.close();
    await sb.closed;
    await new Promise((r) => setTimeout(r, 20));
    page = await watch();
    expect(page.records.find((r) => r.paperId === pb)!.online).toBe(false);
    expect(page.summary).toMatchObject({ handed: 1, online: 1 });
    expect((await watch({ state: 2 })).records.map((r) => r.paperId)).toEqual([pa]);
    sa.ws.close();
    elsewhere.ws.close();
  });

  it('refuses the admin calls to learners and to callers without a token', async () => {
    const a = await t.newLearner();
    expect(await t.call(examWatchApi.paging, { params: { examId } }, a.token)).toMatchObject({ code: ErrorCode.NO_PERMISSION });
    expect(await t.call(examWatchApi.remind, { examId, message: 'x' }, a.token)).toMatchObject({ code: ErrorCode.NO_PERMISSION });
    expect(await t.call(examWatchApi.handIn, { id: 'x' })).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
  });
});
