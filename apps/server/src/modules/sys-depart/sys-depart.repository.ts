/** SQL for departments (sys_depart). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysDepartTable } from './sys-depart.tables';

export function findByCode(db: Executor, deptCode: string) {
  return db.selectFrom('sys_depart').selectAll().where('deptCode', '=', deptCode).executeTakeFirst();
}

export function insertDepart(db: Executor, row: SysDepartTable) {
  return db.insertInto('sys_depart').values(row).execute();
}
