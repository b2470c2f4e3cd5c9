/**
 * SQL of courses (el_course, soft-deleted), their files (el_course_file_ref), open-to refs
 * (el_course_ref) and ownership rows (el_course_user). Every function takes `db | trx`.
 */
import { sql } from 'kysely';
import type { SortOrder } from '@kaopei/contracts';
import type { COURSE_SORT } from '@kaopei/contracts/course';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { openToLearner, type OpenToLearner } from '../../lib/open-to';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElCourseFileRefTable, ElCourseRefTable, ElCourseTable, ElCourseUserTable } from './course.tables';

type SortColumn = (typeof COURSE_SORT)[number];
const SORTABLE: Record<SortColumn, string> = { title: 'el_course.title', createTime: 'el_course.createTime', updateTime: 'el_course.updateTime' };
const TABLES = { table: 'el_course', refTable: 'el_course_ref', fk: 'courseId' };

/** The admin list: filters, data scope `scope` (a deptCode prefix, null for all). */
export function pageCourses(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<SortColumn>[] },
  f: { title?: string; openType?: number; state?: number; catId?: string; excludes?: string[] },
  scope: string | null,
) {
  let q = deptScope(db.selectFrom('el_course').selectAll().where('deleted', '=', 0), 'el_course.deptCode', scope);
  if (f.title) q = q.where(likeContains('el_course.title', f.title));
  if (f.openType) q = q.where('openType', '=', f.openType);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.catId) q = q.where('catId', '=', f.catId);
  if (f.excludes?.length) q = q.where('id', 'not in', f.excludes);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'updateTime', asc: false }], 'el_course.id'), page);
}

/**
 * The learner's lists of enabled courses: 'mine' = owned (state 1) or open to them and free;
 * 'public' = open type 1.
 */
export function pageLearner(db: Executor, page: { current: number; size: number }, learner: OpenToLearner, mode: 'mine' | 'public', f: { title?: string; catId?: string }) {
  let q = db.selectFrom('el_course').selectAll().where('deleted', '=', 0).where('state', '=', 0);
  if (mode === 'public') q = q.where('openType', '=', 1);
  else {
    q = q.where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('el_course_user as o').select('o.id').whereRef('o.courseId', '=', 'el_course.id').where('o.userId', '=', learner.userId).where('o.state', '=', 1)),
        eb.and([eb('costPoints', '=', 0), eb('salePrice', '=', 0), openToLearner(TABLES, learner, [1])]),
      ]),
    );
  }
  if (f.title) q = q.where(likeContains('el_course.title', f.title));
  if (f.catId) q = q.where('catId', '=', f.catId);
  return paginate(q.orderBy('el_course.updateTime', 'desc').orderBy('el_course.id', 'desc'), page);
}

/** Ids among `ids` of live courses open to the learner (by open type only). */
export async function openIdsAmong(db: Executor, ids: string[], learner: OpenToLearner): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('el_course').select('id').where('id', 'in', ids).where('deleted', '=', 0).where(openToLearner(TABLES, learner, [1])).execute();
  return new Set(rows.map((r) => r.id));
}

export function findCourse(db: Executor, id: string) {
  return db.selectFrom('el_course').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function liveCourses(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_course').selectAll().where('id', 'in', ids).where('deleted', '=', 0).execute();
}

export function insertCourse(db: Executor, row: ElCourseTable) {
  return db.insertInto('el_course').values(row).execute();
}

export function updateCourse(db: Executor, id: string, set: Partial<Omit<ElCourseTable, 'id' | 'deleted' | 'createBy' | 'createTime' | 'deptCode'>>) {
  return db.updateTable('el_course').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function softDelete(db: Executor, ids: string[], at: number) {
  return db.updateTable('el_course').set({ deleted: 1, updateTime: at }).where('id', 'in', ids).where('deleted', '=', 0).execute();
}

export function setState(db: Executor, ids: string[], state: number, at: number) {
  return db.updateTable('el_course').set({ state, updateTime: at }).where('id', 'in', ids).where('deleted', '=', 0).execute();
}

export async function countCourses(db: Executor): Promise<number> {
  const row = await db.selectFrom('el_course').select(sql<number>`count(*)`.as('n')).where('deleted', '=', 0).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Files of the courses, in course order. */
export function filesOf(db: Executor, courseIds: string[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_course_file_ref').selectAll().where('courseId', 'in', courseIds).orderBy('courseId').orderBy('sort').orderBy('id').execute();
}

export async function replaceFiles(db: Executor, courseId: string, rows: ElCourseFileRefTable[]): Promise<void> {
  await db.deleteFrom('el_course_file_ref').where('courseId', '=', courseId).execute();
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_course_file_ref').values(rows.slice(i, i + 200)).execute();
}

/** refIds of one type ('dept' or 'user') of a course. */
export async function refIdsOf(db: Executor, courseId: string, refType: string): Promise<string[]> {
  const rows = await db.selectFrom('el_course_ref').select('refId').where('courseId', '=', courseId).where('refType', '=', refType).orderBy('refId').execute();
  return rows.map((r) => r.refId);
}

export async function replaceRefs(db: Executor, courseId: string, refType: string, rows: ElCourseRefTable[]): Promise<void> {
  await db.deleteFrom('el_course_ref').where('courseId', '=', courseId).where('refType', '=', refType).execute();
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_course_ref').values(rows.slice(i, i + 200)).execute();
}

/** The learner's ownership rows of `courseIds`. */
export function ownRowsOf(db: Executor, userId: string, courseIds: string[]) {
  if (courseIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_course_user').selectAll().where('userId', '=', userId).where('courseId', 'in', courseIds).execute();
}

/** Inserts an ownership row unless the learner has one for the course; answers whether it was inserted. */
export async function insertOwnRow(db: Executor, row: ElCourseUserTable): Promise<boolean> {
  const res = await db.insertInto('el_course_user').values(row).onConflict((oc) => oc.columns(['courseId', 'userId']).doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves rows from state `from` to `to` (conditional: each row changes once); answers how many changed. */
export async function moveOwnRows(db: Executor, ids: string[], from: number, set: Partial<Pick<ElCourseUserTable, 'state' | 'source' | 'points' | 'updateTime'>>): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db.updateTable('el_course_user').set(set).where('id', 'in', ids).where('state', '=', from).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function findOwnRow(db: Executor, courseId: string, userId: string) {
  return db.selectFrom('el_course_user').selectAll().where('courseId', '=', courseId).where('userId', '=', userId).executeTakeFirst();
}

/** Admin list of ownership rows and applications, in the data scope of the learners' departments. */
export function pageOwnRows(db: Executor, page: { current: number; size: number }, f: { courseId?: string; state?: number }, scope: string | null) {
  let q = deptScope(db.selectFrom('el_course_user').selectAll(), 'el_course_user.deptCode', scope);
  if (f.courseId) q = q.where('courseId', '=', f.courseId);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  return paginate(q.orderBy('updateTime', 'desc').orderBy('id', 'desc'), page);
}

/** Titles of live or deleted courses (labels). */
export async function titlesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('el_course').select(['id', 'title']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

export function ownRowsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_course_user').select(['id', 'deptCode']).where('id', 'in', ids).execute();
}
