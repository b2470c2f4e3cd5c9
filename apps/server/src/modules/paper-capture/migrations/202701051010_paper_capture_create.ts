/**
 * paper-capture (issue 12 "Camera proctoring"): the exam camera's captures and face checks, the
 * consecutive-failure counter of each paper, the evidence events (leaves, fullscreen exits,
 * reminders, forced hand-ins, appeals), appeals of forced hand-ins, and face check tokens.
 * Every time is epoch ms on the server clock. Never edit after it lands.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_paper_capture')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // 'capture' during the exam, 'check' the face check before it
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().defaultTo('')) // '' for a check until create-paper uses its token
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('pass', 'integer') // 1 pass, 0 fail, null the engine could not answer (not counted)
    .addColumn('score', 'double precision')
    .addColumn('faces', 'integer')
    .addColumn('cam_error', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image', 'varchar(200)', (c) => c.notNull().defaultTo('')) // sys-file view url
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_paper_capture_paper').on('el_paper_capture').columns(['paper_id', 'create_time']).execute();
  await db.schema
    .createTable('el_paper_capture_state')
    .addColumn('paper_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0)) // consecutive failed captures
    .addColumn('broken', 'integer', (c) => c.notNull().defaultTo(0)) // 1: handed in by face failures
    .addColumn('left_ms', 'bigint', (c) => c.notNull().defaultTo(0)) // time the paper had left at that hand-in
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('el_paper_evidence')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey()) // the event's id: a redelivered event inserts nothing
    .addColumn('kind', 'varchar(16)', (c) => c.notNull()) // leave, fullscreen, remind, break, appeal, reopen, confirm
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().defaultTo('')) // '' for a reminder (exam + user)
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().defaultTo('')) // '' a reminder to every learner of the exam
    .addColumn('text', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_paper_evidence_paper').on('el_paper_evidence').columns(['paper_id', 'create_time']).execute();
  await db.schema.createIndex('idx_el_paper_evidence_exam').on('el_paper_evidence').columns(['exam_id', 'kind', 'create_time']).execute();
  await db.schema
    .createTable('el_paper_appeal')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0)) // 0 pending, 1 reopened, 2 confirmed
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('left_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('decide_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('decide_time', 'bigint')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  // One pending appeal per paper (a double click inserts one row).
  await db.schema.createIndex('uk_el_paper_appeal_pending').unique().on('el_paper_appeal').column('paper_id').where(sql.ref('state'), '=', 0).execute();
  await db.schema.createIndex('idx_el_paper_appeal_state').on('el_paper_appeal').columns(['state', 'create_time']).execute();
  await db.schema
    .createTable('el_face_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey()) // sha-256 hex of the token (the token is never stored)
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('capture_id', 'varchar(32)', (c) => c.notNull()) // the check's capture row
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull().defaultTo('')) // the paper it started ('' unused)
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['el_face_token', 'el_paper_appeal', 'el_paper_evidence', 'el_paper_capture_state', 'el_paper_capture']) await db.schema.dropTable(t).ifExists().execute();
}
