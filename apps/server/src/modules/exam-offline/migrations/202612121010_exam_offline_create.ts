/**
 * exam-offline: the register of offline exam scores (issue 8 "Offline exams"): one row per (exam,
 * learner) naming his paper (el_paper, offline 1, module paper), the score and time as entered, how
 * (1 import, 2 typed) and by whom. `dept_code` is the learner's department when first entered (the
 * results list's data scope). Never edit after it lands.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_exam_offline')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('exam_time', 'bigint', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  // One score per (exam, learner): re-imports and typed corrections update this row.
  await db.schema.createIndex('uk_el_exam_offline').unique().on('el_exam_offline').columns(['exam_id', 'user_id']).execute();
  await db.schema.createIndex('idx_el_exam_offline_score').on('el_exam_offline').columns(['exam_id', 'user_score']).execute();
  await db.schema.createIndex('idx_el_exam_offline_dept').on('el_exam_offline').columns(['dept_code', 'exam_id']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`CREATE INDEX idx_el_exam_offline_dept_like ON el_exam_offline (dept_code varchar_pattern_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_exam_offline').ifExists().execute();
}
