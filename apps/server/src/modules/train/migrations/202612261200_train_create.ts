/**
 * train: training records and their questions (issue 10). One unfinished record per learner, bank
 * and mode (uk_el_train_open on open_key, null once ended); a question once per record
 * (uk_el_train_qu). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_train')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('mode', 'integer', (c) => c.notNull())
    .addColumn('qu_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('chapter_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('right_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('open_key', 'varchar(200)')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_train_open').on('el_train').column('open_key').unique().execute();
  await db.schema.createIndex('idx_el_train_user').on('el_train').columns(['user_id', 'repo_id', 'update_time']).execute();
  await db.schema.createIndex('idx_el_train_repo').on('el_train').column('repo_id').execute();
  await db.schema
    .createTable('el_train_qu')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('train_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('parent_qu_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('qu_type', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_right', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_train_qu').on('el_train_qu').columns(['train_id', 'qu_id']).unique().execute();
  await db.schema.createIndex('idx_el_train_qu_qu').on('el_train_qu').column('qu_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_train_qu').ifExists().execute();
  await db.schema.dropTable('el_train').ifExists().execute();
}
