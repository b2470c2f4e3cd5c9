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
 * - A batch starts `delayMs` after its first piece of work arrived, or at once when `maxBatch`
 *   pieces wait; after `yieldAfterMs` of work inside a batch it lets the event loop run
 *   (setImmediate) before the next piece, so a large batch does not freeze other requests.
 * - `delayMs` 0 turns batching off: each piece of work is its own transaction.
 * Work must not call `run` again and wait for it (it would wait for its own batch).
 */
import { CompiledQuery } from 'kysely';
import type { Db, Trx } from '../db';

interface Pending {
  work: (trx: Trx) => Promise<unknown>;
  /** Runs without a savepoint of its own (run's `savepoint: false`). */
  bare: boolean;
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

export class GroupCommit {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
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
      this.queue.push({ work, bare: opts.savepoint === false, resolve: resolve as (v: unknown) => void, reject });
      if (this.queue.length >= this.opts.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.opts.delayMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue.splice(0, this.opts.maxBatch);
    if (this.queue.length) this.timer = setTimeout(() => this.flush(), this.opts.delayMs);
    if (batch.length) void this.commit(batch);
  }

  private async commit(batch: Pending[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const yieldAfter = this.opts.yieldAfterMs ?? 5;
    /** A piece without savepoint that threw: the batch is rolled back (`run`'s `savepoint: false`). */
    let bareFailure: { piece: Pending; error: unknown } | undefined;
    try {
      await this.db.transaction().execute(async (trx) => {
        let since = performance.now();
        // The savepoint of the previous piece is still open (released with the next one's opening, or by COMMIT).
        let open = false;
        for (const p of batch) {
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
            outcomes.push({ ok: false, error });
          }
        }
        // COMMIT releases the last savepoint.
      });
    } catch (error) {
      if (bareFailure) {
        const failed = bareFailure.piece;
        failed.reject(bareFailure.error);
        // The others were not acknowledged: they run again first, each in its own savepoint.
        this.queue.unshift(...batch.filter((p) => p !== failed).map((p) => ({ ...p, bare: false })));
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
      else p.reject(o.error);
    });
  }
}
