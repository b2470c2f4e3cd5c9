/** sys-config: the site configuration and the switch configuration (one row each, id "1"). Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_config')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('site_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('back_logo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('front_logo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('tmp_dir', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('copy_right', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('filing_no', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('h5_host', 'varchar(255)', (c) => c.notNull().defaultTo('/'))
    .addColumn('update_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sys_switch_config')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_reg', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('user_audit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_dept_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wechat_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('face_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('crop_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ding_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('face_audit', 'varchar(16)', (c) => c.notNull().defaultTo('no'))
    .addColumn('login_tick', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_switch_config').ifExists().execute();
  await db.schema.dropTable('sys_config').ifExists().execute();
}
