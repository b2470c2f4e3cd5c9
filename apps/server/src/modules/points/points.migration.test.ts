/**
 * The points migrations on an installation that kept balances on sys_user.points (SQLite and
 * PostgreSQL): every positive balance becomes an opening ledger row (refType and refId 'opening',
 * 期初积分, the user's department) and the balance of user_points; users without points get no row;
 * sys_user.points is gone afterwards, and the two migrations go down again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db';
import { discoveredMigrations } from '../../platform/migrations';
import { createPgDatabase, dropPgDatabase } from '../../test/app';

const CREATE = '202612101000_points_create';
const DROP = '202612101010_sys_user_drop_points';
const pgUrl = process.env.TEST_DATABASE_URL;
const pgName = `kaopei_pm_${randomBytes(5).toString('hex')}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-points-mig-'));

afterAll(async () => {
  if (pgUrl) await dropPgDatabase(pgUrl, pgName);
  fs.rmSync(dir, { recursive: true, force: true });
});

type Raw = Kysely<Record<string, Record<string, unknown>>>;

describe('points migrations', () => {
  it('carry sys_user.points over as opening ledger rows, then drop the column; and go down again', async () => {
    const target = pgUrl ? await createPgDatabase(pgUrl, pgName) : path.join(dir, 'kaopei.db');
    const db = createDb({ dialect: pgUrl ? 'postgres' : 'sqlite', target });
    try {
      const migrator = new Migrator({ db, provider: discoveredMigrations, allowUnorderedMigrations: true });
      const names = Object.keys(await discoveredMigrations.getMigrations()).sort();
      const before = names[names.indexOf(CREATE) - 1] as string;
      expect((await migrator.migrateTo(before)).error).toBeUndefined();

      const raw = db.withoutPlugins() as unknown as Raw;
      const user = (id: string, points: number, deptCode: string) => ({ id, user_name: `u${id}`, real_name: '老用户', password: 'x', dept_code: deptCode, state: 0, real_person: 1, points, create_time: 1, update_time: 1 });
      await raw.insertInto('sys_user').values([user('9001', 120, 'A01'), user('9002', 0, 'A01'), user('9003', 7, 'A02')]).execute();

      expect((await migrator.migrateTo(DROP)).error).toBeUndefined();
      const balances = await raw.selectFrom('user_points').select(['user_id', 'balance']).orderBy('user_id').execute();
      expect(balances.map((b) => [b.user_id, Number(b.balance)])).toEqual([['9001', 120], ['9003', 7]]);
      const rows = await raw.selectFrom('user_points_log').select(['user_id', 'points', 'balance', 'ref_type', 'ref_id', 'ref_remark', 'dept_code']).orderBy('user_id').execute();
      expect(rows.map((r) => ({ ...r, points: Number(r.points), balance: Number(r.balance) }))).toEqual([
        { user_id: '9001', points: 120, balance: 120, ref_type: 'opening', ref_id: 'opening', ref_remark: '期初积分', dept_code: 'A01' },
        { user_id: '9003', points: 7, balance: 7, ref_type: 'opening', ref_id: 'opening', ref_remark: '期初积分', dept_code: 'A02' },
      ]);
      await expect(raw.selectFrom('sys_user').select('points').execute()).rejects.toThrow();

      // The ledger refuses a second row of one event and a negative balance by itself too.
      await expect(raw.insertInto('user_points_log').values({ id: 'x1', user_id: '9001', points: 1, balance: 121, ref_type: 'opening', ref_id: 'opening', create_time: 1 }).execute()).rejects.toThrow(/unique|duplicate/i);
      await expect(raw.updateTable('user_points').set({ balance: -1 }).where('user_id', '=', '9003').execute()).rejects.toThrow(/check/i);

      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect((await raw.selectFrom('sys_user').select('points').execute()).map((r) => Number(r.points))).toEqual([0, 0, 0]);
    } finally {
      await db.destroy();
    }
  });
});
