/**
 * classNews: training news articles (issue 13 "Training news"), `el_class_news`: site-wide (class_id
 * '') or per class; the public list reads (state, class_id, is_top, publish_time).
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_class_news')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('cover', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_time', 'bigint')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_class_news_public').on('el_class_news').columns(['state', 'class_id', 'is_top', 'publish_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_class_news').execute();
}
