/**
 * courseStudy: learning rows, course progress, the active stream and the check state (issue 11).
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_course_file_learn')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('course_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('learn_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('need_sec', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_position', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('max_position', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('pages_seen', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('process', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_course_file_learn').on('el_course_file_learn').columns(['user_id', 'course_id', 'file_id']).unique().execute();
  await db.schema.createIndex('idx_el_course_file_learn_course').on('el_course_file_learn').columns(['course_id', 'user_id']).execute();
  await db.schema.createIndex('idx_el_course_file_learn_time').on('el_course_file_learn').columns(['user_id', 'update_time']).execute();

  await db.schema
    .createTable('el_course_learn')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('process', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_course_learn').on('el_course_learn').columns(['user_id', 'course_id']).unique().execute();
  await db.schema.createIndex('idx_el_course_learn_course').on('el_course_learn').columns(['course_id', 'finished']).execute();

  await db.schema
    .createTable('el_course_study_stream')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('stream_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('el_course_study_check')
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('since_check_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('check_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('trigger_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_el_course_study_check', ['user_id', 'course_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_course_study_check').execute();
  await db.schema.dropTable('el_course_study_stream').execute();
  await db.schema.dropTable('el_course_learn').execute();
  await db.schema.dropTable('el_course_file_learn').execute();
}
