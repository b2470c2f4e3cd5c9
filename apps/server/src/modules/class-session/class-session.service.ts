/**
 * Face-to-face lessons and QR sign-in of training classes (issue 13 "Face-to-face training"; SPEC
 * §2 /web/faceTeach, /m/info/bjInfo). Admin calls work on classes in the caller's data scope
 * (trainClass.requireInScope, 10010003 otherwise); learner calls need an enrolled seat
 * (trainClass.requireEnrolled, 10010003). Tokens and distances: class-session.token.ts.
 *
 * Errors (SignError, 2017xxxx): 20170001 a token outside its slot (+5 s); 20170002 outside the
 * sign-in window; 20170003 a geofenced lesson without a position; 20170004 farther than the radius.
 * A sign-in is one row per (lesson, learner) (unique index): a second one answers the first.
 * Every sign-in that was inserted moves the requirement 'sessions': trainClass.settle afterwards.
 */
import type { Page } from '@kaopei/contracts';
import { MAX_PAGE_SIZE } from '@kaopei/contracts';
import {
  SIGN_EARLY_MIN, SIGN_GRACE_MS, SIGN_PAGE_PATH, SIGN_SLOT_MS, SIGN_SOURCE_LABEL, SIGN_STATE_LABEL, SignError,
  type AttendRecord, type attendPagingReq, type LessonRecord, type lessonPagingReq, type lessonSaveReq, type makeupReq, type MyLessonRecord, type myLessonPagingReq, type signInReq, type SignQr, type SignRecord,
} from '@kaopei/contracts/class-session';
import { ClassUserState } from '@kaopei/contracts/train-class';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now, parseTime } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './class-session.repository';
import { attendWorkbook } from './class-session.sheet';
import type { ElClassLessonTable, ElClassSignTable } from './class-session.tables';
import { haversineMetres, newSignKey, slotOf, tokenAccepted, tokenOf } from './class-session.token';

export const LESSON_NOT_FOUND = '面授课次不存在或已被删除！';

/** The effective sign-in window of a lesson (epoch ms): saved, or start − SIGN_EARLY_MIN … end. */
export function signWindow(l: ElClassLessonTable): { start: number; end: number } {
  return { start: l.signStart ?? l.startTime - SIGN_EARLY_MIN * 60_000, end: l.signEnd ?? l.endTime };
}

function lessonView(l: ElClassLessonTable) {
  const w = signWindow(l);
  return {
    id: l.id, classId: l.classId, title: l.title, teacher: l.teacher, place: l.place, startTime: formatTimeStrict(l.startTime), endTime: formatTimeStrict(l.endTime),
    signStart: formatTimeStrict(w.start), signEnd: formatTimeStrict(w.end), required: l.required === 1, lat: l.lat, lng: l.lng, radius: l.radius,
  };
}

function signView(s: ElClassSignTable): SignRecord {
  return { lessonId: s.lessonId, userId: s.userId, signTime: formatTimeStrict(s.signTime), source: s.source, source_dictText: SIGN_SOURCE_LABEL[s.source] ?? '', reason: s.reason, distance: s.distance };
}

type Enrolled = { userId: string; userName: string; realName: string; deptCode: string };

export class ClassSessionService {
  constructor(private readonly ctx: ModuleContext<'trainClass'>) {}

  private get db() {
    return this.ctx.db;
  }

  private get classes() {
    return this.ctx.services.trainClass;
  }

  /** Registers the requirement 'sessions' (called in `start`). */
  registerRequirement(): void {
    this.classes.requirements.register('sessions', (c: { id: string }, userId) => repo.requiredStanding(this.db, c.id, userId));
  }

  /** A lesson whose class is in the admin's data scope; 10010003 otherwise. */
  private async scopedLesson(admin: AuthUser, id: string): Promise<ElClassLessonTable> {
    const l = await repo.findLesson(this.db, id);
    if (!l) throw notFound(LESSON_NOT_FOUND);
    await this.classes.requireInScope(admin, l.classId);
    return l;
  }

