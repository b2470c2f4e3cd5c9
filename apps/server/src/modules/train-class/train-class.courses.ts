/**
 * Courses of training classes (SPEC §7 /api/bjvrkc saveOrUpdate, detail, getPageList; issue 13
 * "Class content"): class↔course links with an order and a required flag (course ids checked
 * through services.course). Enrolled learners study the linked courses even when a course is not
 * open to them: at start this module registers a grant with module course
 * (`course.registerAccessGrant`), which course asks in `requireVisible`.
 *
 * Progress = required linked courses finished (services.courseStudy.finishedAmong) / total; this is
 * also the measure of the requirement 'courses' (train-class.requirements.ts). The class completes
 * for a learner when every requirement it asks is met, exactly once: the conditional flip of
 * el_class_user.finished decides, and only its winner grants the class certificate (refType
 * 'class') and the points (finishPoints, else the class_finish rule). `settle` runs when a learner
 * finishes a course (listener of courseStudy.finished), when he opens the class page, and when a
 * module that measures another requirement calls `trainClass.settle`.
 */
import type { Page } from '@kaopei/contracts';
import { PointsRefType } from '@kaopei/contracts/points';
import { TrainClassError, type ClassCourseRecord, type classCoursePagingReq } from '@kaopei/contracts/train-class';
import type { z } from 'zod';
import { emptyPage } from '../../lib/paging';
import { AppError, badParams } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './train-class.repository';
import type { TrainClassDeps, TrainClassService } from './train-class.service';
import { ClassRequirements, type RequirementStanding } from './train-class.requirements';
import type { TrainClass } from './train-class.view';

export class ClassCourses {
  constructor(
    private readonly ctx: ModuleContext<TrainClassDeps>,
    private readonly classes: TrainClassService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * POST /api/bjvrkc/saveOrUpdate {classId, courseList}: replaces the class's courses (order = sort,
   * else list order). Errors: 10010003 class missing / outside the data scope; 20130008 a course
   * that does not exist; 10010001 a course listed twice.
   */
  async save(admin: AuthUser, classId: string, list: { courseId: string; sort: number; required: boolean }[]): Promise<{ count: number }> {
    await this.classes.requireInScope(admin, classId);
    const ids = list.map((x) => x.courseId);
    const dup = ids.find((id, i) => ids.indexOf(id) !== i);
    if (dup) throw badParams(`课程重复：${dup}`);
    for (const id of ids) {
      // A live course in the caller's data scope (course's own rule), else 20130008.
      await this.ctx.services.course.requireInScope(admin, id).catch(() => {
        throw new AppError(TrainClassError.COURSE_MISSING, `课程不存在或已被删除：${id}`);
      });
    }
    await this.db.transaction().execute((trx) =>
      repo.replaceCourses(trx, classId, list.map((x, i) => ({ id: newId(), classId, courseId: x.courseId, sort: x.sort || i, required: x.required ? 1 : 0 }))),
    );
    return { count: list.length };
  }

  /** POST /api/bjvrkc/detail {classId}: the class's courses in order (class in the caller's data scope). */
  async detail(admin: AuthUser, classId: string): Promise<ClassCourseRecord[]> {
    await this.classes.requireInScope(admin, classId);
    return this.labelled(await repo.coursesOf(this.db, [classId]));
  }

  /** POST /api/bjvrkc/getPageList {params.classId}: a page of the class's courses. */
  async page(admin: AuthUser, req: z.output<typeof classCoursePagingReq>): Promise<Page<ClassCourseRecord>> {
    const classId = req.params?.classId;
    // The list is per class: without one there is nothing to list.
    if (!classId) return emptyPage(req);
    await this.classes.requireInScope(admin, classId);
    const page = await repo.pageCourses(this.db, req, classId);
    return { total: page.total, pages: page.pages, current: page.current, size: page.size, records: await this.labelled(page.records) };
  }

