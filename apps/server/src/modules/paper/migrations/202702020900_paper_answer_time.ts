/**
 * paper: `el_paper_qu.answer_time` (issue 14 "Statistics", average time on question): when the
 * question was FIRST saved with an answer (epoch ms, server clock; 0 never). Written by the
 * fill-answer UPDATE that already stores the answer (no extra statement on that hot path); module
 * examStat derives the time on a question from consecutive answer times of a paper. Never edit
 * after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_paper_qu').addColumn('answer_time', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_paper_qu').dropColumn('answer_time').execute();
}
