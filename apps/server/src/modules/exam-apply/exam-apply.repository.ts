/**
 * SQL for exam applications (el_exam_apply). Every function takes `db | trx`. The admin list joins
 * el_exam read-only for the exam's title (`examId_dictText`, declared in dictJoins).
 */
import type { SortOrder } from '@kaopei/contracts';
import type { APPLY_SORT } from '@kaopei/contracts/exam-apply';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElExamApplyTable } from './exam-apply.tables';

type SortColumn = (typeof APPLY_SORT)[number];
/** Sortable columns of the audit list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { createTime: 'a.createTime', auditTime: 'a.auditTime' };

/** The live application (pending or approved) of `userId` to `examId`, if any (at most one: unique index). */
export function findLive(db: Executor, examId: string, userId: string) {
  return db.selectFrom('el_exam_apply').selectAll().where('examId', '=', examId).where('userId', '=', userId).where('state', '<', 2).executeTakeFirst();
}

/** The newest application of `userId` to each of `examIds` (live first: a live one is always the newest). */
export async function latestOf(db: Executor, userId: string, examIds: readonly string[]): Promise<Map<string, ElExamApplyTable>> {
  if (examIds.length === 0) return new Map();
  const rows = await db.selectFrom('el_exam_apply').selectAll().where('userId', '=', userId).where('examId', 'in', examIds).orderBy('createTime', 'asc').orderBy('id', 'asc').execute();
  const map = new Map<string, ElExamApplyTable>();
  for (const r of rows) {
    const cur = map.get(r.examId);
    if (!cur || cur.state === 2) map.set(r.examId, r);
  }
  return map;
}

export function insertApply(db: Executor, row: ElExamApplyTable) {
  return db.insertInto('el_exam_apply').values(row).execute();
}

/** Replaces the reason of a pending application (applying again while pending). */
export function updatePendingMsg(db: Executor, id: string, applyMsg: string, at: number) {
  return db.updateTable('el_exam_apply').set({ applyMsg, updateTime: at }).where('id', '=', id).where('state', '=', 0).executeTakeFirst();
}

export function findByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_exam_apply').select(['id', 'deptCode', 'state']).where('id', 'in', ids).execute();
}

/**
 * Audits the pending applications among `ids` (state 0 → `state`); the state check in the WHERE
 * makes a second audit (double click, two administrators) change nothing. Answers the rows changed.
 */
export function auditPending(db: Executor, ids: readonly string[], set: { state: number; auditMsg: string; auditBy: string; auditTime: number }) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .updateTable('el_exam_apply')
    .set({ ...set, updateTime: set.auditTime })
    .where('id', 'in', ids)
    .where('state', '=', 0)
    .returning(['id', 'examId', 'userId', 'state', 'auditMsg'])
    .execute();
}

/** The audit list: filters exam, state, applicant (account or real name contains); scope on the row's dept_code. */
export function pageApplies(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<SortColumn>[] },
  f: { examId?: string; state?: number; userName?: string },
  scope: string | null,
) {
  let q = deptScope(
    db.selectFrom('el_exam_apply as a').leftJoin('el_exam as e', 'e.id', 'a.examId').selectAll('a').select('e.title as examTitle'),
    'a.deptCode',
    scope,
  );
  if (f.examId) q = q.where('a.examId', '=', f.examId);
  if (f.state !== undefined) q = q.where('a.state', '=', f.state);
  if (f.userName) q = q.where((eb) => eb.or([likeContains('a.userName', f.userName as string), likeContains('a.realName', f.userName as string)]));
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'a.id'), page);
}
