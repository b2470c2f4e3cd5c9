/** SQL of live classes (el_live_session, el_live_attend). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElLiveAttendTable, ElLiveSessionTable } from './live-class.tables';

type SortColumn = 'startTime' | 'createTime';
/** Sortable columns of the admin list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { startTime: 'startTime', createTime: 'createTime' };

export function findSession(db: Executor, id: string) {
  return db.selectFrom('el_live_session').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertSession(db: Executor, row: ElLiveSessionTable) {
  return db.insertInto('el_live_session').values(row).execute();
}

export function updateSession(db: Executor, id: string, row: Omit<ElLiveSessionTable, 'id' | 'createBy' | 'createTime'>) {
  return db.updateTable('el_live_session').set(row).where('id', '=', id).executeTakeFirst();
}

/** Admin list: every session, filtered by title (contains) and class; the latest start first. */
export function pageSessions(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: { title?: string; classId?: string }) {
  let q = db.selectFrom('el_live_session').selectAll();
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.classId) q = q.where('classId', '=', f.classId);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'startTime', asc: false }], 'id'), page);
}

/**
 * Learner list: published sessions (state 0), the latest start first; with `classIds` only those of
 * no class ('') or of one of them (null: every class).
 */
export function pagePublished(db: Executor, page: { current: number; size: number }, f: { title?: string; classId?: string }, classIds: readonly string[] | null) {
  let q = db.selectFrom('el_live_session').selectAll().where('state', '=', 0);
  if (classIds) q = q.where((eb) => (classIds.length ? eb.or([eb('classId', '=', ''), eb('classId', 'in', classIds)]) : eb('classId', '=', '')));
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.classId) q = q.where('classId', '=', f.classId);
  return paginate(q.orderBy('startTime', 'desc').orderBy('id', 'desc'), page);
}

export async function deleteSessions(db: Executor, ids: string[]): Promise<void> {
  await db.deleteFrom('el_live_attend').where('sessionId', 'in', ids).execute();
  await db.deleteFrom('el_live_session').where('id', 'in', ids).execute();
}

export function findAttend(db: Executor, sessionId: string, userId: string) {
  return db.selectFrom('el_live_attend').selectAll().where('sessionId', '=', sessionId).where('userId', '=', userId).executeTakeFirst();
}

/** The caller's attended ms per session of `ids`. */
export async function attendMsOf(db: Executor, userId: string, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('el_live_attend').select(['sessionId', 'attendMs']).where('userId', '=', userId).where('sessionId', 'in', ids).execute();
  return new Map(rows.map((r) => [r.sessionId, Number(r.attendMs)]));
}

export function insertAttend(db: Executor, row: ElLiveAttendTable) {
  return db.insertInto('el_live_attend').values(row).execute();
}

/**
 * Stores a beat if the row is still as it was read (`expect`: stream and last beat), adding
 * `creditMs`; answers false when another beat changed it first (the caller retries).
 */
export async function applyBeat(db: Executor, id: string, expect: { streamId: string; lastBeat: number }, next: { streamId: string; lastBeat: number; creditMs: number; at: number }): Promise<boolean> {
  const r = await db
    .updateTable('el_live_attend')
    .set((eb) => ({ attendMs: eb('attendMs', '+', next.creditMs), streamId: next.streamId, lastBeat: next.lastBeat, lastTime: next.at }))
    .where('id', '=', id)
    .where('streamId', '=', expect.streamId)
    .where('lastBeat', '=', expect.lastBeat)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Attendance of one session, filtered by account or name (contains); the longest first. */
export function pageAttend(db: Executor, page: { current: number; size: number }, sessionId: string, f: { userName?: string }) {
  let q = db.selectFrom('el_live_attend').selectAll().where('sessionId', '=', sessionId);
  if (f.userName) q = q.where((eb) => eb.or([likeContains('userName', f.userName!), likeContains('realName', f.userName!)]));
  return paginate(q.orderBy('attendMs', 'desc').orderBy('id', 'desc'), page);
}

/** Every attendance row of one session (export), the longest first. */
export function allAttend(db: Executor, sessionId: string) {
  return db.selectFrom('el_live_attend').selectAll().where('sessionId', '=', sessionId).orderBy('attendMs', 'desc').orderBy('id', 'desc').execute();
}
