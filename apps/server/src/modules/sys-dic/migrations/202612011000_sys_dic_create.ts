/** sys-dic: dictionaries and their entries. Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_dic')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('dic_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_sys_dic_code').on('sys_dic').column('dic_code').unique().execute();
  await db.schema.createIndex('idx_sys_dic_parent').on('sys_dic').column('parent_id').execute();

  await db.schema
    .createTable('sys_dic_value')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('dic_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('value', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_sys_dic_value').on('sys_dic_value').columns(['dic_id', 'value']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_dic_value').ifExists().execute();
  await db.schema.dropTable('sys_dic').ifExists().execute();
}
