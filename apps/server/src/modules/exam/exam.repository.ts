/** SQL for exams (el_exam) and their drawing rules (el_exam_rule). Deleted exams are soft-deleted. */
import { sql } from 'kysely';
import type { SortOrder } from '@kaopei/contracts';
import type { EXAM_SORT } from '@kaopei/contracts/exam';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElExamRuleTable, ElExamTable } from './exam.tables';

type SortColumn = (typeof EXAM_SORT)[number];
type OnlineSortColumn = 'createTime' | 'startTime' | 'endTime';
/** Sortable columns of the exam lists (request name → column). */
const SORTABLE: Record<SortColumn, string> = { title: 'title', createTime: 'createTime', updateTime: 'updateTime', startTime: 'startTime', endTime: 'endTime' };

export function pageExams(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<SortColumn>[] },
  f: { title?: string; openType?: number; state?: number; excludes?: string[] },
) {
  let q = db.selectFrom('el_exam').selectAll().where('deleted', '=', 0);
  if (f.title) q = q.where(likeContains('title', f.title));
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

/** Exams a learner may sit at `at`: enabled, public, inside their window. */
export function pageOnline(db: Executor, page: { current: number; size: number; orders?: SortOrder<OnlineSortColumn>[] }, at: number, f: { title?: string }) {
  let q = db
    .selectFrom('el_exam')
    .selectAll()
    .where('deleted', '=', 0)
    .where('state', '=', 0)
    .where('openType', '=', 1)
    .where((eb) => eb.or([eb('startTime', 'is', null), eb('startTime', '<=', at)]))
    .where((eb) => eb.or([eb('endTime', 'is', null), eb('endTime', '>', at)]));
  if (f.title) q = q.where(likeContains('title', f.title));
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
