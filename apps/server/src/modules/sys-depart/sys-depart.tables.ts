/** Tables of the sys-depart module: departments (SPEC §3 "Department node"). Owned by this module only. */
import type { Flag, Ms } from '../../db/schema';

export interface SysDepartTable {
  id: string;
  /** '' for a root; fixed at creation. */
  parentId: string;
  /** Hierarchical, 3 characters a level ('A01', 'A01A02' …), unique among all rows, deleted ones too (never reused). */
  deptCode: string;
  deptName: string;
  /** 1: learners of this unit also fill in their sub-department name (bmmc, SPEC §5 Profile form). */
  sfyxjbm: Flag;
  /** Position among live siblings (ascending; ties by deptCode). */
  sort: number;
  /** 1: deleted (kept so that its code is never given again and old references keep their label). */
  deleted: Flag;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_depart: SysDepartTable;
  }
}
