/** SQL of the course file library (el_course_file). Every function takes `db | trx`. */
import type { Executor } from '../../db';

/** The rows of `ids` that exist, in no particular order. */
export async function findByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('el_course_file').selectAll().where('id', 'in', [...ids]).execute();
}
