/** SQL of information collection (el_xdsc_form, el_xdsc_answer). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import { likeContains, paginate } from '../../lib/paging';
import type { ElXdscAnswerTable, ElXdscFormTable } from './xdsc.tables';

export function findForm(db: Executor, id: string) {
  return db.selectFrom('el_xdsc_form').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertForm(db: Executor, row: ElXdscFormTable) {
  return db.insertInto('el_xdsc_form').values(row).execute();
}

export function updateForm(db: Executor, id: string, row: Omit<ElXdscFormTable, 'id' | 'createBy' | 'createTime'>) {
  return db.updateTable('el_xdsc_form').set(row).where('id', '=', id).executeTakeFirst();
}

export async function setState(db: Executor, ids: string[], state: number, at: number): Promise<void> {
  await db.updateTable('el_xdsc_form').set({ state, updateTime: at }).where('id', 'in', ids).execute();
}

export function formsByIds(db: Executor, ids: string[]) {
  return db.selectFrom('el_xdsc_form').selectAll().where('id', 'in', ids).execute();
}

/** Admin list: filtered by title (contains) and class (`classId` '' site-wide forms only); the latest first. */
export function pageForms(db: Executor, page: { current: number; size: number }, f: { title?: string; classId?: string }) {
  let q = db.selectFrom('el_xdsc_form').selectAll();
  if (f.title) q = q.where(likeContains('title', f.title));
  if (f.classId !== undefined) q = q.where('classId', '=', f.classId);
  return paginate(q.orderBy('createTime', 'desc').orderBy('id', 'desc'), page);
}

/** Learner list: the enabled forms of one class ('' site-wide); the latest first. */
export function pageEnabled(db: Executor, page: { current: number; size: number }, classId: string) {
  const q = db.selectFrom('el_xdsc_form').selectAll().where('state', '=', 0).where('classId', '=', classId);
  return paginate(q.orderBy('createTime', 'desc').orderBy('id', 'desc'), page);
}

export async function deleteForms(db: Executor, ids: string[]): Promise<void> {
  await db.deleteFrom('el_xdsc_answer').where('formId', 'in', ids).execute();
  await db.deleteFrom('el_xdsc_form').where('id', 'in', ids).execute();
}

/** Number of submissions per form of `ids`. */
export async function answerCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('el_xdsc_answer')
    .select((eb) => ['formId', eb.fn.countAll<number | string>().as('n')])
    .where('formId', 'in', ids)
    .groupBy('formId')
    .execute();
  return new Map(rows.map((r) => [r.formId, Number(r.n)]));
}

export function findAnswer(db: Executor, formId: string, userId: string) {
  return db.selectFrom('el_xdsc_answer').selectAll().where('formId', '=', formId).where('userId', '=', userId).executeTakeFirst();
}

/** The caller's submissions among the forms `ids` (form id → submission time ms). */
export async function submittedOf(db: Executor, userId: string, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('el_xdsc_answer').select(['formId', 'createTime']).where('userId', '=', userId).where('formId', 'in', ids).execute();
  return new Map(rows.map((r) => [r.formId, Number(r.createTime)]));
}

export function insertAnswer(db: Executor, row: ElXdscAnswerTable) {
  return db.insertInto('el_xdsc_answer').values(row).execute();
}

/** Submissions of one form, the earliest first. */
export function pageAnswers(db: Executor, page: { current: number; size: number }, formId: string) {
  return paginate(db.selectFrom('el_xdsc_answer').selectAll().where('formId', '=', formId).orderBy('createTime', 'asc').orderBy('id', 'asc'), page);
}

/** Every submission of one form (export), the earliest first. */
export function allAnswers(db: Executor, formId: string) {
  return db.selectFrom('el_xdsc_answer').selectAll().where('formId', '=', formId).orderBy('createTime', 'asc').orderBy('id', 'asc').execute();
}
