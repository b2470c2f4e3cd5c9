/**
 * sys-bind: login bindings (one account of each login type per user, one user per account), the
 * states of third-party flows in progress and the local demonstration provider's codes. Never edit
 * after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_user_bind')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('login_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('open_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('uk_sys_user_bind_account').unique().on('sys_user_bind').columns(['login_type', 'open_id']).execute();
  await db.schema.createIndex('uk_sys_user_bind_user').unique().on('sys_user_bind').columns(['user_id', 'login_type']).execute();

  await db.schema
    .createTable('sys_oauth_state')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('login_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(8)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_oauth_state_expire').on('sys_oauth_state').column('expire_time').execute();

  await db.schema
    .createTable('sys_oauth_local_code')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('login_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('open_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_oauth_local_code_expire').on('sys_oauth_local_code').column('expire_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_oauth_local_code').ifExists().execute();
  await db.schema.dropTable('sys_oauth_state').ifExists().execute();
  await db.schema.dropTable('sys_user_bind').ifExists().execute();
}
