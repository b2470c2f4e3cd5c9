/**
 * The background job queue, on the database (SQLite or PostgreSQL) and, with TEST_REDIS_URL, on
 * BullMQ: a job runs once and reports progress and its result; a failure is retried with backoff
 * until its attempts are used; a business failure (AppError) is not retried; a job pinned to
 * another node is left to that node; on the database a job whose process died is queued again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommonError } from '@kaopei/contracts';
import { JobState } from '@kaopei/contracts/sys-job';
import { AppError } from '../lib/errors';
import { getNodeId } from '../lib/ids';
import { now } from '../lib/time';
import { testApp, type TestApp } from '../test/app';
import { BUSY_HOLD_MS } from './foreground';
import { YIELD_MAX_MS, type JobRecord } from './jobs';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('TEST_REDIS_URL is unset: the BullMQ job queue tests are skipped (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).');

function suite(kind: 'database' | 'bullmq') {
  let t: TestApp;
  const runs = new Map<string, number>();
  const count = (key: string) => runs.set(key, (runs.get(key) ?? 0) + 1);

  beforeAll(async () => {
    t = await testApp(kind === 'bullmq' ? { REDIS_URL: REDIS_URL as string } : {});
    t.jobs.register('test.echo', async (payload, job) => {
      count(`echo:${(payload as { n: number }).n}`);
      await job.progress(50, '一半了');
      return { doubled: (payload as { n: number }).n * 2 };
    });
    t.jobs.register('test.flaky', async (payload) => {
      const key = `flaky:${(payload as { id: string }).id}`;
      count(key);
      if ((runs.get(key) ?? 0) < 2) throw new Error('database went away');
      return 'ok';
    });
    t.jobs.register('test.refused', async (payload) => {
      count(`refused:${(payload as { id: string }).id}`);
      throw new AppError(CommonError.BAD_PARAMS, '文件中没有试题数据！');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function settled(id: string, timeoutMs = 15_000): Promise<JobRecord> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await t.jobs.get(id);
      if (job && job.state >= JobState.DONE) return job;
      if (Date.now() > deadline) throw new Error(`job ${id} not settled: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it(`is the ${kind} queue`, () => {
    expect(t.jobs.kind).toBe(kind);
  });

  it('runs a job once and keeps its result, owner and progress', async () => {
    const id = await t.jobs.enqueue('test.echo', { n: 21 }, { userId: 'u1' });
    const job = await settled(id);
    expect(job).toMatchObject({ id, type: 'test.echo', state: JobState.DONE, progress: 100, result: { doubled: 42 }, createBy: 'u1', payload: { n: 21 } });
    expect(runs.get('echo:21')).toBe(1);
    expect(await t.jobs.get('1234567890123456789')).toBeNull();
  });

  it('queues several jobs at once (enqueueMany): ids in the order given, each runs once with its own payload and owner', async () => {
    const ns = Array.from({ length: 12 }, (_, i) => 1000 + i);
    const ids = await t.jobs.enqueueMany(ns.map((n, i) => ({ type: 'test.echo', payload: { n }, opts: { userId: `u${i}` } })));
    expect(new Set(ids).size).toBe(ns.length);
    const jobs = await Promise.all(ids.map((id) => settled(id)));
    jobs.forEach((job, i) => expect(job).toMatchObject({ state: JobState.DONE, payload: { n: ns[i] }, result: { doubled: ns[i]! * 2 }, createBy: `u${i}` }));
    for (const n of ns) expect(runs.get(`echo:${n}`)).toBe(1);
    expect(await t.jobs.enqueueMany([])).toEqual([]);
    await expect(t.jobs.enqueueMany([{ type: 'test.echo', payload: { n: 1 }, opts: { userId: 'u1' } }, { type: 'test.nobody', payload: {}, opts: { userId: 'u1' } }])).rejects.toThrow(/unknown job type/);
    expect(runs.get('echo:1')).toBeUndefined();
  });

  it('retries a failing job with backoff, and fails a business error at once', async () => {
    const flaky = await t.jobs.enqueue('test.flaky', { id: kind }, { userId: 'u1', maxAttempts: 3 });
    expect(await settled(flaky)).toMatchObject({ state: JobState.DONE, result: 'ok' });
    expect(runs.get(`flaky:${kind}`)).toBe(2);
    const refused = await t.jobs.enqueue('test.refused', { id: kind }, { userId: 'u1', maxAttempts: 3 });
    expect(await settled(refused)).toMatchObject({ state: JobState.FAILED, message: expect.stringContaining('文件中没有试题数据！') });
    expect(runs.get(`refused:${kind}`)).toBe(1);
  });

  it('takes every id, also one that reads as an integer (BullMQ refuses those as its own job ids)', async () => {
    // The next millisecond whose first id prints back unchanged through parseInt (about 4 % of them).
    const EPOCH = 1288834974657n;
    let ms = BigInt(Date.now()) + 5n;
    const idAt = (at: bigint) => (((at - EPOCH) << 22n) | (BigInt(getNodeId()) << 12n)).toString();
    while (String(parseInt(idAt(ms), 10)) !== idAt(ms)) ms += 1n;
    const spy = vi.spyOn(Date, 'now').mockReturnValueOnce(Number(ms));
    const id = await t.jobs.enqueue('test.echo', { n: 5 }, { userId: 'u1' }).finally(() => spy.mockRestore());
    expect(id).toBe(idAt(ms));
    expect((await settled(id)).result).toEqual({ doubled: 10 });
  });

  it('leaves a job pinned to another node to that node', async () => {
    const other = (getNodeId() + 1) % 1024;
    const id = await t.jobs.enqueue('test.echo', { n: 7 }, { userId: 'u1', pinTo: other });
    await new Promise((r) => setTimeout(r, 1200));
    expect((await t.jobs.get(id))?.state).toBe(JobState.QUEUED);
    expect(runs.get('echo:7')).toBeUndefined();
    const mine = await t.jobs.enqueue('test.echo', { n: 8 }, { userId: 'u1', pinTo: getNodeId() });
    expect((await settled(mine)).result).toEqual({ doubled: 16 });
  });

  it('starts no job while the process is busy with requests, and goes on when they drain or after YIELD_MAX_MS', async () => {
    const busy = () => {
      for (let i = 0; i < 8; i++) t.foreground.enter();
    };
    const drain = () => {
      for (let i = 0; i < 8; i++) t.foreground.leave();
    };
    // Requests pile up (JOB_YIELD_AT = 8): a new job waits for them.
    busy();
    const waiting = await t.jobs.enqueue('test.echo', { n: 501 }, { userId: 'u1' });
    await new Promise((r) => setTimeout(r, 800));
    expect(runs.get('echo:501')).toBeUndefined();
    expect((await t.jobs.get(waiting))?.state).not.toBe(JobState.DONE);
    drain();
    const started = performance.now();
    expect((await settled(waiting)).state).toBe(JobState.DONE);
    // It ran once the requests drained and the hold (BUSY_HOLD_MS) ran out, not at YIELD_MAX_MS.
    expect(performance.now() - started).toBeLessThan(YIELD_MAX_MS - 1000);
    // Lasting load slows background work but never starves it: a job runs after YIELD_MAX_MS at most.
    busy();
    try {
      const starved = await t.jobs.enqueue('test.echo', { n: 502 }, { userId: 'u1' });
      const since = performance.now();
      expect((await settled(starved, YIELD_MAX_MS + 5000)).state).toBe(JobState.DONE);
      expect(performance.now() - since).toBeGreaterThan(BUSY_HOLD_MS);
      expect(t.foreground.busy()).toBe(true);
    } finally {
      drain();
    }
  }, 20_000);

  it('refuses a job type nobody registered', async () => {
    await expect(t.jobs.enqueue('test.nobody', {}, { userId: 'u1' })).rejects.toThrow(/unknown job type/);
  });

  it.skipIf(kind !== 'database')('queues again a running job whose process died (its lease ran out)', async () => {
    const id = await t.jobs.enqueue('test.echo', { n: 99 }, { userId: 'u1', pinTo: (getNodeId() + 2) % 1024 });
    // As if another process had claimed it and died: running, lease in the past, pinned here now.
    await t.db.updateTable('sys_job').set({ state: JobState.RUNNING, attempts: 1, lockedUntil: now() - 1, nodeId: getNodeId() }).where('id', '=', id).execute();
    const job = await settled(id);
    expect(job).toMatchObject({ state: JobState.DONE, result: { doubled: 198 } });
    expect(runs.get('echo:99')).toBe(1);
  });

  it.skipIf(kind !== 'database')('keeps working when the state write after a job fails (the connection was lost)', async () => {
    const rejections: unknown[] = [];
    const onRejection = (err: unknown) => rejections.push(err);
    process.on('unhandledRejection', onRejection);
    let broken = false;
    const real = t.db.updateTable.bind(t.db);
    const spy = vi.spyOn(t.db, 'updateTable').mockImplementation(((table: string) => {
      if (broken && table === 'sys_job') throw new Error('Connection terminated unexpectedly');
      return real(table as 'sys_job');
    }) as typeof t.db.updateTable);
    let finished!: () => void;
    const handlerDone = new Promise<void>((r) => (finished = r));
    t.jobs.register('test.unsaved', async () => {
      broken = true;
      setTimeout(finished, 0);
      return 'done but not saved';
    });
    try {
      await t.jobs.enqueue('test.unsaved', {}, { userId: 'u1' });
      await handlerDone;
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      broken = false;
      spy.mockRestore();
      process.off('unhandledRejection', onRejection);
    }
    expect(rejections).toEqual([]);
    // The workers still take jobs.
    const next = await t.jobs.enqueue('test.echo', { n: 7 }, { userId: 'u1' });
    expect(await settled(next)).toMatchObject({ state: JobState.DONE, result: { doubled: 14 } });
  });
}

describe('job queue on the database', () => suite('database'));
describe.skipIf(!REDIS_URL)('job queue on BullMQ (TEST_REDIS_URL)', () => suite('bullmq'));
