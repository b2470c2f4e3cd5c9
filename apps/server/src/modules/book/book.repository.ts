/** SQL of the wrong book (el_user_book, el_user_book_log). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { Executor } from '../../db';
import { applyOrders, paginate } from '../../lib/paging';
import type { ElUserBookLogTable, ElUserBookTable } from './book.tables';

type SortColumn = 'wrongCount' | 'updateTime';
/** Sortable columns of the wrong book (request name → column). */
const SORTABLE: Record<SortColumn, string> = { wrongCount: 'wrongCount', updateTime: 'updateTime' };

/** The questions whose answers of (source, refId) were already recorded. */
export async function loggedQuIds(db: Executor, source: number, refId: string): Promise<Set<string>> {
  return new Set((await db.selectFrom('el_user_book_log').select('quId').where('source', '=', source).where('refId', '=', refId).execute()).map((r) => r.quId));
}

export async function insertLogs(db: Executor, rows: ElUserBookLogTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_user_book_log').values(rows.slice(i, i + 200)).execute();
}

export function findEntry(db: Executor, userId: string, examId: string, quId: string) {
  return db.selectFrom('el_user_book').selectAll().where('userId', '=', userId).where('examId', '=', examId).where('quId', '=', quId).executeTakeFirst();
}

/** The learner's entries of `quIds` in the list `examId` (at most one each: the unique key). */
export function entriesOf(db: Executor, userId: string, examId: string, quIds: readonly string[]) {
  return db.selectFrom('el_user_book').selectAll().where('userId', '=', userId).where('examId', '=', examId).where('quId', 'in', quIds).execute();
}

/** New entries, 200 rows a statement (11 values a row: under both drivers' parameter limits). */
export async function insertEntries(db: Executor, rows: ElUserBookTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_user_book').values(rows.slice(i, i + 200)).execute();
}

/** Wrong answers to the entries `ids`: wrongCount + 1, streak back to 0 (one statement; none for no ids). */
export async function addWrong(db: Executor, ids: readonly string[], at: number): Promise<void> {
  if (ids.length) await db.updateTable('el_user_book').set((eb) => ({ wrongCount: eb('wrongCount', '+', 1), rightStreak: 0, updateTime: at })).where('id', 'in', ids).execute();
}

/** Right answers to the entries `ids`: streak + 1 (one statement; none for no ids). */
export async function addRight(db: Executor, ids: readonly string[], at: number): Promise<void> {
  if (ids.length) await db.updateTable('el_user_book').set((eb) => ({ rightStreak: eb('rightStreak', '+', 1), updateTime: at })).where('id', 'in', ids).execute();
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('el_user_book').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of a learner's book, optionally of one exam; most wrong first by default. */
export function pageEntries(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, userId: string, f: { examId?: string }) {
  let q = db.selectFrom('el_user_book').selectAll().where('userId', '=', userId);
  if (f.examId) q = q.where('examId', '=', f.examId);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'wrongCount', asc: false }, { column: 'updateTime', asc: false }], 'id'), page);
}

/** The learner's book of one exam in practice order (oldest first). */
export function entriesOfExam(db: Executor, userId: string, examId: string) {
  return db.selectFrom('el_user_book').selectAll().where('userId', '=', userId).where('examId', '=', examId).orderBy('createTime').orderBy('id').execute();
}

/** The distinct questions of a learner's whole book, most wrong first. */
export async function wrongQuIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('el_user_book').select('quId').select((eb) => eb.fn.sum<number>('wrongCount').as('n')).where('userId', '=', userId).groupBy('quId').orderBy('n', 'desc').orderBy('quId').execute();
  return rows.map((r) => r.quId);
}

/** Every entry of one question in a learner's book (one per list it is in). */
export function entriesOfQu(db: Executor, userId: string, quId: string) {
  return db.selectFrom('el_user_book').selectAll().where('userId', '=', userId).where('quId', '=', quId).execute();
}

/** Ids among `ids` that are the learner's. */
export async function ownIds(db: Executor, userId: string, ids: string[]): Promise<string[]> {
  return (await db.selectFrom('el_user_book').select('id').where('userId', '=', userId).where('id', 'in', ids).execute()).map((r) => r.id);
}

export function deleteEntries(db: Executor, userId: string, ids: string[]) {
  return db.deleteFrom('el_user_book').where('userId', '=', userId).where('id', 'in', ids).execute();
}
