/**
 * liveClass: live sessions and attendance (issue 13).
 * - `el_live_session`: schedule, stream (app_name/stream_name), replay course file, class reference.
 * - `el_live_attend`: one row per (session, user): credited ms, the active stream and its last beat,
 *   first and last beat.
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_live_session')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('app_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('stream_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('replay_file_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_live_session_start').on('el_live_session').columns(['state', 'start_time']).execute();
  await db.schema.createIndex('idx_el_live_session_class').on('el_live_session').columns(['class_id']).execute();

  await db.schema
    .createTable('el_live_attend')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('attend_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stream_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_beat', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('first_time', 'bigint', (c) => c.notNull())
    .addColumn('last_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_live_attend').on('el_live_attend').columns(['session_id', 'user_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_live_attend').execute();
  await db.schema.dropTable('el_live_session').execute();
}
