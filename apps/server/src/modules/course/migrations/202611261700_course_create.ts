/**
 * course: courses (el_course), their files (el_course_file_ref), who they are open to
 * (el_course_ref), ownership and applications (el_course_user, one row per course and learner) and
 * Q&A (el_course_qa). Issue 11. Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_course')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('cover', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cat_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('video_drag', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('check_on', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('check_sec', 'integer', (c) => c.notNull().defaultTo(600))
    .addColumn('open_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cost_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sale_price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cert_id', 'varchar(32)')
    .addColumn('finish_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dept_code', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_course_list').on('el_course').columns(['deleted', 'state', 'update_time']).execute();
  await db.schema
    .createTable('el_course_file_ref')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('chapter', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('need_minutes', 'integer')
    .execute();
  await db.schema.createIndex('uq_el_course_file_ref').on('el_course_file_ref').columns(['course_id', 'file_id']).unique().execute();
  await db.schema.createIndex('idx_el_course_file_ref_file').on('el_course_file_ref').columns(['file_id']).execute();
  await db.schema
    .createTable('el_course_ref')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_el_course_ref').on('el_course_ref').columns(['course_id', 'ref_type', 'ref_id']).unique().execute();
  await db.schema
    .createTable('el_course_user')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dept_code', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_el_course_user').on('el_course_user').columns(['course_id', 'user_id']).unique().execute();
  await db.schema.createIndex('idx_el_course_user_user').on('el_course_user').columns(['user_id', 'state']).execute();
  await db.schema
    .createTable('el_course_qa')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('dept_code', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_course_qa_course').on('el_course_qa').columns(['course_id', 'parent_id', 'create_time']).execute();
  await db.schema.createIndex('idx_el_course_qa_parent').on('el_course_qa').columns(['parent_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['el_course_qa', 'el_course_user', 'el_course_ref', 'el_course_file_ref', 'el_course']) await db.schema.dropTable(t).ifExists().execute();
}
