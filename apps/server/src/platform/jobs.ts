/**
 * Background jobs (ARCHITECTURE §1 "jobs and multi-node"): imports, exports, mass messages and
 * media processing run outside the request, report progress (0–100 and a message) that the web
 * shows as a progress bar, and are retried when they fail for a reason other than a business error.
 *
 * - Without REDIS_URL the jobs live in the table `sys_job`, worked by every server process: a
 *   worker claims the oldest due job with one UPDATE (on PostgreSQL its sub-select uses
 *   `FOR UPDATE SKIP LOCKED`, so two processes never claim the same job), renews its lease while
 *   it reports progress, and a job whose lease ran out (its process died) is queued again.
 * - With REDIS_URL the jobs live in BullMQ (queue `kaopei-jobs`, platform/jobs-bullmq.ts), shared
 *   by every process.
 *
 * A job pinned to a node (`pinTo`: it reads a file only that process's disk holds, e.g. an upload)
 * is claimed only by the process with that NODE_ID (`node_id` column, or a per-node BullMQ queue).
 * A handler that throws AppError fails at once (a business failure is not retried); other errors
 * are retried with exponential backoff (1 s, 2 s, 4 s …) up to `maxAttempts` (default 3).
 *
 * Background work steps aside for requests: while the process is busy (platform/foreground.ts,
 * JOB_YIELD_AT requests in flight) its workers start no job, for at most YIELD_MAX_MS at a time, so
 * a job waits out a burst and is never starved. The jobs table's worker claims nothing meanwhile
 * (a quieter process may take the job); BullMQ's worker holds the job it fetched before running it.
 */
import { JobState } from '@kaopei/contracts/sys-job';
import type { Db } from '../db';
import { AppError } from '../lib/errors';
import { getNodeId, newId } from '../lib/ids';
import { now } from '../lib/time';
import type { Pressure } from './foreground';

/** What a running job can do: report progress, and notice that it should stop. */
export interface JobContext {
  id: string;
  /** Saves progress (0–100) and what the job is doing; renews the job's lease. Throttled. */
  progress(pct: number, message?: string): Promise<void>;
  /** Aborted when the server shuts down. */
  signal: AbortSignal;
}

/** Runs one job: `payload` as queued; the returned value (JSON) becomes the job's `result`. */
export type JobHandler = (payload: unknown, job: JobContext) => Promise<unknown>;

/** A job as stored. */
export interface JobRecord {
  id: string;
  type: string;
  /** JobState: 0 queued, 1 running, 2 done, 3 failed. */
  state: number;
  progress: number;
  message: string;
  result: unknown;
  /** The payload as queued (server side only; never sent to the web). */
  payload: unknown;
  createBy: string;
  createTime: number;
  updateTime: number;
}

export interface EnqueueOptions {
  /** The user who started the job (only they see it). */
  userId: string;
  /** Attempts before the job fails for good (default 3). */
  maxAttempts?: number;
  /** Only the process with this NODE_ID may run it (it reads that process's local files). */
  pinTo?: number;
}

/** One job for enqueueMany. */
export interface NewJob {
  type: string;
  payload: unknown;
  opts: EnqueueOptions;
}

export interface JobQueue {
  /** 'database' or 'bullmq'. */
  readonly kind: 'database' | 'bullmq';
  /** Queues a job of a registered `type`; returns its id. */
  enqueue(type: string, payload: unknown, opts: EnqueueOptions): Promise<string>;
  /**
   * Queues several jobs at once (the event dispatcher's listener jobs): one multi-row INSERT on the
   * jobs table, one BullMQ addBulk. Returns their ids in the order given; all or none are queued (BullMQ: per queue).
   */
  enqueueMany(jobs: readonly NewJob[]): Promise<string[]>;
  /** The job, or null when unknown (or removed after a week). */
  get(id: string): Promise<JobRecord | null>;
  /** True when no job is queued, waiting for a retry or running (tests wait for it: EventOutbox.settle). */
  idle(): Promise<boolean>;
  /** Registers the handler of `type` (before `start`). */
  register(type: string, handler: JobHandler): void;
  /**
   * Starts `concurrency` workers in this process. With `pressure`, a worker starts no job while
   * `pressure.busy()`, for at most YIELD_MAX_MS at a time (then one job runs anyway).
   */
  start(concurrency: number, pressure?: Pressure): void;
  /** Stops taking jobs and waits (up to `timeoutMs`) for running ones. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Lease of a running job: renewed by progress reports; after it a dead worker's job is requeued. */
const LEASE_MS = 60_000;
const POLL_MS = 500;
/** While busy, a worker looks for jobs of dead workers (expired leases) at most this often (ms). */
const REQUEUE_EVERY_MS = 5_000;
const PROGRESS_EVERY_MS = 250;
const MAX_MESSAGE = 500;
/** How often a worker stepping aside for requests looks again (ms). */
export const YIELD_STEP_MS = 100;
/** Longest a worker steps aside at a time (ms): under lasting load, background work slows but goes on. */
export const YIELD_MAX_MS = 5_000;

export const clampPct = (pct: number) => Math.max(0, Math.min(100, Math.round(pct)));
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, MAX_MESSAGE);
const parseJson = (text: string | null): unknown => (text ? (JSON.parse(text) as unknown) : null);

