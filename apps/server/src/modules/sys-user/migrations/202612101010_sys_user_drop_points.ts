/**
 * sys-user: drops sys_user.points. The points module owns every balance (user_points and its
 * ledger); its migration 202612101000_points_create carried the balances held here over as opening
 * ledger rows first (it sorts, and therefore runs, before this one). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').dropColumn('points').execute();
}

/** Brings the column back empty (balances stay in the points module's tables). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('points', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
