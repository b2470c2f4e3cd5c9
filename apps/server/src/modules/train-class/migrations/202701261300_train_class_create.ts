/**
 * train-class: training classes (el_class), who they are open to (el_class_ref), seats (el_class_user,
 * one row per class and learner) and linked courses (el_class_course). Issue 13 "Classes". Never
 * edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_class')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('class_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('cover', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sign_start', 'bigint')
    .addColumn('sign_end', 'bigint')
    .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seats', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('need_audit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('organiser', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('finish_courses', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('finish_exam', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cert_id', 'varchar(32)')
    .addColumn('finish_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dept_code', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_class_list').on('el_class').columns(['deleted', 'state', 'start_time']).execute();
  await db.schema
    .createTable('el_class_ref')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_el_class_ref').on('el_class_ref').columns(['class_id', 'ref_type', 'ref_id']).unique().execute();
  await db.schema
    .createTable('el_class_user')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('audit_msg', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('audit_time', 'bigint')
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_el_class_user').on('el_class_user').columns(['class_id', 'user_id']).unique().execute();
  await db.schema.createIndex('idx_el_class_user_user').on('el_class_user').columns(['user_id', 'state']).execute();
  await db.schema
    .createTable('el_class_course')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('uq_el_class_course').on('el_class_course').columns(['class_id', 'course_id']).unique().execute();
  await db.schema.createIndex('idx_el_class_course_course').on('el_class_course').columns(['course_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['el_class_course', 'el_class_user', 'el_class_ref', 'el_class']) await db.schema.dropTable(t).ifExists().execute();
}
