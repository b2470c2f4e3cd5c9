/** SQL for menus and their grants to roles. */
import type { Executor } from '../../db';
import type { SysMenuTable } from '../../db/schema';

/** Menus of type 1 and 3 granted to any of `roleIds`, ordered by sort. */
export function routeMenusOfRoles(db: Executor, roleIds: string[]): Promise<SysMenuTable[]> {
  if (roleIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sys_menu as m')
    .selectAll('m')
    .where('m.menuType', 'in', [1, 3])
    .where((eb) => eb.exists(eb.selectFrom('sys_role_menu as rm').select('rm.id').whereRef('rm.menuId', '=', 'm.id').where('rm.roleId', 'in', roleIds)))
    .orderBy('m.sort')
    .orderBy('m.id')
    .execute();
}

export function insertMenu(db: Executor, row: SysMenuTable) {
  return db.insertInto('sys_menu').values(row).execute();
}

export function grantMenu(db: Executor, id: string, roleId: string, menuId: string) {
  return db.insertInto('sys_role_menu').values({ id, roleId, menuId }).execute();
}
