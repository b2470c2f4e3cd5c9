/**
 * SQL for questions (el_qu) and their options (el_qu_answer). Deleted questions are soft-deleted.
 * The list joins el_repo and el_repo_chapter read-only for the bank and chapter titles
 * (`repoId_dictText`, `chapterId_dictText`). A combined question's sub-questions are el_qu rows with
 * `parentId` = its id; they follow their parent in moves, chapter changes and deletion.
 *
 * Every function that writes el_qu raises the version of the banks it touched (before and after a
 * move) AFTER its write, with the caller's executor, so in the caller's transaction: a process that
 * reads a bank's version and then its pool (QuService.drawPool) can never keep a pool older than
 * the version it saw. A new writer of el_qu must do the same (`bumpRepos`, or `writeQus` for a write
 * by question ids).
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
  /** '' = questions of no chapter. */
  chapterId?: string;
}

export function pageQu(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: QuFilter) {
  let q = db
    .selectFrom('el_qu as q')
    .leftJoin('el_repo as r', 'r.id', 'q.repoId')
    .leftJoin('el_repo_chapter as c', 'c.id', 'q.chapterId')
    .select(['q.id', 'q.repoId', 'q.quType', 'q.level', 'q.content', 'q.chapterId', 'q.createTime', 'q.updateTime', 'r.title as repoTitle', 'c.title as chapterTitle'])
    .where('q.deleted', '=', 0)
    .where('q.parentId', '=', '');
  if (f.repoId) q = q.where('q.repoId', '=', f.repoId);
  if (f.quType) q = q.where('q.quType', '=', f.quType);
  if (f.level) q = q.where('q.level', '=', f.level);
  if (f.content) q = q.where(likeContains('q.content', f.content));
  if (f.chapterId !== undefined) q = q.where('q.chapterId', '=', f.chapterId);
  return paginate(applyOrders(q, page.orders, SORTABLE, NEWEST_FIRST, 'q.id'), page);
}

/** A question by id; `withDeleted` also finds soft-deleted ones (papers, results). */
export function findQu(db: Executor, id: string, withDeleted = false) {
  let q = db.selectFrom('el_qu').selectAll().where('id', '=', id);
  if (!withDeleted) q = q.where('deleted', '=', 0);
  return q.executeTakeFirst();
}

/** Distinct bank ids of the questions `ids`. */
export async function repoIdsOfQus(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('el_qu').select('repoId').distinct().where('id', 'in', ids).execute()).map((r) => r.repoId);
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
  await bumpRepos(db, rows.map((r) => r.repoId));
}

/**
 * Raises the version of the banks `repoIds` by one (a bank without a row gets version 1), in one
 * statement, banks in id order (two transactions lock them in the same order).
 */
export async function bumpRepos(db: Executor, repoIds: readonly string[]): Promise<void> {
  const ids = [...new Set(repoIds)].filter(Boolean).sort();
  if (!ids.length) return;
  await db
    .insertInto('el_qu_repo_version')
    .values(ids.map((repoId) => ({ repoId, version: 1 })))
    .onConflict((oc) => oc.column('repoId').doUpdateSet({ version: (eb) => eb('el_qu_repo_version.version', '+', 1) }))
    .execute();
}

/**
 * Runs `write` on the questions `ids` (and their sub-questions, which share their parent's bank),
 * then raises the version of their banks as they were before (read first: a move changes them) and
 * of `movedTo`.
 */
async function writeQus<T>(db: Executor, ids: string[], write: () => Promise<T>, movedTo?: string): Promise<T> {
  const before = await repoIdsOfQus(db, ids);
  const out = await write();
  await bumpRepos(db, movedTo ? [...before, movedTo] : before);
  return out;
}

/** The versions of the banks `repoIds` (0 for a bank none of whose questions was ever written). */
export async function repoVersions(db: Executor, repoIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map(repoIds.map((id) => [id, 0]));
  if (!repoIds.length) return out;
  for (const r of await db.selectFrom('el_qu_repo_version').select(['repoId', 'version']).where('repoId', 'in', repoIds).execute()) out.set(r.repoId, Number(r.version));
  return out;
}