  /**
   * The learner's progress in a class: its courses (with titles and covers, finished flags when
   * `enrolled`), required finished / total, and whether the completion rule is met.
   */
  async progressOf(c: TrainClass, userId: string, enrolled: boolean) {
    const links = await repo.coursesOf(this.db, [c.id]);
    const ids = links.map((l) => l.courseId);
    const [titles, done] = await Promise.all([this.ctx.services.course.titleMap(ids), enrolled ? this.ctx.services.courseStudy.finishedAmong(userId, ids) : Promise.resolve(new Set<string>())]);
    const courses = links.filter((l) => titles.has(l.courseId)).map((l) => ({ courseId: l.courseId, title: titles.get(l.courseId) ?? '', cover: '', sort: l.sort, required: l.required === 1, finished: done.has(l.courseId) }));
    const required = courses.filter((x) => x.required);
    const requiredDone = required.filter((x) => x.finished).length;
    const progress = required.length === 0 ? (enrolled ? 100 : 0) : Math.floor((requiredDone * 100) / required.length);
    const requirements = enrolled ? await this.classes.requirements.of(c, userId, { courses: { done: requiredDone, total: required.length } }) : [];
    const complete = enrolled && ClassRequirements.complete(requirements);
    return { courses, progress, requiredDone, requiredTotal: required.length, requirements, complete };
  }

  /** The requirement 'courses': required linked courses (still existing) finished / total. */
  async requiredStanding(c: TrainClass, userId: string): Promise<RequirementStanding> {
    const required = (await repo.coursesOf(this.db, [c.id])).filter((l) => l.required === 1).map((l) => l.courseId);
    const titles = await this.ctx.services.course.titleMap(required);
    const live = required.filter((id) => titles.has(id));
    const done = await this.ctx.services.courseStudy.finishedAmong(userId, live);
    return { done: live.filter((id) => done.has(id)).length, total: live.length };
  }

  /** Listener of courseStudy.finished: settles every unfinished class of the learner that links the course. */
  async onCourseFinished(userId: string, courseId: string): Promise<void> {
    for (const classId of await repo.unfinishedClassesWithCourse(this.db, userId, courseId)) await this.settle(classId, userId);
  }

  /** Completes the class for the learner when its rule is met; true for the one call that did it. */
  async settle(classId: string, userId: string): Promise<boolean> {
    const c = await repo.findClass(this.db, classId);
    if (!c) return false;
    const { complete } = await this.progressOf(c, userId, true);
    if (!complete) return false;
    return this.db.transaction().execute(async (trx) => {
      if (!(await repo.finishOnce(trx, classId, userId, now()))) return false;
      if (c.certId) {
        try {
          await this.ctx.services.cert.grant(trx, { certId: c.certId, userId, refType: 'class', refId: classId, refTitle: c.title });
        } catch (err) {
          // A deleted certificate template must not block the completion (checked before any write).
          if (!(err instanceof AppError)) throw err;
          this.ctx.log.warn({ err, classId }, 'class certificate not granted');
        }
      }
      const remark = `完成培训班：${c.title}`;
      if (c.finishPoints > 0) {
        const account = await this.ctx.services.sysUser.accountOf(userId, trx);
        await this.ctx.services.points.credit(trx, { userId, points: c.finishPoints, refType: PointsRefType.CLASS_FINISH, refId: classId, refRemark: remark, deptCode: account?.deptCode ?? '' });
      } else {
        await this.ctx.services.points.award(trx, { userId, ruleKey: 'class_finish', refId: classId, refRemark: remark });
      }
      return true;
    });
  }

  /** Registers the course grant: enrolled in an enabled class linking the course. */
  registerGrant(): void {
    this.ctx.services.course.registerAccessGrant((userId, courseId) => repo.enrolledWithCourse(this.db, userId, courseId));
  }

  private async labelled(rows: { id: string; classId: string; courseId: string; sort: number; required: number }[]): Promise<ClassCourseRecord[]> {
    const titles = await this.ctx.services.course.titleMap([...new Set(rows.map((r) => r.courseId))]);
    return rows.map((r) => ({ id: r.id, classId: r.classId, courseId: r.courseId, courseId_dictText: titles.get(r.courseId) ?? '', sort: r.sort, required: r.required === 1 }));
  }
}
