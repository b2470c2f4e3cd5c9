/** Tables of the notice module: notices (SPEC §3 "Messages and notices"). Owned by this module only. */
import type { Ms } from '../../db/schema';

export interface SysNoticeTable {
  id: string;
  title: string;
  /** Rich text, sanitised when saved. */
  content: string;
  /** 0 published, 1 withdrawn. */
  state: number;
  /** When learners may see it (epoch ms); null = at once. */
  publishTime: Ms | null;
  /** 1 = 置顶 (listed first to learners), 0 = not. */
  isTop: number;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_notice: SysNoticeTable;
  }
}
