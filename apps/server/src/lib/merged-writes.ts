/**
 * Writes of one kind merged into ONE piece of a group-commit batch (issue 9 "Scale"; docs/decisions.md
 * "fill-answer's writes merged per batch"): every item that arrives while the piece is waiting for
 * its batch joins it, and the piece writes them all with one call of `writeAll` (on PostgreSQL one
 * statement instead of one per item, a round trip and an execution each).
 *
 * - `run(item)` resolves with the item's own result once the batch committed (lib/group-commit.ts:
 *   acknowledged only after COMMIT), rejects with the piece's error (every item of the piece gets it).
 * - A piece takes the items that arrived before it started; later items start the next piece, and
 *   a piece holds at most `maxItems`.
 * - The piece runs without a savepoint (`savepoint: false`): when it throws, group commit rolls the
 *   batch back and runs it again in its own savepoint, with the same items.
 */
import type { Trx } from '../db';
import type { GroupCommit } from './group-commit';

/** Most items one piece writes (one JSON parameter on PostgreSQL). */
export const MAX_MERGED = 256;

interface Piece<I, R> {
  items: I[];
  results: Promise<R[]>;
}

export class MergedWrites<I, R> {
  private open: Piece<I, R> | null = null;

  /** `writeAll(trx, items)` answers one result per item, in order. */
  constructor(
    private readonly writes: Pick<GroupCommit, 'run'>,
    private readonly writeAll: (trx: Trx, items: I[]) => Promise<R[]>,
    private readonly maxItems = MAX_MERGED,
  ) {}

  /** Writes `item` with the next piece of its kind; its result once that piece's batch committed. */
  run(item: I): Promise<R> {
    if (!this.open || this.open.items.length >= this.maxItems) {
      // The piece's work runs later (group commit calls it once the batch has a connection).
      const items: I[] = [];
      const results = this.writes.run((trx) => {
        if (this.open?.items === items) this.open = null; // later items start the next piece
        return this.writeAll(trx, items);
      }, { savepoint: false });
      this.open = { items, results };
    }
    const piece = this.open;
    const at = piece.items.push(item) - 1;
    return piece.results.then((results) => results[at]!);
  }
}
