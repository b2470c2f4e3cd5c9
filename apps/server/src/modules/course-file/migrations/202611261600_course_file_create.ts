/**
 * courseFile: the course file library (el_course_file; issue 11). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_course_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_type', 'integer', (c) => c.notNull())
    .addColumn('view_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('hls_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cat_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('video_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('dbsczt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_msg', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_course_file_type').on('el_course_file').columns(['file_type', 'update_time']).execute();
  await db.schema.createIndex('idx_el_course_file_video').on('el_course_file').column('video_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_course_file').execute();
}
