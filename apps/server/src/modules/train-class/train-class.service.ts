/**
 * Training classes (issue 13 "Classes"; SPEC §7 /api/trainClass/*): admin CRUD with open-to lists
 * (lib/open-to.ts, like courses), data scope by the creator's department, and the learner's lists
 * and class page. Seats (sign-up, withdraw, audit, assign): train-class.seats.ts; linked courses,
 * progress and completion: train-class.courses.ts (reached as `trainClass.seats` / `.courses`).
 */
import type { Page } from '@kaopei/contracts';
import type { ClassAdminDetail, ClassLearnDetail, ClassLearnRecord, classLearnPagingReq, classPagingReq, ClassRecord, ClassSaveReq } from '@kaopei/contracts/train-class';
import type { z } from 'zod';
import { deptInScope } from '../../lib/dept-scope';
import { badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { checkOpenToRefs, isOpenByRefs } from '../../lib/open-to';
import { mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTimeStrict, now, parseTime } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { ClassCourses } from './train-class.courses';
import * as repo from './train-class.repository';
import { ClassRequirements } from './train-class.requirements';
import { ClassSeats } from './train-class.seats';
import { ClassStats } from './train-class.stats';
import { baseOf, standingOf, stateLabel, type TrainClass } from './train-class.view';

export type TrainClassDeps = 'course' | 'courseStudy' | 'cert' | 'points' | 'notify' | 'sysUser' | 'sysDepart' | 'sysRole';

/** A learner as the open-type rules see them. */
export interface ClassLearner {
  userId: string;
  deptCode: string;
}

export const CLASS_NOT_FOUND = '培训班不存在或已被删除！';
const b = (v: boolean) => (v ? 1 : 0);

export class TrainClassService {
  /** Sign-up, withdraw, audit, assign, students list. */
  readonly seats: ClassSeats;
  /** /api/bjvrkc, progress and completion. */
  readonly courses: ClassCourses;
  /** Statistics and export. */
  readonly stats: ClassStats;
  /** Completion requirements; modules measuring sessions, exam or evaluations register here in their `start`. */
  readonly requirements = new ClassRequirements();

  constructor(private readonly ctx: ModuleContext<TrainClassDeps>) {
    this.seats = new ClassSeats(ctx, this);
    this.courses = new ClassCourses(ctx, this);
    this.stats = new ClassStats(ctx, this);
    this.requirements.register('courses', (c, userId) => this.courses.requiredStanding(c, userId));
  }

  /**
   * Completes the class for the learner when every requirement it asks is met: the certificate and
   * points once (train-class.courses.ts). Modules call it after committing what moved a requirement;
   * true for the one call that completed it.
   */
  settle(classId: string, userId: string): Promise<boolean> {
    return this.courses.settle(classId, userId);
  }

  /**
   * The class, when the learner is enrolled (seat state 1) in it and it is live and enabled;
   * 10010003 otherwise (other modules' learner calls about a class).
   */
  async requireEnrolled(user: ClassLearner, classId: string): Promise<TrainClass> {
    const c = await repo.findClass(this.db, classId);
    const seat = c && c.state === 0 ? await repo.findSeat(this.db, classId, user.userId) : undefined;
    if (!c || seat?.state !== 1) throw notFound(CLASS_NOT_FOUND);
    return c;
  }

  /**
   * The classes (live, enabled) the learner is enrolled in, optionally only among `classIds`, with
   * whether he completed each: other modules' membership checks in bulk (class exams, live sessions).
   */
  async enrolledIn(userId: string, classIds?: readonly string[]): Promise<{ classId: string; finished: boolean }[]> {
    return (await repo.enrolledIn(this.db, userId, classIds)).map((r) => ({ classId: r.classId, finished: r.finished === 1 }));
  }

  /** Enrolled learners of a class in sign-up order (attendance lists, statistics). */
  enrolledOf(classId: string): Promise<{ userId: string; userName: string; realName: string; deptCode: string; finished: number }[]> {
    return repo.enrolledOf(this.db, classId);
  }

  /** The class (live, any state), or undefined: titles and flags for other modules. */
  find(classId: string): Promise<TrainClass | undefined> {
    return repo.findClass(this.db, classId);
  }

  private get db() {
    return this.ctx.db;
  }

  // ------------------------------------------------------------ admin

  /** POST /api/trainClass/list: classes in the caller's data scope (filters title, classType, state). */
  async list(admin: AuthUser, req: z.output<typeof classPagingReq>): Promise<Page<ClassRecord>> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const page = await repo.pageClasses(this.db, req, req.params ?? {}, scope);
    const counts = await this.courseCounts(page.records.map((c) => c.id));
    return mapPage(page, (c) => this.toRecord(c, counts.get(c.id) ?? 0));
  }

  /** POST /api/trainClass/detail: the edit dialog's class; 10010003 when missing or outside the data scope. */
  async adminDetail(admin: AuthUser, id: string): Promise<ClassAdminDetail> {
    const c = await this.requireInScope(admin, id);
    const [counts, deptCodes, userIds] = await Promise.all([this.courseCounts([id]), repo.refIdsOf(this.db, id, 'dept'), repo.refIdsOf(this.db, id, 'user')]);
    const accounts = (await Promise.all(userIds.map((u) => this.ctx.services.sysUser.accountOf(u)))).filter((a) => a !== undefined);
    const certTitle = c.certId ? ((await this.ctx.services.cert.titleMap([c.certId])).get(c.certId) ?? '') : '';
    return {
      ...this.toRecord(c, counts.get(id) ?? 0),
      content: c.content,
      deptCodes: c.openType === 2 ? deptCodes : [],
      userList: c.openType === 3 ? accounts.map((a) => ({ id: a.id, userName: a.userName, realName: a.realName })) : [],
      certId_dictText: certTitle,
    };
  }

  /**
   * POST /api/trainClass/addOrUpdate: creates or updates a class with its open-to lists in one
   * transaction. Errors: 10010003 class / certificate missing (or outside the data scope); 10010001
   * a department or person that does not exist, or a capacity below the seats already taken.
   */
  async save(admin: AuthUser, req: ClassSaveReq): Promise<{ id: string }> {
    const userIds = await checkOpenToRefs(req, { deptNames: (codes) => this.ctx.services.sysDepart.namesOf(codes), knownUsers: (ids) => this.ctx.services.sysUser.contactsOf(ids) });
    const scope = req.id ? await this.ctx.services.sysRole.dataScopeOf(admin) : null;
    const content = sanitizeRichText(req.content);
    return this.db.transaction().execute(async (trx) => {
      const existing = req.id ? await repo.findClass(trx, req.id) : undefined;
      if (req.id && (!existing || !deptInScope(existing.deptCode, scope))) throw notFound(CLASS_NOT_FOUND);
      if (existing && req.capacity > 0 && req.capacity < existing.seats) throw badParams(`招生人数不能少于已报名人数（${existing.seats}）！`);
      if (req.certId) await this.ctx.services.cert.requireTemplate(trx, req.certId);
      const at = now();
      const fields = {
        title: req.title,
        classType: req.classType,
        cover: req.cover,
        content,
        signStart: parseTime(req.signStart),
        signEnd: parseTime(req.signEnd),
        capacity: req.capacity,
        openType: req.openType,
        needAudit: b(req.needAudit),
        startTime: parseTime(req.startTime) as number,
        endTime: parseTime(req.endTime) as number,
        organiser: req.organiser,
        finishCourses: b(req.finishCourses),
        finishExam: b(req.finishExam),
        finishSessions: b(req.finishSessions),
        finishEval: b(req.finishEval),
        certId: req.certId,
        finishPoints: req.finishPoints,
        updateTime: at,
      };
      let id = req.id;
      if (id) await repo.updateClass(trx, id, { ...fields, ...(req.state !== undefined ? { state: req.state } : {}) });
      else {
        id = newId();
        await repo.insertClass(trx, { id, ...fields, seats: 0, state: req.state ?? 0, deleted: 0, deptCode: admin.deptCode, createBy: admin.userId, createTime: at });
      }
      const classId = id;
      await repo.replaceRefs(trx, classId, 'dept', req.openType === 2 ? [...new Set(req.deptCodes)].map((refId) => ({ id: newId(), classId, refType: 'dept', refId })) : []);
      await repo.replaceRefs(trx, classId, 'user', userIds.map((refId) => ({ id: newId(), classId, refType: 'user', refId })));
      return { id: classId };
    });
  }

  /** POST /api/trainClass/delete: soft-deletes the classes in the caller's data scope (others are left alone). */
  async delete(admin: AuthUser, ids: string[]): Promise<void> {
    await repo.softDelete(this.db, await this.idsInScope(admin, ids), now());
  }

  /** POST /api/trainClass/state: enables (0) or disables (1) the classes in the caller's data scope. */
  async setState(admin: AuthUser, ids: string[], state: number): Promise<void> {
    await repo.setState(this.db, await this.idsInScope(admin, ids), state, now());
  }

  // ------------------------------------------------------------ learner

  /** POST /api/trainClass/my-paging | open-paging | public-paging: enabled classes with the caller's standing. */
  async learnerPage(user: ClassLearner, req: z.output<typeof classLearnPagingReq>, mode: 'mine' | 'open' | 'public'): Promise<Page<ClassLearnRecord>> {
    const page = await repo.pageLearner(this.db, req, user, mode, req.params ?? {});
    const ids = page.records.map((c) => c.id);
    const [counts, seats, open] = await Promise.all([this.courseCounts(ids), repo.seatsOf(this.db, user.userId, ids), repo.openIdsAmong(this.db, ids, user)]);
    const seatOf = new Map(seats.map((s) => [s.classId, s]));
    const at = now();
    return mapPage(page, (c) => ({ ...baseOf(c, counts.get(c.id) ?? 0), ...standingOf(c, seatOf.get(c.id), open.has(c.id), at) }));
  }

  /**
   * POST /api/trainClass/info: the learner's class page (detail, standing, linked courses with his
   * progress). Visible when enabled and open to him, or when he holds any seat row in it; 10010003
   * otherwise. Completes the class when its rule is met (once; see courses.settle).
   */
  async info(user: ClassLearner, id: string): Promise<ClassLearnDetail> {
    const { cls: c, open } = await this.requireVisible(user, id);
    let seat = await repo.findSeat(this.db, id, user.userId);
    const progress = await this.courses.progressOf(c, user.userId, seat?.state === 1);
    if (seat?.state === 1 && seat.finished === 0 && progress.complete && (await this.courses.settle(c.id, user.userId))) seat = await repo.findSeat(this.db, id, user.userId);
    const { complete: _c, ...shown } = progress;
    return { ...baseOf(c, shown.courses.length), ...standingOf(c, seat, open, now()), content: c.content, ...shown };
  }

  /** A live class the learner may see (enabled and open to him, or he holds a seat row); 10010003 otherwise. */
  async requireVisible(user: ClassLearner, id: string): Promise<{ cls: TrainClass; open: boolean }> {
    const c = await repo.findClass(this.db, id);
    if (!c) throw notFound(CLASS_NOT_FOUND);
    const open = await this.isOpenTo(c, user);
    const seat = open ? undefined : await repo.findSeat(this.db, id, user.userId);
    if (!open && !seat) throw notFound(CLASS_NOT_FOUND);
    if (c.state !== 0 && !(seat ?? (await repo.findSeat(this.db, id, user.userId)))) throw notFound(CLASS_NOT_FOUND);
    return { cls: c, open };
  }

  /** Whether the class's open type lets the learner in (lib/open-to.ts). */
  isOpenTo(c: TrainClass, user: ClassLearner): Promise<boolean> {
    return isOpenByRefs(
      c.openType,
      { dept: () => repo.refIdsOf(this.db, c.id, 'dept'), user: () => repo.refIdsOf(this.db, c.id, 'user') },
      { userId: user.userId, deptCode: () => Promise.resolve(user.deptCode) },
    );
  }

  // ------------------------------------------------------------ internals

  /** A live class in the admin's data scope, or 10010003. */
  async requireInScope(admin: AuthUser, id: string): Promise<TrainClass> {
    const c = await repo.findClass(this.db, id);
    if (!c || !deptInScope(c.deptCode, await this.ctx.services.sysRole.dataScopeOf(admin))) throw notFound(CLASS_NOT_FOUND);
    return c;
  }

  private async idsInScope(admin: AuthUser, ids: string[]): Promise<string[]> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    return (await repo.liveClasses(this.db, ids)).filter((c) => deptInScope(c.deptCode, scope)).map((c) => c.id);
  }

  private async courseCounts(ids: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const r of await repo.coursesOf(this.db, ids)) out.set(r.classId, (out.get(r.classId) ?? 0) + 1);
    return out;
  }

  private toRecord(c: TrainClass, courseCount: number): ClassRecord {
    return { ...baseOf(c, courseCount), state: c.state, state_dictText: stateLabel(c.state), createTime: formatTimeStrict(c.createTime) };
  }
}
