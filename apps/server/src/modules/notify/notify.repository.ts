/** SQL of the notify module (sys_user_msg, sys_notify_tmpl, sys_notify_delivery). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { TMPL_SORT } from '@kaopei/contracts/notify';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { SysNotifyDeliveryTable, SysNotifyTmplTable, SysUserMsgTable } from './notify.tables';

// ---- messages ----

/** A page of the user's live messages, newest first; `readState` filters when given. */
export function pageMsgs(db: Executor, userId: string, page: { current: number; size: number }, readState?: number) {
  let q = db.selectFrom('sys_user_msg').selectAll().where('userId', '=', userId).where('deleted', '=', 0);
  if (readState !== undefined) q = q.where('readState', '=', readState);
  return paginate(q.orderBy('createTime', 'desc').orderBy('id', 'desc'), page);
}

/** The user's live message `id`, or undefined (another user's id reads as missing). */
export function findMsg(db: Executor, userId: string, id: string) {
  return db.selectFrom('sys_user_msg').selectAll().where('id', '=', id).where('userId', '=', userId).where('deleted', '=', 0).executeTakeFirst();
}

/** How many of `ids` are the user's messages (deleted ones included). */
export async function countOwned(db: Executor, userId: string, ids: string[]): Promise<number> {
  const row = await db.selectFrom('sys_user_msg').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).where('userId', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the user's unread live messages among `ids` read (a read one keeps its first read time). */
export function markRead(db: Executor, userId: string, ids: string[], at: number) {
  return db.updateTable('sys_user_msg').set({ readState: 1, readTime: at }).where('id', 'in', ids).where('userId', '=', userId).where('readState', '=', 0).where('deleted', '=', 0).execute();
}

export function softDeleteMsgs(db: Executor, userId: string, ids: string[]) {
  return db.updateTable('sys_user_msg').set({ deleted: 1 }).where('id', 'in', ids).where('userId', '=', userId).execute();
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('sys_user_msg')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('deleted', '=', 0)
    .where('readState', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertMsgs(db: Executor, rows: SysUserMsgTable[]): Promise<void> {
  if (rows.length) await db.insertInto('sys_user_msg').values(rows).execute();
}

/** Messages sent for (event, refId) (tests and callers that show what was sent). */
export function msgsOfRef(db: Executor, event: string, refId: string) {
  return db.selectFrom('sys_user_msg').selectAll().where('event', '=', event).where('refId', '=', refId).orderBy('id').execute();
}

// ---- deliveries ----

/**
 * Inserts deliveries, skipping those whose (event, refId, userId, channel) exists; answers the rows
 * actually inserted (so a concurrent or repeated send creates nothing twice).
 */
export async function insertDeliveries(db: Executor, rows: SysNotifyDeliveryTable[]) {
  if (!rows.length) return [];
  return db
    .insertInto('sys_notify_delivery')
    .values(rows)
    .onConflict((oc) => oc.columns(['event', 'refId', 'userId', 'channel']).doNothing())
    .returning(['id', 'userId', 'msgId', 'target'])
    .execute();
}

export function setDeliveryState(db: Executor, id: string, state: number, error: string, at: number) {
  return db.updateTable('sys_notify_delivery').set({ state, error: error.slice(0, 500), updateTime: at }).where('id', '=', id).execute();
}

export function deliveriesOfRef(db: Executor, event: string, refId: string) {
  return db.selectFrom('sys_notify_delivery').selectAll().where('event', '=', event).where('refId', '=', refId).orderBy('userId').orderBy('channel').execute();
}

// ---- templates ----

type SortColumn = (typeof TMPL_SORT)[number];
const SORTABLE: Record<SortColumn, string> = { title: 'title', createTime: 'createTime', updateTime: 'updateTime' };

export function pageTmpls(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: { title?: string; event?: string }) {
  let q = db.selectFrom('sys_notify_tmpl').selectAll();
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.event) q = q.where('event', '=', f.event);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'updateTime', asc: false }], 'id'), page);
}

export function findTmpl(db: Executor, id: string) {
  return db.selectFrom('sys_notify_tmpl').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The template serving `event`: its built-in one when it still exists, else the oldest. */
export function tmplForEvent(db: Executor, event: string) {
  return db
    .selectFrom('sys_notify_tmpl')
    .selectAll()
    .where('event', '=', event)
    .orderBy((eb) => eb.case().when('builtin', '=', event).then(0).else(1).end())
    .orderBy('createTime')
    .orderBy('id')
    .executeTakeFirst();
}

export function insertTmpl(db: Executor, row: SysNotifyTmplTable) {
  return db.insertInto('sys_notify_tmpl').values(row).execute();
}

export function updateTmpl(db: Executor, id: string, set: Pick<SysNotifyTmplTable, 'title' | 'content' | 'event' | 'sms' | 'smsCode' | 'updateTime'>) {
  return db.updateTable('sys_notify_tmpl').set(set).where('id', '=', id).executeTakeFirst();
}

export function deleteTmpls(db: Executor, ids: string[]) {
  return db.deleteFrom('sys_notify_tmpl').where('id', 'in', ids).execute();
}

export async function countTmpls(db: Executor): Promise<number> {
  const row = await db.selectFrom('sys_notify_tmpl').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Events whose built-in template exists. */
export async function builtinEvents(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('sys_notify_tmpl').select('builtin').where('builtin', '!=', '').execute();
  return new Set(rows.map((r) => r.builtin));
}
