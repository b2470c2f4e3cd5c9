/**
 * stat: the daily-login table of the dashboard's user trend (one row per user and day, from the
 * event user.firstLoginOfDay) and the time indexes the dashboard's range queries read by
 * (accounts by create_time, papers by hand_time, study rows by update_time / finish_time).
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stat_login_day')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    /** yyyy-MM-dd, Asia/Shanghai. */
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('login_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_stat_login_day', ['user_id', 'day'])
    .execute();
  await db.schema.createIndex('idx_stat_login_day_day').on('stat_login_day').columns(['day', 'dept_code']).execute();
  await db.schema.createIndex('idx_sys_user_create').on('sys_user').columns(['create_time']).execute();
  await db.schema.createIndex('idx_el_paper_hand').on('el_paper').columns(['hand_time']).execute();
  await db.schema.createIndex('idx_el_course_file_learn_update').on('el_course_file_learn').columns(['update_time']).execute();
  await db.schema.createIndex('idx_el_course_learn_finish').on('el_course_learn').columns(['finish_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['idx_el_course_learn_finish', 'idx_el_course_file_learn_update', 'idx_el_paper_hand', 'idx_sys_user_create']) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.dropTable('stat_login_day').execute();
}
