/**
 * Dashboard figures of learning (module stat, SPEC §3 "Learning statistics", dashboard course row):
 * read-only SQL on el_course_file_learn and el_course_learn for `CourseStudyService.dashLearnDays`
 * / `dashCourseCounts`. The study tables hold no department: a scoped caller passes the ids of the
 * users in scope (`userIds`, null for everyone), applied in chunks whose figures add up (each user
 * is in one chunk). Range queries on update_time / finish_time (indexes of module stat's
 * migration 202702010001).
 */
import { sql } from 'kysely';
import type { Executor } from '../../db';

const DAY_MS = 86_400_000;
/** Ids per IN list (well under SQLite's 32 766 parameters). */
const CHUNK = 2000;

function chunks(userIds: string[] | null): (string[] | null)[] {
  if (userIds === null) return [null];
  const out: string[][] = [];
  for (let i = 0; i < userIds.length; i += CHUNK) out.push(userIds.slice(i, i + CHUNK));
  return out;
}

export interface LearnDay {
  /** Distinct learners whose last study of a file fell that day. */
  learnUser: number;
  /** Their credited ms on those files. */
  learnMs: number;
  /** Distinct learners who finished a course that day. */
  finishUser: number;
}

/** Per day i of [`from`, `from` + `days` days), for the users `userIds` (null: all). */
export async function dashLearnDays(db: Executor, from: number, days: number, userIds: string[] | null): Promise<LearnDay[]> {
  const to = from + days * DAY_MS;
  const out = Array.from({ length: days }, () => ({ learnUser: 0, learnMs: 0, finishUser: 0 }));
  for (const part of chunks(userIds)) {
    if (part !== null && part.length === 0) continue;
    const studied = sql<number>`(update_time - ${sql.lit(from)}) / ${sql.lit(DAY_MS)}`;
    const finished = sql<number>`(finish_time - ${sql.lit(from)}) / ${sql.lit(DAY_MS)}`;
    let q1 = db
      .selectFrom('el_course_file_learn')
      .where('updateTime', '>=', from)
      .where('updateTime', '<', to)
      .select([studied.as('bucket'), sql<number>`count(distinct user_id)`.as('n'), sql<number>`sum(learn_ms)`.as('ms')])
      .groupBy(studied);
    let q2 = db
      .selectFrom('el_course_learn')
      .where('finished', '=', 1)
      .where('finishTime', '>=', from)
      .where('finishTime', '<', to)
      .select([finished.as('bucket'), sql<number>`count(distinct user_id)`.as('n')])
      .groupBy(finished);
    if (part !== null) {
      q1 = q1.where('userId', 'in', part);
      q2 = q2.where('userId', 'in', part);
    }
    const [a, b] = await Promise.all([q1.execute(), q2.execute()]);
    for (const r of a) {
      const d = out[Number(r.bucket)]!;
      d.learnUser += Number(r.n);
      d.learnMs += Number(r.ms ?? 0);
    }
    for (const r of b) out[Number(r.bucket)]!.finishUser += Number(r.n);
  }
  return out;
}

/** Per course with at least one learner in progress (not finished): learners in progress and finished, for the users `userIds` (null: all). */
export async function dashCourseCounts(db: Executor, userIds: string[] | null): Promise<Map<string, { procCount: number; finishCount: number }>> {
  const out = new Map<string, { procCount: number; finishCount: number }>();
  for (const part of chunks(userIds)) {
    if (part !== null && part.length === 0) continue;
    let q = db
      .selectFrom('el_course_learn')
      .select(['courseId', sql<number>`sum(case when finished = 1 then 0 else 1 end)`.as('proc'), sql<number>`sum(finished)`.as('fin')])
      .groupBy('courseId');
    if (part !== null) q = q.where('userId', 'in', part);
    for (const r of await q.execute()) {
      const cur = out.get(r.courseId) ?? { procCount: 0, finishCount: 0 };
      cur.procCount += Number(r.proc);
      cur.finishCount += Number(r.fin);
      out.set(r.courseId, cur);
    }
  }
  for (const [id, c] of out) if (c.procCount === 0) out.delete(id);
  return out;
}
