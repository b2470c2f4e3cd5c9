/**
 * Courses (SPEC §3 "Course", §7 /api/course/course/*; issue 11 "Courses (admin, ListCourse)",
 * "Learner"): admin CRUD with the ordered files, open-to lists (2 departments with their
 * sub-departments, 3 named people; lib/open-to.ts, shared with exams), data scope by the creator's
 * department; the learner's lists and details; `studyPlan` for the study module. Buying:
 * course.buy.ts; Q&A: course.qa.ts (reached as `course.buying` / `course.qa`).
 */
import type { Page } from '@kaopei/contracts';
import {
  CourseError,
  type CourseAdminDetail,
  type CourseLearnDetail,
  type CourseLearnRecord,
  type coursePagingReq,
  type CourseRecord,
  type CourseSaveReq,
  type CourseSimple,
  type courseLearnPagingReq,
} from '@kaopei/contracts/course';
import type { CourseFileInfo } from '@kaopei/contracts/course-file';
import type { z } from 'zod';
import type { Executor } from '../../db';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { deptInScope } from '../../lib/dept-scope';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { checkOpenToRefs, isOpenByRefs } from '../../lib/open-to';
import { mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTimeStrict, now } from '../../lib/time';
import * as repo from './course.repository';
import { dashEnabled } from './course.dash';
import { CourseBuying } from './course.buy';
import { CourseQa } from './course.qa';
import { CourseStats } from './course.stat';
import { baseOf, fen, fileRows, standingOf, stateLabel, type Course } from './course.view';

export type CourseDeps = 'courseFile' | 'courseStudy' | 'points' | 'cert' | 'notify' | 'sysUser' | 'sysDepart' | 'sysRole';

/**
 * What the study module needs to run a learner's study of a course (issue 11 brief): the settings
 * and the files in course order, `needSec` the required seconds of each file (courseNeedSec),
 * `duration` seconds, `certId` '' for none, `checkSec` seconds between captcha checks.
 */
export interface StudyPlan {
  courseId: string;
  title: string;
  videoDrag: boolean;
  checkOn: boolean;
  checkSec: number;
  /** Face checks (issue 12): minutes between captures, consecutive failures that end the study. */
  faceOn: boolean;
  faceInterval: number;
  faceChance: number;
  certId: string;
  finishPoints: number;
  files: Array<{ fileId: string; title: string; fileType: number; duration: number; pageCount: number; needSec: number; chapter: string; sort: number }>;
}

/** A learner as the open-type rules see them; `deptCode` is looked up when omitted. */
export interface CourseLearner {
  userId: string;
  deptCode?: string;
}

const NOT_FOUND = '课程不存在或已被删除！';

/**
 * A grant another module registers (`course.registerAccessGrant`): true when `userId` may study
 * `courseId` although the course's open type does not let him in and he does not own it (e.g. he is
 * enrolled in a training class that links the course). Course asks; it knows none of the grantors.
 */
export type CourseAccessGrant = (userId: string, courseId: string) => Promise<boolean>;
const b = (v: boolean) => (v ? 1 : 0);

export class CourseService {
  /** Buying and applications (POST /api/course/buy/*). */
  readonly buying: CourseBuying;
  /** Questions and replies (POST /api/course/qa/*). */
  readonly qa: CourseQa;
  /** CourseStat (POST /api/course/course/stat*). */
  readonly stats: CourseStats;

  private readonly grants: CourseAccessGrant[] = [];

  constructor(private readonly ctx: ModuleContext<CourseDeps>) {
    this.buying = new CourseBuying(ctx, this);
    this.qa = new CourseQa(ctx, this);
    this.stats = new CourseStats(ctx, this);
  }

  private get db() {
    return this.ctx.db;
  }

  // ------------------------------------------------------------ admin