/** Inserts options, in chunks. */
export async function insertOptions(db: Executor, rows: ElQuAnswerTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_qu_answer').values(rows.slice(i, i + 200)).execute();
}

/** Fields an edit may change. */
export type QuEdit = Partial<Pick<ElQuTable, 'repoId' | 'quType' | 'level' | 'content' | 'analysis' | 'image' | 'answer' | 'chapterId' | 'blankOpts' | 'keywords' | 'sort' | 'updateTime'>>;

/** Updates a live question; `parentId` ('' top-level) guards that a sub-question is edited only through its parent. */
export function updateQu(db: Executor, id: string, set: QuEdit, parentId = '') {
  return writeQus(db, [id], () => db.updateTable('el_qu').set(set).where('id', '=', id).where('parentId', '=', parentId).where('deleted', '=', 0).executeTakeFirst(), set.repoId);
}

/** Live sub-questions of the given combined questions, in their order. */
export function subsOf(db: Executor, parentIds: string[], withDeleted = false) {
  if (parentIds.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('el_qu').selectAll().where('parentId', 'in', parentIds);
  if (!withDeleted) q = q.where('deleted', '=', 0);
  return q.orderBy('parentId').orderBy('sort').orderBy('id').execute();
}

/** Soft-deletes the live sub-questions of `parentId` except `keepIds` (papers keep showing them). */
export function softDeleteSubsExcept(db: Executor, parentId: string, keepIds: string[], at: number) {
  let q = db.updateTable('el_qu').set({ deleted: 1, updateTime: at }).where('parentId', '=', parentId).where('deleted', '=', 0);
  if (keepIds.length) q = q.where('id', 'not in', keepIds);
  return writeQus(db, [parentId], () => q.execute());
}

/** `{id, repoId, chapterId}` of the live top-level questions among `ids`. */
export function liveTopLevel(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_qu').select(['id', 'repoId', 'chapterId']).where('id', 'in', ids).where('deleted', '=', 0).where('parentId', '=', '').execute();
}

/** Full rows of live top-level questions (copy). */
export function liveQus(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_qu').selectAll().where('id', 'in', ids).where('deleted', '=', 0).where('parentId', '=', '').orderBy('createTime').orderBy('id').execute();
}

/** Sets fields of questions and of their sub-questions (bank, chapter: they follow the parent). */
export function updateWithSubs(db: Executor, ids: string[], set: Pick<ElQuTable, 'updateTime'> & Partial<Pick<ElQuTable, 'repoId' | 'chapterId'>>) {
  const write = () =>
    db
      .updateTable('el_qu')
      .set(set)
      .where('deleted', '=', 0)
      .where((eb) => eb.or([eb('id', 'in', ids), eb('parentId', 'in', ids)]))
      .executeTakeFirst();
  return writeQus(db, ids, write, set.repoId);
}

/** Sets the level of live top-level questions. */
export function setLevel(db: Executor, ids: string[], level: number, at: number) {
  return writeQus(db, ids, () => db.updateTable('el_qu').set({ level, updateTime: at }).where('id', 'in', ids).where('deleted', '=', 0).where('parentId', '=', '').executeTakeFirst());
}

/**
 * `[{repoId, chapterId, quType, count}]` of live top-level questions of the given banks per chapter
 * ('' = none) and type.
 */
export async function chapterTypeCounts(db: Executor, repoIds: string[]) {
  if (repoIds.length === 0) return [];
  const rows = await db
    .selectFrom('el_qu')
    .select(['repoId', 'chapterId', 'quType', (eb) => eb.fn.countAll<number>().as('count')])
    .where('repoId', 'in', repoIds)
    .where('deleted', '=', 0)
    .where('parentId', '=', '')
    .groupBy(['repoId', 'chapterId', 'quType'])
    .execute();
  return rows.map((r) => ({ repoId: r.repoId, chapterId: r.chapterId, quType: r.quType, count: Number(r.count) }));
}

/** Number of live top-level questions in the given chapters. */
export async function countInChapters(db: Executor, chapterIds: string[]): Promise<number> {
  if (chapterIds.length === 0) return 0;
  const row = await db
    .selectFrom('el_qu')
    .select(sql<number>`count(*)`.as('n'))
    .where('chapterId', 'in', chapterIds)
    .where('deleted', '=', 0)
    .where('parentId', '=', '')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function updateOption(db: Executor, id: string, quId: string, set: Pick<ElQuAnswerTable, 'content' | 'isRight' | 'analysis' | 'image' | 'answer' | 'sort'>) {
  return db.updateTable('el_qu_answer').set(set).where('id', '=', id).where('quId', '=', quId).execute();
}

export function deleteOptionsExcept(db: Executor, quId: string, keepIds: string[]) {
  let q = db.deleteFrom('el_qu_answer').where('quId', '=', quId);
  if (keepIds.length) q = q.where('id', 'not in', keepIds);
  return q.execute();
}

/** Soft-deletes questions and their sub-questions. */
export function softDeleteQus(db: Executor, ids: string[], at: number) {
  const write = () =>
    db
      .updateTable('el_qu')
      .set({ deleted: 1, updateTime: at })
      .where('deleted', '=', 0)
      .where((eb) => eb.or([eb('id', 'in', ids), eb('parentId', 'in', ids)]))
      .execute();
  return writeQus(db, ids, write);
}

/** Soft-deletes every question of the given banks. */
export async function softDeleteOfRepos(db: Executor, repoIds: string[], at: number) {
  const out = await db.updateTable('el_qu').set({ deleted: 1, updateTime: at }).where('repoId', 'in', repoIds).where('deleted', '=', 0).execute();
  await bumpRepos(db, repoIds);
  return out;
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
 * The live top-level questions matching `f`, with their bank and chapter titles (read-only joins; a
 * chapter row that is gone reads as null), in pages of
 * `batch` ordered by id (keyset: each page starts after the last id of the previous one), so a
 * bank of any size is read with bounded memory.
 */
export async function* iterateQus(db: Executor, f: QuFilter, batch = 500) {
  let after = '';
  for (;;) {
    let q = db
      .selectFrom('el_qu as q')
      .leftJoin('el_repo as r', 'r.id', 'q.repoId')
      .leftJoin('el_repo_chapter as c', 'c.id', 'q.chapterId')
      .select(['q.id', 'q.quType', 'q.level', 'q.content', 'q.analysis', 'q.image', 'q.video', 'q.answer', 'q.blankOpts', 'q.keywords', 'r.title as repoTitle', 'c.title as chapterTitle'])
      .where('q.deleted', '=', 0)
      .where('q.parentId', '=', '')
      .where('q.id', '>', after)
      .orderBy('q.id')
      .limit(batch);
    if (f.repoId) q = q.where('q.repoId', '=', f.repoId);
    if (f.quType) q = q.where('q.quType', '=', f.quType);
    if (f.level) q = q.where('q.level', '=', f.level);
    if (f.content) q = q.where(likeContains('q.content', f.content));
    if (f.chapterId !== undefined) q = q.where('q.chapterId', '=', f.chapterId);
    const rows = await q.execute();
    if (rows.length === 0) return;
    const subs = await subsOf(db, rows.filter((r) => r.quType === 99).map((r) => r.id));
    const options = await optionsOf(db, [...rows.map((r) => r.id), ...subs.map((r) => r.id)]);
    const optionsOfQu = (id: string) => options.filter((o) => o.quId === id);
    yield rows.map((r) => ({ ...r, options: optionsOfQu(r.id), subs: subs.filter((s) => s.parentId === r.id).map((s) => ({ ...s, options: optionsOfQu(s.id) })) }));
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
