/** Tables of the sys-depart module: Departments (SPEC §3 "Department node"). Owned by this module only. */
import type { Ms } from '../../db/schema';

export interface SysDepartTable {
  id: string;
  parentId: string;
  deptCode: string;
  deptName: string;
  sort: number;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_depart: SysDepartTable;
  }
}