  // ------------------------------------------------------------ lessons (admin)

  /** POST lesson/save: adds (no id) or updates a lesson of a class in scope (the class of a lesson never changes). Answers its id. */
  async save(admin: AuthUser, req: z.output<typeof lessonSaveReq>): Promise<{ id: string }> {
    await this.classes.requireInScope(admin, req.classId);
    const at = now();
    const row = {
      title: req.title, teacher: req.teacher, place: req.place, startTime: parseTime(req.startTime)!, endTime: parseTime(req.endTime)!,
      signStart: parseTime(req.signStart), signEnd: parseTime(req.signEnd), required: req.required ? 1 : 0,
      lat: req.radius > 0 ? req.lat : null, lng: req.radius > 0 ? req.lng : null, radius: req.radius, updateTime: at,
    };
    if (req.id) {
      const l = await repo.findLesson(this.db, req.id);
      if (!l || l.classId !== req.classId) throw notFound(LESSON_NOT_FOUND);
      await repo.updateLesson(this.db, req.id, row);
      return { id: req.id };
    }
    const id = newId();
    await repo.insertLesson(this.db, { id, classId: req.classId, ...row, signKey: newSignKey(), createBy: admin.userId, createTime: at });
    return { id };
  }

  async detail(admin: AuthUser, id: string): Promise<LessonRecord> {
    const l = await this.scopedLesson(admin, id);
    const counts = await repo.signedCounts(this.db, [id]);
    return { ...lessonView(l), signedCount: counts.get(id) ?? 0, createTime: formatTimeStrict(l.createTime) };
  }

  /** POST lesson/paging {params:{classId, title?}}: the class's lessons in schedule order; without params an empty page. */
  async paging(admin: AuthUser, req: z.output<typeof lessonPagingReq>): Promise<Page<LessonRecord>> {
    const p = req.params;
    if (!p) return emptyPage(req);
    await this.classes.requireInScope(admin, p.classId);
    const page = await repo.pageLessons(this.db, req, p.classId, { title: p.title });
    const counts = await repo.signedCounts(this.db, page.records.map((l) => l.id));
    return mapPage(page, (l) => ({ ...lessonView(l), signedCount: counts.get(l.id) ?? 0, createTime: formatTimeStrict(l.createTime) }));
  }

  /** POST lesson/delete: the lessons (of classes in scope; others are left) and their sign-ins, in one transaction. */
  async delete(admin: AuthUser, ids: string[]): Promise<void> {
    const lessons = await repo.lessonsByIds(this.db, [...new Set(ids)]);
    const inScope: string[] = [];
    for (const l of lessons) {
      const ok = await this.classes.requireInScope(admin, l.classId).then(() => true, () => false);
      if (ok) inScope.push(l.id);
    }
    if (inScope.length) await this.db.transaction().execute((trx) => repo.deleteLessons(trx, inScope));
  }

  // ------------------------------------------------------------ sign-in

  /** `http(s)://host[:port]` of a request (KAOPEI_HTTPS makes it https); '' when the Host is no host name (a relative URL). */
  private originOf(site: { protocol: string; host: string }): string {
    if (!/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(site.host)) return '';
    return `${this.ctx.config.https || site.protocol === 'https' ? 'https' : 'http'}://${site.host}`;
  }

  /**
   * POST sign/qr: the token of the current 30-second slot, when it stops being accepted (the slot's
   * end + SIGN_GRACE_MS), the URL for the QR code (`origin` + SIGN_PAGE_PATH?classId&sign&lessonId)
   * and the seconds left in the slot (the page refreshes then).
   */
  async qr(admin: AuthUser, lessonId: string, site: { protocol: string; host: string }): Promise<SignQr> {
    const l = await this.scopedLesson(admin, lessonId);
    const origin = this.originOf(site);
    const at = now();
    const slot = slotOf(at);
    const token = tokenOf(l.signKey, l.id, slot);
    const slotEnd = (slot + 1) * SIGN_SLOT_MS;
    const query = new URLSearchParams({ classId: l.classId, sign: token, lessonId: l.id });
    return { token, expireAt: formatTimeStrict(slotEnd + SIGN_GRACE_MS), url: `${origin}${SIGN_PAGE_PATH}?${query.toString()}`, seconds: Math.max(1, Math.ceil((slotEnd - at) / 1000)) };
  }

