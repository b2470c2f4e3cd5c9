/**
 * SQL for questions (el_qu) and their options (el_qu_answer). Deleted questions are soft-deleted.
 * The list joins el_repo read-only for the bank title (`repoId_dictText`).
 */
import { sql } from 'kysely';
import type { SortOrder } from '@kaopei/contracts';
import type { QU_SORT } from '@kaopei/contracts/qu';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElQuAnswerTable, ElQuTable } from './qu.tables';

type SortColumn = (typeof QU_SORT)[number];
/** Sortable columns of the question list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { createTime: 'q.createTime', updateTime: 'q.updateTime', quType: 'q.quType', level: 'q.level' };
const NEWEST_FIRST: SortOrder<SortColumn>[] = [{ column: 'updateTime', asc: false }];

export interface QuFilter {
  repoId?: string;
  quType?: number;
  level?: number;
  content?: string;
}

export function pageQu(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: QuFilter) {
  let q = db
    .selectFrom('el_qu as q')
    .leftJoin('el_repo as r', 'r.id', 'q.repoId')
    .select(['q.id', 'q.repoId', 'q.quType', 'q.level', 'q.content', 'q.createTime', 'q.updateTime', 'r.title as repoTitle'])
    .where('q.deleted', '=', 0)
    .where('q.parentId', '=', '');
  if (f.repoId) q = q.where('q.repoId', '=', f.repoId);
  if (f.quType) q = q.where('q.quType', '=', f.quType);
  if (f.level) q = q.where('q.level', '=', f.level);
  if (f.content) q = q.where(likeContains('q.content', f.content));
  return paginate(applyOrders(q, page.orders, SORTABLE, NEWEST_FIRST, 'q.id'), page);
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

/** Inserts questions, in chunks that stay under the drivers' bound-parameter limits. */
export async function insertQus(db: Executor, rows: ElQuTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 100) await db.insertInto('el_qu').values(rows.slice(i, i + 100)).execute();
}

/** Inserts options, in chunks. */
export async function insertOptions(db: Executor, rows: ElQuAnswerTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_qu_answer').values(rows.slice(i, i + 200)).execute();
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

/** Soft-deletes every question of the given banks. */
export function softDeleteOfRepos(db: Executor, repoIds: string[], at: number) {
  return db.updateTable('el_qu').set({ deleted: 1, updateTime: at }).where('repoId', 'in', repoIds).where('deleted', '=', 0).execute();
}

/**
 * `[{repoId, quType, count}]` of live top-level questions in the given banks: exactly the pools
 * exam rules draw from (sub-questions of combined questions are not drawn on their own).
 */
export async function typeCounts(db: Executor, repoIds: string[]) {
  if (repoIds.length === 0) return [];
  const rows = await db
    .selectFrom('el_qu')
    .select(['repoId', 'quType', (eb) => eb.fn.countAll<number>().as('count')])
    .where('repoId', 'in', repoIds)
    .where('deleted', '=', 0)
    .where('parentId', '=', '')
    .groupBy(['repoId', 'quType'])
    .execute();
  return rows.map((r) => ({ repoId: r.repoId, quType: r.quType, count: Number(r.count) }));
}

/** `[{repoId, quType, content}]` of the live top-level questions of the given banks (duplicate checks). */
export function contentsOf(db: Executor, repoIds: string[]) {
  if (repoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('el_qu')
    .select(['repoId', 'quType', 'content'])
    .where('repoId', 'in', repoIds)
    .where('deleted', '=', 0)
    .where('parentId', '=', '')
    .execute();
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

/**
 * The live top-level questions matching `f`, with their bank titles (read-only join), in pages of
 * `batch` ordered by id (keyset: each page starts after the last id of the previous one), so a
 * bank of any size is read with bounded memory.
 */
export async function* iterateQus(db: Executor, f: QuFilter, batch = 500) {
  let after = '';
  for (;;) {
    let q = db
      .selectFrom('el_qu as q')
      .leftJoin('el_repo as r', 'r.id', 'q.repoId')
      .select(['q.id', 'q.quType', 'q.content', 'q.analysis', 'q.image', 'q.video', 'r.title as repoTitle'])
      .where('q.deleted', '=', 0)
      .where('q.parentId', '=', '')
      .where('q.id', '>', after)
      .orderBy('q.id')
      .limit(batch);
    if (f.repoId) q = q.where('q.repoId', '=', f.repoId);
    if (f.quType) q = q.where('q.quType', '=', f.quType);
    if (f.level) q = q.where('q.level', '=', f.level);
    if (f.content) q = q.where(likeContains('q.content', f.content));
    const rows = await q.execute();
    if (rows.length === 0) return;
    const options = await optionsOf(db, rows.map((r) => r.id));
    yield rows.map((r) => ({ ...r, options: options.filter((o) => o.quId === r.id) }));
    if (rows.length < batch) return;
    after = (rows[rows.length - 1] as { id: string }).id;
  }
}

/**
 * The live top-level questions of the given banks with what exam rules filter on (type, level,
 * chapter), ordered by sort then id (the stable order of a paper that is not shuffled).
 */
export function drawPoolOf(db: Executor, repoIds: string[]) {
  if (repoIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('el_qu')
    .select(['id', 'repoId', 'quType', 'level', 'chapterId'])
    .where('repoId', 'in', repoIds)
    .where('deleted', '=', 0)
    .where('parentId', '=', '')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The live sub-questions of combined questions, in their order. */
export function subQusOf(db: Executor, parentIds: string[]) {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_qu').selectAll().where('parentId', 'in', parentIds).where('deleted', '=', 0).orderBy('sort').orderBy('id').execute();
}
