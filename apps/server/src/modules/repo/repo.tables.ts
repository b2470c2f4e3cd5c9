/** Tables of the repo module: Question banks (SPEC §3 "Question bank"). Owned by this module only. */
import type { Ms, Flag } from '../../db/schema';

export interface ElRepoTable {
  id: string;
  title: string;
  remark: string;
  deleted: Flag;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_repo: ElRepoTable;
  }
}
