/** Tables of the sys-dic module: dictionaries and their entries (SPEC §3). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** A dictionary (a node of the category tree). */
export interface SysDicTable {
  id: string;
  /** Parent dictionary id; '' at the top. */
  parentId: string;
  /** Unique code (`nation`, `xzzw` …); fixed once created. */
  dicCode: string;
  title: string;
  remark: string;
  /** Order among siblings (ascending). */
  sort: number;
  createTime: Ms;
  updateTime: Ms;
}

/** An entry of a dictionary; entries of one dictionary may form a tree. */
export interface SysDicValueTable {
  id: string;
  /** The dictionary (sys_dic.id). */
  dicId: string;
  /** Parent entry id (same dictionary); '' at the top. */
  parentId: string;
  /** The code stored by other records; unique in its dictionary. */
  value: string;
  /** The label shown (`<field>_dictText`). */
  title: string;
  sort: number;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_dic: SysDicTable;
    sys_dic_value: SysDicValueTable;
  }
}
