/** Tables of the sys-role module: Roles (SPEC §6). Owned by this module only. */
import type { Ms } from '../../db/schema';

export interface SysRoleTable {
  id: string;
  roleName: string;
  roleType: number;
  roleLevel: number;
  /** DataScope (contracts sys-role): 0 all data, 1 the user's department subtree. */
  dataScope: number;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_role: SysRoleTable;
  }
}
