/**
 * Tables of the courseStudy module (issue 11 "Learner"; SPEC §3 "Course-file learning row"). Owned
 * by this module only:
 * - el_course_file_learn: one learner's progress on one file of one course (UNIQUE user+course+file);
 * - el_course_learn: one learner's progress on a course (UNIQUE user+course); `finished` flips 0 → 1
 *   exactly once (the completion's certificate, points and message hang on that flip);
 * - el_course_study_stream: each learner's ONE active study stream (a socket or a browser tab) with
 *   its lease and the time of its last accepted report (the credit baseline);
 * - el_course_study_check: the learning check (captcha) state per learner and course.
 */
import type { Flag, Ms } from '../../db/schema';

export interface ElCourseFileLearnTable {
  id: string;
  userId: string;
  courseId: string;
  fileId: string;
  /** The course's and file's titles when the learner last studied it (the list needs no other module). */
  courseName: string;
  fileName: string;
  /** Credited study time (ms); the API shows learnSec = floor(learnMs / 1000). */
  learnMs: number;
  /** Required seconds (from the course's plan when the row was last written). */
  needSec: number;
  /** Last accepted position (s). */
  lastPosition: number;
  /** Furthest accepted position (s): the drag-lock reference. */
  maxPosition: number;
  /** Documents: the pages seen, comma-separated ascending ('' none). */
  pagesSeen: string;
  /** Percent 0–100. */
  process: number;
  finished: Flag;
  createTime: Ms;
  /** Last study time. */
  updateTime: Ms;
}

export interface ElCourseLearnTable {
  id: string;
  userId: string;
  courseId: string;
  /** Percent of the course's files finished (0–100). */
  process: number;
  finished: Flag;
  /** When it was finished (0: not yet). */
  finishTime: Ms;
  createTime: Ms;
  updateTime: Ms;
}

export interface ElCourseStudyStreamTable {
  /** One row per learner: the learner's one active stream. */
  userId: string;
  /** A socket's server-made id, or the HTTP fallback's tab id. */
  streamId: string;
  courseId: string;
  fileId: string;
  /** Server time of the stream's last accepted report (0: none yet, the next report is a baseline). */
  lastAt: Ms;
  /** The last accepted report said playing (1) or paused/hidden (0): an interval is credited only when both its ends were playing. */
  lastPlaying: Flag;
  /** The stream keeps the slot until then. */
  leaseUntil: Ms;
}

export interface ElCourseStudyCheckTable {
  userId: string;
  courseId: string;
  /** Credited ms since the last passed check. */
  sinceCheckMs: number;
  /** 0 none open, 1 open (checkKey, triggerAt). */
  state: number;
  checkKey: string;
  triggerAt: Ms;
  updateTime: Ms;
}

/** Face-check standing of a learner in a course with faceOn (issue 12). */
export interface ElCourseFaceStateTable {
  userId: string;
  courseId: string;
  /** Study is credited until then (a passed check + faceInterval + FACE_GRACE_MS); 0: a face check is needed. */
  okUntil: Ms;
  /** Consecutive failed checks and captures (reset by a pass and by a break). */
  fails: number;
  updateTime: Ms;
}

/** One face check (kind 1) or capture (kind 2) of a learner's study, on the server clock. */
export interface ElCourseFaceTable {
  id: string;
  userId: string;
  courseId: string;
  fileId: string;
  kind: number;
  pass: Flag;
  score: number;
  faces: number;
  failMsg: string;
  imageUrl: string;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_course_face_state: ElCourseFaceStateTable;
    el_course_face: ElCourseFaceTable;
    el_course_file_learn: ElCourseFileLearnTable;
    el_course_learn: ElCourseLearnTable;
    el_course_study_stream: ElCourseStudyStreamTable;
    el_course_study_check: ElCourseStudyCheckTable;
  }
}
