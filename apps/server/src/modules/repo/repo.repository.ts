/** SQL for question banks (el_repo). Counts consider live (not deleted) questions only. */
import { sql } from 'kysely';
import type { Executor } from '../../db';
import type { ElRepoTable } from '../../db/schema';
import { likeContains, paginate } from '../../lib/paging';

/** A page of live banks, filtered by title and excluded ids (counts: `typeCounts`). */
export function pageRepos(db: Executor, page: { current: number; size: number }, params: { title?: string; excludes?: string[] }) {
  let q = db.selectFrom('el_repo').selectAll().where('deleted', '=', 0).orderBy('updateTime', 'desc').orderBy('id', 'desc');
  if (params.title) q = q.where(likeContains('title', params.title));
  if (params.excludes?.length) q = q.where('id', 'not in', params.excludes);
  return paginate(q, page);
}

/**
 * `[{repoId, quType, count}]` of live top-level questions in the given banks: exactly the pools
 * exam rules draw from (sub-questions of combined questions are not drawn on their own).
 */
export function typeCounts(db: Executor, repoIds: string[]) {
  if (repoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('el_qu')
    .select(['repoId', 'quType', (eb) => eb.fn.countAll<number>().as('count')])
    .where('repoId', 'in', repoIds)
    .where('deleted', '=', 0)
    .where('parentId', '=', '')
    .groupBy(['repoId', 'quType'])
    .execute();
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

export function updateRepo(db: Executor, id: string, set: { title: string; remark: string; updateTime: number }) {
  return db.updateTable('el_repo').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

/** Soft-deletes banks and their questions (papers keep showing them). */
export async function softDeleteRepos(db: Executor, ids: string[], at: number): Promise<void> {
  await db.updateTable('el_repo').set({ deleted: 1, updateTime: at }).where('id', 'in', ids).execute();
  await db.updateTable('el_qu').set({ deleted: 1, updateTime: at }).where('repoId', 'in', ids).execute();
}

/** Ids among `ids` used by a rule of a live exam. */
export async function reposUsedByExams(db: Executor, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('el_exam_rule as er')
    .innerJoin('el_exam as e', 'e.id', 'er.examId')
    .select('er.repoId')
    .distinct()
    .where('er.repoId', 'in', ids)
    .where('e.deleted', '=', 0)
    .execute();
  return rows.map((r) => r.repoId);
}

export async function countRepos(db: Executor): Promise<number> {
  const row = await db.selectFrom('el_repo').select(sql<number>`count(*)`.as('n')).where('deleted', '=', 0).executeTakeFirst();
  return Number(row?.n ?? 0);
}
