/** SQL for uploaded files (sys_file). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysFileTable } from './sys-file.tables';

/** Inserts the row of a stored file. */
export function insertFile(db: Executor, row: SysFileTable) {
  return db.insertInto('sys_file').values(row).execute();
}

/** The row of file `id`, or undefined. */
export function findFile(db: Executor, id: string) {
  return db.selectFrom('sys_file').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Flags a file public (1) or not (0); answers the number of rows changed (0: no such file). */
export async function setFilePublic(db: Executor, id: string, isPublic: 0 | 1): Promise<number> {
  const res = await db.updateTable('sys_file').set({ isPublic }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows);
}
