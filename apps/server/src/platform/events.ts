/**
 * Domain events: how one domain tells others that something happened without calling them (a paper
 * was marked → points, a certificate, a message), so that the emitter names none of its listeners.
 *
 * - Event types and their payloads are declared by the emitting module (declaration merging, like
 *   `Services`):
 *
 *     declare module '../../platform/events' { interface DomainEvents { 'paper.marked': PaperMarkedEvent } }
 *
 * - The emitter records the event in its own transaction: `await ctx.events.emit(trx, 'paper.marked',
 *   payload)` inserts a row into the outbox table `sys_event`, so the event exists exactly when the
 *   change that caused it was committed (a rolled-back hand-in emits nothing; a crash after the commit
 *   loses nothing). In a group-commit batch (lib/group-commit.ts) the row is left to the batch, which
 *   writes all its events in one INSERT just before its COMMIT.
 * - A module listens with `on: { 'paper.marked': (svc) => (e) => svc.onPaperMarked(e) }` in its
 *   `defineModule`. The dispatcher of every process (every 500 ms, and soon after an emit) claims
 *   waiting rows with a lease (PostgreSQL: FOR UPDATE SKIP LOCKED) and queues one background job per
 *   listening module (`event:<type>:<module>`; a claimed batch's jobs in one enqueueMany), so each
 *   listener runs on the job queue with its retries and backoff, independently of the others.
 * - Delivery is at least once: a dispatcher that dies between queueing and marking the row lets
 *   another process queue it again. Listeners must therefore be idempotent — which the domains are
 *   anyway by their unique keys (one points award per (user, refType, refId), one certificate per
 *   (cert, user, ref), one message per (event, ref, user)).
 * Dispatched rows are kept 7 days for inspection, then deleted.
 */
import type { Insertable } from 'kysely';
import type { Db, Executor } from '../db';
import type { SysEventTable } from '../db/schema';
import { batchTailOf } from '../lib/group-commit';
import { newId } from '../lib/ids';
import { now } from '../lib/time';
import type { JobQueue } from './jobs';

/** Event type → payload, filled by the emitting modules' index.ts (declaration merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- extended by emitting modules
export interface DomainEvents {}

export type EventType = keyof DomainEvents;

/** What a service uses to emit. */
export interface Events {
  /**
   * Records `payload` as an event of `type` in the caller's transaction `trx` (or on the database
   * when the caller has none). Listeners run later, on the job queue, at least once each. An event
   * type nobody listens to is not stored.
   */
  emit<T extends EventType>(trx: Executor, type: T, payload: DomainEvents[T]): Promise<void>;
}

/** A module's listeners: event type → handler built from its service (`ModuleDef.on`). */
export type EventListeners<S> = { [T in EventType]?: (svc: S) => (payload: DomainEvents[T]) => Promise<unknown> };

/** The job type that runs `module`'s listener of `type`. */
export const eventJobType = (type: string, module: string) => `event:${type}:${module}`;

const POLL_MS = 500;
const LEASE_MS = 30_000;
const BATCH = 100;
const KEEP_MS = 7 * 24 * 3600_000;
const SWEEP_EVERY_MS = 3600_000;

/** Writes outbox rows, 500 a statement (7 values a row: under both drivers' parameter limits). */
async function insertEvents(db: Executor, rows: Insertable<SysEventTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('sys_event').values(rows.slice(i, i + 500)).execute();
}

/** The outbox and its dispatcher (one per process). */
export class EventOutbox implements Events {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private lastSweep = 0;

  /**
   * @param listeners event type → the names of the modules listening to it (in start order)
   */
  constructor(
    private readonly db: Db,
    private readonly dialect: 'sqlite' | 'postgres',
    private readonly jobs: JobQueue,
    private readonly listeners: ReadonlyMap<string, readonly string[]>,
  ) {}

