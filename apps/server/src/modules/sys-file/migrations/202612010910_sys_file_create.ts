/** sys-file: the table of uploaded files. Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('url', 'varchar(200)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ext', 'varchar(16)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('storage', 'varchar(16)', (c) => c.notNull().defaultTo('local'))
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_file_create_by').on('sys_file').columns(['create_by', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_file').ifExists().execute();
}
