/** SQL for menus and their grants to roles (sys_menu, sys_role_menu). Every function takes `db | trx`. */
import { MenuType } from '@kaopei/contracts';
import type { Executor } from '../../db';
import type { SysMenuTable } from './sys-menu.tables';

/** Menus of type 1 and 3 granted to any of `roleIds`, ordered by sort. */
export function routeMenusOfRoles(db: Executor, roleIds: string[]): Promise<SysMenuTable[]> {
  if (roleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sys_menu as m')
    .selectAll('m')
    .where('m.menuType', 'in', [MenuType.MENU, MenuType.ROUTE])
    .where((eb) => eb.exists(eb.selectFrom('sys_role_menu as rm').select('rm.id').whereRef('rm.menuId', '=', 'm.id').where('rm.roleId', 'in', roleIds)))
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
}

/** `[{roleId, permission}]`: the permission codes of function menus granted to each of `roleIds`. */
export function permissionsOfRoles(db: Executor, roleIds: string[]) {
  if (roleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sys_role_menu as rm')
    .innerJoin('sys_menu as m', 'm.id', 'rm.menuId')
    .select(['rm.roleId', 'm.permission'])
    .distinct()
    .where('rm.roleId', 'in', roleIds)
    .where('m.permission', '!=', '')
    .execute();
}

/** `key → id` of every menu that has a stable key. */
export async function keyedMenus(db: Executor): Promise<Map<string, string>> {
  const rows = await db.selectFrom('sys_menu').select(['id', 'menuKey']).where('menuKey', '!=', '').execute();
  return new Map(rows.map((r) => [r.menuKey, r.id]));
}

export function insertMenu(db: Executor, row: SysMenuTable) {
  return db.insertInto('sys_menu').values(row).execute();
}

export async function grantMenu(db: Executor, rows: { id: string; roleId: string; menuId: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('sys_role_menu').values(rows.slice(i, i + 500)).execute();
}

/** Every menu, parents' order kept by sort then id (the editor's tree). */
export function allMenus(db: Executor): Promise<SysMenuTable[]> {
  return db.selectFrom('sys_menu').selectAll().orderBy('sort').orderBy('id').execute();
}

/** `[{id, parentId, menuType, permission, menuKey}]` of every menu: the skeleton for subtree and ancestor walks. */
export function menuLinks(db: Executor) {
  return db.selectFrom('sys_menu').select(['id', 'parentId', 'menuType', 'permission', 'menuKey']).execute();
}

export function findMenu(db: Executor, id: string) {
  return db.selectFrom('sys_menu').selectAll().where('id', '=', id).executeTakeFirst();
}

/** True when a menu or route (type 1, 3) other than `exceptId` has the route name `name`. */
export async function routeNameTaken(db: Executor, name: string, exceptId: string | undefined): Promise<boolean> {
  let q = db.selectFrom('sys_menu').select('id').where('name', '=', name).where('menuType', 'in', [MenuType.MENU, MenuType.ROUTE]);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Updates the editable fields of a menu; answers how many rows changed (0: no such menu). */
export async function updateMenu(db: Executor, id: string, set: Omit<SysMenuTable, 'id' | 'menuKey' | 'createTime'>): Promise<number> {
  const res = await db.updateTable('sys_menu').set(set).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function updateSort(db: Executor, id: string, sort: number, at: number): Promise<number> {
  const res = await db.updateTable('sys_menu').set({ sort, updateTime: at }).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Deletes the menus `ids` and every grant of them. */
export async function deleteMenus(db: Executor, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.deleteFrom('sys_role_menu').where('menuId', 'in', chunk).execute();
    await db.deleteFrom('sys_menu').where('id', 'in', chunk).execute();
  }
}

/** Menu ids granted to `roleId`. */
export async function menuIdsOfRole(db: Executor, roleId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_role_menu').select('menuId').where('roleId', '=', roleId).orderBy('menuId').execute();
  return rows.map((r) => r.menuId);
}

/** Removes every grant of the roles `roleIds`. */
export async function revokeRoles(db: Executor, roleIds: string[]): Promise<void> {
  if (roleIds.length) await db.deleteFrom('sys_role_menu').where('roleId', 'in', roleIds).execute();
}
