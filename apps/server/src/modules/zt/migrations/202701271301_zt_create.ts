/**
 * zt: topics 专题 (issue 13 "Class content", /api/zt). `el_zt` (site-wide or per class) and
 * `el_zt_item` (its ordered resources: course, news article or link). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_zt')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('cover', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_zt_class').on('el_zt').columns(['class_id', 'update_time']).execute();

  await db.schema
    .createTable('el_zt_item')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('zt_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_el_zt_item_zt').on('el_zt_item').columns(['zt_id', 'sort']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_zt_item').execute();
  await db.schema.dropTable('el_zt').execute();
}
