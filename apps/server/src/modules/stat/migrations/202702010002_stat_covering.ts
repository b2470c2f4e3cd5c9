/**
 * stat: the dashboard's range indexes made covering, so that a week's figures are read from the index
 * alone. With the time column only, `/api/stat/total/exam/week` looked up every paper of the week in
 * the table (≈ 78,000 random reads on the 1,000,000-paper database of bench/stat-seed.mts: 43 s cold)
 * and `/learn/week` every study row. The new indexes start with the same time column, so every
 * query that used the old ones can use them. Never edit after it lands.
 */
import type { Kysely } from 'kysely';

const COVERING: { old: string; name: string; table: string; columns: string[] }[] = [
  { old: 'idx_el_paper_hand', name: 'idx_el_paper_hand_cover', table: 'el_paper', columns: ['hand_time', 'state', 'dept_code', 'exam_id', 'user_id', 'passed'] },
  { old: 'idx_el_course_file_learn_update', name: 'idx_el_course_file_learn_update_cover', table: 'el_course_file_learn', columns: ['update_time', 'user_id', 'learn_ms'] },
  { old: 'idx_el_course_learn_finish', name: 'idx_el_course_learn_finish_cover', table: 'el_course_learn', columns: ['finish_time', 'finished', 'user_id'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const i of COVERING) {
    await db.schema.createIndex(i.name).on(i.table).columns(i.columns).execute();
    await db.schema.dropIndex(i.old).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const i of COVERING) {
    await db.schema.createIndex(i.old).on(i.table).columns([i.columns[0]!]).execute();
    await db.schema.dropIndex(i.name).execute();
  }
}
