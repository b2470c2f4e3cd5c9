/** Tables of the classNews module: training news articles (issue 13 "Training news"). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One article (contracts class-news.ts for the fields' meaning). */
export interface ElClassNewsTable {
  id: string;
  title: string;
  cover: string;
  summary: string;
  /** Rich text, sanitised at save. */
  content: string;
  /** The training class (a reference by id; '' site-wide). */
  classId: string;
  /** 1 = 置顶. */
  isTop: number;
  /** contracts NewsState: 0 draft, 1 published. */
  state: number;
  /** Set when first published (server clock); null while never published. */
  publishTime: Ms | null;
  /** Public detail views; moved only by `view_count = view_count + 1`. */
  viewCount: number;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_class_news: ElClassNewsTable;
  }
}
