/**
 * A course's completion (issue 11 "Learner"; SPEC §3 course completion certificate and points): in
 * the caller's transaction, and exactly once per learner and course — the conditional flip of
 * el_course_learn.finished (0 → 1) decides; only its winner
 *   - grants the course's certificate (cert `grant`, refType 'course', refId the course: itself once
 *     per (cert, user, ref));
 *   - credits the points: the course's finishPoints when > 0, else the points rule course_finish (the
 *     ledger's (user, 'course_finish', courseId) key makes either count once);
 *   - records the event courseStudy.finished, whose listener sends the learner the course.finish
 *     message (notify: once per (event, course, user)).
 */
import { courseFinishEvent } from '@kaopei/contracts/course-study';
import type { Trx } from '../../db';
import { AppError } from '../../lib/errors';
import type { ModuleContext } from '../../platform/module';
import type { StudyPlan } from './course-study.plan';
import * as repo from './course-study.repository';

/** The services course study calls. */
export type StudyDeps = 'captcha' | 'cert' | 'points' | 'sysUser' | 'notify' | 'courseFile' | 'course' | 'face' | 'sysFile';

/** Payload of courseStudy.finished. */
export interface CourseFinishedEvent {
  userId: string;
  courseId: string;
  courseTitle: string;
}

declare module '../../platform/events' {
  interface DomainEvents {
    'courseStudy.finished': CourseFinishedEvent;
  }
}

/** Flips the course to finished and hands out its rewards; true for the one call that did it. */
export async function settleCourse(ctx: ModuleContext<StudyDeps>, trx: Trx, plan: StudyPlan, userId: string, at: number): Promise<boolean> {
  if (!(await repo.finishCourseOnce(trx, userId, plan.courseId, at))) return false;
  if (plan.certId) {
    try {
      await ctx.services.cert.grant(trx, { certId: plan.certId, userId, refType: 'course', refId: plan.courseId, refTitle: plan.title });
    } catch (err) {
      // A deleted certificate template must not block the learner's completion (checked before any write).
      if (!(err instanceof AppError)) throw err;
      ctx.log.warn({ err, courseId: plan.courseId }, 'course certificate not granted');
    }
  }
  if (plan.finishPoints > 0) {
    const account = await ctx.services.sysUser.accountOf(userId, trx);
    await ctx.services.points.credit(trx, { userId, points: plan.finishPoints, refType: 'course_finish', refId: plan.courseId, refRemark: `完成课程：${plan.title}`, deptCode: account?.deptCode ?? '' });
  } else {
    await ctx.services.points.award(trx, { userId, ruleKey: 'course_finish', refId: plan.courseId, refRemark: `完成课程：${plan.title}` });
  }
  await ctx.events.emit(trx, 'courseStudy.finished', { userId, courseId: plan.courseId, courseTitle: plan.title });
  return true;
}

/** Listener of courseStudy.finished: the learner's course.finish message (idempotent in notify). */
export async function sendFinishedMessage(ctx: ModuleContext<StudyDeps>, e: CourseFinishedEvent): Promise<void> {
  await ctx.services.notify.send({ event: courseFinishEvent.key, userIds: [e.userId], vars: { courseTitle: e.courseTitle }, refType: 'course', refId: e.courseId, by: '' });
}
