/**
 * Live invigilation across API nodes (issue 9): two apps sharing one Redis (REDIS_URL, one
 * REDIS_PREFIX), each with its own connections, bus subscription and sockets. A learner's socket is
 * open on node B; the invigilator's calls go to node A: A sees the learner online (the presence hash
 * in Redis) and A's reminder reaches the socket on B through Redis pub/sub. Runs when TEST_REDIS_URL
 * is set (e.g. redis://127.0.0.1:6379); skipped otherwise.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { examSocketPath, examWatchApi } from '@kaopei/contracts/exam-watch';
import { testApp, type TestApp } from '../../test/app';
import { must } from '../../test/builders';

const REDIS = process.env.TEST_REDIS_URL;
if (!REDIS) console.info('TEST_REDIS_URL is unset: the two-node exam reminder test is skipped.');

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  if (!REDIS) return;
  const env = { REDIS_URL: REDIS, REDIS_PREFIX: `ktw${randomBytes(5).toString('hex')}` };
  [a, b] = await Promise.all([testApp(env), testApp(env)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe.skipIf(!REDIS)('two nodes on one Redis', () => {
  it('delivers a reminder sent on node A to a learner connected to node B, and A sees the learner online', async () => {
    const admin = await a.login();
    const learner = await b.newLearner();
    const examId = `exam${randomBytes(4).toString('hex')}`;
    const ws: WebSocket = await b.app.injectWS(`${examSocketPath(learner.userId, examId)}?token=${learner.token}`);
    const received: string[] = [];
    ws.on('message', (d) => received.push(d.toString()));
    ws.send('ping');
    const until = (n: number) => expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThanOrEqual(n);
    await until(1);
    expect(received[0]).toBe('pong');

    await expect.poll(async () => (await a.services.examWatch.online(examId)).has(learner.userId), { timeout: 5000 }).toBe(true);
    expect(must(await a.call<{ sent: number }>(examWatchApi.remind, { examId, userId: learner.userId, message: '请勿左顾右盼' }, admin))).toEqual({ sent: 1 });
    await until(2);
    expect(received[1]).toBe('请勿左顾右盼');
    ws.close();
  });
});
