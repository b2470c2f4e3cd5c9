/** SQL for exams (el_exam) and their drawing rules (el_exam_rule). Deleted exams are soft-deleted. */
import { sql } from 'kysely';
import type { Executor } from '../../db';
import type { ElExamRuleTable, ElExamTable } from '../../db/schema';
import { likeContains, paginate } from '../../lib/paging';

export function pageExams(db: Executor, page: { current: number; size: number }, f: { title?: string; openType?: number; state?: number; excludes?: string[] }) {
  let q = db.selectFrom('el_exam').selectAll().where('deleted', '=', 0).orderBy('updateTime', 'desc').orderBy('id', 'desc');
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.openType) q = q.where('openType', '=', f.openType);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.excludes?.length) q = q.where('id', 'not in', f.excludes);
  return paginate(q, page);
}

/** Exams a learner may sit at `at`: enabled, public, inside their window. */
export function pageOnline(db: Executor, page: { current: number; size: number }, at: number, f: { title?: string }) {
  let q = db
    .selectFrom('el_exam')
    .selectAll()
    .where('deleted', '=', 0)
    .where('state', '=', 0)
    .where('openType', '=', 1)
    .where((eb) => eb.or([eb('startTime', 'is', null), eb('startTime', '<=', at)]))
    .where((eb) => eb.or([eb('endTime', 'is', null), eb('endTime', '>', at)]))
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc');
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(q, page);
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

export function updateExam(db: Executor, id: string, set: Omit<ElExamTable, 'id' | 'deleted' | 'createBy' | 'createTime' | 'state'>) {
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
