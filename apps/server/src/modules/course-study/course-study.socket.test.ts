/**
 * Course study against real courses (module course's studyPlan) and the reading socket
 * `/api/socket/read/{userId}/{courseId}/{fileId}` (SPEC §7, §9 heartbeat): authentication (1008 for
 * another user's path), ping → pong, reports answered with progress, a second socket of the same
 * learner stopped while the first studies and accepted once the first closed, the course finished
 * from the socket; fetch-file's urls and saved position; a course not open to the learner refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ErrorCode } from '@kaopei/contracts';
import { courseApi } from '@kaopei/contracts/course';
import { courseStudyApi, readSocketPath, StudyError, type FetchFileRes, type StudySocketMsg } from '@kaopei/contracts/course-study';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;

let base: string;

/**
 * Opens a real socket to the listening app (a real TCP connection, so that closing it reaches the
 * server as it does in production) and collects its messages; `next(n)` waits for the n-th one.
 */
async function open(path: string) {
  const ws = new WebSocket(`${base}${path}`);
  const received: string[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve) => {
    ws.once('open', () => resolve());
    ws.once('close', () => resolve());
  });
  ws.on('message', (d) => received.push(d.toString()));
  const next = async (n: number, ms = 5000) => {
    const until = Date.now() + ms;
    while (received.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    return received[n - 1];
  };
  /** Sends a report and answers the parsed reply. */
  const report = async (body: object) => {
    const n = received.length + 1;
    ws.send(JSON.stringify(body));
    return JSON.parse((await next(n)) ?? 'null') as StudySocketMsg;
  };
  return { ws, received, closed, next, report };
}

async function course(over: Record<string, unknown> = {}) {
  const fileId = await insertCourseFile(t, { fileType: 33, duration: 20, title: '安全操作视频' });
  const id = must(await t.call<{ id: string }>(courseApi.save, { title: uniq('课程'), fileList: [{ fileId, chapter: '第一章', sort: 1 }], ...over }, admin)).id;
  return { id, fileId };
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

describe('the reading socket', () => {
  it("refuses another learner's path; answers ping; credits reports; stops a second socket until the first closes; finishes the course", async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    const c = await course();
    const path = readSocketPath(a.userId, c.id, c.fileId);
    expect(await (await open(`${path}?token=${b.token}`)).closed).toBe(1008);
    expect(await (await open(path)).closed).toBe(1008);

    const one = await open(`${path}?token=${a.token}`);
    one.ws.send('ping');
    expect(await one.next(1)).toBe('pong');
    expect(await one.report({ position: 0, playing: true })).toMatchObject({ type: 'progress', data: { reason: 'baseline', needSec: 20 } });
    advanceClock(10_000);
    expect(await one.report({ position: 10, playing: true })).toMatchObject({ type: 'progress', data: { learnSec: 10, process: 50 } });
    expect(await one.report({ position: 'x' })).toMatchObject({ type: 'error', code: ErrorCode.BAD_PARAMS });

    const two = await open(`${path}?token=${a.token}`);
    expect(await two.report({ position: 10, playing: true })).toEqual({ type: 'stopped', msg: StudyError.STOPPED.msg, code: StudyError.STOPPED.code });
    one.ws.close();
    await one.closed;
    // The closed socket frees the slot (released right after its close).
    let reply: StudySocketMsg = { type: 'stopped', msg: '', code: 0 };
    for (let i = 0; i < 50 && reply.type === 'stopped'; i++) {
      reply = await two.report({ position: 10, playing: true });
      if (reply.type === 'stopped') await new Promise((r) => setTimeout(r, 20));
    }
    expect(reply).toMatchObject({ type: 'progress', data: { reason: 'baseline', learnSec: 10 } });
    advanceClock(10_000);
    expect(await two.report({ position: 20, playing: true })).toMatchObject({ type: 'progress', data: { finished: true, courseFinished: true, event: 'allDone', process: 100 } });
    advanceClock(10_000);
    expect(await two.report({ position: 20, playing: true })).toMatchObject({ type: 'progress', data: { event: null, courseFinished: true } });
    two.ws.close();
    await two.closed;

    const view = must(await t.call<FetchFileRes>(courseStudyApi.fetchFile, { courseId: c.id, fileId: c.fileId }, a.token));
    expect(view).toMatchObject({ fileType: 33, fileUrl: `/upload/${c.fileId}.mp4`, duration: 20, needSec: 20, learnSec: 30, lastPosition: 20, finished: true, courseFinished: true, check: null });
  });
});

describe('socket and HTTP fallback of one tab', () => {
  it('are one stream when the socket names the tab (`?stream=`): the fallback is credited, another tab is stopped', async () => {
    const a = await t.newLearner();
    const c = await course();
    const tabId = 'tab'.padEnd(24, '7');
    const ws = await open(`${readSocketPath(a.userId, c.id, c.fileId)}?token=${a.token}&stream=${tabId}`);
    expect(await ws.report({ position: 0, playing: true })).toMatchObject({ type: 'progress', data: { reason: 'baseline' } });
    advanceClock(10_000);
    const viaHttp = must(await t.call<{ learnSec: number; creditedSec: number }>(courseStudyApi.progress, { courseId: c.id, fileId: c.fileId, streamId: tabId, position: 10, playing: true }, a.token));
    expect(viaHttp.learnSec).toBe(10);
    const other = await t.call(courseStudyApi.progress, { courseId: c.id, fileId: c.fileId, streamId: 'other'.padEnd(24, '1'), position: 10, playing: true }, a.token);
    expect(other.code).toBe(StudyError.STOPPED.code);
    ws.ws.close();
    await ws.closed;
  });
});

describe('real courses', () => {
  it('refuses a course not open to the learner on every study call', async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    const c = await course({ openType: 3, userIds: [a.userId] });
    must(await t.call(courseStudyApi.fetchFile, { courseId: c.id, fileId: c.fileId }, a.token));
    const calls = [
      t.call(courseStudyApi.fetchFile, { courseId: c.id, fileId: c.fileId }, b.token),
      t.call(courseStudyApi.progress, { courseId: c.id, fileId: c.fileId, streamId: 'b'.repeat(20), position: 0, playing: true }, b.token),
      t.call(courseStudyApi.courseFiles, { courseId: c.id }, b.token),
    ];
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ success: false, code: ErrorCode.NOT_FOUND, data: null });
    const ws = await open(`${readSocketPath(b.userId, c.id, c.fileId)}?token=${b.token}`);
    expect(await ws.report({ position: 0, playing: true })).toMatchObject({ type: 'error', code: ErrorCode.NOT_FOUND });
    ws.ws.close();
    await ws.closed;
  });
});
