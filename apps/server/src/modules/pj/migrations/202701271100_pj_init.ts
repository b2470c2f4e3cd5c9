/**
 * pj: evaluation questionnaires of training classes (issue 13 "Evaluations").
 * - `el_pj`: class (and optional lesson) reference, title, description, window, items as JSON, state.
 * - `el_pj_answer`: one row per (questionnaire, learner) — the unique index refuses a second answer.
 * - `el_pj_answer_item`: the scores and texts of an answer, without the learner (anonymous results).
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_pj')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('lesson_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('end_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_pj_class').on('el_pj').columns(['class_id', 'state']).execute();

  await db.schema
    .createTable('el_pj_answer')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('pj_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_pj_answer').on('el_pj_answer').columns(['pj_id', 'user_id']).unique().execute();
  await db.schema.createIndex('idx_el_pj_answer_user').on('el_pj_answer').columns(['user_id', 'class_id']).execute();

  await db.schema
    .createTable('el_pj_answer_item')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('answer_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('pj_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_pj_answer_item').on('el_pj_answer_item').columns(['pj_id', 'item_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_pj_answer_item').execute();
  await db.schema.dropTable('el_pj_answer').execute();
  await db.schema.dropTable('el_pj').execute();
}
