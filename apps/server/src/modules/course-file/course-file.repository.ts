/** SQL of the course file library (el_course_file). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { COURSE_FILE_SORT } from '@kaopei/contracts/course-file';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElCourseFileTable } from './course-file.tables';

type SortColumn = (typeof COURSE_FILE_SORT)[number];
const SORTABLE: Record<SortColumn, string> = { title: 'title', fileSize: 'fileSize', duration: 'duration', createTime: 'createTime', updateTime: 'updateTime' };

/** The rows of `ids` that exist, in no particular order. */
export async function findByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('el_course_file').selectAll().where('id', 'in', [...ids]).execute();
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('el_course_file').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Filters of the admin list: ids left out, category codes (a category with its sub-categories), title contains, type. */
export interface PageFilter {
  excludes: readonly string[];
  catIds?: readonly string[];
  title?: string;
  fileType?: number;
}

/** One page of the library within the data scope `scope` (department-code prefix, null = all); newest first by default. */
export function pageFiles(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: PageFilter, scope: string | null) {
  let q = deptScope(db.selectFrom('el_course_file').selectAll(), 'deptCode', scope);
  if (f.excludes.length) q = q.where('id', 'not in', [...f.excludes]);
  if (f.catIds) q = f.catIds.length ? q.where('catId', 'in', [...f.catIds]) : q.where('id', '=', '');
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.fileType !== undefined) q = q.where('fileType', '=', f.fileType);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

export function insertFile(db: Executor, row: ElCourseFileTable) {
  return db.insertInto('el_course_file').values(row).execute();
}

/** Updates `id`; answers the number of rows changed. */
export async function updateFile(db: Executor, id: string, set: Partial<ElCourseFileTable>): Promise<number> {
  const res = await db.updateTable('el_course_file').set(set).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Updates `id` only while its file is still `fileUrl` (a processing job for a replaced file changes
 * nothing); answers the number of rows changed.
 */
export async function updateIfFile(db: Executor, id: string, fileUrl: string, set: Partial<ElCourseFileTable>): Promise<number> {
  const res = await db.updateTable('el_course_file').set(set).where('id', '=', id).where('fileUrl', '=', fileUrl).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function deleteFiles(db: Executor, ids: readonly string[]) {
  return db.deleteFrom('el_course_file').where('id', 'in', [...ids]).execute();
}

/** True when a course file with a ready HLS batch `videoId` exists (the segment route serves only those). */
export async function videoExists(db: Executor, videoId: string): Promise<boolean> {
  return !!(await db.selectFrom('el_course_file').select('id').where('videoId', '=', videoId).executeTakeFirst());
}

/** Number of files in the library (dashboard totals). */
export async function countFiles(db: Executor): Promise<number> {
  const row = await db.selectFrom('el_course_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
