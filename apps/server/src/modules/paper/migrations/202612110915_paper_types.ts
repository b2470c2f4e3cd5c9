/**
 * paper: a combined (99) question's sub-questions in a paper (`el_paper_qu.parent_id`: the
 * paper-question id of the stem, '' for a top-level question) and papers recorded for offline exams
 * (`el_paper.offline` 1: no questions, the score typed in or imported). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_paper_qu').addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('el_paper').addColumn('offline', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_paper').dropColumn('offline').execute();
  await db.schema.alterTable('el_paper_qu').dropColumn('parent_id').execute();
}
