/**
 * repo: chapters of a bank (`el_repo_chapter`, SPEC §7 /api/repo/chapter/*) and the bank flags
 * isExam / isTrain (SPEC §7 bank paging params; 1 = usable in exams / in training). Never edit after
 * it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_repo').addColumn('is_exam', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('el_repo').addColumn('is_train', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema
    .createTable('el_repo_chapter')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('repo_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_repo_chapter_repo').on('el_repo_chapter').columns(['repo_id', 'sort']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_repo_chapter').ifExists().execute();
  await db.schema.alterTable('el_repo').dropColumn('is_train').execute();
  await db.schema.alterTable('el_repo').dropColumn('is_exam').execute();
}
