/**
 * SQL of course study (el_course_file_learn, el_course_learn, el_course_study_stream,
 * el_course_study_check). Every function takes `db | trx`; the conditional updates answer whether
 * they changed a row, which is how races are decided (one winner).
 */
import type { Executor } from '../../db';
import { paginate } from '../../lib/paging';
import type { ElCourseFileLearnTable, ElCourseLearnTable, ElCourseStudyCheckTable, ElCourseStudyStreamTable } from './course-study.tables';

const changed = (res: { numUpdatedRows?: bigint; numInsertedOrUpdatedRows?: bigint } | undefined) =>
  Number(res?.numUpdatedRows ?? res?.numInsertedOrUpdatedRows ?? 0) > 0;

// ---------------------------------------------------------------- the active stream

export function findStream(db: Executor, userId: string): Promise<ElCourseStudyStreamTable | undefined> {
  return db.selectFrom('el_course_study_stream').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Inserts the learner's stream row unless one exists; true when inserted. */
export async function insertStream(db: Executor, row: ElCourseStudyStreamTable): Promise<boolean> {
  const res = await db.insertInto('el_course_study_stream').values(row).onConflict((oc) => oc.column('userId').doNothing()).returning('userId').executeTakeFirst();
  return res !== undefined;
}

/**
 * Compare-and-set of the stream row: replaces it with `next` only while it still is `prev` (same
 * stream, same last report time, same lease). Two parallel reports of one stream: one wins.
 */
export async function swapStream(db: Executor, prev: ElCourseStudyStreamTable, next: ElCourseStudyStreamTable): Promise<boolean> {
  const res = await db
    .updateTable('el_course_study_stream')
    .set({ streamId: next.streamId, courseId: next.courseId, fileId: next.fileId, lastAt: next.lastAt, leaseUntil: next.leaseUntil })
    .where('userId', '=', prev.userId)
    .where('streamId', '=', prev.streamId)
    .where('lastAt', '=', prev.lastAt)
    .where('leaseUntil', '=', prev.leaseUntil)
    .executeTakeFirst();
  return changed(res);
}

/** Frees the learner's slot when `streamId` holds it (a socket closed). */
export async function releaseStream(db: Executor, userId: string, streamId: string): Promise<void> {
  await db.deleteFrom('el_course_study_stream').where('userId', '=', userId).where('streamId', '=', streamId).execute();
}

/** Makes the learner's next report a baseline (after a passed check: answering time is not study time). */
export async function resetBaseline(db: Executor, userId: string): Promise<void> {
  await db.updateTable('el_course_study_stream').set({ lastAt: 0 }).where('userId', '=', userId).execute();
}

// ---------------------------------------------------------------- course rows

/**
 * Makes sure the learner's course row exists and locks it for the rest of the transaction (an
 * UPDATE takes the row lock on PostgreSQL; SQLite has one writer): every change of one learner's
 * progress in one course is serialised, so completion is counted on committed data.
 */
export async function lockCourse(db: Executor, row: ElCourseLearnTable): Promise<ElCourseLearnTable> {
  await db.insertInto('el_course_learn').values(row).onConflict((oc) => oc.columns(['userId', 'courseId']).doNothing()).execute();
  await db.updateTable('el_course_learn').set({ updateTime: row.updateTime }).where('userId', '=', row.userId).where('courseId', '=', row.courseId).execute();
  return db.selectFrom('el_course_learn').selectAll().where('userId', '=', row.userId).where('courseId', '=', row.courseId).executeTakeFirstOrThrow();
}

export function findCourse(db: Executor, userId: string, courseId: string): Promise<ElCourseLearnTable | undefined> {
  return db.selectFrom('el_course_learn').selectAll().where('userId', '=', userId).where('courseId', '=', courseId).executeTakeFirst();
}

export async function setCourseProcess(db: Executor, userId: string, courseId: string, process: number): Promise<void> {
  await db.updateTable('el_course_learn').set({ process }).where('userId', '=', userId).where('courseId', '=', courseId).where('finished', '=', 0).execute();
}

/** Flips the course to finished; true for the one call that did it. */
export async function finishCourseOnce(db: Executor, userId: string, courseId: string, at: number): Promise<boolean> {
  const res = await db
    .updateTable('el_course_learn')
    .set({ finished: 1, process: 100, finishTime: at, updateTime: at })
    .where('userId', '=', userId)
    .where('courseId', '=', courseId)
    .where('finished', '=', 0)
    .executeTakeFirst();
  return changed(res);
}

// ---------------------------------------------------------------- file rows

export function findFileLearn(db: Executor, userId: string, courseId: string, fileId: string): Promise<ElCourseFileLearnTable | undefined> {
  return db.selectFrom('el_course_file_learn').selectAll().where('userId', '=', userId).where('courseId', '=', courseId).where('fileId', '=', fileId).executeTakeFirst();
}

/** The learner's rows of one course. */
export function fileLearnsOf(db: Executor, userId: string, courseId: string): Promise<ElCourseFileLearnTable[]> {
  return db.selectFrom('el_course_file_learn').selectAll().where('userId', '=', userId).where('courseId', '=', courseId).execute();
}

/** Writes the row (insert, or update of the user+course+file row). */
export async function saveFileLearn(db: Executor, row: ElCourseFileLearnTable): Promise<void> {
  const { id: _id, userId: _u, courseId: _c, fileId: _f, createTime: _t, ...set } = row;
  await db
    .insertInto('el_course_file_learn')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'courseId', 'fileId']).doUpdateSet(set))
    .execute();
}

/** My rows, newest study first; `courseId` filters. */
export function pageMine(db: Executor, userId: string, courseId: string | undefined, page: { current: number; size: number }) {
  let q = db.selectFrom('el_course_file_learn').selectAll().where('userId', '=', userId);
  if (courseId) q = q.where('courseId', '=', courseId);
  return paginate(q.orderBy('updateTime', 'desc').orderBy('id', 'desc'), page);
}

/** Every learner's rows of a course (statistics). */
export function fileLearnsOfCourse(db: Executor, courseId: string): Promise<ElCourseFileLearnTable[]> {
  return db.selectFrom('el_course_file_learn').selectAll().where('courseId', '=', courseId).orderBy('userId').execute();
}

export function coursesOfCourse(db: Executor, courseId: string): Promise<ElCourseLearnTable[]> {
  return db.selectFrom('el_course_learn').selectAll().where('courseId', '=', courseId).execute();
}

// ---------------------------------------------------------------- learning checks

export function findCheck(db: Executor, userId: string, courseId: string): Promise<ElCourseStudyCheckTable | undefined> {
  return db.selectFrom('el_course_study_check').selectAll().where('userId', '=', userId).where('courseId', '=', courseId).executeTakeFirst();
}

export async function saveCheck(db: Executor, row: ElCourseStudyCheckTable): Promise<void> {
  const { userId: _u, courseId: _c, ...set } = row;
  await db.insertInto('el_course_study_check').values(row).onConflict((oc) => oc.columns(['userId', 'courseId']).doUpdateSet(set)).execute();
}

/** Replaces the open check's key `key` (true when it was still that key). */
export async function swapCheck(db: Executor, userId: string, courseId: string, key: string, set: Partial<ElCourseStudyCheckTable>): Promise<boolean> {
  const res = await db
    .updateTable('el_course_study_check')
    .set(set)
    .where('userId', '=', userId)
    .where('courseId', '=', courseId)
    .where('state', '=', 1)
    .where('checkKey', '=', key)
    .executeTakeFirst();
  return changed(res);
}
