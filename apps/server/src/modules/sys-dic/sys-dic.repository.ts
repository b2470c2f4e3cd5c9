/** SQL for dictionaries (sys_dic) and their entries (sys_dic_value). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysDicTable, SysDicValueTable } from './sys-dic.tables';

/** Every dictionary, siblings in their order (sort, then creation). */
export function allDics(db: Executor) {
  return db.selectFrom('sys_dic').selectAll().orderBy('sort', 'asc').orderBy('createTime', 'asc').orderBy('id', 'asc').execute();
}

export function findDic(db: Executor, id: string) {
  return db.selectFrom('sys_dic').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDicByCode(db: Executor, dicCode: string) {
  return db.selectFrom('sys_dic').selectAll().where('dicCode', '=', dicCode).executeTakeFirst();
}

export function insertDic(db: Executor, row: SysDicTable) {
  return db.insertInto('sys_dic').values(row).execute();
}

export function updateDic(db: Executor, id: string, set: Pick<SysDicTable, 'parentId' | 'title' | 'remark' | 'sort' | 'updateTime'>) {
  return db.updateTable('sys_dic').set(set).where('id', '=', id).executeTakeFirst();
}

export function deleteDics(db: Executor, ids: string[]) {
  return db.deleteFrom('sys_dic').where('id', 'in', ids).execute();
}

/** Entries of the dictionaries `dicIds`, siblings in their order (sort, then value). */
export function valuesOfDics(db: Executor, dicIds: string[]) {
  if (dicIds.length === 0) return Promise.resolve([] as SysDicValueTable[]);
  return db.selectFrom('sys_dic_value').selectAll().where('dicId', 'in', dicIds).orderBy('sort', 'asc').orderBy('value', 'asc').orderBy('id', 'asc').execute();
}

/** `value → title` rows of the dictionary `dicCode` (none when it does not exist). */
export function labelsOfCode(db: Executor, dicCode: string) {
  return db
    .selectFrom('sys_dic_value')
    .innerJoin('sys_dic', 'sys_dic.id', 'sys_dic_value.dicId')
    .select(['sys_dic_value.value', 'sys_dic_value.title'])
    .where('sys_dic.dicCode', '=', dicCode)
    .execute();
}

export function findValues(db: Executor, ids: string[]) {
  return db.selectFrom('sys_dic_value').selectAll().where('id', 'in', ids).execute();
}

export async function insertValues(db: Executor, rows: SysDicValueTable[]) {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('sys_dic_value').values(rows.slice(i, i + 200)).execute();
}

export function updateValue(db: Executor, id: string, set: Pick<SysDicValueTable, 'parentId' | 'value' | 'title' | 'sort' | 'updateTime'>) {
  return db.updateTable('sys_dic_value').set(set).where('id', '=', id).executeTakeFirst();
}

export async function deleteValues(db: Executor, ids: string[]) {
  for (let i = 0; i < ids.length; i += 500) await db.deleteFrom('sys_dic_value').where('id', 'in', ids.slice(i, i + 500)).execute();
}

export function deleteValuesOfDics(db: Executor, dicIds: string[]) {
  return db.deleteFrom('sys_dic_value').where('dicId', 'in', dicIds).execute();
}
