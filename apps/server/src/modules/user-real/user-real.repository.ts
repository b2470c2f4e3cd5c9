/** SQL of the real-person records (sys_user_real). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { REAL_SORT } from '@kaopei/contracts/user-real';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { SysUserRealTable } from './user-real.tables';

type SortColumn = (typeof REAL_SORT)[number];
/** Sortable columns of the audit list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { updateTime: 'updateTime', auditTime: 'auditTime' };

/** The record of `userId`, if any (at most one: unique user_id). */
export function findByUser(db: Executor, userId: string) {
  return db.selectFrom('sys_user_real').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('sys_user_real').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertRecord(db: Executor, row: SysUserRealTable) {
  return db.insertInto('sys_user_real').values(row).execute();
}

/** Replaces the submitted fields and the decision of the record of `userId` (a resubmission); answers the row. */
export function replaceByUser(db: Executor, userId: string, set: Omit<SysUserRealTable, 'id' | 'userId' | 'createTime'>) {
  return db.updateTable('sys_user_real').set(set).where('userId', '=', userId).returningAll().executeTakeFirst();
}

/**
 * Decides the record `id` while it is still the submission `updateTime` under review (state 0):
 * a second audit, another administrator's, or one racing a resubmission changes nothing. Answers the row or undefined.
 */
export function decidePending(db: Executor, id: string, updateTime: number, set: { state: number; auditMsg: string; auditBy: string; auditTime: number }) {
  return db
    .updateTable('sys_user_real')
    .set({ ...set, updateTime: Math.max(set.auditTime, updateTime + 1) })
    .where('id', '=', id)
    .where('state', '=', 0)
    .where('updateTime', '=', updateTime)
    .returningAll()
    .executeTakeFirst();
}

/** The users among `userIds` whose record has passed (state 1). */
export async function passedAmong(db: Executor, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('sys_user_real').select('userId').where('userId', 'in', userIds).where('state', '=', 1).execute();
  return new Set(rows.map((r) => r.userId));
}

/** The audit list: filters state and name (real name or account contains); scope on the row's dept_code. */
export function pageRecords(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<SortColumn>[] },
  f: { state?: number; realName?: string },
  scope: string | null,
) {
  let q = deptScope(db.selectFrom('sys_user_real').selectAll(), 'deptCode', scope);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.realName) q = q.where((eb) => eb.or([likeContains('realName', f.realName as string), likeContains('userName', f.realName as string)]));
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'updateTime', asc: false }], 'id'), page);
}
