/** SQL of training news (el_class_news). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import { NewsState } from '@kaopei/contracts/class-news';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElClassNewsTable } from './class-news.tables';

type SortColumn = 'publishTime' | 'createTime' | 'viewCount';
/** Sortable columns of the admin list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { publishTime: 'publishTime', createTime: 'createTime', viewCount: 'viewCount' };

export function findNews(db: Executor, id: string) {
  return db.selectFrom('el_class_news').selectAll().where('id', '=', id).executeTakeFirst();
}

export function newsByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('el_class_news').selectAll().where('id', 'in', ids).execute();
}

export function insertNews(db: Executor, row: ElClassNewsTable) {
  return db.insertInto('el_class_news').values(row).execute();
}

export function updateNews(db: Executor, id: string, row: Partial<Omit<ElClassNewsTable, 'id' | 'createBy' | 'createTime' | 'viewCount'>>) {
  return db.updateTable('el_class_news').set(row).where('id', '=', id).executeTakeFirst();
}

/** Admin list, filtered by title (contains), class ('' or absent: all) and state; the newest first. */
export function pageNews(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: { title?: string; classId?: string; state?: number }) {
  let q = db.selectFrom('el_class_news').selectAll();
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.classId) q = q.where('classId', '=', f.classId);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

/** Public list: published articles of one class ('' = site-wide), top first, then the newest publication. */
export function pagePublished(db: Executor, page: { current: number; size: number }, classId: string, f: { title?: string }) {
  let q = db.selectFrom('el_class_news').selectAll().where('state', '=', NewsState.PUBLISHED).where('classId', '=', classId);
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(q.orderBy('isTop', 'desc').orderBy('publishTime', 'desc').orderBy('id', 'desc'), page);
}

/** Publishes (stamping publishTime when never published) or withdraws articles; answers the rows changed. */
export async function setState(db: Executor, ids: string[], state: number, at: number): Promise<void> {
  await db.updateTable('el_class_news').set({ state, updateTime: at }).where('id', 'in', ids).execute();
  if (state === NewsState.PUBLISHED) await db.updateTable('el_class_news').set({ publishTime: at }).where('id', 'in', ids).where('publishTime', 'is', null).execute();
}

/** Adds one view to a published article; false when it is not (or no longer) published. */
export async function addView(db: Executor, id: string): Promise<boolean> {
  const r = await db
    .updateTable('el_class_news')
    .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
    .where('id', '=', id)
    .where('state', '=', NewsState.PUBLISHED)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteNews(db: Executor, ids: string[]): Promise<void> {
  await db.deleteFrom('el_class_news').where('id', 'in', ids).execute();
}
