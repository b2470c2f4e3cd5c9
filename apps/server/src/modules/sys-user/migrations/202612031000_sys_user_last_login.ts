/**
 * sys-user: `last_login_time` (epoch ms, 0 = never), so that the first login of a day can be told
 * (event `user.firstLoginOfDay`, daily login points). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('last_login_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').dropColumn('last_login_time').execute();
}
