/** Tables of the course module (issue 11): courses, their files, who they are open to, who owns them, Q&A. Owned by this module only. */
import type { Flag, Ms } from '../../db/schema';

/** One course (SPEC §3 "Course"; contracts course.ts for the fields' meaning). */
export interface ElCourseTable {
  id: string;
  title: string;
  cover: string;
  /** Rich text, sanitised at save. */
  content: string;
  catId: string;
  /** 1: seeking allowed; 0: seeking forward locked. */
  videoDrag: Flag;
  checkOn: Flag;
  /** Seconds of study between two captcha checks. */
  checkSec: number;
  /** Face checks during study (issue 12): every faceInterval minutes; faceChance consecutive failures end the study. */
  faceOn: Flag;
  faceInterval: number;
  faceChance: number;
  /** 1 everybody, 2 departments (el_course_ref 'dept'), 3 named people (el_course_ref 'user'). */
  openType: number;
  costPoints: number;
  /** Fen (cents); the API speaks yuan. */
  salePrice: number;
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

/** A file of a course, in course order. */
export interface ElCourseFileRefTable {
  id: string;
  courseId: string;
  fileId: string;
  chapter: string;
  sort: number;
  /** Required minutes; null: the default of courseNeedSec. */
  needMinutes: number | null;
}

/** Who a course is open to: refType 'dept' (a deptCode, sub-departments included) or 'user' (a userId). */
export interface ElCourseRefTable {
  id: string;
  courseId: string;
  refType: string;
  refId: string;
}

/** A learner's ownership of (or application for) a course; UNIQUE (courseId, userId). */
export interface ElCourseUserTable {
  id: string;
  courseId: string;
  userId: string;
  /** 0 applied (waiting), 1 owned, 2 rejected (CourseOwnState). */
  state: number;
  /** 'points', 'apply' or 'grant'. */
  source: string;
  /** Points paid (0 otherwise). */
  points: number;
  deptCode: string;
  createTime: Ms;
  updateTime: Ms;
}

/** A question on a course (parentId '') or a reply to one (parentId the question's id). */
export interface ElCourseQaTable {
  id: string;
  courseId: string;
  parentId: string;
  content: string;
  createBy: string;
  deptCode: string;
  createTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_course: ElCourseTable;
    el_course_file_ref: ElCourseFileRefTable;
    el_course_ref: ElCourseRefTable;
    el_course_user: ElCourseUserTable;
    el_course_qa: ElCourseQaTable;
  }
}
