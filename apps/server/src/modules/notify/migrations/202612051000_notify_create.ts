/** notify: messages, message templates and deliveries. Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_user_msg')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('read_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'bigint')
    .addColumn('event', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('ref_type', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('tmpl_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_user_msg_user').on('sys_user_msg').columns(['user_id', 'deleted', 'read_state', 'create_time']).execute();

  await db.schema
    .createTable('sys_notify_tmpl')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('builtin', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_notify_tmpl_event').on('sys_notify_tmpl').columns(['event', 'create_time']).execute();

  await db.schema
    .createTable('sys_notify_delivery')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    .addColumn('msg_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('target', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('uq_sys_notify_delivery', ['event', 'ref_id', 'user_id', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_notify_delivery').ifExists().execute();
  await db.schema.dropTable('sys_notify_tmpl').ifExists().execute();
  await db.schema.dropTable('sys_user_msg').ifExists().execute();
}
