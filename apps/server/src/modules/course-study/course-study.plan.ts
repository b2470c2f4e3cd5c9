/**
 * What course study needs of a course: its study plan for one learner (issue 11; built by module
 * `course` as `services.course.studyPlan(userId, courseId)`). Kept as a narrow interface so that this
 * module depends on nothing else of courses; tests may put their own source in
 * (`CourseStudyService.usePlans`).
 */
import { randomBytes } from 'node:crypto';

/** One file of a course as the learner must study it. */
export interface StudyPlanFile {
  fileId: string;
  title: string;
  /** 11 link, 22 document, 33 video. */
  fileType: number;
  /** Seconds (0: none). */
  duration: number;
  pageCount: number;
  /** Required study seconds. */
  needSec: number;
  chapter: string;
  sort: number;
}

/** A course as one learner studies it. */
export interface StudyPlan {
  courseId: string;
  title: string;
  /** Seeking allowed (false: drag-lock). */
  videoDrag: boolean;
  /** Learning checks (captcha) on, every `checkSec` seconds of credited study. */
  checkOn: boolean;
  checkSec: number;
  /** Face checks (issue 12): a passed face check every faceInterval minutes; faceChance consecutive failures end the study. */
  faceOn: boolean;
  faceInterval: number;
  faceChance: number;
  /** Completion certificate template ('' none). */
  certId: string;
  /** Completion points (0: the points rule course_finish decides). */
  finishPoints: number;
  files: StudyPlanFile[];
}

/** Where plans come from; `studyPlan` throws an AppError when the learner may not study the course. */
export interface StudyPlanSource {
  studyPlan(userId: string, courseId: string): Promise<StudyPlan>;
}

/** A random captcha key (32 hex digits, the captcha module's key format). */
export function newCheckKey(): string {
  return randomBytes(16).toString('hex');
}
