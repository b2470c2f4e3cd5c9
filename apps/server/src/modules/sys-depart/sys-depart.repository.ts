/**
 * SQL for departments (sys_depart). Every function takes `db | trx`. "Live" rows are those not
 * deleted; deleted rows stay so that their codes are never given again.
 */
import type { Executor } from '../../db';
import type { SysDepartTable } from './sys-depart.tables';

/** Every live department, siblings in display order (sort, then code). */
export function listLive(db: Executor) {
  return db.selectFrom('sys_depart').selectAll().where('deleted', '=', 0).orderBy('sort').orderBy('deptCode').execute();
}

export function findLiveById(db: Executor, id: string) {
  return db.selectFrom('sys_depart').selectAll().where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
}

export function findLiveByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sys_depart').selectAll().where('id', 'in', ids).where('deleted', '=', 0).orderBy('deptCode').execute();
}

export function findLiveByCode(db: Executor, deptCode: string) {
  return db.selectFrom('sys_depart').selectAll().where('deptCode', '=', deptCode).where('deleted', '=', 0).executeTakeFirst();
}

/** A row by code, deleted or not (the seed checks that its code was never used). */
export function findByCode(db: Executor, deptCode: string) {
  return db.selectFrom('sys_depart').selectAll().where('deptCode', '=', deptCode).executeTakeFirst();
}

/** `deptCode → deptName` of these codes, deleted departments included (labels of old references). */
export function namesOf(db: Executor, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('sys_depart').select(['deptCode', 'deptName']).where('deptCode', 'in', codes).execute();
}

/** Live codes starting with `prefix` (a well-formed deptCode: letters and digits only, no LIKE wildcard). */
export async function liveCodesUnder(db: Executor, prefix: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_depart').select('deptCode').where('deptCode', 'like', `${prefix}%`).where('deleted', '=', 0).orderBy('deptCode').execute();
  return rows.map((r) => r.deptCode);
}

/** Live children of `parentId` ('' = roots) in display order. */
export function liveSiblings(db: Executor, parentId: string) {
  return db.selectFrom('sys_depart').select(['id', 'sort']).where('parentId', '=', parentId).where('deleted', '=', 0).orderBy('sort').orderBy('deptCode').execute();
}

/** The live child of `parentId` named `deptName`, if any. */
export function findLiveSiblingByName(db: Executor, parentId: string, deptName: string) {
  return db.selectFrom('sys_depart').select(['id']).where('parentId', '=', parentId).where('deptName', '=', deptName).where('deleted', '=', 0).executeTakeFirst();
}

/** The greatest code ever given under `parentId` ('' = roots), deleted children included. */
export async function lastChildCode(db: Executor, parentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sys_depart')
    .select((eb) => eb.fn.max('deptCode').as('code'))
    .where('parentId', '=', parentId)
    .executeTakeFirst();
  return row?.code ?? undefined;
}

/** The greatest sort among the live children of `parentId` (-1 when it has none). */
export async function maxSiblingSort(db: Executor, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('sys_depart')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('parentId', '=', parentId)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row?.sort === null || row?.sort === undefined ? -1 : Number(row.sort);
}

/** Live children of any of `parentIds` (with their parent) that are not themselves in `parentIds`. */
export function liveChildrenOutside(db: Executor, parentIds: readonly string[]) {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sys_depart')
    .select(['id', 'parentId'])
    .where('parentId', 'in', parentIds)
    .where('id', 'not in', parentIds)
    .where('deleted', '=', 0)
    .execute();
}

/**
 * Takes the row lock of a live department (a no-op write) so that a concurrent delete of it waits
 * for this transaction; answers false when it is missing or deleted.
 */
export async function lockLive(db: Executor, id: string): Promise<boolean> {
  const res = await db.updateTable('sys_depart').set({ deleted: 0 }).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function insertDepart(db: Executor, row: SysDepartTable) {
  return db.insertInto('sys_depart').values(row).execute();
}

/** Updates a live department; answers the number of rows changed (0: missing or deleted). */
export async function updateDepart(db: Executor, id: string, set: Pick<SysDepartTable, 'deptName' | 'sfyxjbm' | 'updateTime'>): Promise<number> {
  const res = await db.updateTable('sys_depart').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export function setSort(db: Executor, id: string, sort: number) {
  return db.updateTable('sys_depart').set({ sort }).where('id', '=', id).execute();
}

/** Marks live departments deleted. */
export function softDelete(db: Executor, ids: readonly string[], at: number) {
  return db.updateTable('sys_depart').set({ deleted: 1, updateTime: at }).where('id', 'in', ids).where('deleted', '=', 0).execute();
}
