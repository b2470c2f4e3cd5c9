/**
 * exam: the settings of issue 8 "Exams" (docs/decisions.md "Exam settings"): type, password, points
 * cost, hand-in and start limits, result display, shuffling, partial credit, the proctoring settings
 * the exam page uses later, approval, paper method, marking mode, offline exams; the level and
 * chapter of a random rule; the fixed questions of the select and draw methods (`el_exam_qu`); the
 * departments / people an exam is open to (`el_exam_ref`). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

const INT_COLUMNS: [string, number][] = [
  ['exam_type', 1], // 1 formal, 2 mock
  ['points_cost', 0], // points a learner spends to sit it (0 = free)
  ['hand_min_minutes', 0], // earliest hand-in, minutes after the paper started (0 = any time)
  ['late_max_minutes', 0], // latest start, minutes after the window opens (0 = until the end)
  ['result_show', 2], // 1 thanks text only, 2 thanks and score, 3 the full paper with answers
  ['shuffle_qu', 0],
  ['shuffle_option', 0],
  ['partial_credit', 0], // multiple choice: half the score for a strict subset of the right options and no wrong one
  ['cam_on', 0],
  ['cam_interval', 5], // minutes between captures
  ['face_on', 0],
  ['leave_on', 0],
  ['leave_check', 30], // seconds away that count as a leave
  ['leave_count', 3], // leaves allowed before the paper is handed in
  ['paste_off', 0],
  ['fullscreen_on', 0],
  ['need_apply', 0], // 1: a learner needs an approved application before create-paper
  ['paper_method', 1], // 1 random rules, 2 selected questions, 3 draw N from a fixed pool
  ['draw_count', 0], // method 3: how many questions each learner gets from the pool
  ['mark_mode', 1], // 1 one marker, 2 double-blind
  ['mark_diff', 0], // double-blind: a difference above it goes to an arbiter
  ['offline', 0], // 1: held on paper, scores imported or typed in
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, def] of INT_COLUMNS) await db.schema.alterTable('el_exam').addColumn(name, 'integer', (c) => c.notNull().defaultTo(def)).execute();
  await db.schema.alterTable('el_exam').addColumn('password', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('el_exam').addColumn('thanks_text', 'varchar(500)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('el_exam_rule').addColumn('level', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('el_exam_rule').addColumn('chapter_id', 'varchar(32)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema
    .createTable('el_exam_qu')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uq_el_exam_qu').on('el_exam_qu').columns(['exam_id', 'qu_id']).unique().execute();
  await db.schema
    .createTable('el_exam_ref')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('exam_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(8)', (c) => c.notNull()) // 'dept' (deptCode, sub-departments included) or 'user' (userId)
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uq_el_exam_ref').on('el_exam_ref').columns(['exam_id', 'ref_type', 'ref_id']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_exam_ref').ifExists().execute();
  await db.schema.dropTable('el_exam_qu').ifExists().execute();
  await db.schema.alterTable('el_exam_rule').dropColumn('chapter_id').execute();
  await db.schema.alterTable('el_exam_rule').dropColumn('level').execute();
  await db.schema.alterTable('el_exam').dropColumn('thanks_text').execute();
  await db.schema.alterTable('el_exam').dropColumn('password').execute();
  for (const [name] of [...INT_COLUMNS].reverse()) await db.schema.alterTable('el_exam').dropColumn(name).execute();
}
