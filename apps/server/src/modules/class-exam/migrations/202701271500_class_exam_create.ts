/**
 * class-exam: exams linked to training classes (el_class_exam, one row per class and exam, with an
 * order and a required flag). Issue 13 "Classes: exams". Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_class_exam')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('uq_el_class_exam').on('el_class_exam').columns(['class_id', 'exam_id']).unique().execute();
  await db.schema.createIndex('idx_el_class_exam_exam').on('el_class_exam').columns(['exam_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_class_exam').ifExists().execute();
}
