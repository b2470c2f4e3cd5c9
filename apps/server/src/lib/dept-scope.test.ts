/**
 * The data-scope filter of admin lists (lib/dept-scope.ts) on the real database (SQLite, and
 * PostgreSQL with TEST_DATABASE_URL): a department-code prefix keeps exactly the subtree, LIKE
 * wildcards in a prefix match only themselves, null keeps everything and '' nothing, and the
 * in-memory check `deptInScope` agrees with the SQL on every row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { testApp, type TestApp } from '../test/app';
import { deptInScope, deptScope, prefixPattern } from './dept-scope';

interface ScopeRow {
  id: string;
  deptCode: string;
}
/** A table of this test only (never a module's), in the test app's own database copy. */
const TABLE = 'test_dept_scope';
type TestDb = Kysely<{ [TABLE]: ScopeRow }>;

const CODES = ['A01', 'A01A01', 'A01A02', 'A01A01A01', 'A01B01', 'A02', 'A02A01', 'B01', '', 'A%1', 'A%1A01', 'AB1', 'A_1', 'A\\1', 'A\\1A01'];

let t: TestApp;
let db: TestDb;

beforeAll(async () => {
  t = await testApp();
  db = t.db as unknown as TestDb;
  await db.schema.createTable(TABLE).addColumn('id', 'varchar(32)', (c) => c.primaryKey()).addColumn('dept_code', 'varchar(64)', (c) => c.notNull()).execute();
  await db.insertInto(TABLE).values(CODES.map((deptCode, i) => ({ id: `r${i}`, deptCode }))).execute();
});
afterAll(async () => {
  await t.close();
});

/** Codes of the rows the scope `prefix` keeps, sorted. */
async function scoped(prefix: string | null, column = 'deptCode'): Promise<string[]> {
  const rows = await deptScope(db.selectFrom(TABLE).select(['id', 'deptCode']), column, prefix).execute();
  return rows.map((r) => r.deptCode).sort();
}

describe('deptScope', () => {
  it('keeps the department and its sub-departments, nothing beside them', async () => {
    expect(await scoped('A01')).toEqual(['A01', 'A01A01', 'A01A01A01', 'A01A02', 'A01B01']);
    expect(await scoped('A01A01')).toEqual(['A01A01', 'A01A01A01']);
    expect(await scoped('A02')).toEqual(['A02', 'A02A01']);
    expect(await scoped('A01A01A01')).toEqual(['A01A01A01']);
    expect(await scoped('C01')).toEqual([]);
  });

  it('leaves the query alone for null and keeps nothing for an empty prefix', async () => {
    expect(await scoped(null)).toEqual([...CODES].sort());
    expect(await scoped('')).toEqual([]);
  });

  it('matches % _ and \\ in a prefix only as themselves', async () => {
    expect(prefixPattern('A%_\\1')).toBe('A\\%\\_\\\\1%');
    expect(await scoped('A%')).toEqual(['A%1', 'A%1A01']);
    expect(await scoped('A_')).toEqual(['A_1']);
    expect(await scoped('A\\')).toEqual(['A\\1', 'A\\1A01']);
    expect(await scoped('A\\1')).toEqual(['A\\1', 'A\\1A01']);
  });

  it('takes a qualified camel-case column, and composes with other conditions and counts', async () => {
    const q = db.selectFrom(`${TABLE} as s`).select((eb) => eb.fn.countAll<number>().as('n')).where('s.id', '!=', 'r0');
    const row = await deptScope(q, 's.deptCode', 'A01').executeTakeFirst();
    expect(Number(row?.n)).toBe(4);
  });

  it('agrees with deptInScope on every row and prefix', async () => {
    for (const prefix of [null, '', 'A01', 'A01A01', 'A0', 'A', 'A%', 'A_', 'A\\', 'B01', 'Z99']) {
      const expected = CODES.filter((c) => deptInScope(c, prefix)).sort();
      expect(await scoped(prefix), String(prefix)).toEqual(expected);
    }
    expect(deptInScope('A01A01', 'A01')).toBe(true);
    expect(deptInScope('A01', 'A01A01')).toBe(false);
    expect(deptInScope('A02', 'A01')).toBe(false);
    expect(deptInScope('A02', null)).toBe(true);
    expect(deptInScope('A01', '')).toBe(false);
  });
});
