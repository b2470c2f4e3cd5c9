/** SQL for exams (el_exam), their drawing rules (el_exam_rule), fixed questions (el_exam_qu) and who they are open to (el_exam_ref). Deleted exams are soft-deleted. */
import { sql } from 'kysely';
import type { SortOrder } from '@kaopei/contracts';
import type { EXAM_SORT } from '@kaopei/contracts/exam';
import type { Executor } from '../../db';
import { openToLearner } from '../../lib/open-to';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElExamQuTable, ElExamRefTable, ElExamRuleTable, ElExamTable } from './exam.tables';

type SortColumn = (typeof EXAM_SORT)[number];
type OnlineSortColumn = 'createTime' | 'startTime' | 'endTime';
/** Sortable columns of the exam lists (request name → column). */
const SORTABLE: Record<SortColumn, string> = { title: 'title', createTime: 'createTime', updateTime: 'updateTime', startTime: 'startTime', endTime: 'endTime' };

export function pageExams(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<SortColumn>[] },
  f: { title?: string; examType?: number; openType?: number; state?: number; excludes?: string[] },
) {
  let q = db.selectFrom('el_exam').selectAll().where('deleted', '=', 0);
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.examType) q = q.where('examType', '=', f.examType);
  if (f.openType) q = q.where('openType', '=', f.openType);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.excludes?.length) q = q.where('id', 'not in', f.excludes);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'updateTime', asc: false }], 'id'), page);
}

/** Live exams among `ids`. */
export function liveExams(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_exam').selectAll().where('id', 'in', ids).where('deleted', '=', 0).execute();
}

/**
 * Exams a learner may sit at `at`: enabled, online, inside their window, and open to the learner:
 * open type 1 and 9 to everybody, 2 when a 'dept' ref is a prefix of the learner's deptCode (the
 * department or one above it), 3 when a 'user' ref names the learner.
 */
export function pageOnline(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<OnlineSortColumn>[] },
  at: number,
  learner: { userId: string; deptCode: string },
  f: { title?: string; examType?: number },
) {
  let q = db
    .selectFrom('el_exam')
    .selectAll()
    .where('deleted', '=', 0)
    .where('state', '=', 0)
    .where('offline', '=', 0)
    .where(openToLearner({ table: 'el_exam', refTable: 'el_exam_ref', fk: 'examId' }, learner, [1, 9]))
    .where((eb) => eb.or([eb('startTime', 'is', null), eb('startTime', '<=', at)]))
    .where((eb) => eb.or([eb('endTime', 'is', null), eb('endTime', '>', at)]));
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.examType) q = q.where('examType', '=', f.examType);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

export function findExam(db: Executor, id: string) {
  return db.selectFrom('el_exam').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function rulesOf(db: Executor, examIds: string[]) {
  if (examIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_exam_rule').selectAll().where('examId', 'in', examIds).orderBy('examId').orderBy('sort').execute();
}

export function insertExam(db: Executor, row: ElExamTable) {
  return db.insertInto('el_exam').values(row).execute();
}

export function updateExam(db: Executor, id: string, set: Partial<Omit<ElExamTable, 'id' | 'deleted' | 'createBy' | 'createTime' | 'state'>>) {
  return db.updateTable('el_exam').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export async function replaceRules(db: Executor, examId: string, rules: ElExamRuleTable[]): Promise<void> {
  await db.deleteFrom('el_exam_rule').where('examId', '=', examId).execute();
  if (rules.length) await db.insertInto('el_exam_rule').values(rules).execute();
}

export function softDeleteExams(db: Executor, ids: string[], at: number) {
  return db.updateTable('el_exam').set({ deleted: 1, updateTime: at }).where('id', 'in', ids).execute();
}

export function setExamState(db: Executor, ids: string[], state: number, at: number) {
  return db.updateTable('el_exam').set({ state, updateTime: at }).where('id', 'in', ids).where('deleted', '=', 0).execute();
}

export async function countExams(db: Executor): Promise<number> {
  const row = await db.selectFrom('el_exam').select(sql<number>`count(*)`.as('n')).where('deleted', '=', 0).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Ids among `repoIds` drawn from by a rule of a live exam. */
export async function reposUsedByExams(db: Executor, repoIds: string[]): Promise<string[]> {
  if (repoIds.length === 0) return [];
  const rows = await db
    .selectFrom('el_exam_rule as er')
    .innerJoin('el_exam as e', 'e.id', 'er.examId')
    .select('er.repoId')
    .distinct()
    .where('er.repoId', 'in', repoIds)
    .where('e.deleted', '=', 0)
    .execute();
  return rows.map((r) => r.repoId);
}

/** Distinct fixed questions (methods 2 and 3) of live exams. */
export async function fixedQuIdsOfLiveExams(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('el_exam_qu as eq')
    .innerJoin('el_exam as e', 'e.id', 'eq.examId')
    .select('eq.quId')
    .distinct()
    .where('e.deleted', '=', 0)
    .execute();
  return rows.map((r) => r.quId);
}

/** Fixed questions (methods 2 and 3) of the given exams, in their order. */
export function examQusOf(db: Executor, examIds: string[]) {
  if (examIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_exam_qu').selectAll().where('examId', 'in', examIds).orderBy('examId').orderBy('sort').execute();
}

export async function replaceExamQus(db: Executor, examId: string, rows: ElExamQuTable[]): Promise<void> {
  await db.deleteFrom('el_exam_qu').where('examId', '=', examId).execute();
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_exam_qu').values(rows.slice(i, i + 200)).execute();
}

/** refIds of one type ('dept' or 'user') of an exam. */
export async function refIdsOf(db: Executor, examId: string, refType: string): Promise<string[]> {
  const rows = await db.selectFrom('el_exam_ref').select('refId').where('examId', '=', examId).where('refType', '=', refType).orderBy('refId').execute();
  return rows.map((r) => r.refId);
}

export async function countRefs(db: Executor, examId: string, refType: string): Promise<number> {
  const row = await db.selectFrom('el_exam_ref').select(sql<number>`count(*)`.as('n')).where('examId', '=', examId).where('refType', '=', refType).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function replaceRefs(db: Executor, examId: string, refType: string, rows: ElExamRefTable[]): Promise<void> {
  await db.deleteFrom('el_exam_ref').where('examId', '=', examId).where('refType', '=', refType).execute();
  await insertRefs(db, rows);
}

/** Inserts refs, skipping those that exist (unique exam × type × refId); returns how many were added. */
export async function insertRefs(db: Executor, rows: ElExamRefTable[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const res = await db
      .insertInto('el_exam_ref')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.columns(['examId', 'refType', 'refId']).doNothing())
      .executeTakeFirst();
    added += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function deleteRefs(db: Executor, examId: string, refType: string, refIds: string[]): Promise<number> {
  const res = await db.deleteFrom('el_exam_ref').where('examId', '=', examId).where('refType', '=', refType).where('refId', 'in', refIds).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** A page of the refIds of one type of an exam. */
export function pageRefs(db: Executor, page: { current: number; size: number }, examId: string, refType: string) {
  const q = db.selectFrom('el_exam_ref').select(['id', 'refId']).where('examId', '=', examId).where('refType', '=', refType).orderBy('id');
  return paginate(q, page);
}

/** Refs of one type of an exam, the whole list (copy). */
export function refsOf(db: Executor, examId: string) {
  return db.selectFrom('el_exam_ref').selectAll().where('examId', '=', examId).execute();
}
