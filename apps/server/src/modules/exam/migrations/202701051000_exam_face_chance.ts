/**
 * exam: `face_chance` (issue 12 "Camera proctoring"): consecutive failed captures of the exam camera
 * before the paper is handed in (1–10, default 3). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_exam').addColumn('face_chance', 'integer', (c) => c.notNull().defaultTo(3)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_exam').dropColumn('face_chance').execute();
}
