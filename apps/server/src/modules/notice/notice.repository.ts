/** SQL for notices (sys_notice). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { NOTICE_SORT } from '@kaopei/contracts/notice';
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

export function updateNotice(db: Executor, id: string, set: Pick<SysNoticeTable, 'title' | 'content' | 'state' | 'updateTime'>) {
  return db.updateTable('sys_notice').set(set).where('id', '=', id).executeTakeFirst();
}

export function setNoticeState(db: Executor, ids: string[], state: number, at: number) {
  return db.updateTable('sys_notice').set({ state, updateTime: at }).where('id', 'in', ids).execute();
}

export function deleteNotices(db: Executor, ids: string[]) {
  return db.deleteFrom('sys_notice').where('id', 'in', ids).execute();
}
