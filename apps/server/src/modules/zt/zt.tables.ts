/** Tables of the zt module: topics 专题 and their items (issue 13 "Class content", /api/zt). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One topic. */
export interface ElZtTable {
  id: string;
  title: string;
  cover: string;
  /** Rich text, sanitised at save. */
  content: string;
  /** The training class (a reference by id; '' site-wide). */
  classId: string;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** One resource of a topic: a course or a news article (refId) or a link (url). */
export interface ElZtItemTable {
  id: string;
  ztId: string;
  /** contracts ZtItemType: 'course' | 'news' | 'link'. */
  itemType: string;
  refId: string;
  url: string;
  /** The title the admin gave ('' = the course's or article's own title). */
  title: string;
  sort: number;
}

declare module '../../db/schema' {
  interface DB {
    el_zt: ElZtTable;
    el_zt_item: ElZtItemTable;
  }
}
