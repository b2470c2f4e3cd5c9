/**
 * notice: publish time and top flag (issue 7 "Notices"). `publish_time` (epoch ms, null = at once):
 * learners see a notice when state = 0 and publish_time is null or has come; `is_top` 0/1 puts it
 * first. The learner list reads (state, is_top) and orders by the publish time. Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_notice').addColumn('publish_time', 'bigint').execute();
  await db.schema.alterTable('sys_notice').addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('idx_sys_notice_web').on('sys_notice').columns(['state', 'is_top', 'publish_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_sys_notice_web').ifExists().execute();
  await db.schema.alterTable('sys_notice').dropColumn('is_top').execute();
  await db.schema.alterTable('sys_notice').dropColumn('publish_time').execute();
}
