/** SQL of the stat module (stat_login_day). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';

/** Records the login of `userId` on `day` once (a second call for the same user and day changes nothing). */
export async function recordLoginDay(db: Executor, row: { userId: string; day: string; deptCode: string; loginTime: number }): Promise<void> {
  await db.insertInto('stat_login_day').values(row).onConflict((oc) => oc.columns(['userId', 'day']).doNothing()).execute();
}

/** Distinct users who logged in, per day of `days` (yyyy-MM-dd), in the department subtree `scope` (null all). */
export async function loginsPerDay(db: Executor, days: string[], scope: string | null): Promise<Map<string, number>> {
  const rows = await deptScope(db.selectFrom('stat_login_day'), 'deptCode', scope)
    .where('day', 'in', days)
    .select(['day', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('day')
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}
