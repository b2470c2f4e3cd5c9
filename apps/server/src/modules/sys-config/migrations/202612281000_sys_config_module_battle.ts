/** sys-config: the site module flag moduleBattle (answer battles, issue 10), off by default. Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_switch_config').addColumn('module_battle', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_switch_config').dropColumn('module_battle').execute();
}
