/** Tables of the discuss module: class discussion threads and replies (issue 13 "Discussions"). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One thread of a class's 讨论区. */
export interface ElDiscussThreadTable {
  id: string;
  /** The training class (a reference by id, no foreign key). */
  classId: string;
  title: string;
  /** Rich text, sanitised at save. */
  content: string;
  userId: string;
  userName: string;
  realName: string;
  deptCode: string;
  /** Replies (moved by conditional updates in the reply's transaction). */
  replyCount: number;
  /** The last reply's time, the post's time while there is none. */
  lastReplyTime: Ms;
  /** 1 pinned (listed first). */
  pinned: number;
  createTime: Ms;
  updateTime: Ms;
}

/** One reply (plain text). */
export interface ElDiscussReplyTable {
  id: string;
  threadId: string;
  classId: string;
  content: string;
  userId: string;
  userName: string;
  realName: string;
  deptCode: string;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_discuss_thread: ElDiscussThreadTable;
    el_discuss_reply: ElDiscussReplyTable;
  }
}
