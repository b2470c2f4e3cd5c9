/**
 * SQL of course Q&A (el_course_qa): questions (parentId '') and replies, with the author's name
 * and avatar read from sys_user (a read-only join for labels, module dictJoins).
 */
import type { Executor } from '../../db';
import { openToLearner, type OpenToLearner } from '../../lib/open-to';
import { paginate } from '../../lib/paging';
import type { ElCourseQaTable } from './course.tables';

const TABLES = { table: 'el_course', refTable: 'el_course_ref', fk: 'courseId' };

function withAuthor(db: Executor) {
  return db
    .selectFrom('el_course_qa as q')
    .leftJoin('sys_user as u', 'u.id', 'q.createBy')
    .select(['q.id', 'q.courseId', 'q.parentId', 'q.content', 'q.createBy', 'q.createTime', 'u.realName', 'u.avatar']);
}

/**
 * A page of questions (newest first): of one course, of the caller (`mine`), and — for a learner
 * (`learner` set) — only on live enabled courses open to them or owned by them.
 */
export function pageQuestions(db: Executor, page: { current: number; size: number }, f: { courseId?: string; mineOf?: string }, learner: OpenToLearner | null) {
  let q = withAuthor(db).where('q.parentId', '=', '');
  if (f.courseId) q = q.where('q.courseId', '=', f.courseId);
  if (f.mineOf) q = q.where('q.createBy', '=', f.mineOf);
  if (learner) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('el_course')
          .select('el_course.id')
          .whereRef('el_course.id', '=', 'q.courseId')
          .where('el_course.deleted', '=', 0)
          .where('el_course.state', '=', 0)
          .where((e2) =>
            e2.or([
              openToLearner(TABLES, learner, [1]),
              e2.exists(e2.selectFrom('el_course_user as o').select('o.id').whereRef('o.courseId', '=', 'el_course.id').where('o.userId', '=', learner.userId).where('o.state', '=', 1)),
            ]),
          ),
      ),
    );
  }
  return paginate(q.orderBy('q.createTime', 'desc').orderBy('q.id', 'desc'), page);
}

/** Replies of the questions, oldest first. */
export function repliesOf(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return withAuthor(db).where('q.parentId', 'in', questionIds).orderBy('q.createTime').orderBy('q.id').execute();
}

export function findQa(db: Executor, id: string) {
  return withAuthor(db).where('q.id', '=', id).executeTakeFirst();
}

export function insertQa(db: Executor, row: ElCourseQaTable) {
  return db.insertInto('el_course_qa').values(row).execute();
}
