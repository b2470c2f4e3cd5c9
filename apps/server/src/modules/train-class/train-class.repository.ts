/**
 * SQL of training classes (el_class, el_class_ref, el_class_user, el_class_course). Every function
 * takes `db | trx`. Seats move only through the conditional updates `takeSeat` / `releaseSeat`, so
 * that parallel sign-ups never exceed the capacity (the row lock of the UPDATE serialises them on
 * PostgreSQL; SQLite has one writer).
 */
import type { SortOrder } from '@kaopei/contracts';
import type { CLASS_SORT } from '@kaopei/contracts/train-class';
import { sql } from 'kysely';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { openToLearner, type OpenToLearner } from '../../lib/open-to';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElClassCourseTable, ElClassTable, ElClassUserTable } from './train-class.tables';

const TABLES = { table: 'el_class', refTable: 'el_class_ref', fk: 'classId' };
type SortColumn = (typeof CLASS_SORT)[number];
const SORTABLE: Record<SortColumn, string> = { createTime: 'el_class.createTime', startTime: 'el_class.startTime' };
const changed = (r: { numUpdatedRows: bigint } | undefined) => Number(r?.numUpdatedRows ?? 0) > 0;

// ---------------------------------------------------------------- classes

export function findClass(db: Executor, id: string) {
  return db.selectFrom('el_class').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function liveClasses(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_class').selectAll().where('id', 'in', ids).where('deleted', '=', 0).execute();
}

export function insertClass(db: Executor, row: ElClassTable) {
  return db.insertInto('el_class').values(row).execute();
}

export function updateClass(db: Executor, id: string, set: Partial<Omit<ElClassTable, 'id' | 'seats' | 'deleted' | 'createBy' | 'createTime' | 'deptCode'>>) {
  return db.updateTable('el_class').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function softDelete(db: Executor, ids: readonly string[], at: number) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.updateTable('el_class').set({ deleted: 1, updateTime: at }).where('id', 'in', ids).where('deleted', '=', 0).execute();
}

export function setState(db: Executor, ids: readonly string[], state: number, at: number) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.updateTable('el_class').set({ state, updateTime: at }).where('id', 'in', ids).where('deleted', '=', 0).execute();
}

/** Admin list: filters title, classType, state; data scope on the creator's department. */
export function pageClasses(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: { title?: string; classType?: number; state?: number }, scope: string | null) {
  let q = deptScope(db.selectFrom('el_class').selectAll().where('deleted', '=', 0), 'el_class.deptCode', scope);
  if (f.title) q = q.where(likeContains('el_class.title', f.title));
  if (f.classType !== undefined) q = q.where('classType', '=', f.classType);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'el_class.id'), page);
}

/**
 * Learner lists of enabled classes: 'mine' those the learner holds a seat in (applied or enrolled),
 * 'open' those open to him by open type, 'public' those of open type 1.
 */
export function pageLearner(db: Executor, page: { current: number; size: number }, learner: OpenToLearner, mode: 'mine' | 'open' | 'public', f: { title?: string; classType?: number }) {
  let q = db.selectFrom('el_class').selectAll().where('deleted', '=', 0).where('state', '=', 0);
  if (mode === 'public') q = q.where('openType', '=', 1);
  else if (mode === 'open') q = q.where(openToLearner(TABLES, learner, [1]));
  else q = q.where((eb) => eb.exists(eb.selectFrom('el_class_user as u').select('u.id').whereRef('u.classId', '=', 'el_class.id').where('u.userId', '=', learner.userId).where('u.state', 'in', [0, 1])));
  if (f.title) q = q.where(likeContains('el_class.title', f.title));
  if (f.classType !== undefined) q = q.where('classType', '=', f.classType);
  return paginate(q.orderBy('el_class.startTime', 'desc').orderBy('el_class.id', 'desc'), page);
}

