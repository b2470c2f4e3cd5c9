/**
 * qu: what the question types of issue 8 need (docs/decisions.md "Question types"): the chapter of a
 * question (`chapter_id`, '' = none; chapters are module repo's), the fill-blank options
 * (`blank_opts` bit flags: 1 ignore case, 2 full-/half-width alike, 4 any blank order) and the
 * keywords of a short answer's pre-score (`keywords`, JSON `[{word, score}]`, '' = none). Never edit
 * after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_qu').addColumn('chapter_id', 'varchar(32)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('el_qu').addColumn('blank_opts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('el_qu').addColumn('keywords', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('idx_el_qu_repo_chapter').on('el_qu').columns(['repo_id', 'chapter_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_el_qu_repo_chapter').execute();
  await db.schema.alterTable('el_qu').dropColumn('keywords').execute();
  await db.schema.alterTable('el_qu').dropColumn('blank_opts').execute();
  await db.schema.alterTable('el_qu').dropColumn('chapter_id').execute();
}