  /**
   * POST sign/in: the enrolled learner signs in with a QR token. Checks in order: the learner's seat
   * (10010003), an existing sign-in (answered as it is), the token (20170001), the window
   * (20170002), the geofence (20170003 no position, 20170004 farther than the radius, haversine).
   */
  async signIn(user: AuthUser, req: z.output<typeof signInReq>): Promise<SignRecord> {
    const l = await repo.findLesson(this.db, req.lessonId);
    if (!l) throw notFound(LESSON_NOT_FOUND);
    await this.classes.requireEnrolled(user, l.classId);
    const existing = await repo.findSign(this.db, l.id, user.userId);
    if (existing) return signView(existing);
    const at = now();
    if (!tokenAccepted(l.signKey, l.id, req.token, at)) throw new AppError(SignError.EXPIRED);
    const w = signWindow(l);
    if (at < w.start || at > w.end) throw new AppError(SignError.OUT_OF_TIME);
    let distance: number | null = null;
    if (l.radius > 0 && l.lat !== null && l.lng !== null) {
      if (req.lat == null || req.lng == null) throw new AppError(SignError.NO_LOCATION);
      distance = Math.round(haversineMetres(l.lat, l.lng, req.lat, req.lng));
      if (distance > l.radius) throw new AppError(SignError.OUT_OF_RANGE);
    }
    const row: ElClassSignTable = {
      id: newId(), lessonId: l.id, classId: l.classId, userId: user.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode,
      signTime: at, source: 'qr', reason: '', makeupBy: '', distance,
    };
    const inserted = await repo.insertSignOnce(this.db, row);
    if (inserted) await this.classes.settle(l.classId, user.userId);
    return signView(inserted ? row : (await repo.findSign(this.db, l.id, user.userId))!);
  }

  /**
   * POST sign/makeup: records make-up sign-ins (who, when, reason) for the listed learners who are
   * enrolled in the class and not signed yet; the others are skipped. One transaction; then settles each.
   */
  async makeup(admin: AuthUser, req: z.output<typeof makeupReq>): Promise<{ signed: number; skipped: number }> {
    const l = await this.scopedLesson(admin, req.lessonId);
    const ids = [...new Set(req.userIds)];
    const enrolled = new Map((await this.classes.enrolledOf(l.classId)).map((u) => [u.userId, u]));
    const at = now();
    const signed = await this.db.transaction().execute(async (trx) => {
      const done: string[] = [];
      for (const userId of ids) {
        const u = enrolled.get(userId);
        if (!u) continue;
        const row: ElClassSignTable = {
          id: newId(), lessonId: l.id, classId: l.classId, userId, userName: u.userName, realName: u.realName, deptCode: u.deptCode,
          signTime: at, source: 'makeup', reason: req.reason, makeupBy: admin.userName, distance: null,
        };
        if (await repo.insertSignOnce(trx, row)) done.push(userId);
      }
      return done;
    });
    for (const userId of signed) await this.classes.settle(l.classId, userId);
    return { signed: signed.length, skipped: ids.length - signed.length };
  }

