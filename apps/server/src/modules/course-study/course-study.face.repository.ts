/**
 * SQL of study face checks (el_course_face_state, el_course_face; issue 12). Every function takes
 * `db | trx`.
 */
import type { Executor } from '../../db';
import { paginate } from '../../lib/paging';
import type { ElCourseFaceStateTable, ElCourseFaceTable } from './course-study.tables';

export function findFaceState(db: Executor, userId: string, courseId: string): Promise<ElCourseFaceStateTable | undefined> {
  return db.selectFrom('el_course_face_state').selectAll().where('userId', '=', userId).where('courseId', '=', courseId).executeTakeFirst();
}

/**
 * The learner's face standing in the course, created when missing and LOCKED for the transaction
 * (the touching UPDATE takes the row lock on PostgreSQL; SQLite has one writer): parallel captures of
 * one learner are counted one after the other.
 */
export async function lockFaceState(db: Executor, userId: string, courseId: string, at: number): Promise<ElCourseFaceStateTable> {
  await db.insertInto('el_course_face_state').values({ userId, courseId, okUntil: 0, fails: 0, updateTime: at }).onConflict((oc) => oc.columns(['userId', 'courseId']).doNothing()).execute();
  await db.updateTable('el_course_face_state').set({ updateTime: at }).where('userId', '=', userId).where('courseId', '=', courseId).execute();
  return db.selectFrom('el_course_face_state').selectAll().where('userId', '=', userId).where('courseId', '=', courseId).executeTakeFirstOrThrow();
}

export async function setFaceState(db: Executor, userId: string, courseId: string, set: { okUntil: number; fails: number; updateTime: number }): Promise<void> {
  await db.updateTable('el_course_face_state').set(set).where('userId', '=', userId).where('courseId', '=', courseId).execute();
}

export async function insertFace(db: Executor, row: ElCourseFaceTable): Promise<void> {
  await db.insertInto('el_course_face').values(row).execute();
}

/** A course's checks or captures, newest first, optionally of one learner and by outcome. */
export function pageFaces(db: Executor, q: { courseId: string; kind: number; userId?: string; pass?: boolean }, page: { current: number; size: number }) {
  let s = db.selectFrom('el_course_face').selectAll().where('courseId', '=', q.courseId).where('kind', '=', q.kind);
  if (q.userId) s = s.where('userId', '=', q.userId);
  if (q.pass !== undefined) s = s.where('pass', '=', q.pass ? 1 : 0);
  return paginate(s.orderBy('createTime', 'desc').orderBy('id', 'desc'), page);
}
