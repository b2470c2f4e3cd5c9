/**
 * sys-role: the data scope of a role (issue 6): 0 all data (every existing role, the built-in ones
 * included), 1 the department subtree of the user who holds it. Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_role').addColumn('data_scope', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_role').dropColumn('data_scope').execute();
}
