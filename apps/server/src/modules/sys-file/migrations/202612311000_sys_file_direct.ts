/** sys-file: pending browser direct uploads (a key handed out by /direct/init, waiting for /direct/finish). Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_file_direct')
    .addColumn('storage_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_file_direct_expire').on('sys_file_direct').column('expire_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_file_direct').ifExists().execute();
}
