/** SQL for the offline score register (el_exam_offline). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import type { OFFLINE_SORT } from '@kaopei/contracts/exam-offline';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElExamOfflineTable } from './exam-offline.tables';

type SortColumn = (typeof OFFLINE_SORT)[number];
/** Sortable columns of the results list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { userScore: 'userScore', examTime: 'examTime', updateTime: 'updateTime' };

/**
 * Inserts the row of (exam, learner) unless one exists (the unique key decides between racing
 * imports: on PostgreSQL the loser waits for the winner's commit, then inserts nothing). Answers
 * whether this call inserted it.
 */
export async function insertIfAbsent(db: Executor, row: ElExamOfflineTable): Promise<boolean> {
  const res = await db.insertInto('el_exam_offline').values(row).onConflict((oc) => oc.columns(['examId', 'userId']).doNothing()).returning('id').execute();
  return res.length === 1;
}

export function findOne(db: Executor, examId: string, userId: string) {
  return db.selectFrom('el_exam_offline').selectAll().where('examId', '=', examId).where('userId', '=', userId).executeTakeFirst();
}

/**
 * Sets a new score and time on the row `id` when either differs (the comparison is in the WHERE, so
 * two equal corrections racing change it once). Answers whether it changed.
 */
export async function updateIfDifferent(db: Executor, id: string, set: Pick<ElExamOfflineTable, 'userScore' | 'examTime' | 'source' | 'userName' | 'realName' | 'updateBy' | 'updateTime'>): Promise<boolean> {
  const res = await db
    .updateTable('el_exam_offline')
    .set(set)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('userScore', '<>', set.userScore), eb('examTime', '<>', set.examTime)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The scores of one exam in the caller's scope; `passed` compares with the exam's `qualifyScore`. */
export function pageScores(
  db: Executor,
  page: { current: number; size: number; orders?: SortOrder<SortColumn>[] },
  f: { examId: string; userName?: string; passed?: number },
  qualifyScore: number,
  scope: string | null,
) {
  let q = deptScope(db.selectFrom('el_exam_offline').selectAll().where('examId', '=', f.examId), 'deptCode', scope);
  if (f.userName) q = q.where((eb) => eb.or([likeContains('userName', f.userName as string), likeContains('realName', f.userName as string)]));
  if (f.passed === 1) q = q.where('userScore', '>=', qualifyScore);
  if (f.passed === 0) q = q.where('userScore', '<', qualifyScore);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'updateTime', asc: false }], 'id'), page);
}
