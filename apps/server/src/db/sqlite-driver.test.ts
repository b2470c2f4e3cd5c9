/**
 * The server's SQLite connection (db/index.ts, sqlite-driver.ts; docs/decisions.md "Hot path for
 * 5,000 takers"): durability read back from the server's own connection, statements prepared once,
 * transactions served in arrival order, and the event loop let run between transactions of a burst.
 */
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawClient, SQLITE_SYNCHRONOUS } from './index';
import { HotSqliteDialect } from './sqlite-driver';
import { testApp, type TestApp } from '../test/app';

describe.skipIf(!!process.env.TEST_DATABASE_URL)('SQLite connection of the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs WAL with synchronous=FULL: an acknowledged commit survives a power cut', () => {
    const raw = rawClient(t.db);
    if (raw.dialect !== 'sqlite') throw new Error('expected SQLite');
    expect(SQLITE_SYNCHRONOUS).toBe('FULL');
    expect(raw.client.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    expect(raw.client.pragma('journal_mode', { simple: true })).toBe('wal');
  });
});

describe('SQLite driver', () => {
  const open = (yieldAfterMs?: number) => {
    const database = new SQLite(':memory:');
    const db = new Kysely<{ t: { id: number; v: number } }>({ dialect: new HotSqliteDialect(database, yieldAfterMs), plugins: [new CamelCasePlugin()] });
    return { database, db };
  };

  it('prepares a statement once and reuses it', async () => {
    const { database, db } = open();
    await sql`create table t (id integer primary key, v integer)`.execute(db);
    const prepare = vi.spyOn(database, 'prepare');
    for (let i = 0; i < 5; i++) await db.insertInto('t').values({ id: i, v: i }).execute();
    for (let i = 0; i < 5; i++) expect(await db.selectFrom('t').select('v').where('id', '=', i).executeTakeFirst()).toEqual({ v: i });
    expect(prepare).toHaveBeenCalledTimes(2);
    await db.destroy();
  });

  it('serves transactions in arrival order and lets the event loop run between them', async () => {
    const { db } = open(0);
    await sql`create table t (id integer primary key, v integer)`.execute(db);
    const order: string[] = [];
    const burst = Array.from({ length: 20 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ id: i, v: i }).execute();
        order.push(`trx${i}`);
        // A request that arrives while the burst runs (its callback is queued now).
        if (i === 0) setImmediate(() => order.push('other request'));
      }),
    );
    await Promise.all(burst);
    expect(order.filter((x) => x.startsWith('trx'))).toEqual(Array.from({ length: 20 }, (_, i) => `trx${i}`));
    // The other request ran right after the transaction during which it arrived, not after the burst.
    expect(order.indexOf('other request')).toBe(1);
    await db.destroy();
  });

  it('lets the event loop run inside a loop of awaited statements (no contention)', async () => {
    const { db } = open(0);
    await sql`create table t (id integer primary key, v integer)`.execute(db);
    const order: string[] = [];
    setImmediate(() => order.push('other request'));
    for (let i = 0; i < 5; i++) {
      await db.insertInto('t').values({ id: i, v: i }).execute();
      order.push(`stmt${i}`);
    }
    expect(order.indexOf('other request')).toBeLessThan(order.indexOf('stmt4'));
    expect(order.indexOf('other request')).toBeGreaterThan(-1);
    await db.destroy();
  });
});
