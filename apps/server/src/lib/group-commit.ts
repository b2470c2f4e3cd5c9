/**
 * Group commit (issue 9 "Scale"; docs/decisions.md "Hot path for 5,000 takers"): small write
 * transactions that arrive within a few milliseconds of each other (fill-answer, hand-in) run in ONE
 * database transaction, so a burst pays one BEGIN/COMMIT (and one fsync) per batch instead of one
 * per request.
 *
 * - `run(work)` resolves only after the batch that ran `work` has committed: an answer the server
 *   acknowledges is on disk (durability is the database's: SQLite synchronous=FULL, PostgreSQL
 *   fsync on commit).
 * - Each piece of work runs inside its own SAVEPOINT: when it throws, only its writes are rolled
 *   back and only its caller gets the error; the others of the batch commit. The savepoint is
 *   released when the next piece opens its own (one round trip on PostgreSQL, `multiStatement`)
 *   or by the COMMIT.
 * - `run(work, { savepoint: false })` runs `work` without a savepoint of its own (one round trip less
 *   on PostgreSQL; for work that seldom fails, such as fill-answer's one statement). When such work
 *   throws, the whole batch's transaction is rolled back: its caller gets its error and every other
 *   piece of the batch runs again, each in its own savepoint, at the head of the next batch (nothing
 *   of the rolled-back batch was acknowledged, and work only writes through `trx`).
 * - When the COMMIT itself fails, every caller of the batch gets that error (nothing of it was kept).
 * - A piece that fails because PostgreSQL undid it for a deadlock or a serialization failure
 *   (isTransientConflict: two batches locking the same rows in opposite orders, e.g. a hand-in sent
 *   twice) runs again at the head of the next batch instead of failing its caller, up to
 *   MAX_TRIES times in all.
 * - A batch starts `delayMs` after its first piece of work arrived, or at once when `maxBatch`
 *   pieces wait; after `yieldAfterMs` of work inside a batch it lets the event loop run
 *   (setImmediate) before the next piece, so a large batch does not freeze other requests.
 * - A batch takes its pieces when it has a connection, not before: while one batch waits for the
 *   pool, work arriving meanwhile joins it (up to `maxBatch`). Under load batches grow by themselves
 *   (one BEGIN/COMMIT for more pieces) while every free connection still runs one.
 * - `delayMs` 0 turns batching off: each piece of work is its own transaction.
 * - Rows that many pieces write to one table and nobody reads back in the batch (the outbox of
 *   platform/events.ts) can be left to the batch: `batchTailOf(trx)?.defer(…)`; the batch writes
 *   them with one statement per kind just before COMMIT; a piece rolled back to its savepoint
 *   takes its deferred rows with it.
 * Work must not call `run` again and wait for it (it would wait for its own batch).
 */
import { CompiledQuery } from 'kysely';
import type { Db, Trx } from '../db';
import { isTransientConflict } from './errors';
import { groupBy } from './group';

/** Runs of one piece of work at most, when PostgreSQL keeps undoing it for a deadlock. */
export const MAX_TRIES = 3;

interface Pending {
  work: (trx: Trx) => Promise<unknown>;
  /** Runs without a savepoint of its own (run's `savepoint: false`). */
  bare: boolean;
  /** Runs so far that a deadlock or serialization failure undid. */
  conflicts: number;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

export interface GroupCommitOptions {
  /** How long the first piece of work waits for others (ms); 0: no batching. */
  delayMs: number;
  /** A batch holds at most this many pieces of work. */
  maxBatch: number;
  /** Work (ms) inside a batch after which the next piece waits for one turn of the event loop. */
  yieldAfterMs?: number;
  /**
   * The database takes several statements in one call without parameters (PostgreSQL's simple
   * query protocol): between two pieces, releasing one savepoint and opening the next go to the
   * server in one round trip. Not for SQLite (better-sqlite3 prepares one statement at a time).
   */
  multiStatement?: boolean;
}

/** The batch's statements, compiled once (no query building per piece of work). */
const SAVEPOINT = CompiledQuery.raw('savepoint gc_item');
const RELEASE = CompiledQuery.raw('release savepoint gc_item');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint gc_item');
const RELEASE_AND_SAVEPOINT = CompiledQuery.raw('release savepoint gc_item; savepoint gc_item');

/** A deferred row with the batch piece that left it and how rows of its kind are written. */
interface Deferred {
  piece: number;
  key: string;
  row: unknown;
  write: (trx: Trx, rows: unknown[]) => Promise<void>;
}

/**
 * The end of one group-commit batch: rows its pieces leave to be written together, just before the
 * batch's COMMIT (in the same transaction, so they commit exactly with the pieces' own writes).
 */
export class BatchTail {
  private readonly rows: Deferred[] = [];
  /** The piece running now (its index in the batch). */
  piece = 0;

  /**
   * Leaves `row` to the batch: at its end every row of the same `key` goes to ONE call of `write`
   * (the first deferring piece's function), in the order deferred. `write` must accept any number
   * of rows (chunk for the drivers' parameter limits).
   */
  defer<R>(key: string, row: R, write: (trx: Trx, rows: R[]) => Promise<void>): void {
    this.rows.push({ piece: this.piece, key, row, write: write as Deferred['write'] });
  }