/** Ids among `ids` open to the learner by open type. */
export async function openIdsAmong(db: Executor, ids: readonly string[], learner: OpenToLearner): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('el_class').select('id').where('id', 'in', ids).where(openToLearner(TABLES, learner, [1])).execute();
  return new Set(rows.map((r) => r.id));
}

export async function refIdsOf(db: Executor, classId: string, refType: 'dept' | 'user'): Promise<string[]> {
  return (await db.selectFrom('el_class_ref').select('refId').where('classId', '=', classId).where('refType', '=', refType).execute()).map((r) => r.refId);
}

export async function replaceRefs(db: Executor, classId: string, refType: 'dept' | 'user', rows: { id: string; classId: string; refType: string; refId: string }[]) {
  await db.deleteFrom('el_class_ref').where('classId', '=', classId).where('refType', '=', refType).execute();
  if (rows.length) await db.insertInto('el_class_ref').values(rows).execute();
}

// ---------------------------------------------------------------- seats

/** Takes `n` seats if the capacity allows (0 = unlimited); true when taken. */
export async function takeSeat(db: Executor, classId: string, n = 1): Promise<boolean> {
  const res = await db
    .updateTable('el_class')
    .set({ seats: sql<number>`seats + ${n}` })
    .where('id', '=', classId)
    .where((eb) => eb.or([eb('capacity', '=', 0), eb(sql<number>`seats + ${n}`, '<=', eb.ref('capacity'))]))
    .executeTakeFirst();
  return changed(res);
}

/** Gives back `n` seats. */
export async function releaseSeat(db: Executor, classId: string, n = 1): Promise<void> {
  if (n > 0) await db.updateTable('el_class').set({ seats: sql<number>`seats - ${n}` }).where('id', '=', classId).execute();
}

export function findSeat(db: Executor, classId: string, userId: string) {
  return db.selectFrom('el_class_user').selectAll().where('classId', '=', classId).where('userId', '=', userId).executeTakeFirst();
}

export function seatsOf(db: Executor, userId: string, classIds: readonly string[]) {
  if (classIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_class_user').selectAll().where('userId', '=', userId).where('classId', 'in', classIds).execute();
}

export function insertSeat(db: Executor, row: ElClassUserTable) {
  return db.insertInto('el_class_user').values(row).execute();
}

/** Moves a seat row from one of `from` to `set.state`; true when it moved (the state check decides races). */
export async function moveSeat(db: Executor, id: string, from: readonly number[], set: Partial<Omit<ElClassUserTable, 'id' | 'classId' | 'userId'>>): Promise<boolean> {
  return changed(await db.updateTable('el_class_user').set(set).where('id', '=', id).where('state', 'in', from).executeTakeFirst());
}

export function seatsByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_class_user').selectAll().where('id', 'in', ids).execute();
}

/** Flips the seat to finished (0 → 1); true for the one call that did it. */
export async function finishOnce(db: Executor, classId: string, userId: string, at: number): Promise<boolean> {
  return changed(await db.updateTable('el_class_user').set({ finished: 1, finishTime: at, updateTime: at }).where('classId', '=', classId).where('userId', '=', userId).where('state', '=', 1).where('finished', '=', 0).executeTakeFirst());
}

/** The students list of a class: filters state and applicant (account or real name contains). */
export function pageSeats(db: Executor, page: { current: number; size: number }, f: { classId: string; state?: number; userName?: string }) {
  let q = db.selectFrom('el_class_user').selectAll().where('classId', '=', f.classId);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.userName) q = q.where((eb) => eb.or([likeContains('el_class_user.userName', f.userName as string), likeContains('el_class_user.realName', f.userName as string)]));
  return paginate(q.orderBy('createTime', 'desc').orderBy('id', 'desc'), page);
}

// ---------------------------------------------------------------- courses

