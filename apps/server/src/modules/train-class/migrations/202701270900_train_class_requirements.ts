/**
 * trainClass: the completion rule flags of issue 13 beyond courses and exam — face-to-face sessions
 * attended (`finish_sessions`) and evaluations answered (`finish_eval`). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_class').addColumn('finish_sessions', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('el_class').addColumn('finish_eval', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_class').dropColumn('finish_eval').execute();
  await db.schema.alterTable('el_class').dropColumn('finish_sessions').execute();
}
