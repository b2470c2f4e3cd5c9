/** SQL for roles (sys_role). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysRoleTable } from './sys-role.tables';

export function findRoles(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sys_role').select(['id', 'roleName', 'roleType', 'dataScope']).where('id', 'in', ids).execute();
}

export async function insertRoles(db: Executor, rows: SysRoleTable[]): Promise<void> {
  if (rows.length) await db.insertInto('sys_role').values(rows).execute();
}

export async function countRoles(db: Executor): Promise<number> {
  const row = await db.selectFrom('sys_role').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Every role: admin side first, then by level (highest first), then oldest first. */
export function listRoles(db: Executor): Promise<SysRoleTable[]> {
  return db.selectFrom('sys_role').selectAll().orderBy('roleType', 'desc').orderBy('roleLevel', 'desc').orderBy('createTime').orderBy('id').execute();
}

export function findRole(db: Executor, id: string) {
  return db.selectFrom('sys_role').selectAll().where('id', '=', id).executeTakeFirst();
}

/** True when a role other than `exceptId` is named `roleName`. */
export async function roleNameTaken(db: Executor, roleName: string, exceptId: string | undefined): Promise<boolean> {
  let q = db.selectFrom('sys_role').select('id').where('roleName', '=', roleName);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function updateRole(db: Executor, id: string, set: Pick<SysRoleTable, 'roleName' | 'roleLevel' | 'roleType' | 'dataScope' | 'updateTime'>) {
  return db.updateTable('sys_role').set(set).where('id', '=', id).execute();
}

export function deleteRoles(db: Executor, ids: string[]) {
  return db.deleteFrom('sys_role').where('id', 'in', ids).execute();
}
