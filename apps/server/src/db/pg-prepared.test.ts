/**
 * PostgreSQL statements reused by text are prepared once per connection (pg-prepared.ts): the naming
 * rule everywhere, and on PostgreSQL (TEST_DATABASE_URL) that a reused statement is in the
 * connection's pg_prepared_statements and still answers right, in and out of transactions.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './index';
import { MAX_COUNTED, MAX_NAMED, REUSED_AFTER, StatementNames } from './pg-prepared';

describe('StatementNames', () => {
  it('names a text once it is reused, and always the same name', () => {
    const names = new StatementNames();
    for (let i = 1; i < REUSED_AFTER; i++) expect(names.nameOf('select $1')).toBeUndefined();
    const name = names.nameOf('select $1');
    expect(name).toBeDefined();
    expect(names.nameOf('select $1')).toBe(name);
    for (let i = 1; i < REUSED_AFTER; i++) names.nameOf('select $2');
    expect(names.nameOf('select $2')).not.toBe(name);
  });

  it('names at most MAX_NAMED texts and forgets the counts of texts not named beyond MAX_COUNTED', () => {
    const names = new StatementNames();
    for (let i = 0; i < MAX_NAMED + 5; i++) for (let k = 0; k < REUSED_AFTER; k++) names.nameOf(`select ${i}`);
    expect(names.size).toBe(MAX_NAMED);
    expect(names.nameOf(`select ${MAX_NAMED + 1}`)).toBeUndefined();
    expect(names.nameOf('select 0')).toBe('k1');

    const fresh = new StatementNames();
    fresh.nameOf('select a');
    for (let i = 0; i < MAX_COUNTED; i++) fresh.nameOf(`select x${i}`);
    // The count of 'select a' was forgotten: one more use is not yet a reuse.
    if (REUSED_AFTER > 1) expect(fresh.nameOf('select a')).toBeUndefined();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL: reused statements prepared by name', () => {
  let db: Db | undefined;
  afterAll(async () => {
    await db?.destroy();
  });

  const prepared = (conn: Db) =>
    conn.executeQuery<{ statement: string }>(CompiledQuery.raw('select statement from pg_prepared_statements')).then((r) => r.rows.map((row) => row.statement));

  it('prepares a reused statement once on its connection and answers each call with its own values', async () => {
    db = createDb({ dialect: 'postgres', target: process.env.TEST_DATABASE_URL!, poolMax: 1 });
    const text = 'select $1::integer + 1 as n /* pg-prepared.test */';
    const answers: number[] = [];
    await db.connection().execute(async (conn) => {
      for (let i = 0; i < REUSED_AFTER + 2; i++) answers.push((await conn.executeQuery<{ n: number }>(CompiledQuery.raw(text, [i]))).rows[0]!.n);
      expect(await prepared(conn as Db)).toContain(text);
      // Without parameters: the simple protocol, never prepared.
      await sql`select 1 /* no parameters */`.execute(conn);
      await sql`select 1 /* no parameters */`.execute(conn);
      expect((await prepared(conn as Db)).some((s) => s.includes('no parameters'))).toBe(false);
    });
    expect(answers).toEqual([1, 2, 3, 4].slice(0, REUSED_AFTER + 2));

    // Reused inside transactions, after one that failed and was rolled back.
    const failing = 'select 1 / $1::integer as n /* pg-prepared.test failing */';
    for (let i = 0; i < REUSED_AFTER + 1; i++) {
      await expect(db.transaction().execute((trx) => trx.executeQuery(CompiledQuery.raw(failing, [0])))).rejects.toThrow(/division by zero/);
    }
    const inTrx = await db.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (const v of [1, 2, 4]) out.push((await trx.executeQuery<{ n: number }>(CompiledQuery.raw(failing, [v]))).rows[0]!.n);
      out.push((await trx.executeQuery<{ n: number }>(CompiledQuery.raw(text, [41]))).rows[0]!.n);
      return out;
    });
    expect(inTrx).toEqual([1, 0, 0, 42]);
  });
});
