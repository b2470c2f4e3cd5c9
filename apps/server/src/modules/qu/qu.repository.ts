/** SQL for questions (el_qu) and their options (el_qu_answer). Deleted questions are soft-deleted. */
import { sql } from 'kysely';
import type { Executor } from '../../db';
import type { ElQuAnswerTable, ElQuTable } from '../../db/schema';
import { likeContains, paginate } from '../../lib/paging';

export interface QuFilter {
  repoId?: string;
  quType?: number;
  level?: number;
  content?: string;
}

export function pageQu(db: Executor, page: { current: number; size: number }, f: QuFilter) {
  let q = db
    .selectFrom('el_qu as q')
    .leftJoin('el_repo as r', 'r.id', 'q.repoId')
    .select(['q.id', 'q.repoId', 'q.quType', 'q.level', 'q.content', 'q.createTime', 'q.updateTime', 'r.title as repoTitle'])
    .where('q.deleted', '=', 0)
    .where('q.parentId', '=', '')
    .orderBy('q.updateTime', 'desc')
    .orderBy('q.id', 'desc');
  if (f.repoId) q = q.where('q.repoId', '=', f.repoId);
  if (f.quType) q = q.where('q.quType', '=', f.quType);
  if (f.level) q = q.where('q.level', '=', f.level);
  if (f.content) q = q.where(likeContains('q.content', f.content));
  return paginate(q, page);
}

/** A question by id; `withDeleted` also finds soft-deleted ones (papers, results). */
export function findQu(db: Executor, id: string, withDeleted = false) {
  let q = db.selectFrom('el_qu').selectAll().where('id', '=', id);
  if (!withDeleted) q = q.where('deleted', '=', 0);
  return q.executeTakeFirst();
}

export function findQus(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_qu').selectAll().where('id', 'in', ids).execute();
}

/** Options of the given questions in their stored order. */
export function optionsOf(db: Executor, quIds: string[]) {
  if (quIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_qu_answer').selectAll().where('quId', 'in', quIds).orderBy('quId').orderBy('sort').execute();
}

export function insertQu(db: Executor, row: ElQuTable) {
  return db.insertInto('el_qu').values(row).execute();
}

export async function insertOptions(db: Executor, rows: ElQuAnswerTable[]): Promise<void> {
  if (rows.length) await db.insertInto('el_qu_answer').values(rows).execute();
}

export function updateQu(db: Executor, id: string, set: Partial<Pick<ElQuTable, 'repoId' | 'quType' | 'level' | 'content' | 'analysis' | 'image' | 'updateTime'>>) {
  return db.updateTable('el_qu').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function updateOption(db: Executor, id: string, quId: string, set: Pick<ElQuAnswerTable, 'content' | 'isRight' | 'analysis' | 'image' | 'sort'>) {
  return db.updateTable('el_qu_answer').set(set).where('id', '=', id).where('quId', '=', quId).execute();
}

export function deleteOptionsExcept(db: Executor, quId: string, keepIds: string[]) {
  let q = db.deleteFrom('el_qu_answer').where('quId', '=', quId);
  if (keepIds.length) q = q.where('id', 'not in', keepIds);
  return q.execute();
}

export function softDeleteQus(db: Executor, ids: string[], at: number) {
  return db.updateTable('el_qu').set({ deleted: 1, updateTime: at }).where('id', 'in', ids).execute();
}

/** Ids of live top-level questions of one type in a bank. */
export async function liveQuIds(db: Executor, repoId: string, quType: number): Promise<string[]> {
  const rows = await db
    .selectFrom('el_qu')
    .select('id')
    .where('repoId', '=', repoId)
    .where('quType', '=', quType)
    .where('deleted', '=', 0)
    .where('parentId', '=', '')
    .execute();
  return rows.map((r) => r.id);
}

export async function countQus(db: Executor): Promise<number> {
  const row = await db.selectFrom('el_qu').select(sql<number>`count(*)`.as('n')).where('deleted', '=', 0).executeTakeFirst();
  return Number(row?.n ?? 0);
}
