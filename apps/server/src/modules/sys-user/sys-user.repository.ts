/** SQL for users, their roles and login sessions. Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysUserTable, SysUserTokenTable } from '../../db/schema';

export function findUserByName(db: Executor, userName: string) {
  return db.selectFrom('sys_user').selectAll().where('userName', '=', userName).executeTakeFirst();
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Executor, user: SysUserTable, roleIds: string[], newId: () => string): Promise<void> {
  await db.insertInto('sys_user').values(user).execute();
  for (const roleId of roleIds) await db.insertInto('sys_user_role').values({ id: newId(), userId: user.id, roleId }).execute();
}

export function updatePassword(db: Executor, userId: string, hash: string, at: number) {
  return db.updateTable('sys_user').set({ password: hash, updateTime: at }).where('id', '=', userId).execute();
}

/** Roles of a user with their types. */
export function rolesOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.roleId')
    .select(['r.id', 'r.roleName', 'r.roleType'])
    .where('ur.userId', '=', userId)
    .execute();
}

/** Distinct permission codes of function menus granted to the given roles. */
export async function permissionsOfRoles(db: Executor, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('sys_role_menu as rm')
    .innerJoin('sys_menu as m', 'm.id', 'rm.menuId')
    .select('m.permission')
    .distinct()
    .where('rm.roleId', 'in', roleIds)
    .where('m.permission', '!=', '')
    .execute();
  return rows.map((r) => r.permission).sort();
}

export function insertToken(db: Executor, row: SysUserTokenTable) {
  return db.insertInto('sys_user_token').values(row).execute();
}

export function findToken(db: Executor, tokenHash: string) {
  return db.selectFrom('sys_user_token').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

export function extendToken(db: Executor, id: string, expireTime: number) {
  return db.updateTable('sys_user_token').set({ expireTime }).where('id', '=', id).execute();
}

export function deleteToken(db: Executor, tokenHash: string) {
  return db.deleteFrom('sys_user_token').where('tokenHash', '=', tokenHash).execute();
}

export function deleteExpiredTokens(db: Executor, userId: string, at: number) {
  return db.deleteFrom('sys_user_token').where('userId', '=', userId).where('expireTime', '<=', at).execute();
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
