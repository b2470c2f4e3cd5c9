/**
 * course: face checks during study (issue 12 "Camera proctoring", Study): face_on, face_interval
 * (minutes between captures, SPEC §9 faceInterval), face_chance (consecutive failures that end the
 * study). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_course').addColumn('face_on', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('el_course').addColumn('face_interval', 'integer', (c) => c.notNull().defaultTo(10)).execute();
  await db.schema.alterTable('el_course').addColumn('face_chance', 'integer', (c) => c.notNull().defaultTo(3)).execute();
}
