/**
 * classTask: class tasks (assignments) and submissions (issue 13 "tasks", /api/task/bj).
 * - `el_class_task`: per class; deadline, required and allow_files flags.
 * - `el_class_task_submit`: one row per (task, user) (unique index: a double click submits once);
 *   state 1 submitted, 2 reviewed (score, comment).
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_class_task')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_files', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_class_task_class').on('el_class_task').columns(['class_id', 'deadline']).execute();

  await db.schema
    .createTable('el_class_task_submit')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('score', 'integer')
    .addColumn('comment', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('review_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('review_time', 'bigint')
    .addColumn('submit_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_class_task_submit').on('el_class_task_submit').columns(['task_id', 'user_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_class_task_submit').execute();
  await db.schema.dropTable('el_class_task').execute();
}
