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
  if (rows.length) await db.insertInto('sys_role_menu').values(rows).execute();
}