  /** Forgets the rows of piece `piece` (rolled back to its savepoint). */
  drop(piece: number): void {
    for (let i = this.rows.length - 1; i >= 0; i--) if (this.rows[i]!.piece === piece) this.rows.splice(i, 1);
  }

  /** Writes the deferred rows, one call per key. */
  async flush(trx: Trx): Promise<void> {
    for (const list of groupBy(this.rows, (d) => d.key).values()) await list[0]!.write(trx, list.map((d) => d.row));
    this.rows.length = 0;
  }
}

const tails = new WeakMap<object, BatchTail>();

/** The tail of the group-commit batch whose transaction `trx` is; undefined for any other executor. */
export function batchTailOf(trx: object): BatchTail | undefined {
  return tails.get(trx);
}

export class GroupCommit {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** A batch is waiting for a database connection: it takes all work queued when it gets one. */
  private waiting = false;
  /** Batches committed and pieces of work run (tests, benchmarks). */
  readonly stats = { batches: 0, pieces: 0 };

  constructor(
    private readonly db: Db,
    private readonly opts: GroupCommitOptions,
  ) {}

  /** Runs `work` in a batch transaction; resolves with its result once the batch committed, rejects with its own error (or the commit's). */
  run<T>(work: (trx: Trx) => Promise<T>, opts: { savepoint?: boolean } = {}): Promise<T> {
    if (this.opts.delayMs <= 0) return this.db.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, bare: opts.savepoint === false, conflicts: 0, resolve: resolve as (v: unknown) => void, reject });
      if (this.queue.length >= this.opts.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.opts.delayMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.queue.length || this.waiting) return;
    this.waiting = true;
    /** The pieces this batch took, once it has a connection. */
    let batch: Pending[] | undefined;
    this.db
      .connection()
      .execute(async (conn) => {
        this.waiting = false;
        batch = this.queue.splice(0, this.opts.maxBatch);
        if (this.queue.length) this.flush();
        if (batch.length) await this.commit(conn as Db, batch);
      })
      .catch((error: unknown) => {
        // After the connection was taken (the batch or releasing its connection threw): the batch's
        // pieces not yet settled get the error. Before it: nothing ran; every waiting piece gets it.
        if (batch) return batch.forEach((p) => p.reject(error));
        this.waiting = false;
        for (const p of this.queue.splice(0)) p.reject(error);
      });
  }

  private async commit(db: Db, batch: Pending[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const yieldAfter = this.opts.yieldAfterMs ?? 5;
    /** A piece without savepoint that threw: the batch is rolled back (`run`'s `savepoint: false`). */
    let bareFailure: { piece: Pending; error: unknown } | undefined;
    /** Pieces rolled back to their savepoint for a deadlock: they run again in the next batch. */
    const again: Pending[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        const tail = new BatchTail();
        tails.set(trx, tail);
        let since = performance.now();
        // The savepoint of the previous piece is still open (released with the next one's opening, or by COMMIT).
        let open = false;
        for (const [i, p] of batch.entries()) {
          tail.piece = i;
          if (performance.now() - since >= yieldAfter) {
            await new Promise<void>((r) => setImmediate(r));
            since = performance.now();
          }
          if (p.bare) {
            try {
              outcomes.push({ ok: true, value: await p.work(trx) });
            } catch (error) {
              bareFailure = { piece: p, error };
              throw error; // rolls the whole batch back
            }
            continue;
          }
          if (open && this.opts.multiStatement) await trx.executeQuery(RELEASE_AND_SAVEPOINT);
          else {
            if (open) await trx.executeQuery(RELEASE);
            await trx.executeQuery(SAVEPOINT);
          }
          open = true;
          try {
            outcomes.push({ ok: true, value: await p.work(trx) });
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO);
            tail.drop(i);
            if (this.retries(p, error)) again.push(p);
            outcomes.push({ ok: false, error });
          }
        }
        await tail.flush(trx);
        // COMMIT releases the last savepoint.
      });
    } catch (error) {
      if (bareFailure) {
        const failed = bareFailure.piece;
        const retry = this.retries(failed, bareFailure.error);
        if (!retry) failed.reject(bareFailure.error);
        // The others were not acknowledged: they run again first, each in its own savepoint (and the
        // failed piece too after a deadlock).
        this.queue.unshift(...batch.filter((p) => retry || p !== failed).map((p) => ({ ...p, bare: false })));
        this.flush();
        return;
      }
      for (const p of batch) p.reject(error);
      return;
    }
    this.stats.batches++;
    this.stats.pieces += batch.length;
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) p.resolve(o.value);
      else if (!again.includes(p)) p.reject(o.error);
    });
    if (again.length) {
      this.queue.unshift(...again);
      this.flush();
    }
  }

  /** Whether `p`, undone by `error`, runs again (a deadlock or serialization failure, tries left); counts the try. */
  private retries(p: Pending, error: unknown): boolean {
    if (!isTransientConflict(error) || p.conflicts + 1 >= MAX_TRIES) return false;
    p.conflicts++;
    return true;
  }
}
