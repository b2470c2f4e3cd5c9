/**
 * repo: a chapter title is unique within its bank (issue 8, helper T): two chapter saves racing with
 * the same title cannot both land (the service answers 20020006 either way). Never edit after it
 * lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('uk_el_repo_chapter_title').on('el_repo_chapter').columns(['repo_id', 'title']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uk_el_repo_chapter_title').execute();
}
