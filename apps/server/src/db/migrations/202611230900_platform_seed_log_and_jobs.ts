/**
 * Platform tables: `sys_seed_log` (one-time seeds already applied, e.g. built-in menus by key) and
 * `sys_job` (background jobs when REDIS_URL is unset). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_seed_log')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('seed_key', 'varchar(191)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_seed_log', ['kind', 'seed_key'])
    .execute();

  await db.schema
    .createTable('sys_job')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('node_id', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_job_due').on('sys_job').columns(['state', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_job').ifExists().execute();
  await db.schema.dropTable('sys_seed_log').ifExists().execute();
}