  /** A page of courses in the caller's data scope (filters title, openType, state, catId, excludes; params.type 1: enabled only, for selects). */
  async paging(admin: AuthUser, req: z.output<typeof coursePagingReq>): Promise<Page<CourseRecord>> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const p = req.params ?? {};
    const f = { ...p, ...(p.type === 1 ? { state: 0 } : {}) };
    const page = await repo.pageCourses(this.db, req, f, scope);
    const selected = req.selectKeys?.length ? (await repo.liveCourses(this.db, req.selectKeys)).filter((c) => deptInScope(c.deptCode, scope)) : null;
    const all = [...page.records, ...(selected ?? [])];
    const [rowsOf, names] = await Promise.all([this.fileRowsOf(all.map((c) => c.id)), this.ctx.services.sysUser.realNames([...new Set(all.map((c) => c.createBy))])]);
    return mapPage({ ...page, ...(selected ? { selectList: selected } : {}) }, (c) => this.toRecord(c, rowsOf.get(c.id) ?? [], names));
  }

  /** Everything the edit dialog needs; 10010003 when missing or outside the caller's data scope. */
  async adminDetail(admin: AuthUser, id: string): Promise<CourseAdminDetail> {
    const c = await this.requireInScope(admin, id);
    const [rowsOf, names, deptCodes, userIds] = await Promise.all([
      this.fileRowsOf([id]),
      this.ctx.services.sysUser.realNames([c.createBy]),
      repo.refIdsOf(this.db, id, 'dept'),
      repo.refIdsOf(this.db, id, 'user'),
    ]);
    const accounts = (await Promise.all(userIds.map((u) => this.ctx.services.sysUser.accountOf(u)))).filter((a) => a !== undefined);
    const certTitle = c.certId ? ((await this.ctx.services.cert.titleMap([c.certId])).get(c.certId) ?? '') : '';
    const rows = rowsOf.get(id) ?? [];
    return {
      ...this.toRecord(c, rows, names),
      content: c.content,
      deptCodes: c.openType === 2 ? deptCodes : [],
      userList: c.openType === 3 ? accounts.map((a) => ({ id: a.id, userName: a.userName, realName: a.realName })) : [],
      certId_dictText: certTitle,
      fileList: rows,
    };
  }

  /**
   * Creates or updates a course with its files and open-to lists in one transaction. Errors:
   * 10010003 course / certificate missing (or outside the caller's data scope); 20110007 a file
   * that is not in the library; 10010001 a department or person that does not exist.
   */
  async save(admin: AuthUser, req: CourseSaveReq): Promise<{ id: string }> {
    const fileIds = req.fileList.map((f) => f.fileId);
    const found = new Set((await this.ctx.services.courseFile.byIds(fileIds)).map((f) => f.id));
    const missing = fileIds.find((id) => !found.has(id));
    if (missing) throw new AppError(CourseError.FILE_MISSING, `课件不存在或已被删除：${missing}`);
    const userIds = await checkOpenToRefs(req, { deptNames: (codes) => this.ctx.services.sysDepart.namesOf(codes), knownUsers: (ids) => this.ctx.services.sysUser.contactsOf(ids) });
    const scope = req.id ? await this.ctx.services.sysRole.dataScopeOf(admin) : null;
    const content = sanitizeRichText(req.content);
    return this.db.transaction().execute(async (trx) => {
      const existing = req.id ? await repo.findCourse(trx, req.id) : undefined;
      if (req.id && (!existing || !deptInScope(existing.deptCode, scope))) throw notFound(NOT_FOUND);
      if (req.certId) await this.ctx.services.cert.requireTemplate(trx, req.certId);
      const at = now();
      const fields = {
        title: req.title,
        cover: req.cover,
        content,
        catId: req.catId,
        videoDrag: b(req.videoDrag),
        checkOn: b(req.checkOn),
        checkSec: req.checkSec,
        faceOn: b(req.faceOn),
        faceInterval: req.faceInterval,
        faceChance: req.faceChance,
        openType: req.openType,
        costPoints: req.costPoints,
        salePrice: fen(req.salePrice),
        certId: req.certId,
        finishPoints: req.finishPoints,
        updateTime: at,
      };
      let id = req.id;
      if (id) {
        await repo.updateCourse(trx, id, { ...fields, ...(req.state !== undefined ? { state: req.state } : {}) });
      } else {
        id = newId();
        await repo.insertCourse(trx, { id, ...fields, state: req.state ?? 0, deleted: 0, deptCode: admin.deptCode, createBy: admin.userId, createTime: at });
      }
      const courseId = id;
      await repo.replaceFiles(trx, courseId, req.fileList.map((f, i) => ({ id: newId(), courseId, fileId: f.fileId, chapter: f.chapter, sort: f.sort || i, needMinutes: f.needMinutes })));
      await repo.replaceRefs(trx, courseId, 'dept', req.openType === 2 ? [...new Set(req.deptCodes)].map((refId) => ({ id: newId(), courseId, refType: 'dept', refId })) : []);
      await repo.replaceRefs(trx, courseId, 'user', userIds.map((refId) => ({ id: newId(), courseId, refType: 'user', refId })));
      return { id: courseId };
    });
  }

  /** Soft-deletes the courses in the caller's data scope (others are left as they are). */
  async delete(admin: AuthUser, ids: string[]): Promise<void> {
    await repo.softDelete(this.db, await this.idsInScope(admin, ids), now());
  }

  /** Enables (0) or disables (1) the courses in the caller's data scope. */
  async setState(admin: AuthUser, ids: string[], state: number): Promise<void> {
    await repo.setState(this.db, await this.idsInScope(admin, ids), state, now());
  }

  /**
   * POST /api/course/course/prepare-notify: the course.publish template (or `tmplId`) to the
   * learners the course is open to (named people, learners of its departments and those under
   * them, or every learner), as ONE background job of module notify; idempotent per learner.
   */
  async prepareNotify(admin: AuthUser, id: string, tmplId?: string): Promise<{ jobId: string }> {
    const c = await this.requireInScope(admin, id);
    const people = c.openType === 3 ? await repo.refIdsOf(this.db, id, 'user') : null;
    const depts = c.openType === 2 ? await repo.refIdsOf(this.db, id, 'dept') : null;
    const { jobId } = await this.ctx.services.notify.send({
      event: 'course.publish', ...(people ? { userIds: people } : { toLearners: true, ...(depts ? { learnerDepts: depts } : {}) }), background: true, vars: { courseTitle: c.title }, refType: 'course', refId: c.id, ...(tmplId ? { tmplId } : {}), by: admin.userId,
    });
    return { jobId: jobId as string };
  }

  count(): Promise<number> {
    return repo.countCourses(this.db);
  }

  /** Dashboard (module stat): `{id, title}` of the enabled courses among `ids` whose title contains `title`, newest first (course.dash.ts). */
  dashEnabled(ids: string[], title: string): Promise<{ id: string; title: string }[]> {
    return dashEnabled(this.db, ids, title);
  }

  /** At start of a module that grants study of courses (trainClass: its enrolled learners study the class's courses). */
  registerAccessGrant(grant: CourseAccessGrant): void {
    this.grants.push(grant);
  }

  /** Whether a registered grant lets `userId` study `courseId`. */
  private async granted(userId: string, courseId: string): Promise<boolean> {
    for (const g of this.grants) if (await g(userId, courseId)) return true;
    return false;
  }

  /** At start: the file library refuses to delete a file a live course uses (courseFile.registerUsage). */
  registerFileUsage(): void {
    this.ctx.services.courseFile.registerUsage((fileIds) => repo.fileIdsInUse(this.db, fileIds));
  }

  // ------------------------------------------------------------ learner

  /** My courses: enabled courses I own, or open to me and free. */
  async userPaging(learner: CourseLearner, req: z.output<typeof courseLearnPagingReq>): Promise<Page<CourseLearnRecord>> {
    return this.learnerPage(learner, req, 'mine');
  }

  /** Public courses: enabled courses of open type 1, with the caller's standing. */
  async openUserPaging(learner: CourseLearner, req: z.output<typeof courseLearnPagingReq>): Promise<Page<CourseLearnRecord>> {
    return this.learnerPage(learner, req, 'public');
  }

  /** The purchase dialog's course: a live, enabled course open to (or owned by) the caller; 10010003 otherwise. */
  async simpleDetail(learner: CourseLearner, id: string): Promise<CourseSimple> {
    const { course: c, standing } = await this.requireVisible(learner, id);
    const base = baseOf(c, []);
    return { id: c.id, title: c.title, cover: c.cover, costPoints: c.costPoints, salePrice: base.salePrice, priceText: base.priceText, ...standing };
  }

  /** The learner's detail with its chapters (titles, types, durations, required time); 10010003 unless visible to the caller. */
  async detail(learner: CourseLearner, id: string): Promise<CourseLearnDetail> {
    const { course: c, standing } = await this.requireVisible(learner, id);
    const rows = (await this.fileRowsOf([id])).get(id) ?? [];
    const certTitle = c.certId ? ((await this.ctx.services.cert.titleMap([c.certId])).get(c.certId) ?? '') : '';
    return { ...baseOf(c, rows), ...standing, content: c.content, certId_dictText: certTitle, fileList: rows.map(({ needMinutes: _n, ...r }) => r) };
  }

  /**
   * The study plan of a course for a learner (module study). Errors: 10010003 the course does not
   * exist (or is not open to the learner and not owned); 20110002 disabled; 20110003 priced and not
   * owned.
   */
  async studyPlan(userId: string, courseId: string): Promise<StudyPlan> {
    const { course: c, standing } = await this.requireVisible({ userId }, courseId, true);
    if (!standing.canStudy) throw new AppError(CourseError.NEED_BUY);
    const rows = (await this.fileRowsOf([courseId])).get(courseId) ?? [];
    return {
      courseId: c.id,
      title: c.title,
      videoDrag: c.videoDrag === 1,
      checkOn: c.checkOn === 1,
      checkSec: c.checkSec,
      faceOn: c.faceOn === 1,
      faceInterval: c.faceInterval,
      faceChance: c.faceChance,
      certId: c.certId ?? '',
      finishPoints: c.finishPoints,
      files: rows.map((r) => ({ fileId: r.fileId, title: r.title, fileType: r.fileType, duration: r.duration, pageCount: r.pageCount, needSec: r.needSec, chapter: r.chapter, sort: r.sort })),
    };
  }

  /**
   * A live course the learner may see: open to them by its open type, or owned (bought / approved).
   * 10010003 otherwise, as if it did not exist; a disabled course answers 20110002 to those who may
   * see it (10010003 too unless `disabledError`: lists and details hide disabled courses).
   */
  async requireVisible(learner: CourseLearner, id: string, disabledError = false): Promise<{ course: Course; standing: ReturnType<typeof standingOf> }> {
    const c = await repo.findCourse(this.db, id);
    if (!c) throw notFound(NOT_FOUND);
    const [own] = await repo.ownRowsOf(this.db, learner.userId, [id]);
    const open = await this.isOpenTo(c, learner);
    // A grant (an enrolment in a class linking the course) lets the learner see and study it, free.
    // Asked only when neither the open type with a free course nor an ownership already answers.
    const granted = own?.state !== 1 && !(open && standingOf(c, open, own).free) && (await this.granted(learner.userId, id));
    if (!open && own?.state !== 1 && !granted) throw notFound(NOT_FOUND);
    if (c.state !== 0) {
      if (disabledError) throw new AppError(CourseError.DISABLED);
      throw notFound(NOT_FOUND);
    }
    const standing = standingOf(c, open, own);
    return { course: c, standing: granted ? { ...standing, canStudy: true } : standing };
  }

  /** Whether the course's open type lets the learner in (lib/open-to.ts). */
  isOpenTo(c: Course, learner: CourseLearner): Promise<boolean> {
    return isOpenByRefs(
      c.openType,
      { dept: () => repo.refIdsOf(this.db, c.id, 'dept'), user: () => repo.refIdsOf(this.db, c.id, 'user') },
      { userId: learner.userId, deptCode: async () => learner.deptCode ?? (await this.deptOf(learner.userId)) },
    );
  }

  /**
   * Who a live course is open to, for statistics of other modules (module studyStat): its title,
   * open type (1 every learner, 2 the learners of `depts` and the departments under them, 3 `users`)
   * and refs; undefined for an unknown or deleted course. Access grants (classes) are not included.
   */
  async openRuleOf(id: string): Promise<{ id: string; title: string; openType: number; depts: string[]; users: string[] } | undefined> {
    const c = await repo.findCourse(this.db, id);
    if (!c) return undefined;
    const [depts, users] = await Promise.all([repo.refIdsOf(this.db, id, 'dept'), repo.refIdsOf(this.db, id, 'user')]);
    return { id: c.id, title: c.title, openType: c.openType, depts, users };
  }

  /** Titles of courses (labels of other lists). */
  titleMap(ids: string[]): Promise<Map<string, string>> {
    return repo.titlesOf(this.db, ids);
  }

  async deptOf(userId: string, db?: Executor): Promise<string> {
    return (await this.ctx.services.sysUser.accountOf(userId, db))?.deptCode ?? '';
  }

  // ------------------------------------------------------------ internals

  private async learnerPage(learner: CourseLearner, req: z.output<typeof courseLearnPagingReq>, mode: 'mine' | 'public'): Promise<Page<CourseLearnRecord>> {
    const who = { userId: learner.userId, deptCode: learner.deptCode ?? (await this.deptOf(learner.userId)) };
    const page = await repo.pageLearner(this.db, req, who, mode, req.params ?? {});
    const ids = page.records.map((c) => c.id);
    const [rowsOf, own, open] = await Promise.all([this.fileRowsOf(ids), repo.ownRowsOf(this.db, who.userId, ids), repo.openIdsAmong(this.db, ids, who)]);
    const ownOf = new Map(own.map((o) => [o.courseId, o]));
    return mapPage(page, (c) => {
      const rows = rowsOf.get(c.id) ?? [];
      return { ...baseOf(c, rows), ...standingOf(c, open.has(c.id), ownOf.get(c.id)) };
    });
  }

  /** courseId → its file rows (library files joined; deleted files left out). */
  async fileRowsOf(courseIds: string[]) {
    const refs = await repo.filesOf(this.db, courseIds);
    const infos = await this.ctx.services.courseFile.byIds([...new Set(refs.map((r) => r.fileId))]);
    const files = new Map<string, CourseFileInfo>(infos.map((f) => [f.id, f]));
    const out = new Map<string, ReturnType<typeof fileRows>>();
    for (const id of courseIds) out.set(id, fileRows(refs.filter((r) => r.courseId === id), files));
    return out;
  }

  private toRecord(c: Course, rows: { needSec: number }[], names: Map<string, string>): CourseRecord {
    return {
      ...baseOf(c, rows),
      state: c.state,
      state_dictText: stateLabel(c.state),
      createBy_dictText: names.get(c.createBy) ?? '',
      createTime: formatTimeStrict(c.createTime),
      updateTime: formatTimeStrict(c.updateTime),
    };
  }

  /** A live course in the admin's data scope, or 10010003. */
  async requireInScope(admin: AuthUser, id: string): Promise<Course> {
    const c = await repo.findCourse(this.db, id);
    if (!c || !deptInScope(c.deptCode, await this.ctx.services.sysRole.dataScopeOf(admin))) throw notFound(NOT_FOUND);
    return c;
  }

  private async idsInScope(admin: AuthUser, ids: string[]): Promise<string[]> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    return (await repo.liveCourses(this.db, ids)).filter((c) => deptInScope(c.deptCode, scope)).map((c) => c.id);
  }
}