/** A throttled progress reporter around `save`. */
export function progressReporter(save: (pct: number, message: string) => Promise<void>) {
  let last = 0;
  return async (pct: number, message = '') => {
    const at = Date.now();
    if (pct < 100 && at - last < PROGRESS_EVERY_MS) return;
    last = at;
    await save(clampPct(pct), message.slice(0, MAX_MESSAGE));
  };
}

/**
 * Waits while `pressure` is busy (JobQueue.start), looking again every YIELD_STEP_MS, at most
 * YIELD_MAX_MS; `nap(ms)` sleeps, `stopped()` ends the wait early (the queue is stopping).
 */
export async function stepAside(pressure: Pressure | undefined, nap: (ms: number) => Promise<void>, stopped: () => boolean): Promise<void> {
  const since = performance.now();
  while (!stopped() && pressure?.busy() && performance.now() - since < YIELD_MAX_MS) await nap(YIELD_STEP_MS);
}

/** The handlers of the job types, shared by both queues. */
export abstract class JobTypes {
  protected readonly handlers = new Map<string, JobHandler>();

  register(type: string, handler: JobHandler): void {
    if (this.handlers.has(type)) throw new Error(`job type ${type} registered twice`);
    this.handlers.set(type, handler);
  }

  /** Throws unless `type` is registered (enqueueing an unknown type is a programming error). */
  protected assertKnown(type: string): void {
    if (!this.handlers.has(type)) throw new Error(`unknown job type ${type}`);
  }

  /** JobQueue.enqueueMany, as each queue implements it. */
  abstract enqueueMany(jobs: readonly NewJob[]): Promise<string[]>;

  /** JobQueue.enqueue: enqueueMany of one job. */
  async enqueue(type: string, payload: unknown, opts: EnqueueOptions): Promise<string> {
    const [id] = await this.enqueueMany([{ type, payload, opts }]);
    return id!;
  }
}

/** The jobs table queue (no Redis). */
export class DbJobQueue extends JobTypes implements JobQueue {
  readonly kind = 'database' as const;
  private readonly abort = new AbortController();
  private running = new Set<Promise<void>>();
  /** Sleeping workers' timers and how to end each nap (stop ends every one). */
  private timers = new Map<NodeJS.Timeout, () => void>();
  private stopped = true;
  /** Resolvers of the idle workers' naps, woken by an enqueue (each removed when its nap ends). */
  private wake = new Set<() => void>();
  private pressure: Pressure | undefined;

