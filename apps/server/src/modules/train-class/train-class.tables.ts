/** Tables of the train-class module (issue 13 "Classes"): classes, who they are open to, seats, linked courses. Owned by this module only. */
import type { Flag, Ms } from '../../db/schema';

/** One training class (contracts train-class.ts for the fields' meaning). */
export interface ElClassTable {
  id: string;
  title: string;
  /** 1 网络班, 2 面授, 3 直播, 4 混合. */
  classType: number;
  cover: string;
  /** Rich text, sanitised at save. */
  content: string;
  signStart: Ms | null;
  signEnd: Ms | null;
  /** 0 = unlimited. */
  capacity: number;
  /** Seats taken: rows of el_class_user in state 0 or 1; moved only by conditional updates. */
  seats: number;
  /** 1 everybody, 2 departments (el_class_ref 'dept'), 3 named people (el_class_ref 'user'). */
  openType: number;
  needAudit: Flag;
  startTime: Ms;
  endTime: Ms;
  organiser: string;
  finishCourses: Flag;
  finishExam: Flag;
  finishSessions: Flag;
  finishEval: Flag;
  certId: string | null;
  finishPoints: number;
  /** 0 open, 1 disabled. */
  state: number;
  deleted: Flag;
  /** The creator's department (data scope of the admin list). */
  deptCode: string;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** Who a class is open to: refType 'dept' (sub-departments included) or 'user'. */
export interface ElClassRefTable {
  id: string;
  classId: string;
  refType: string;
  refId: string;
}

/** A learner's seat in a class; UNIQUE (classId, userId). */
export interface ElClassUserTable {
  id: string;
  classId: string;
  userId: string;
  userName: string;
  realName: string;
  /** The learner's department when signing up (data scope of the students list). */
  deptCode: string;
  /** 0 applied, 1 enrolled, 2 rejected, 3 withdrawn (ClassUserState). */
  state: number;
  /** 'apply' or 'assign'. */
  source: string;
  auditMsg: string;
  auditBy: string;
  auditTime: Ms | null;
  /** 1 once the class was completed (certificate and points handed out, exactly once). */
  finished: Flag;
  finishTime: Ms | null;
  createTime: Ms;
  updateTime: Ms;
}

/** A course linked to a class (SPEC §7 /api/bjvrkc); UNIQUE (classId, courseId). */
export interface ElClassCourseTable {
  id: string;
  classId: string;
  courseId: string;
  sort: number;
  required: Flag;
}

declare module '../../db/schema' {
  interface DB {
    el_class: ElClassTable;
    el_class_ref: ElClassRefTable;
    el_class_user: ElClassUserTable;
    el_class_course: ElClassCourseTable;
  }
}
