/** Tables of the sys-menu module: Menus and their grants to roles (SPEC §2, §6). Owned by this module only. */
import type { Ms, Flag } from '../../db/schema';

export interface SysMenuTable {
  id: string;
  parentId: string;
  menuType: number;
  title: string;
  path: string;
  name: string;
  component: string;
  redirect: string;
  permission: string;
  icon: string;
  hidden: Flag;
  alwaysShow: Flag;
  noCache: Flag;
  affix: Flag;
  activeMenu: string;
  sort: number;
  /** Stable key of a built-in menu (route name or permission code), '' for menus an administrator added. */
  menuKey: string;
  createTime: Ms;
  updateTime: Ms;
}
export interface SysRoleMenuTable {
  id: string;
  roleId: string;
  menuId: string;
}

declare module '../../db/schema' {
  interface DB {
    sys_menu: SysMenuTable;
    sys_role_menu: SysRoleMenuTable;
  }
}