export function coursesOf(db: Executor, classIds: readonly string[]): Promise<ElClassCourseTable[]> {
  if (classIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_class_course').selectAll().where('classId', 'in', classIds).orderBy('sort').orderBy('id').execute();
}

export async function replaceCourses(db: Executor, classId: string, rows: ElClassCourseTable[]) {
  await db.deleteFrom('el_class_course').where('classId', '=', classId).execute();
  if (rows.length) await db.insertInto('el_class_course').values(rows).execute();
}

export function pageCourses(db: Executor, page: { current: number; size: number }, classId: string) {
  return paginate(db.selectFrom('el_class_course').selectAll().where('classId', '=', classId).orderBy('sort').orderBy('id'), page);
}

/** Whether `userId` is enrolled in a live, enabled class that links `courseId` (the course grant). */
export async function enrolledWithCourse(db: Executor, userId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('el_class_course as cc')
    .innerJoin('el_class_user as u', 'u.classId', 'cc.classId')
    .innerJoin('el_class as c', 'c.id', 'cc.classId')
    .select('cc.id')
    .where('cc.courseId', '=', courseId)
    .where('u.userId', '=', userId)
    .where('u.state', '=', 1)
    .where('c.deleted', '=', 0)
    .where('c.state', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Classes in which `userId` is enrolled, not finished yet, and which link `courseId`. */
export async function unfinishedClassesWithCourse(db: Executor, userId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('el_class_course as cc')
    .innerJoin('el_class_user as u', 'u.classId', 'cc.classId')
    .select('cc.classId')
    .where('cc.courseId', '=', courseId)
    .where('u.userId', '=', userId)
    .where('u.state', '=', 1)
    .where('u.finished', '=', 0)
    .execute();
  return rows.map((r) => r.classId);
}

/** Enrolled learners of a class (state 1), in sign-up order. */
export function enrolledOf(db: Executor, classId: string) {
  return db.selectFrom('el_class_user').select(['userId', 'userName', 'realName', 'deptCode', 'finished']).where('classId', '=', classId).where('state', '=', 1).orderBy('createTime').orderBy('id').execute();
}

/** Seat rows of a class counted by state, and the finished enrolled ones. */
export async function seatCounts(db: Executor, classId: string): Promise<{ byState: Map<number, number>; finished: number }> {
  const rows = await db
    .selectFrom('el_class_user')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('finished').as('f')])
    .where('classId', '=', classId)
    .groupBy('state')
    .execute();
  const byState = new Map(rows.map((r) => [r.state, Number(r.n)]));
  return { byState, finished: Number(rows.find((r) => r.state === 1)?.f ?? 0) };
}

/** Enrolled learners of a class, paged: filters finished and learner (account or real name contains). */
export function pageEnrolled(db: Executor, page: { current: number; size: number }, f: { classId: string; finished?: boolean; userName?: string }) {
  let q = db.selectFrom('el_class_user').selectAll().where('classId', '=', f.classId).where('state', '=', 1);
  if (f.finished !== undefined) q = q.where('finished', '=', f.finished ? 1 : 0);
  if (f.userName) q = q.where((eb) => eb.or([likeContains('el_class_user.userName', f.userName as string), likeContains('el_class_user.realName', f.userName as string)]));
  return paginate(q.orderBy('createTime').orderBy('id'), page);
}

/**
 * The learner's enrolments (seat state 1) in live, enabled classes, optionally only among
 * `classIds` (an empty list answers none): other modules' class-member checks in bulk.
 */
export async function enrolledIn(db: Executor, userId: string, classIds?: readonly string[]): Promise<{ classId: string; finished: number }[]> {
  if (classIds?.length === 0) return [];
  let q = db
    .selectFrom('el_class_user as u')
    .innerJoin('el_class as c', 'c.id', 'u.classId')
    .select(['u.classId', 'u.finished'])
    .where('u.userId', '=', userId)
    .where('u.state', '=', 1)
    .where('c.deleted', '=', 0)
    .where('c.state', '=', 0);
  if (classIds) q = q.where('u.classId', 'in', classIds);
  return q.execute();
}
