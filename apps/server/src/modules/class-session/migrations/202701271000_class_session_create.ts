/**
 * classSession: face-to-face lessons and sign-ins (issue 13 "Face-to-face training").
 * - `el_class_lesson`: schedule, venue, sign-in window, required flag, geofence, the QR key.
 * - `el_class_sign`: one row per (lesson, user): time, source qr | makeup, reason, who, distance.
 * Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_class_lesson')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('teacher', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('place', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('sign_start', 'bigint')
    .addColumn('sign_end', 'bigint')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    .addColumn('radius', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sign_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_class_lesson_class').on('el_class_lesson').columns(['class_id', 'start_time']).execute();

  await db.schema
    .createTable('el_class_sign')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('lesson_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('class_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('sign_time', 'bigint', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('makeup_by', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('distance', 'integer')
    .execute();
  await db.schema.createIndex('uk_el_class_sign').on('el_class_sign').columns(['lesson_id', 'user_id']).unique().execute();
  await db.schema.createIndex('idx_el_class_sign_user').on('el_class_sign').columns(['user_id', 'class_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_class_sign').execute();
  await db.schema.dropTable('el_class_lesson').execute();
}
