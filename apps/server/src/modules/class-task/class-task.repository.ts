/** SQL of class tasks (el_class_task, el_class_task_submit). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import { likeContains, paginate } from '../../lib/paging';
import type { ElClassTaskSubmitTable, ElClassTaskTable } from './class-task.tables';

export function findTask(db: Executor, id: string) {
  return db.selectFrom('el_class_task').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTasks(db: Executor, ids: string[]) {
  return db.selectFrom('el_class_task').selectAll().where('id', 'in', ids).execute();
}

export function insertTask(db: Executor, row: ElClassTaskTable) {
  return db.insertInto('el_class_task').values(row).execute();
}

export function updateTask(db: Executor, id: string, row: Pick<ElClassTaskTable, 'title' | 'content' | 'deadline' | 'required' | 'allowFiles' | 'updateTime'>) {
  return db.updateTable('el_class_task').set(row).where('id', '=', id).executeTakeFirst();
}

/** Tasks of a class, title contains; the earliest deadline first. */
export function pageTasks(db: Executor, page: { current: number; size: number }, classId: string, f: { title?: string }) {
  let q = db.selectFrom('el_class_task').selectAll().where('classId', '=', classId);
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(q.orderBy('deadline', 'asc').orderBy('id', 'asc'), page);
}

/** Every task of a class (the learner's list), the earliest deadline first. */
export function tasksOfClass(db: Executor, classId: string) {
  return db.selectFrom('el_class_task').selectAll().where('classId', '=', classId).orderBy('deadline', 'asc').orderBy('id', 'asc').execute();
}

export async function deleteTasks(db: Executor, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db.deleteFrom('el_class_task_submit').where('taskId', 'in', ids).execute();
  await db.deleteFrom('el_class_task').where('id', 'in', ids).execute();
}

/** Submitted and reviewed counts per task of `ids`. */
export async function countsOf(db: Executor, ids: string[]): Promise<Map<string, { submitted: number; reviewed: number }>> {
  const out = new Map<string, { submitted: number; reviewed: number }>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('el_class_task_submit')
    .select((eb) => ['taskId', 'state', eb.fn.countAll<number>().as('n')])
    .where('taskId', 'in', ids)
    .groupBy(['taskId', 'state'])
    .execute();
  for (const r of rows) {
    const c = out.get(r.taskId) ?? { submitted: 0, reviewed: 0 };
    c.submitted += Number(r.n);
    if (r.state === 2) c.reviewed += Number(r.n);
    out.set(r.taskId, c);
  }
  return out;
}

export function findSubmit(db: Executor, id: string) {
  return db.selectFrom('el_class_task_submit').selectAll().where('id', '=', id).executeTakeFirst();
}

export function submitOf(db: Executor, taskId: string, userId: string) {
  return db.selectFrom('el_class_task_submit').selectAll().where('taskId', '=', taskId).where('userId', '=', userId).executeTakeFirst();
}

/** Every submission of a task. */
export function submitsOfTask(db: Executor, taskId: string) {
  return db.selectFrom('el_class_task_submit').selectAll().where('taskId', '=', taskId).execute();
}

/** The caller's submissions of the tasks `ids`. */
export function submitsOfUser(db: Executor, userId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('el_class_task_submit').selectAll().where('userId', '=', userId).where('taskId', 'in', ids).execute();
}

export function insertSubmit(db: Executor, row: ElClassTaskSubmitTable) {
  return db.insertInto('el_class_task_submit').values(row).execute();
}

/** Overwrites a submission that is not reviewed yet; false when it was reviewed meanwhile. */
export async function resubmit(db: Executor, id: string, row: { content: string; files: string; submitTime: number }): Promise<boolean> {
  const r = await db.updateTable('el_class_task_submit').set(row).where('id', '=', id).where('state', '=', 1).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Records the review (a later review overwrites the earlier one). */
export async function review(db: Executor, id: string, row: { score: number; comment: string; reviewBy: string; reviewTime: number }): Promise<void> {
  await db.updateTable('el_class_task_submit').set({ ...row, state: 2 }).where('id', '=', id).execute();
}