  async emit<T extends EventType>(trx: Executor, type: T, payload: DomainEvents[T]): Promise<void> {
    if (!this.listeners.get(type)?.length) return;
    const row = { id: newId(), type, payload: JSON.stringify(payload ?? null), state: 0, lockedUntil: 0, createTime: now(), dispatchTime: 0 };
    // In a group-commit batch (hand-in) the batch's events go in one INSERT just before its COMMIT.
    const tail = batchTailOf(trx);
    if (tail) tail.defer('sys_event', row, insertEvents);
    else await insertEvents(trx, [row]);
    // The emitter's transaction commits soon: look again shortly rather than at the next poll.
    if (!this.stopped) setTimeout(() => this.kick(), 20).unref();
  }

  /**
   * Queues the listeners' jobs of every waiting event this process can claim, in batches, and
   * answers the ids of the jobs it queued (tests wait for them).
   */
  async dispatch(): Promise<string[]> {
    const queued: string[] = [];
    // Only the types this process has listeners for (a process of an older version leaves newer types alone).
    const types = [...this.listeners.keys()];
    for (; types.length > 0; ) {
      const at = now();
      let due = this.db
        .selectFrom('sys_event')
        .select('id')
        .where('state', '=', 0)
        .where('type', 'in', types)
        .where('lockedUntil', '<', at)
        .orderBy('createTime')
        .orderBy('id')
        .limit(BATCH);
      if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
      const rows = await this.db
        .updateTable('sys_event')
        .set({ lockedUntil: at + LEASE_MS })
        .where('id', 'in', due)
        .where('state', '=', 0)
        .returning(['id', 'type', 'payload', 'createTime'])
        .execute();
      rows.sort((a, b) => a.createTime - b.createTime || a.id.localeCompare(b.id));
      // The whole batch's listener jobs in one enqueue, then the rows marked dispatched in one UPDATE
      // (a crash in between queues them again: at least once).
      const jobs = rows.flatMap((row) => {
        const payload: unknown = JSON.parse(row.payload);
        return (this.listeners.get(row.type) ?? []).map((module) => ({ type: eventJobType(row.type, module), payload, opts: { userId: '', maxAttempts: 5 } }));
      });
      queued.push(...(await this.jobs.enqueueMany(jobs)));
      if (rows.length) await this.db.updateTable('sys_event').set({ state: 1, dispatchTime: now() }).where('id', 'in', rows.map((r) => r.id)).execute();
      if (rows.length < BATCH) break;
    }
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await this.db.deleteFrom('sys_event').where('state', '=', 1).where('dispatchTime', '<', now() - KEEP_MS).execute();
    }
    return queued;
  }

  /**
   * Tests: dispatches until no event of a listened type waits and the job queue is idle (the
   * listeners' jobs, the events those listeners emitted in turn, and whatever else was queued);
   * rejects after `timeoutMs`.
   */
  async settle(timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    const types = [...this.listeners.keys()];
    for (;;) {
      await this.running;
      await this.dispatch();
      // Idle first: a job that finished has committed the events it emitted, which the second look sees.
      if (await this.jobs.idle()) {
        const waiting = types.length
          ? await this.db.selectFrom('sys_event').select('id').where('state', '=', 0).where('type', 'in', types).limit(1).executeTakeFirst()
          : undefined;
        if (!waiting) return;
      }
      if (Date.now() > until) throw new Error(`events not settled in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Starts dispatching in this process: now, then every 500 ms. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  /** Stops dispatching and waits for a dispatch in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs one dispatch now unless one is running, then schedules the next poll. */
  private kick(): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.running = this.dispatch()
      .then(() => undefined)
      .catch((err: unknown) => {
        if (!this.stopped) console.error(`event dispatcher: ${err instanceof Error ? err.message : String(err)}`);
      })
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.kick(), POLL_MS);
        this.timer.unref();
      });
  }
}

/** Event type → listening module names, from the modules' `on` declarations. */
export function listenersOf(modules: readonly { name: string; on?: object }[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const m of modules) for (const type of Object.keys(m.on ?? {})) map.set(type, [...(map.get(type) ?? []), m.name]);
  return map;
}
