/**
 * xdsc: information-collection forms and submissions (issue 13 "Surveys and information collection").
 * - `el_xdsc_form`: title, description, class reference ('' site-wide), window (0 open-ended),
 *   state, anonymous flag, the fields as JSON.
 * - `el_xdsc_answer`: one row per (form, user) (unique: a second submission is refused), the
 *   values as JSON.
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_xdsc_form')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('end_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_xdsc_form_class').on('el_xdsc_form').columns(['class_id', 'state']).execute();

  await db.schema
    .createTable('el_xdsc_answer')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('form_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_xdsc_answer').on('el_xdsc_answer').columns(['form_id', 'user_id']).unique().execute();
  await db.schema.createIndex('idx_el_xdsc_answer_user').on('el_xdsc_answer').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_xdsc_answer').execute();
  await db.schema.dropTable('el_xdsc_form').execute();
}
