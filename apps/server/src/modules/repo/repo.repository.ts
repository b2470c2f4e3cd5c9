/** SQL for question banks (el_repo) and their chapters (el_repo_chapter). Every function takes `db | trx`. */
import { sql } from 'kysely';
import type { SortOrder } from '@kaopei/contracts';
import type { REPO_SORT } from '@kaopei/contracts/repo';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElRepoChapterTable, ElRepoTable } from './repo.tables';

type SortColumn = (typeof REPO_SORT)[number];
/** Sortable columns of the bank list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { title: 'title', createTime: 'createTime', updateTime: 'updateTime' };
const NEWEST_FIRST: SortOrder<SortColumn>[] = [{ column: 'updateTime', asc: false }];

/** A page of live banks, filtered by title and excluded ids. */
export function pageRepos(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<SortColumn>[] },
  params: { title?: string; excludes?: string[]; isExam?: number; isTrain?: number },
) {
  let q = db.selectFrom('el_repo').selectAll().where('deleted', '=', 0);
  if (params.title) q = q.where(likeContains('title', params.title));
  if (params.excludes?.length) q = q.where('id', 'not in', params.excludes);
  if (params.isExam !== undefined) q = q.where('isExam', '=', params.isExam as 0 | 1);
  if (params.isTrain !== undefined) q = q.where('isTrain', '=', params.isTrain as 0 | 1);
  return paginate(applyOrders(q, page.orders, SORTABLE, NEWEST_FIRST, 'id'), page);
}

/** Live banks among `ids`, in no particular order. */
export function liveRepos(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_repo').selectAll().where('id', 'in', ids).where('deleted', '=', 0).execute();
}

export function findRepo(db: Executor, id: string) {
  return db.selectFrom('el_repo').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function findRepoByTitle(db: Executor, title: string) {
  return db.selectFrom('el_repo').selectAll().where('title', '=', title).where('deleted', '=', 0).orderBy('createTime').executeTakeFirst();
}

export function titlesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_repo').select(['id', 'title']).where('id', 'in', ids).execute();
}

export function insertRepo(db: Executor, row: ElRepoTable) {
  return db.insertInto('el_repo').values(row).execute();
}

export function updateRepo(db: Executor, id: string, set: Pick<ElRepoTable, 'title' | 'remark' | 'isExam' | 'isTrain' | 'updateTime'>) {
  return db.updateTable('el_repo').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

/** Soft-deletes banks (papers keep showing their questions). */
export async function softDeleteRepos(db: Executor, ids: string[], at: number): Promise<void> {
  await db.updateTable('el_repo').set({ deleted: 1, updateTime: at }).where('id', 'in', ids).execute();
}

export async function countRepos(db: Executor): Promise<number> {
  const row = await db.selectFrom('el_repo').select(sql<number>`count(*)`.as('n')).where('deleted', '=', 0).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Chapters of a bank in their order (sort, then creation), title contains. */
export function chaptersOf(db: Executor, repoIds: string[], title?: string) {
  if (repoIds.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('el_repo_chapter').selectAll().where('repoId', 'in', repoIds);
  if (title) q = q.where(likeContains('title', title));
  return q.orderBy('sort').orderBy('createTime').orderBy('id').execute();
}

export function findChapter(db: Executor, id: string) {
  return db.selectFrom('el_repo_chapter').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findChapters(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_repo_chapter').selectAll().where('id', 'in', ids).execute();
}

/** A chapter of the bank with exactly this title, other than `exceptId`. */
export function findChapterByTitle(db: Executor, repoId: string, title: string, exceptId?: string) {
  let q = db.selectFrom('el_repo_chapter').select('id').where('repoId', '=', repoId).where('title', '=', title);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/** Largest `sort` of the bank's chapters (-1 when none). */
export async function maxChapterSort(db: Executor, repoId: string): Promise<number> {
  const row = await db.selectFrom('el_repo_chapter').select(sql<number | null>`max(sort)`.as('m')).where('repoId', '=', repoId).executeTakeFirst();
  return row?.m === null || row?.m === undefined ? -1 : Number(row.m);
}

/**
 * Inserts a chapter unless the bank already has one with its title (the unique index
 * uk_el_repo_chapter_title decides, so racing inserts never fail); answers the rows inserted (0 or 1).
 */
export async function insertChapterIfAbsent(db: Executor, row: ElRepoChapterTable): Promise<number> {
  const res = await db.insertInto('el_repo_chapter').values(row).onConflict((oc) => oc.columns(['repoId', 'title']).doNothing()).returning('id').execute();
  return res.length;
}

export function insertChapter(db: Executor, row: ElRepoChapterTable) {
  return db.insertInto('el_repo_chapter').values(row).execute();
}

export function updateChapter(db: Executor, id: string, set: Partial<Pick<ElRepoChapterTable, 'title' | 'remark' | 'sort' | 'updateTime'>>) {
  return db.updateTable('el_repo_chapter').set(set).where('id', '=', id).executeTakeFirst();
}

export function deleteChapters(db: Executor, ids: string[]) {
  return db.deleteFrom('el_repo_chapter').where('id', 'in', ids).execute();
}
