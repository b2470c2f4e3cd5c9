/**
 * paper: marking of subjective answers (issue 8).
 * - `el_paper.dept_code`: the learner's department when the paper was drawn, for the data scope of
 *   the admin marking list (docs/add-a-domain.md "Data scope"); '' for papers drawn before.
 * - `el_paper_mark`: the marking of every subjective answer (`paper_qu_id`, an el_paper_qu id):
 *   step 1 the marker (the first marker of a double-blind exam), 2 the second blind marker, 3 the
 *   arbiter, and step 0 the final decision: its score is the answer's final score and `marker_id`
 *   who decided it (the marker; both blind markers' ids joined by ',' when they agreed; the
 *   arbiter). One row per answer and step (unique: a step is recorded once even under parallel
 *   saves).
 * Never edit after it lands.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_paper').addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema
    .createTable('el_paper_mark')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('paper_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('paper_qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('marker_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('comment', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uk_el_paper_mark_step').unique().on('el_paper_mark').columns(['paper_qu_id', 'step']).execute();
  await db.schema.createIndex('idx_el_paper_mark_paper').on('el_paper_mark').columns(['paper_id', 'step']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The marking list's data scope is `dept_code LIKE 'A01%'`: a btree index serves LIKE only with the pattern operator class.
    await sql`create index idx_el_paper_mark_list on el_paper (exam_id, state, dept_code varchar_pattern_ops)`.execute(db);
  } else {
    await db.schema.createIndex('idx_el_paper_mark_list').on('el_paper').columns(['exam_id', 'state', 'dept_code']).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_el_paper_mark_list').execute();
  await db.schema.dropTable('el_paper_mark').execute();
  await db.schema.alterTable('el_paper').dropColumn('dept_code').execute();
}
