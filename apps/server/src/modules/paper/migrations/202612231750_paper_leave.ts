/**
 * paper: leave monitoring (issue 9 "Integrity controls").
 * - `el_paper.leave_times`: leaves of the exam page counted by /api/paper/paper/leave-incr.
 * - `el_paper.leave_time`: when the last leave was counted (epoch ms, server clock; 0 none), so that
 *   a report sent twice within LEAVE_DEDUP_MS counts once.
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_paper').addColumn('leave_times', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('el_paper').addColumn('leave_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_paper').dropColumn('leave_time').execute();
  await db.schema.alterTable('el_paper').dropColumn('leave_times').execute();
}