  /** Every enrolled learner of the lesson's class with the sign-in (or none), signed first then by sign-up order. */
  private async attendRows(l: ElClassLessonTable): Promise<AttendRecord[]> {
    const [enrolled, signs] = await Promise.all([this.classes.enrolledOf(l.classId), repo.signsOfLesson(this.db, l.id)]);
    const byUser = new Map(signs.map((s) => [s.userId, s]));
    const row = (u: Enrolled): AttendRecord => {
      const s = byUser.get(u.userId);
      const state = s ? 1 : 0;
      return {
        id: u.userId, userId: u.userId, userName: u.userName, realName: u.realName, deptCode: u.deptCode, state, state_dictText: SIGN_STATE_LABEL[state] ?? '',
        signTime: s ? formatTimeStrict(s.signTime) : null, source: s?.source ?? '', source_dictText: s ? (SIGN_SOURCE_LABEL[s.source] ?? '') : '',
        reason: s?.reason ?? '', makeupBy: s?.makeupBy ?? '', distance: s?.distance ?? null,
      };
    };
    return enrolled.map(row);
  }

  /** POST sign/paging {params:{lessonId, state?, userName?}}: attendance of every enrolled learner; without params an empty page. */
  async attendance(admin: AuthUser, req: z.output<typeof attendPagingReq>): Promise<Page<AttendRecord>> {
    const p = req.params;
    if (!p) return emptyPage(req);
    const l = await this.scopedLesson(admin, p.lessonId);
    const key = p.userName?.trim().toLowerCase();
    const rows = (await this.attendRows(l)).filter((r) => (p.state === undefined || r.state === p.state) && (!key || r.userName.toLowerCase().includes(key) || r.realName.toLowerCase().includes(key)));
    const start = (req.current - 1) * req.size;
    return { current: req.current, size: req.size, total: rows.length, pages: Math.ceil(rows.length / req.size), records: rows.slice(start, start + req.size) };
  }

  /** POST sign/export: the xlsx of the lesson's attendance (same columns as the list). */
  async exportAttendance(admin: AuthUser, lessonId: string): Promise<Buffer> {
    const l = await this.scopedLesson(admin, lessonId);
    return attendWorkbook(l.title, formatTimeStrict(l.startTime), await this.attendRows(l));
  }

  // ------------------------------------------------------------ learner

  private myView(l: ElClassLessonTable, classTitle: string, s: ElClassSignTable | undefined): MyLessonRecord {
    return {
      ...lessonView(l), classTitle, signed: Boolean(s), signTime: formatTime(s?.signTime), source: s?.source ?? '', source_dictText: s ? (SIGN_SOURCE_LABEL[s.source] ?? '') : '',
    };
  }

  /** POST lesson/my-list {classId}: the lessons of a class the caller is enrolled in, with his sign-in (10010003 when not enrolled). */
  async myList(user: AuthUser, classId: string): Promise<MyLessonRecord[]> {
    const c = await this.classes.requireEnrolled(user, classId);
    const lessons = await repo.lessonsOf(this.db, classId);
    const signs = new Map((await repo.signsOfUser(this.db, user.userId, lessons.map((l) => l.id))).map((s) => [s.lessonId, s]));
    return lessons.map((l) => this.myView(l, c.title, signs.get(l.id)));
  }

  /** POST lesson/my-paging: the lessons of every class the caller is enrolled in (/web/faceTeach), the latest first. */
  async myPaging(user: AuthUser, req: z.output<typeof myLessonPagingReq>): Promise<Page<MyLessonRecord>> {
    const mine = await this.classes.learnerPage(user, { current: 1, size: MAX_PAGE_SIZE }, 'mine');
    const titles = new Map(mine.records.filter((c) => c.myState === ClassUserState.ENROLLED).map((c) => [c.id, c.title]));
    const p = req.params ?? {};
    const page = await repo.pageLessonsOfClasses(this.db, req, [...titles.keys()], user.userId, { title: p.title, signed: p.signed });
    const signs = new Map((await repo.signsOfUser(this.db, user.userId, page.records.map((l) => l.id))).map((s) => [s.lessonId, s]));
    return mapPage(page, (l) => this.myView(l, titles.get(l.classId) ?? '', signs.get(l.id)));
  }
}
