/** SQL for uploaded files (sys_file) and pending direct uploads (sys_file_direct). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysFileDirectTable, SysFileTable } from './sys-file.tables';

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

/** Inserts the row of a stored file unless a row with its id exists; answers whether this call inserted it. */
export async function insertFileOnce(db: Executor, row: SysFileTable): Promise<boolean> {
  const res = await db.insertInto('sys_file').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Records a pending direct upload. */
export function insertDirect(db: Executor, row: SysFileDirectTable) {
  return db.insertInto('sys_file_direct').values(row).execute();
}

/** The pending direct upload of `key` begun by `userId`, or undefined. */
export function findDirect(db: Executor, key: string, userId: string) {
  return db.selectFrom('sys_file_direct').selectAll().where('storageKey', '=', key).where('createBy', '=', userId).executeTakeFirst();
}

/** Forgets the pending direct upload of `key`. */
export function deleteDirect(db: Executor, key: string) {
  return db.deleteFrom('sys_file_direct').where('storageKey', '=', key).execute();
}

/** Up to `limit` pending direct uploads whose time ended before `at` (ms). */
export function expiredDirects(db: Executor, at: number, limit: number) {
  return db.selectFrom('sys_file_direct').selectAll().where('expireTime', '<', at).orderBy('expireTime').limit(limit).execute();
}
