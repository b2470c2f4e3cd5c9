/**
 * sys-user: the counters of failed logins when REDIS_URL is unset (login-guard.ts). The table has
 * exactly the shape rate-limiter-flexible's RateLimiterSQLite / RateLimiterPostgres expect
 * (`key` primary key, `points`, `expire` epoch ms or null), so the limiters run with
 * `tableCreated: true` and never create tables themselves. Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_user_login_limit')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  await db.schema.createIndex('idx_sys_user_login_limit_expire').on('sys_user_login_limit').column('expire').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_user_login_limit').ifExists().execute();
}
