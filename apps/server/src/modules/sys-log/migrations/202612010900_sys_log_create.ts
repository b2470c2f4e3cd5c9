/** sys-log: the operation log and the indexes of its filters. Never edit after it lands. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_oper_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('module', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('path', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('target_ids', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('msg', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('cost_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The list is ordered by time and filtered by a time range; the retention task deletes by time.
  await db.schema.createIndex('idx_sys_oper_log_time').on('sys_oper_log').column('create_time').execute();
  // One operator's calls (the userName filter is an exact account name).
  await db.schema.createIndex('idx_sys_oper_log_user').on('sys_oper_log').columns(['user_name', 'create_time']).execute();
  // Failed calls only: few among many successes, so a partial index finds them at once.
  await db.schema.createIndex('idx_sys_oper_log_fail').on('sys_oper_log').column('create_time').where(sql.ref('code'), '<>', 0).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_oper_log').ifExists().execute();
}
