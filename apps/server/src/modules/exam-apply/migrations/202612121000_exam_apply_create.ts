/**
 * exam-apply: learners' applications to exams that need approval (el_exam.need_apply; issue 8
 * "Exam applications"). One live application (state 0 pending or 1 approved) per exam and learner:
 * a partial unique index, so a double click or two nodes insert one row; rejected ones (2) stay as
 * history. `dept_code` is the applicant's department when applying (the audit list's data scope).
 * Never edit after it lands.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_exam_apply')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('apply_msg', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audit_msg', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_time', 'bigint')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('uk_el_exam_apply_live')
    .unique()
    .on('el_exam_apply')
    .columns(['exam_id', 'user_id'])
    .where(sql.ref('state'), '<', 2)
    .execute();
  await db.schema.createIndex('idx_el_exam_apply_user').on('el_exam_apply').columns(['user_id', 'exam_id', 'create_time']).execute();
  await db.schema.createIndex('idx_el_exam_apply_exam').on('el_exam_apply').columns(['exam_id', 'state', 'create_time']).execute();
  await db.schema.createIndex('idx_el_exam_apply_dept').on('el_exam_apply').columns(['dept_code', 'create_time']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Data scope filters with LIKE 'A01%': a btree index serves it only with the pattern operator class.
    await sql`CREATE INDEX idx_el_exam_apply_dept_like ON el_exam_apply (dept_code varchar_pattern_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_exam_apply').ifExists().execute();
}