  constructor(
    private readonly db: Db,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {
    super();
  }

  async enqueueMany(jobs: readonly NewJob[]): Promise<string[]> {
    for (const j of jobs) this.assertKnown(j.type);
    const ids = jobs.map(() => newId());
    const at = now();
    const rows = jobs.map(({ type, payload, opts }, i) => ({
      id: ids[i]!, type, payload: JSON.stringify(payload ?? null), state: JobState.QUEUED, progress: 0, message: '', result: '',
      attempts: 0, maxAttempts: opts.maxAttempts ?? 3, nodeId: opts.pinTo ?? -1, runAt: at, lockedUntil: 0,
      createBy: opts.userId, createTime: at, updateTime: at,
    }));
    // 14 values a row: 500 rows stay under both drivers' bound-parameter limits; one transaction for all.
    if (rows.length > 500) {
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += 500) await trx.insertInto('sys_job').values(rows.slice(i, i + 500)).execute();
      });
    } else if (rows.length) await this.db.insertInto('sys_job').values(rows).execute();
    for (const resolve of [...this.wake].slice(0, rows.length)) resolve();
    return rows.map((r) => r.id);
  }

  async get(id: string): Promise<JobRecord | null> {
    const row = await this.db.selectFrom('sys_job').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id, type: row.type, state: row.state, progress: row.progress, message: row.message, result: parseJson(row.result || null),
      payload: parseJson(row.payload || null), createBy: row.createBy, createTime: row.createTime, updateTime: row.updateTime,
    };
  }

  async idle(): Promise<boolean> {
    const busy = await this.db.selectFrom('sys_job').select('id').where('state', 'in', [JobState.QUEUED, JobState.RUNNING]).limit(1).executeTakeFirst();
    return !busy;
  }

  start(concurrency: number, pressure?: Pressure): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.pressure = pressure;
    for (let i = 0; i < concurrency; i++) this.loop();
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopped = true;
    for (const done of [...this.timers.values()]) done();
    const idle = Promise.all([...this.running]);
    const late = setTimeout(() => this.abort.abort(), timeoutMs);
    await idle;
    clearTimeout(late);
  }

  /** One worker: claim, run, repeat; sleep POLL_MS (or until an enqueue) when nothing is due. */
  private loop(): void {
    const step = async (): Promise<void> => {
      // Expired leases are looked for on every idle poll, and every REQUEUE_EVERY_MS while jobs keep coming.
      let lastRequeue = 0;
      let claimed: Awaited<ReturnType<DbJobQueue['claim']>>;
      while (!this.stopped) {
        await this.stepAside();
        if (this.stopped) break;
        try {
          if (!claimed || performance.now() - lastRequeue >= REQUEUE_EVERY_MS) {
            lastRequeue = performance.now();
            await this.requeueExpired();
          }
          claimed = await this.claim();
        } catch (err) {
          if (!this.stopped) console.error(`job queue: ${errorText(err)}`);
          claimed = undefined;
        }
        const job = claimed;
        if (job) {
          // A lost connection can fail even the bookkeeping write after a handler; the job's lease
          // then runs out and requeueExpired queues it again. The worker keeps running either way.
          await this.run(job).catch((err: unknown) => {
            if (!this.stopped) console.error(`job ${job.type} ${job.id}: state not saved: ${errorText(err)}`);
          });
        } else await this.nap(POLL_MS, true);
      }
    };
    const p = step().finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Sleeps `ms` (until stop; with `wakeable`, also until the next enqueue). */
  private nap(ms: number, wakeable: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        this.wake.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.timers.set(timer, done);
      if (wakeable) this.wake.add(done);
    });
  }

  private stepAside(): Promise<void> {
    return stepAside(this.pressure, (ms) => this.nap(ms, false), () => this.stopped);
  }

  /** Takes the oldest due job this process may run, or undefined. */
  private async claim() {
    const at = now();
    const me = getNodeId();
    let due = this.db
      .selectFrom('sys_job')
      .select('id')
      .where('state', '=', JobState.QUEUED)
      .where('runAt', '<=', at)
      .where((eb) => eb.or([eb('nodeId', '=', -1), eb('nodeId', '=', me)]))
      .orderBy('runAt')
      .orderBy('id')
      .limit(1);
    // Two PostgreSQL workers never pick the same row; SQLite runs one write at a time anyway.
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
    return this.db
      .updateTable('sys_job')
      .set((eb) => ({ state: JobState.RUNNING, attempts: eb('attempts', '+', 1), lockedUntil: at + LEASE_MS, updateTime: at }))
      .where('id', '=', due)
      .where('state', '=', JobState.QUEUED)
      .returningAll()
      .executeTakeFirst();
  }

  /** Queues again the running jobs whose lease ran out (their process died); fails them when out of attempts. */
  private async requeueExpired(): Promise<void> {
    const at = now();
    await this.db
      .updateTable('sys_job')
      .set((eb) => ({
        state: eb.case().when('attempts', '>=', eb.ref('maxAttempts')).then(JobState.FAILED).else(JobState.QUEUED).end(),
        message: '任务执行中断，已重新排队',
        updateTime: at,
      }))
      .where('state', '=', JobState.RUNNING)
      .where('lockedUntil', '<', at)
      .execute();
  }

  private async run(job: { id: string; type: string; payload: string; attempts: number; maxAttempts: number }): Promise<void> {
    const handler = this.handlers.get(job.type);
    const save = (set: Record<string, unknown>) =>
      this.db.updateTable('sys_job').set({ ...set, updateTime: now() }).where('id', '=', job.id).where('state', '=', JobState.RUNNING).execute();
    const report = progressReporter(async (progress, message) => {
      await save({ progress, message, lockedUntil: now() + LEASE_MS });
    });
    try {
      if (!handler) throw new AppError({ code: 0, msg: `unknown job type ${job.type}` });
      const result = await handler(parseJson(job.payload), { id: job.id, progress: report, signal: this.abort.signal });
      await save({ state: JobState.DONE, progress: 100, result: JSON.stringify(result ?? null), lockedUntil: 0 });
    } catch (err) {
      const final = err instanceof AppError || job.attempts >= job.maxAttempts;
      if (!(err instanceof AppError)) console.error(`job ${job.type} ${job.id} failed (attempt ${job.attempts}): ${errorText(err)}`);
      await save(
        final
          ? { state: JobState.FAILED, message: errorText(err), lockedUntil: 0 }
          : { state: JobState.QUEUED, message: errorText(err), runAt: now() + 1000 * 2 ** (job.attempts - 1), lockedUntil: 0 },
      );
    }
  }
}
