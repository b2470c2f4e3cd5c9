/**
 * Dashboard figures of accounts (module stat, SPEC §3 "Dashboard user trend"): read-only SQL on
 * sys_user for `sysUser.stats` (SysUserStats below). Range queries on create_time (index
 * idx_sys_user_create, migration of module stat 202702010001).
 */
import { sql } from 'kysely';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';
import * as repo from './sys-user.repository';

/** A day's length in ms (Asia/Shanghai has no daylight saving: every day is 24 h). */
const DAY_MS = 86_400_000;

/**
 * Live (not deleted) accounts of the department subtree `scope` (null: all) created in
 * [`from`, `from` + `days` days): `perDay[i]` of day i, and `before`, those created before `from`.
 */
export async function dashUsers(db: Executor, from: number, days: number, scope: string | null): Promise<{ before: number; perDay: number[] }> {
  const to = from + days * DAY_MS;
  const base = deptScope(db.selectFrom('sys_user').where('deleted', '=', 0), 'deptCode', scope);
  const [beforeRow, rows] = await Promise.all([
    base.where('createTime', '<', from).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .where('createTime', '>=', from)
      .where('createTime', '<', to)
      .select([sql<number>`(create_time - ${sql.lit(from)}) / ${sql.lit(DAY_MS)}`.as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(sql`(create_time - ${sql.lit(from)}) / ${sql.lit(DAY_MS)}`)
      .execute(),
  ]);
  const perDay = new Array<number>(days).fill(0);
  for (const r of rows) perDay[Number(r.bucket)] = Number(r.n);
  return { before: Number(beforeRow?.n ?? 0), perDay };
}

/** Ids of the live accounts of the department subtree `prefix` ('' none). */
export async function idsInDept(db: Executor, prefix: string): Promise<string[]> {
  const rows = await deptScope(db.selectFrom('sys_user').select('id').where('deleted', '=', 0), 'deptCode', prefix).execute();
  return rows.map((r) => r.id);
}

/** Live (not deleted) accounts of the department subtree `scope` (null: all), counted in SQL. */
export async function countUsers(db: Executor, scope: string | null): Promise<number> {
  const row = await deptScope(db.selectFrom('sys_user').where('deleted', '=', 0), 'deptCode', scope).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The statistics reads of accounts (modules stat and studyStat), bound to the database: `sysUser.stats`. */
export class SysUserStats {
  constructor(private readonly db: Executor) {}

  /** dashUsers above. */
  dashUsers(from: number, days: number, scope: string | null): Promise<{ before: number; perDay: number[] }> {
    return dashUsers(this.db, from, days, scope);
  }

  /** countUsers above. */
  countUsers(scope: string | null): Promise<number> {
    return countUsers(this.db, scope);
  }

  /** idsInDept above. */
  idsInDept(prefix: string): Promise<string[]> {
    return idsInDept(this.db, prefix);
  }

  /**
   * The learners (live, state 0, learner role) of the departments `deptPrefixes` and those under them
   * (undefined: every learner) with account, name and department: the people of department statistics.
   */
  learnersUnder(deptPrefixes?: readonly string[]): Promise<{ id: string; userName: string; realName: string; deptCode: string }[]> {
    return repo.learnerAccountsUnder(this.db, ROLE_STUDENT_ID, deptPrefixes);
  }
}
