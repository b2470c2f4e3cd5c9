/**
 * captcha: image captchas waiting to be checked when REDIS_URL is unset (one row per key, deleted
 * when checked or swept after expiry). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_captcha')
    .addColumn('captcha_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('captcha_value', 'varchar(16)', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_captcha_expire').on('sys_captcha').column('expire_time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_captcha').ifExists().execute();
}
