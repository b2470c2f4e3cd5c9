/** SQL of class discussions (el_discuss_thread, el_discuss_reply). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import { likeContains, paginate } from '../../lib/paging';
import type { ElDiscussReplyTable, ElDiscussThreadTable } from './discuss.tables';

export function findThread(db: Executor, id: string) {
  return db.selectFrom('el_discuss_thread').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertThread(db: Executor, row: ElDiscussThreadTable) {
  return db.insertInto('el_discuss_thread').values(row).execute();
}

export function updateThread(db: Executor, id: string, row: { title: string; content: string; updateTime: number }) {
  return db.updateTable('el_discuss_thread').set(row).where('id', '=', id).executeTakeFirst();
}

export async function setPinned(db: Executor, id: string, pinned: number): Promise<void> {
  await db.updateTable('el_discuss_thread').set({ pinned }).where('id', '=', id).execute();
}

/** Threads of a class, title contains; pinned first, then the latest activity first. */
export function pageThreads(db: Executor, page: { current: number; size: number }, classId: string, f: { title?: string }) {
  let q = db.selectFrom('el_discuss_thread').select(['id', 'classId', 'title', 'userId', 'userName', 'realName', 'replyCount', 'lastReplyTime', 'pinned', 'createTime']).where('classId', '=', classId);
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(q.orderBy('pinned', 'desc').orderBy('lastReplyTime', 'desc').orderBy('id', 'desc'), page);
}

/** Deletes threads and their replies. */
export async function deleteThreads(db: Executor, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('el_discuss_reply').where('threadId', 'in', ids).execute();
  await db.deleteFrom('el_discuss_thread').where('id', 'in', ids).execute();
}

export function findReplies(db: Executor, ids: string[]) {
  return db.selectFrom('el_discuss_reply').selectAll().where('id', 'in', ids).execute();
}

export function insertReply(db: Executor, row: ElDiscussReplyTable) {
  return db.insertInto('el_discuss_reply').values(row).execute();
}

/**
 * Counts one reply on its thread in the same statement (`reply_count + 1`, so parallel replies all
 * count) and moves the last reply time forward only (never back). False when the thread is gone.
 */
export async function countReply(db: Executor, threadId: string, at: number): Promise<boolean> {
  const r = await db
    .updateTable('el_discuss_thread')
    .set((eb) => ({ replyCount: eb('replyCount', '+', 1), lastReplyTime: eb.case().when('lastReplyTime', '<', at).then(at).else(eb.ref('lastReplyTime')).end() }))
    .where('id', '=', threadId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Deletes one reply and takes it off its thread's count; the count is lowered only when this call
 * deleted the row (two parallel deletes of the same reply lower it once).
 */
export async function deleteReply(db: Executor, id: string, threadId: string): Promise<void> {
  const r = await db.deleteFrom('el_discuss_reply').where('id', '=', id).executeTakeFirst();
  if (Number(r.numDeletedRows) !== 1) return;
  await db
    .updateTable('el_discuss_thread')
    .set((eb) => ({ replyCount: eb('replyCount', '-', 1) }))
    .where('id', '=', threadId)
    .where('replyCount', '>', 0)
    .execute();
}

/** Replies of a thread, oldest first. */
export function pageReplies(db: Executor, page: { current: number; size: number }, threadId: string) {
  return paginate(db.selectFrom('el_discuss_reply').selectAll().where('threadId', '=', threadId).orderBy('createTime', 'asc').orderBy('id', 'asc'), page);
}
