/**
 * user-real: the real-person records (issue 12 "Real-name verification"; SPEC §3). One row per user
 * (unique user_id: a resubmission, or a double click, updates it). `dept_code` is the learner's
 * department when submitting (the audit list's data scope). Never edit after it lands.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_user_real')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(32)', (c) => c.notNull())
    .addColumn('face', 'varchar(500)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audit_msg', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_time', 'bigint')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_user_real_state').on('sys_user_real').columns(['state', 'update_time']).execute();
  await db.schema.createIndex('idx_sys_user_real_dept').on('sys_user_real').columns(['dept_code', 'update_time']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Data scope filters with LIKE 'A01%': a btree index serves it only with the pattern operator class.
    await sql`CREATE INDEX idx_sys_user_real_dept_like ON sys_user_real (dept_code varchar_pattern_ops)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_user_real').ifExists().execute();
}
