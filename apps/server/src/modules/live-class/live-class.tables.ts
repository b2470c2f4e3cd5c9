/** Tables of the liveClass module: live sessions and their attendance (issue 13). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One live session (SPEC §7 /api/onlineClass). */
export interface ElLiveSessionTable {
  id: string;
  title: string;
  /** The training class (a reference by id, no foreign key; '' none). */
  classId: string;
  startTime: Ms;
  endTime: Ms;
  appName: string;
  streamName: string;
  /** The replay course file ('' none). */
  replayFileId: string;
  content: string;
  /** contracts LiveState: 0 published, 1 hidden. */
  state: number;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** A learner's attendance of one session (unique session + user), with the active stream. */
export interface ElLiveAttendTable {
  id: string;
  sessionId: string;
  userId: string;
  userName: string;
  realName: string;
  deptCode: string;
  /** Credited time (ms). */
  attendMs: number;
  /** The stream that beats (one per learner) and its last accepted beat. */
  streamId: string;
  lastBeat: Ms;
  firstTime: Ms;
  lastTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_live_session: ElLiveSessionTable;
    el_live_attend: ElLiveAttendTable;
  }
}
