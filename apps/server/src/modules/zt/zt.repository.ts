/** SQL of topics (el_zt, el_zt_item). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import { likeContains, paginate } from '../../lib/paging';
import type { ElZtItemTable, ElZtTable } from './zt.tables';

export function findZt(db: Executor, id: string) {
  return db.selectFrom('el_zt').selectAll().where('id', '=', id).executeTakeFirst();
}

export function ztsByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('el_zt').selectAll().where('id', 'in', ids).execute();
}

export function insertZt(db: Executor, row: ElZtTable) {
  return db.insertInto('el_zt').values(row).execute();
}

export function updateZt(db: Executor, id: string, row: Omit<ElZtTable, 'id' | 'createBy' | 'createTime'>) {
  return db.updateTable('el_zt').set(row).where('id', '=', id).executeTakeFirst();
}

/** Replaces the items of a topic. */
export async function replaceItems(db: Executor, ztId: string, items: ElZtItemTable[]): Promise<void> {
  await db.deleteFrom('el_zt_item').where('ztId', '=', ztId).execute();
  if (items.length) await db.insertInto('el_zt_item').values(items).execute();
}

/** Items of a topic in order. */
export function itemsOf(db: Executor, ztId: string) {
  return db.selectFrom('el_zt_item').selectAll().where('ztId', '=', ztId).orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}

/** Item counts of topics (id → count). */
export async function itemCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('el_zt_item').select(['ztId']).select((eb) => eb.fn.countAll<number>().as('n')).where('ztId', 'in', ids).groupBy('ztId').execute();
  return new Map(rows.map((r) => [r.ztId, Number(r.n)]));
}

/**
 * Topics filtered by title (contains) and class; the latest change first. `classId` undefined: every
 * topic (admin list); '' site-wide ones; an id that class's.
 */
export function pageZt(db: Executor, page: { current: number; size: number }, f: { title?: string; classId?: string }) {
  let q = db.selectFrom('el_zt').selectAll();
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.classId !== undefined) q = q.where('classId', '=', f.classId);
  return paginate(q.orderBy('updateTime', 'desc').orderBy('id', 'desc'), page);
}

export async function deleteZts(db: Executor, ids: string[]): Promise<void> {
  await db.deleteFrom('el_zt_item').where('ztId', 'in', ids).execute();
  await db.deleteFrom('el_zt').where('id', 'in', ids).execute();
}
