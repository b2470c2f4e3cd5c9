/**
 * Dashboard figures of papers (module stat, SPEC §3 "Exam overview", dashboard exam row): read-only
 * SQL on el_paper for `paper.stats` (PaperStats below). Papers carry the learner's
 * department (dept_code) for the data scope. Hand-ins are read by range on hand_time (index
 * idx_el_paper_hand_cover, covering: migrations of module stat 202702010001 and 0002); per-exam counts by
 * idx_el_paper_exam_cover (exam_id, state, dept_code, user_id, passed: covering, paper migration 202702070000).
 */
import { sql } from 'kysely';
import { PaperState } from '@kaopei/contracts';
import type { Executor } from '../../db';
import * as repo from './paper.repository';
import { deptScope } from '../../lib/dept-scope';

const DAY_MS = 86_400_000;
const HANDED = [PaperState.WAIT_MARK, PaperState.FINISHED];

/** Per day i of [`from`, `from` + `days` days): distinct exams, users and passed users of the papers handed in that day. */
export async function dashHandDays(db: Executor, from: number, days: number, scope: string | null): Promise<{ examCount: number; examUser: number; passUser: number }[]> {
  const bucket = sql<number>`(hand_time - ${sql.lit(from)}) / ${sql.lit(DAY_MS)}`;
  const rows = await deptScope(db.selectFrom('el_paper'), 'deptCode', scope)
    .where('handTime', '>=', from)
    .where('handTime', '<', from + days * DAY_MS)
    // `+state`: the state is read from the covering index, never used to choose one. Without statistics SQLite
    // preferred idx_el_paper_state_limit (every handed-in paper of all time, each looked up in the table: 1.8 s
    // warm, 3.7 s cold on 1,000,000 papers) over the week's range of idx_el_paper_hand_cover (92 ms / 248 ms).
    .where(sql<number>`+state`, 'in', HANDED)
    .select([
      bucket.as('bucket'),
      sql<number>`count(distinct exam_id)`.as('examCount'),
      sql<number>`count(distinct user_id)`.as('examUser'),
      sql<number>`count(distinct case when passed = 1 then user_id end)`.as('passUser'),
    ])
    .groupBy(bucket)
    .execute();
  const out = Array.from({ length: days }, () => ({ examCount: 0, examUser: 0, passUser: 0 }));
  for (const r of rows) out[Number(r.bucket)] = { examCount: Number(r.examCount), examUser: Number(r.examUser), passUser: Number(r.passUser) };
  return out;
}

/** Per exam of `examIds`: distinct users with a paper in progress (`procCount`) and papers handed in (`handCount`), in the scope. */
export async function dashExamCounts(db: Executor, examIds: string[], scope: string | null): Promise<Map<string, { procCount: number; handCount: number }>> {
  const out = new Map<string, { procCount: number; handCount: number }>();
  if (examIds.length === 0) return out;
  const rows = await deptScope(db.selectFrom('el_paper'), 'deptCode', scope)
    .where('examId', 'in', examIds)
    .where('state', 'in', [PaperState.IN_EXAM, ...HANDED])
    .select([
      'examId',
      sql<number>`count(distinct case when state = ${sql.lit(PaperState.IN_EXAM)} then user_id end)`.as('procCount'),
      sql<number>`sum(case when state = ${sql.lit(PaperState.IN_EXAM)} then 0 else 1 end)`.as('handCount'),
    ])
    .groupBy('examId')
    .execute();
  for (const r of rows) out.set(r.examId, { procCount: Number(r.procCount), handCount: Number(r.handCount) });
  return out;
}

/** The statistics reads of papers (modules stat and studyStat), bound to the database: `paper.stats`. */
export class PaperStats {
  constructor(private readonly db: Executor) {}

  /** dashHandDays above. */
  dashHandDays(from: number, days: number, scope: string | null): Promise<{ examCount: number; examUser: number; passUser: number }[]> {
    return dashHandDays(this.db, from, days, scope);
  }

  /** dashExamCounts above. */
  dashExamCounts(examIds: string[], scope: string | null): Promise<Map<string, { procCount: number; handCount: number }>> {
    return dashExamCounts(this.db, examIds, scope);
  }

  /**
   * Every learner's standing in exam `examId` (module studyStat's unfinished list): userId →
   * whether one of his papers was handed in (waiting for marking or marked), marked, and passed.
   * Learners without a paper are absent.
   */
  async examStandings(examId: string): Promise<Map<string, { handed: boolean; marked: boolean; passed: boolean }>> {
    const rows = await repo.standingsOfExam(this.db, examId);
    return new Map(rows.map((r) => [r.userId, { handed: Number(r.handed) === 1, marked: Number(r.marked) === 1, passed: Number(r.passed) === 1 }]));
  }
}
