/**
 * courseStudy: face checks during study (issue 12): each learner's standing per course and every
 * face check / capture. Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_course_face_state')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('ok_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('fails', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_el_course_face_state', ['user_id', 'course_id'])
    .execute();
  await db.schema
    .createTable('el_course_face')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('pass', 'integer', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('faces', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_msg', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_course_face_course').on('el_course_face').columns(['course_id', 'kind', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_course_face').execute();
  await db.schema.dropTable('el_course_face_state').execute();
}
