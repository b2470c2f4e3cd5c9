/** SQL for roles (sys_role). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysRoleTable } from './sys-role.tables';

export function findRoles(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sys_role').select(['id', 'roleName', 'roleType']).where('id', 'in', ids).execute();
}

export async function insertRoles(db: Executor, rows: SysRoleTable[]): Promise<void> {
  if (rows.length) await db.insertInto('sys_role').values(rows).execute();
}

export async function countRoles(db: Executor): Promise<number> {
  const row = await db.selectFrom('sys_role').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
