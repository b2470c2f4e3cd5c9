/**
 * paper: the per-exam index made covering for the statistics reads. idx_el_paper_mark_list (exam_id,
 * state, dept_code) became idx_el_paper_exam_cover (exam_id, state, dept_code, user_id, passed): the
 * dashboard's exams in progress (learners in progress, papers handed in: paper.dash.ts) and the
 * unfinished list's standings of an exam (studyStat) read user_id and passed from the index alone
 * instead of one table read per paper (PostgreSQL: 13,455 heap blocks for the 5 exams of the dashboard
 * list on the 1,000,000-paper bench database, 727 ms cold). The marking list keeps its prefix (exam,
 * state, department; on PostgreSQL dept_code with varchar_pattern_ops for `LIKE 'A01%'`). Never edit
 * after it lands.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index idx_el_paper_exam_cover on el_paper (exam_id, state, dept_code varchar_pattern_ops, user_id, passed)`.execute(db);
  } else {
    await db.schema.createIndex('idx_el_paper_exam_cover').on('el_paper').columns(['exam_id', 'state', 'dept_code', 'user_id', 'passed']).execute();
  }
  await db.schema.dropIndex('idx_el_paper_mark_list').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index idx_el_paper_mark_list on el_paper (exam_id, state, dept_code varchar_pattern_ops)`.execute(db);
  } else {
    await db.schema.createIndex('idx_el_paper_mark_list').on('el_paper').columns(['exam_id', 'state', 'dept_code']).execute();
  }
  await db.schema.dropIndex('idx_el_paper_exam_cover').execute();
}
