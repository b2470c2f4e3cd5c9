/** SQL for notices (sys_notice). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { NOTICE_SORT } from '@kaopei/contracts/notice';
import { sql } from 'kysely';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { SysNoticeTable } from './notice.tables';

type SortColumn = (typeof NOTICE_SORT)[number];
/** Sortable columns of the notice list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { title: 'title', createTime: 'createTime', updateTime: 'updateTime' };

export function pageNotices(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: { title?: string; state?: number }) {
  let q = db.selectFrom('sys_notice').selectAll();
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'updateTime', asc: false }], 'id'), page);
}

export function findNotice(db: Executor, id: string) {
  return db.selectFrom('sys_notice').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertNotice(db: Executor, row: SysNoticeTable) {
  return db.insertInto('sys_notice').values(row).execute();
}

/** When a notice became (or becomes) visible to learners: its publish time, else its creation time. */
const shownAt = sql<number>`coalesce(${sql.ref('publishTime')}, ${sql.ref('createTime')})`;

/**
 * Notices learners may see at `at` (epoch ms): published (state 0) and with no publish time or one
 * that has come. `f.title` filters (contains). Top notices first, then the newest publish time
 * (`shownAt`), then the id, so pages never overlap.
 */
export function pageVisibleNotices(db: Executor, page: { current: number; size: number }, f: { title?: string }, at: number) {
  let q = db
    .selectFrom('sys_notice')
    .select(['id', 'title', 'isTop', shownAt.as('shownAt')])
    .where('state', '=', 0)
    .where((eb) => eb.or([eb('publishTime', 'is', null), eb('publishTime', '<=', at)]));
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(q.orderBy('isTop', 'desc').orderBy(shownAt, 'desc').orderBy('id', 'desc'), page);
}

/** One notice if learners may see it at `at` (same rule as pageVisibleNotices), else undefined. */
export function findVisibleNotice(db: Executor, id: string, at: number) {
  return db
    .selectFrom('sys_notice')
    .select(['id', 'title', 'isTop', 'content', shownAt.as('shownAt')])
    .where('id', '=', id)
    .where('state', '=', 0)
    .where((eb) => eb.or([eb('publishTime', 'is', null), eb('publishTime', '<=', at)]))
    .executeTakeFirst();
}

export function updateNotice(db: Executor, id: string, set: Pick<SysNoticeTable, 'title' | 'content' | 'state' | 'publishTime' | 'isTop' | 'updateTime'>) {
  return db.updateTable('sys_notice').set(set).where('id', '=', id).executeTakeFirst();
}

export function setNoticeState(db: Executor, ids: string[], state: number, at: number) {
  return db.updateTable('sys_notice').set({ state, updateTime: at }).where('id', 'in', ids).execute();
}

export function deleteNotices(db: Executor, ids: string[]) {
  return db.deleteFrom('sys_notice').where('id', 'in', ids).execute();
}
