/**
 * book: the wrong book (错题本; issue 9).
 * - `el_user_book`: one row per (user, exam, question) the learner got wrong, with `wrong_count` and
 *   `right_streak` (right answers in a row since the last wrong one).
 * - `el_user_book_log`: every answer that fed the book; its unique (source, ref_id, qu_id) makes a
 *   redelivered `paper.marked` (or a repeated training feed) count once.
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_user_book')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('wrong_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('right_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_user_book').on('el_user_book').columns(['user_id', 'exam_id', 'qu_id']).unique().execute();

  await db.schema
    .createTable('el_user_book_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_right', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_user_book_log_ref').on('el_user_book_log').columns(['source', 'ref_id', 'qu_id']).unique().execute();
  await db.schema.createIndex('idx_el_user_book_log_user').on('el_user_book_log').columns(['user_id', 'exam_id', 'create_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_user_book_log').execute();
  await db.schema.dropTable('el_user_book').execute();
}
