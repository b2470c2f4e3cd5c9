/**
 * MergedWrites (lib/merged-writes.ts): items arriving while their piece waits for its batch are
 * written by one call, each caller gets its own result after the batch committed, later items start
 * the next piece, a piece holds at most maxItems, and a failing piece fails every item of it.
 */
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db, Trx } from '../db';
import { HotSqliteDialect } from '../db/sqlite-driver';
import { GroupCommit } from './group-commit';
import { MergedWrites } from './merged-writes';

type T = Kysely<{ w: { id: number; v: string } }>;

async function open() {
  const db: T = new Kysely({ dialect: new HotSqliteDialect(new SQLite(':memory:')) });
  await sql`create table w (id integer primary key, v text not null)`.execute(db);
  const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64 });
  return { db, gc };
}

describe('MergedWrites', () => {
  it('writes the items that arrive together with one call, answers each its own result after COMMIT, and starts a new piece for later items', async () => {
    const { db, gc } = await open();
    const calls: number[][] = [];
    const merged = new MergedWrites<number, string>(gc, async (trx: Trx, items) => {
      calls.push([...items]);
      await (trx as unknown as T).insertInto('w').values(items.map((id) => ({ id, v: `v${id}` }))).execute();
      return items.map((id) => `stored ${id}`);
    });
    const first = await Promise.all([1, 2, 3].map(async (id) => {
      const r = await merged.run(id);
      // Acknowledged only once the batch committed: the row is there for any reader.
      expect(await db.selectFrom('w').select('v').where('id', '=', id).executeTakeFirst()).toEqual({ v: `v${id}` });
      return r;
    }));
    expect(first).toEqual(['stored 1', 'stored 2', 'stored 3']);
    expect(await merged.run(4)).toBe('stored 4');
    expect(calls).toEqual([[1, 2, 3], [4]]);
    expect(gc.stats).toEqual({ batches: 2, pieces: 2 });
    await db.destroy();
  });

  it('puts at most maxItems in one piece', async () => {
    const { db, gc } = await open();
    const calls: number[][] = [];
    const merged = new MergedWrites<number, number>(gc, async (_trx, items) => (calls.push([...items]), items.map((i) => i * 10)), 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((i) => merged.run(i)))).toEqual([10, 20, 30, 40, 50]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
    await db.destroy();
  });

  it('fails every item of a piece whose write fails, keeps none of its rows, and leaves other pieces alone', async () => {
    const { db, gc } = await open();
    let fail = true;
    const merged = new MergedWrites<number, number>(gc, async (trx, items) => {
      await (trx as unknown as T).insertInto('w').values(items.map((id) => ({ id, v: 'x' }))).execute();
      if (fail) throw new Error('disk full');
      return items;
    });
    const outcomes = await Promise.allSettled([merged.run(1), merged.run(2)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await db.selectFrom('w').selectAll().execute()).toEqual([]);
    fail = false;
    expect(await Promise.all([merged.run(1), merged.run(2)])).toEqual([1, 2]);
    await db.destroy();
  });
});
