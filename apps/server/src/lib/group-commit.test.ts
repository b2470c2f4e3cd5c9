/**
 * Group commit (lib/group-commit.ts): pieces of work arriving together share one transaction, a
 * piece that throws loses only its own writes and only its caller sees the error, and a failed
 * COMMIT fails every caller of the batch with nothing kept. The isolation runs on PostgreSQL too
 * (with TEST_DATABASE_URL), where the savepoints go in multi-statement round trips.
 */
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db';
import { HotSqliteDialect } from '../db/sqlite-driver';
import { batchTailOf, GroupCommit, MAX_TRIES } from './group-commit';

async function open() {
  const db = new Kysely<{ p: { id: number; n: number }; c: { id: number; pid: number } }>({ dialect: new HotSqliteDialect(new SQLite(':memory:')) });
  await sql`pragma foreign_keys = on`.execute(db);
  await sql`create table p (id integer primary key, n integer not null)`.execute(db);
  await sql`create table c (id integer primary key, pid integer not null references p(id) deferrable initially deferred)`.execute(db);
  return db;
}

describe('group commit', () => {
  it('runs pieces arriving together in one transaction and answers each its own result', async () => {
    const db = await open();
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => gc.run(async (trx) => (await (trx as unknown as typeof db).insertInto('p').values({ id: i, n: i * 10 }).executeTakeFirst()).numInsertedOrUpdatedRows)),
    );
    expect(results).toEqual(Array(10).fill(1n));
    expect(gc.stats).toEqual({ batches: 1, pieces: 10 });
    expect((await db.selectFrom('p').select('n').orderBy('id').execute()).map((r) => r.n)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    await db.destroy();
  });

  it('isolates a failing piece: its writes are undone and only its caller gets the error', async () => {
    const db = await open();
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64 });
    const t = (trx: unknown) => trx as typeof db;
    const outcomes = await Promise.allSettled([
      gc.run(async (trx) => t(trx).insertInto('p').values({ id: 1, n: 1 }).execute()),
      gc.run(async (trx) => {
        await t(trx).insertInto('p').values({ id: 2, n: 2 }).execute();
        throw new Error('bad answer');
      }),
      gc.run(async (trx) => t(trx).insertInto('p').values({ id: 1, n: 9 }).execute()), // duplicate key
      gc.run(async (trx) => t(trx).insertInto('p').values({ id: 3, n: 3 }).execute()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(((outcomes[1] as PromiseRejectedResult).reason as Error).message).toBe('bad answer');
    expect(gc.stats.batches).toBe(1);
    expect(await db.selectFrom('p').selectAll().orderBy('id').execute()).toEqual([{ id: 1, n: 1 }, { id: 3, n: 3 }]);
    await db.destroy();
  });

  it('fails every caller of a batch whose COMMIT fails, and keeps nothing of it', async () => {
    const db = await open();
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64 });
    const t = (trx: unknown) => trx as typeof db;
    const outcomes = await Promise.allSettled([
      gc.run(async (trx) => t(trx).insertInto('p').values({ id: 1, n: 1 }).execute()),
      // A deferred foreign key is checked at COMMIT: the whole batch fails there.
      gc.run(async (trx) => t(trx).insertInto('c').values({ id: 1, pid: 99 }).execute()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await db.selectFrom('p').selectAll().execute()).toEqual([]);
    expect(gc.stats.batches).toBe(0);
    await db.destroy();
  });

  it('a piece without savepoint that throws rolls the batch back; the others run again and only its caller fails', async () => {
    const db = await open();
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64 });
    const runs = new Map<number, number>();
    const put = (id: number, n: number, savepoint?: boolean) =>
      gc.run(async (trx) => {
        runs.set(id * 10 + n, (runs.get(id * 10 + n) ?? 0) + 1);
        await (trx as unknown as typeof db).insertInto('p').values({ id, n }).execute();
        return id;
      }, { savepoint });
    const outcomes = await Promise.allSettled([put(1, 1, false), put(2, 2), put(1, 9, false) /* duplicate key */, put(3, 3, false)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await db.selectFrom('p').selectAll().orderBy('id').execute()).toEqual([{ id: 1, n: 1 }, { id: 2, n: 2 }, { id: 3, n: 3 }]);
    // The batch ran to the failure and was rolled back; the two before it ran again, the one after once.
    expect(Object.fromEntries(runs)).toEqual({ 11: 2, 22: 2, 19: 1, 33: 1 });
    expect(gc.stats).toEqual({ batches: 1, pieces: 3 });
    await db.destroy();
  });

  it("writes the rows pieces defer in one statement per kind before COMMIT, without those of a piece rolled back or of a rerun batch's first try", async () => {
    const db = await open();
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64 });
    const t = (trx: unknown) => trx as typeof db;
    const writes: number[][] = [];
    const writeC = async (trx: unknown, rows: { id: number; pid: number }[]) => {
      writes.push(rows.map((r) => r.id));
      await t(trx).insertInto('c').values(rows).execute();
    };
    const piece = (id: number, opts: { fail?: boolean; savepoint?: boolean } = {}) =>
      gc.run(async (trx) => {
        await t(trx).insertInto('p').values({ id, n: id }).execute();
        batchTailOf(trx)!.defer('c', { id: id * 100, pid: id }, writeC);
        // Outside the batch nothing is written yet: the deferred row waits for the batch's end.
        expect(await t(trx).selectFrom('c').select('id').where('id', '=', id * 100).execute()).toEqual([]);
        if (opts.fail) throw new Error('bad');
        return id;
      }, { savepoint: opts.savepoint });
    const outcomes = await Promise.allSettled([piece(1), piece(2, { fail: true }), piece(3), piece(4)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(writes).toEqual([[100, 300, 400]]);
    expect((await db.selectFrom('c').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([100, 300, 400]);

    // A bare piece that fails rolls the batch back: the others run again and their rows are written once.
    writes.length = 0;
    const rerun = await Promise.allSettled([piece(5, { savepoint: false }), piece(6, { savepoint: false, fail: true }), piece(7, { savepoint: false })]);
    expect(rerun.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writes).toEqual([[500, 700]]);
    expect((await db.selectFrom('c').select('id').where('id', '>=', 500).orderBy('id').execute()).map((r) => r.id)).toEqual([500, 700]);
    // Outside a batch there is no tail.
    expect(batchTailOf(db)).toBeUndefined();
    await db.destroy();
  });

  it('runs a piece again that PostgreSQL undid for a deadlock (40P01), up to MAX_TRIES, with or without savepoint', async () => {
    const db = await open();
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64 });
    const t = (trx: unknown) => trx as typeof db;
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const tries = new Map<number, number>();
    /** Inserts row `id`, failing with a deadlock the first `fails` runs. */
    const put = (id: number, fails: number, savepoint: boolean) =>
      gc.run(async (trx) => {
        await t(trx).insertInto('p').values({ id, n: id }).execute();
        const n = (tries.get(id) ?? 0) + 1;
        tries.set(id, n);
        if (n <= fails) throw deadlock();
        return n;
      }, { savepoint });
    const outcomes = await Promise.allSettled([put(1, 0, true), put(2, 1, true), put(3, 2, false), put(4, MAX_TRIES, true), put(5, 0, false)]);
    // Piece 1 ran twice: piece 3 (no savepoint) undid its whole first batch, which ran again.
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as { code: string }).code))).toEqual([2, 2, 3, '40P01', 1]);
    expect(tries.get(4)).toBe(MAX_TRIES);
    expect((await db.selectFrom('p').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1, 2, 3, 5]);
    // Any other error still fails its caller at once.
    await expect(gc.run(async () => Promise.reject(Object.assign(new Error('no'), { code: '23505' })))).rejects.toThrow('no');
    await db.destroy();
  });

  it('a batch takes its pieces once it has a connection: work arriving while the only one is busy goes in ONE next batch', async () => {
    const db = await open(); // one SQLite connection: a second batch waits for it
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 1, maxBatch: 64 });
    const t = (trx: unknown) => trx as typeof db;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = gc.run(async (trx) => {
      await t(trx).insertInto('p').values({ id: 0, n: 0 }).execute();
      await held; // the first batch keeps the connection
    });
    await new Promise((r) => setTimeout(r, 20));
    // Ten pieces over ~30 ms, several delayMs apart: taken at flush time they would form several batches.
    const later: Promise<unknown>[] = [];
    for (let i = 1; i <= 10; i++) {
      later.push(gc.run(async (trx) => t(trx).insertInto('p').values({ id: i, n: i }).execute()));
      await new Promise((r) => setTimeout(r, 3));
    }
    let answered = 0;
    for (const p of later) void p.then(() => answered++);
    await new Promise((r) => setTimeout(r, 20));
    expect(answered).toBe(0);
    release();
    await first;
    await Promise.all(later);
    expect(gc.stats).toEqual({ batches: 2, pieces: 11 });
    expect((await db.selectFrom('p').select('id').execute()).length).toBe(11);
    await db.destroy();
  });

  it('with delayMs 0 runs each piece in its own transaction', async () => {
    const db = await open();
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 0, maxBatch: 64 });
    await Promise.all([1, 2].map((id) => gc.run(async (trx) => (trx as unknown as typeof db).insertInto('p').values({ id, n: id }).execute())));
    expect(gc.stats.batches).toBe(0);
    expect((await db.selectFrom('p').select('id').execute()).length).toBe(2);
    await db.destroy();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('group commit on PostgreSQL (multiStatement)', () => {
  it('isolates failing pieces, before, between and after others, and keeps the rest', async () => {
    // One connection: temporary tables are per connection.
    const db = new Kysely<{ p: { id: number; n: number } }>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 }) }) });
    await sql`create temporary table p (id integer primary key, n integer not null)`.execute(db);
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64, multiStatement: true });
    const t = (trx: unknown) => trx as typeof db;
    const fail = (id: number) => gc.run(async (trx) => {
      await t(trx).insertInto('p').values({ id, n: id }).execute();
      throw new Error(`bad ${id}`);
    });
    const ok = (id: number) => gc.run(async (trx) => t(trx).insertInto('p').values({ id, n: id }).execute());
    const outcomes = await Promise.allSettled([fail(1), ok(2), fail(3), fail(4), ok(5), ok(2) /* duplicate key */, ok(6), fail(7)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'rejected', 'fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(gc.stats).toEqual({ batches: 1, pieces: 8 });
    expect((await db.selectFrom('p').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([2, 5, 6]);
    await db.destroy();
  });

  it('a piece without savepoint whose statement fails (the transaction is aborted) costs only its caller', async () => {
    const db = new Kysely<{ p: { id: number; n: number } }>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 }) }) });
    await sql`create temporary table p (id integer primary key, n integer not null)`.execute(db);
    const gc = new GroupCommit(db as unknown as Db, { delayMs: 2, maxBatch: 64, multiStatement: true });
    const put = (id: number, n: number, savepoint?: boolean) => gc.run(async (trx) => (trx as unknown as typeof db).insertInto('p').values({ id, n }).execute(), { savepoint });
    const outcomes = await Promise.allSettled([put(1, 1), put(2, 2, false), put(2, 9, false) /* duplicate key: aborts */, put(3, 3), put(4, 4, false)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await db.selectFrom('p').selectAll().orderBy('id').execute()).toEqual([1, 2, 3, 4].map((id) => ({ id, n: id })));
    await db.destroy();
  });
});
