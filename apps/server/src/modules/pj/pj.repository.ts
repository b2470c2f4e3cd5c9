/** SQL of evaluations (el_pj, el_pj_answer, el_pj_answer_item). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElPjAnswerItemTable, ElPjAnswerTable, ElPjTable } from './pj.tables';

type SortColumn = 'createTime' | 'title';
/** Sortable columns of the admin list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { createTime: 'createTime', title: 'title' };

export function findPj(db: Executor, id: string) {
  return db.selectFrom('el_pj').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPjs(db: Executor, ids: string[]) {
  return db.selectFrom('el_pj').selectAll().where('id', 'in', ids).execute();
}

export function insertPj(db: Executor, row: ElPjTable) {
  return db.insertInto('el_pj').values(row).execute();
}

export function updatePj(db: Executor, id: string, row: Partial<Omit<ElPjTable, 'id' | 'createBy' | 'createTime'>>) {
  return db.updateTable('el_pj').set(row).where('id', '=', id).executeTakeFirst();
}

export async function setState(db: Executor, ids: string[], state: number, at: number): Promise<void> {
  await db.updateTable('el_pj').set({ state, updateTime: at }).where('id', 'in', ids).execute();
}

/** The questionnaires of one class, filtered by title (contains); the newest first unless `orders`. */
export function pagePjs(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, classId: string, f: { title?: string }) {
  let q = db.selectFrom('el_pj').selectAll().where('classId', '=', classId);
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

/** The enabled questionnaires of one class, oldest first (the learner's order). */
export function enabledOfClass(db: Executor, classId: string) {
  return db.selectFrom('el_pj').selectAll().where('classId', '=', classId).where('state', '=', 0).orderBy('createTime', 'asc').orderBy('id', 'asc').execute();
}

/** Answers per questionnaire of `ids` (id → count). */
export async function answerCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('el_pj_answer').select(['pjId', (eb) => eb.fn.countAll<string | number>().as('n')]).where('pjId', 'in', ids).groupBy('pjId').execute();
  return new Map(rows.map((r) => [r.pjId, Number(r.n)]));
}

/** The learner's answers to questionnaires of `ids` (pjId → answer row). */
export async function answersOf(db: Executor, userId: string, ids: string[]): Promise<Map<string, ElPjAnswerTable>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('el_pj_answer').selectAll().where('userId', '=', userId).where('pjId', 'in', ids).execute();
  return new Map(rows.map((r) => [r.pjId, r]));
}

/** How many enabled questionnaires of the class the learner answered (requirement 'eval'). */
export async function answeredEnabledCount(db: Executor, classId: string, userId: string): Promise<number> {
  const r = await db
    .selectFrom('el_pj_answer as a')
    .innerJoin('el_pj as p', 'p.id', 'a.pjId')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('a.userId', '=', userId)
    .where('p.classId', '=', classId)
    .where('p.state', '=', 0)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function itemsOfAnswer(db: Executor, answerId: string) {
  return db.selectFrom('el_pj_answer_item').select(['itemId', 'score', 'text']).where('answerId', '=', answerId).execute();
}

export async function insertAnswer(db: Executor, answer: ElPjAnswerTable, items: ElPjAnswerItemTable[]): Promise<void> {
  await db.insertInto('el_pj_answer').values(answer).execute();
  if (items.length) await db.insertInto('el_pj_answer_item').values(items).execute();
}

/** Star counts per rate item of one questionnaire: rows (itemId, score, n), scores 1–5 only. */
export async function scoreCounts(db: Executor, pjId: string): Promise<{ itemId: string; score: number; n: number }[]> {
  const rows = await db
    .selectFrom('el_pj_answer_item')
    .select(['itemId', 'score', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('pjId', '=', pjId)
    .where('score', '>=', 1)
    .groupBy(['itemId', 'score'])
    .execute();
  return rows.map((r) => ({ itemId: r.itemId, score: Number(r.score), n: Number(r.n) }));
}

/** Non-empty text answers per item of one questionnaire (itemId → count). */
export async function textCounts(db: Executor, pjId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('el_pj_answer_item')
    .select(['itemId', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('pjId', '=', pjId)
    .where('text', '<>', '')
    .groupBy('itemId')
    .execute();
  return new Map(rows.map((r) => [r.itemId, Number(r.n)]));
}

/** The non-empty texts of one item, the newest first, at most `limit`. */
export async function textsOf(db: Executor, pjId: string, itemId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('el_pj_answer_item')
    .select('text')
    .where('pjId', '=', pjId)
    .where('itemId', '=', itemId)
    .where('text', '<>', '')
    .orderBy('createTime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.text);
}

/** Every answer item of one questionnaire grouped by answer, answers in the order given (export; no user). */
export function allAnswerItems(db: Executor, pjId: string) {
  return db
    .selectFrom('el_pj_answer_item')
    .select(['answerId', 'itemId', 'score', 'text', 'createTime'])
    .where('pjId', '=', pjId)
    .orderBy('createTime', 'asc')
    .orderBy('answerId', 'asc')
    .execute();
}

export async function deletePjs(db: Executor, ids: string[]): Promise<void> {
  await db.deleteFrom('el_pj_answer_item').where('pjId', 'in', ids).execute();
  await db.deleteFrom('el_pj_answer').where('pjId', 'in', ids).execute();
  await db.deleteFrom('el_pj').where('id', 'in', ids).execute();
}
