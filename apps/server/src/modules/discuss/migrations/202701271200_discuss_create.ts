/**
 * discuss: class discussion threads and replies (issue 13 "Discussions").
 * - `el_discuss_thread`: per class; reply_count, last_reply_time and pinned drive the list order.
 * - `el_discuss_reply`: per thread, listed oldest first.
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_discuss_thread')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reply_time', 'bigint', (c) => c.notNull())
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_discuss_thread_class').on('el_discuss_thread').columns(['class_id', 'pinned', 'last_reply_time']).execute();

  await db.schema
    .createTable('el_discuss_reply')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('thread_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_discuss_reply_thread').on('el_discuss_reply').columns(['thread_id', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_discuss_reply').execute();
  await db.schema.dropTable('el_discuss_thread').execute();
}
