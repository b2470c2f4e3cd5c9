/** SQL of face-to-face lessons and sign-ins (el_class_lesson, el_class_sign). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import { likeContains, paginate } from '../../lib/paging';
import type { ElClassLessonTable, ElClassSignTable } from './class-session.tables';

export function findLesson(db: Executor, id: string) {
  return db.selectFrom('el_class_lesson').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertLesson(db: Executor, row: ElClassLessonTable) {
  return db.insertInto('el_class_lesson').values(row).execute();
}

export function updateLesson(db: Executor, id: string, row: Omit<ElClassLessonTable, 'id' | 'classId' | 'signKey' | 'createBy' | 'createTime'>) {
  return db.updateTable('el_class_lesson').set(row).where('id', '=', id).executeTakeFirst();
}

export function lessonsByIds(db: Executor, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('el_class_lesson').selectAll().where('id', 'in', ids).execute();
}

/** Lessons of one class filtered by title (contains), in schedule order. */
export function pageLessons(db: Executor, page: { current: number; size: number }, classId: string, f: { title?: string }) {
  let q = db.selectFrom('el_class_lesson').selectAll().where('classId', '=', classId);
  if (f.title) q = q.where(likeContains('title', f.title));
  return paginate(q.orderBy('startTime', 'asc').orderBy('id', 'asc'), page);
}

/** Every lesson of one class, in schedule order. */
export function lessonsOf(db: Executor, classId: string) {
  return db.selectFrom('el_class_lesson').selectAll().where('classId', '=', classId).orderBy('startTime', 'asc').orderBy('id', 'asc').execute();
}

/** Lessons of the classes `classIds` (learner's list), filtered by title and by the learner's sign-in; the latest first. */
export function pageLessonsOfClasses(db: Executor, page: { current: number; size: number }, classIds: readonly string[], userId: string, f: { title?: string; signed?: boolean }) {
  let q = db.selectFrom('el_class_lesson as l').selectAll('l').where('l.classId', 'in', classIds.length ? classIds : ['']);
  if (f.title) q = q.where(likeContains('l.title', f.title));
  if (f.signed !== undefined) {
    const signed = f.signed;
    q = q.where((eb) => {
      const has = eb.exists(eb.selectFrom('el_class_sign as s').select('s.id').whereRef('s.lessonId', '=', 'l.id').where('s.userId', '=', userId));
      return signed ? has : eb.not(has);
    });
  }
  return paginate(q.orderBy('l.startTime', 'desc').orderBy('l.id', 'desc'), page);
}

/** Deletes lessons and their sign-ins. */
export async function deleteLessons(db: Executor, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('el_class_sign').where('lessonId', 'in', ids).execute();
  await db.deleteFrom('el_class_lesson').where('id', 'in', ids).execute();
}

/** Signed counts per lesson of `ids`. */
export async function signedCounts(db: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('el_class_sign').select((eb) => ['lessonId', eb.fn.countAll<number>().as('n')]).where('lessonId', 'in', ids).groupBy('lessonId').execute();
  return new Map(rows.map((r) => [r.lessonId, Number(r.n)]));
}

export function findSign(db: Executor, lessonId: string, userId: string) {
  return db.selectFrom('el_class_sign').selectAll().where('lessonId', '=', lessonId).where('userId', '=', userId).executeTakeFirst();
}

/** Sign-ins of one lesson. */
export function signsOfLesson(db: Executor, lessonId: string) {
  return db.selectFrom('el_class_sign').selectAll().where('lessonId', '=', lessonId).execute();
}

/** The learner's sign-ins among lessons `ids`. */
export function signsOfUser(db: Executor, userId: string, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('el_class_sign').selectAll().where('userId', '=', userId).where('lessonId', 'in', ids).execute();
}

/** Inserts a sign-in unless (lesson, user) has one; true when this call inserted it. */
export async function insertSignOnce(db: Executor, row: ElClassSignTable): Promise<boolean> {
  const r = await db.insertInto('el_class_sign').values(row).onConflict((oc) => oc.columns(['lessonId', 'userId']).doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** How many of the class's required lessons the learner signed (any source), and how many there are. */
export async function requiredStanding(db: Executor, classId: string, userId: string): Promise<{ done: number; total: number }> {
  const total = await db.selectFrom('el_class_lesson').select((eb) => eb.fn.countAll<number>().as('n')).where('classId', '=', classId).where('required', '=', 1).executeTakeFirstOrThrow();
  const done = await db
    .selectFrom('el_class_sign as s')
    .innerJoin('el_class_lesson as l', 'l.id', 's.lessonId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('l.classId', '=', classId)
    .where('l.required', '=', 1)
    .where('s.userId', '=', userId)
    .executeTakeFirstOrThrow();
  return { done: Number(done.n), total: Number(total.n) };
}
