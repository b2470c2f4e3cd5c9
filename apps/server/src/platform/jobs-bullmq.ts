/**
 * The BullMQ job queue (REDIS_URL): the same JobQueue as the jobs table (platform/jobs.ts), shared
 * by every server process through Redis. Loaded only when REDIS_URL is set.
 */
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobState } from '@kaopei/contracts/sys-job';
import { AppError } from '../lib/errors';
import { groupBy } from '../lib/group';
import { getNodeId, newId } from '../lib/ids';
import type { Pressure } from './foreground';
import { errorText, JobTypes, progressReporter, stepAside, type JobQueue, type JobRecord, type NewJob } from './jobs';

const QUEUE = 'kaopei-jobs';
const BULL_STATE: Record<string, number> = { completed: JobState.DONE, failed: JobState.FAILED, active: JobState.RUNNING };
/**
 * BullMQ's id of our job `id`. BullMQ refuses a custom id that reads as an integer ("Custom Id
 * cannot be integers"), and a snowflake id sometimes does (when `${parseInt(id)}` gives it back):
 * the prefix keeps every id a string.
 */
const bullId = (id: string) => `job-${id}`;
const ourId = (job: Job) => String(job.id).replace(/^job-/, '');

/** The BullMQ queue (REDIS_URL). `redis` is the shared command connection; workers open their own. */
export class BullJobQueue extends JobTypes implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly abort = new AbortController();

  /**
   * `redis`: the shared (key-prefixed) command connection for the job → queue index; `connect`
   * opens the unprefixed connections BullMQ needs; `prefix`: BullMQ's key prefix (REDIS_PREFIX).
   */
  constructor(
    private readonly redis: Redis,
    private readonly connect: (name: string) => Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connect(`queue-${name}`), prefix: this.prefix });
      this.queues.set(name, q);
    }
    return q;
  }

  async enqueueMany(jobs: readonly NewJob[]): Promise<string[]> {
    for (const j of jobs) this.assertKnown(j.type);
    const items = jobs.map((j) => ({ ...j, id: newId(), queue: j.opts.pinTo === undefined ? QUEUE : `${QUEUE}-node-${j.opts.pinTo}` }));
    if (!items.length) return [];
    // Remember the queue of each id, so that any process can answer the progress call.
    const index = this.redis.pipeline();
    for (const it of items) index.set(`jobq:${it.id}`, it.queue, 'EX', 8 * 24 * 3600);
    for (const [err] of (await index.exec()) ?? []) if (err) throw err;
    for (const [name, queued] of groupBy(items, (it) => it.queue)) {
      await this.queue(name).addBulk(
        queued.map((it) => ({
          name: it.type,
          data: { payload: it.payload, createBy: it.opts.userId, message: '' },
          opts: {
            jobId: bullId(it.id),
            attempts: it.opts.maxAttempts ?? 3,
            backoff: { type: 'exponential', delay: 1000 },
            removeOnComplete: { age: 7 * 24 * 3600 },
            removeOnFail: { age: 7 * 24 * 3600 },
          },
        })),
      );
    }
    return items.map((it) => it.id);
  }

  async idle(): Promise<boolean> {
    for (const q of this.queues.values()) {
      const counts = await q.getJobCounts('active', 'waiting', 'delayed', 'prioritized', 'waiting-children');
      if (Object.values(counts).some((n) => n > 0)) return false;
    }
    return true;
  }

  async get(id: string): Promise<JobRecord | null> {
    const name = await this.redis.get(`jobq:${id}`);
    if (!name) return null;
    // The state first, then the job: a job that completes in between is read with its result.
    const queue = this.queue(name);
    const bullState = await queue.getJobState(bullId(id));
    const job = await queue.getJob(bullId(id));
    if (!job || bullState === 'unknown') return null;
    const progress = (job.progress ?? {}) as { pct?: number; message?: string };
    const state = BULL_STATE[bullState] ?? JobState.QUEUED;
    return {
      id,
      type: job.name,
      state,
      progress: state === JobState.DONE ? 100 : (progress.pct ?? 0),
      message: state === JobState.FAILED || (state === JobState.QUEUED && job.failedReason) ? (job.failedReason ?? '') : (progress.message ?? ''),
      result: state === JobState.DONE ? (job.returnvalue ?? null) : null,
      payload: (job.data as { payload: unknown }).payload,
      createBy: (job.data as { createBy: string }).createBy,
      createTime: job.timestamp,
      updateTime: job.finishedOn ?? job.processedOn ?? job.timestamp,
    };
  }

  start(concurrency: number, pressure?: Pressure): void {
    if (this.workers.length) return;
    const process = async (job: Job) => {
      // While the process is busy with requests the fetched job waits (JobQueue.start; at most YIELD_MAX_MS).
      await stepAside(pressure, (ms) => new Promise((r) => setTimeout(r, ms)), () => this.abort.signal.aborted);
      const handler = this.handlers.get(job.name);
      if (!handler) throw new UnrecoverableError(`unknown job type ${job.name}`);
      const report = progressReporter((pct, message) => job.updateProgress({ pct, message }));
      try {
        return await handler((job.data as { payload: unknown }).payload, { id: ourId(job), progress: report, signal: this.abort.signal });
      } catch (err) {
        if (err instanceof AppError) throw new UnrecoverableError(err.message);
        throw err;
      }
    };
    for (const name of [QUEUE, `${QUEUE}-node-${getNodeId()}`]) {
      const worker = new Worker(name, process, { connection: this.connect(`worker-${name}`), concurrency, prefix: this.prefix });
      worker.on('error', (err) => console.error(`job worker: ${errorText(err)}`));
      this.workers.push(worker);
    }
  }

  async stop(timeoutMs = 10_000): Promise<void> {
    const late = setTimeout(() => this.abort.abort(), timeoutMs);
    await Promise.all(this.workers.splice(0).map((w) => w.close()));
    clearTimeout(late);
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}
