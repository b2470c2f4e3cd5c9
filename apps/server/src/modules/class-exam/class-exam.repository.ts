/** SQL of class exams (el_class_exam). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import { paginate } from '../../lib/paging';
import type { ElClassExamTable } from './class-exam.tables';

/** The exams of one class in order. */
export function examsOf(db: Executor, classId: string): Promise<ElClassExamTable[]> {
  return db.selectFrom('el_class_exam').selectAll().where('classId', '=', classId).orderBy('sort').orderBy('id').execute();
}

/** Replaces the exams of one class (in the caller's transaction). */
export async function replaceExams(db: Executor, classId: string, rows: ElClassExamTable[]): Promise<void> {
  await db.deleteFrom('el_class_exam').where('classId', '=', classId).execute();
  if (rows.length) await db.insertInto('el_class_exam').values(rows).execute();
}

export function pageExams(db: Executor, page: { current: number; size: number }, classId: string) {
  return paginate(db.selectFrom('el_class_exam').selectAll().where('classId', '=', classId).orderBy('sort').orderBy('id'), page);
}

/** The classes linking `examId` (the exam grant and the settle after a marked paper). */
export async function classesWithExam(db: Executor, examId: string): Promise<string[]> {
  return (await db.selectFrom('el_class_exam').select('classId').where('examId', '=', examId).execute()).map((r) => r.classId);
}
