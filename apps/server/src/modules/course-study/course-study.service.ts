/**
 * Course study (issue 11 "Learner"; SPEC §4 "Study checks", "Course study", §7 /api/course/file/learn/*,
 * /fetch-file, the reading socket; §9 heartbeat, check grace, seek tolerance).
 *
 * `report` is the heart: one report of a player (socket message or HTTP fallback) in ONE transaction
 * that first locks the learner's course row (so one learner's reports of a course are serialised on
 * both databases), then
 *   1. refuses while a learning check is open (CHECK_PENDING, or CHECK_BROKEN past CHECK_GRACE_MS) or,
 *      for a course with face checks, while no face check passed recently (FACE_PENDING,
 *      course-study.face.ts);
 *   2. claims the learner's one study slot for the stream (el_course_study_stream, compare-and-set):
 *      another live stream → STOPPED; a lapsed lease is taken over (baseline, nothing credited);
 *   3. credits by the pure rule of course-study.credit.ts (≤ wall-clock since the stream's last
 *      accepted report, only while playing/visible, drag-lock seeks refused);
 *   4. opens a learning check when the course's checkSec of credited time is reached;
 *   5. on the file's completion settles the course (course-study.complete.ts: exactly once).
 * All decisions are the server's; the browser's dialog proves nothing.
 */
import { COURSE_FILE_TYPE_LABEL } from '@kaopei/contracts/course-file';
import {
  CHECK_GRACE_MS,
  STREAM_LEASE_MS,
  StudyError,
  type FetchFileRes,
  type LearnRow,
  type StudyCheck,
  type StudyReply,
  type StudyReport,
  type checkReq,
  type fixProcessReq,
  type learnPagingReq,
} from '@kaopei/contracts/course-study';
import type { Page } from '@kaopei/contracts';
import type { z } from 'zod';
import type { Executor, Trx } from '../../db';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import type { ModuleContext } from '../../platform/module';
import { sendFinishedMessage, settleCourse, type CourseFinishedEvent, type StudyDeps } from './course-study.complete';
import { CourseFaceChecks } from './course-study.face';
import { checkDue, creditReport, processOf, type FileProgress, type FileRule } from './course-study.credit';
import { newCheckKey, type StudyPlan, type StudyPlanFile, type StudyPlanSource } from './course-study.plan';
import * as repo from './course-study.repository';
import { dashCourseCounts, dashLearnDays, type LearnDay } from './course-study.dash';
import type { ElCourseFileLearnTable, ElCourseStudyCheckTable } from './course-study.tables';
import { groupBy } from '../../lib/group';

/** One learner's statistics row of a course (for CourseStat). */
export interface StatRow {
  userId: string;
  finished: boolean;
  finishTime: number;
  /** Percent of the course. */
  process: number;
  /** Credited seconds over all files. */
  learnSec: number;
  files: { fileId: string; learnSec: number; process: number; finished: boolean }[];
}

const pagesOf = (text: string): number[] => (text ? text.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);
const learnSecOf = (ms: number) => Math.floor(Number(ms) / 1000);

function progressOf(row: ElCourseFileLearnTable | undefined, needSec: number): FileProgress {
  return {
    learnMs: Number(row?.learnMs ?? 0),
    needSec,
    lastPosition: Number(row?.lastPosition ?? 0),
    maxPosition: Number(row?.maxPosition ?? 0),
    pagesSeen: pagesOf(row?.pagesSeen ?? ''),
    finished: row?.finished === 1,
  };
}

function checkView(c: Pick<ElCourseStudyCheckTable, 'checkKey' | 'triggerAt'>, at: number): StudyCheck {
  const end = Number(c.triggerAt) + CHECK_GRACE_MS;
  return { key: c.checkKey, deadline: formatTimeStrict(end), leftSec: Math.max(0, Math.ceil((end - at) / 1000)) };
}

export class CourseStudyService {
  private planOverride: StudyPlanSource | null = null;

  /** Face checks during study (issue 12). */
  readonly faces: CourseFaceChecks;

  constructor(private readonly ctx: ModuleContext<StudyDeps>) {
    this.faces = new CourseFaceChecks(ctx);
  }

  /** Tests only: studies against `source` instead of the course module. */
  usePlans(source: StudyPlanSource | null): void {
    this.planOverride = source;
  }

  /** Dashboard (module stat): learners, their credited ms and finishers per day, for `userIds` (null all; course-study.dash.ts). */
  dashLearnDays(from: number, days: number, userIds: string[] | null): Promise<LearnDay[]> {
    return dashLearnDays(this.ctx.db, from, days, userIds);
  }

  /** Dashboard (module stat): per course with learners in progress, learners in progress and finished (course-study.dash.ts). */
  dashCourseCounts(userIds: string[] | null): Promise<Map<string, { procCount: number; finishCount: number }>> {
    return dashCourseCounts(this.ctx.db, userIds);
  }

  /** The learner's plan of a course (throws when the learner may not study it). */
  async plan(userId: string, courseId: string): Promise<StudyPlan> {
    return (this.planOverride ?? this.ctx.services.course).studyPlan(userId, courseId);
  }

  private static fileOf(plan: StudyPlan, fileId: string): StudyPlanFile {
    const f = plan.files.find((x) => x.fileId === fileId);
    if (!f) throw new AppError(StudyError.FILE_NOT_IN_COURSE);
    return f;
  }

  private courseRow(userId: string, courseId: string, at: number) {
    return { id: newId(), userId, courseId, process: 0, finished: 0, finishTime: 0, createTime: at, updateTime: at };
  }

  /**
   * One player report of `streamId` for (courseId, fileId) by `userId` (socket or HTTP fallback).
   * Errors: STOPPED (another page/device studies), CHECK_PENDING (data: the check), CHECK_BROKEN,
   * FILE_NOT_IN_COURSE, the course module's refusal.
   */
  async report(userId: string, courseId: string, fileId: string, streamId: string, r: StudyReport): Promise<StudyReply> {
    const plan = await this.plan(userId, courseId);
    const file = CourseStudyService.fileOf(plan, fileId);
    const rule: FileRule = { fileType: file.fileType, duration: file.duration, pageCount: file.pageCount, videoDrag: plan.videoDrag };
    return this.ctx.db.transaction().execute(async (trx) => {
      const at = now();
      const course = await repo.lockCourse(trx, this.courseRow(userId, courseId, at));
      const check = await repo.findCheck(trx, userId, courseId);
      if (check?.state === 1) {
        if (at > Number(check.triggerAt) + CHECK_GRACE_MS) throw new AppError(StudyError.CHECK_BROKEN);
        throw new AppError(StudyError.CHECK_PENDING, undefined, checkView(check, at));
      }
      await this.faces.requireOpen(plan, userId, at, trx);
      const claim = await this.claim(trx, userId, streamId, courseId, fileId, at, r.playing);
      const row = await repo.findFileLearn(trx, userId, courseId, fileId);
      const before = progressOf(row, file.needSec);
      const res = claim === 'duplicate'
        ? { creditMs: 0, next: before, revert: null, reason: 'duplicate' as const, justFinished: false }
        : creditReport(before, claim?.at ?? null, { at, position: r.position, playing: r.playing, page: r.page }, rule, claim?.playing ?? false);
      const p = res.next;
      await repo.saveFileLearn(trx, {
        id: row?.id ?? newId(), userId, courseId, fileId, courseName: plan.title.slice(0, 200), fileName: file.title.slice(0, 200),
        learnMs: Math.round(p.learnMs), needSec: file.needSec, lastPosition: p.lastPosition, maxPosition: p.maxPosition, pagesSeen: p.pagesSeen.join(','),
        process: processOf(p, rule.pageCount), finished: p.finished ? 1 : 0, createTime: row?.createTime ?? at, updateTime: at,
      });

      let opened: StudyCheck | null = null;
      if (plan.checkOn && res.creditMs > 0) {
        const since = Number(check?.sinceCheckMs ?? 0) + res.creditMs;
        if (checkDue(plan.checkOn, plan.checkSec, since)) {
          const c = { userId, courseId, sinceCheckMs: 0, state: 1, checkKey: newCheckKey(), triggerAt: at, updateTime: at };
          await repo.saveCheck(trx, c);
          opened = checkView(c, at);
        } else {
          await repo.saveCheck(trx, { userId, courseId, sinceCheckMs: since, state: 0, checkKey: '', triggerAt: 0, updateTime: at });
        }
      }

      let event: StudyReply['event'] = null;
      let courseFinished = course.finished === 1;
      const totals = await this.courseTotals(trx, plan, userId);
      if (res.justFinished) {
        event = 'fileDone';
        if (!courseFinished && totals.allDone && (await settleCourse(this.ctx, trx, plan, userId, at))) {
          event = 'allDone';
          courseFinished = true;
        }
      }
      if (!courseFinished) await repo.setCourseProcess(trx, userId, courseId, totals.process);
      return {
        creditedSec: res.creditMs / 1000, learnSec: learnSecOf(p.learnMs), needSec: file.needSec, process: processOf(p, rule.pageCount), finished: p.finished,
        courseProcess: courseFinished ? 100 : totals.process, courseFinished, maxPosition: p.maxPosition, revert: res.revert, reason: res.reason, check: opened, event,
      };
    });
  }

  /**
   * Claims the learner's study slot for `streamId` at `at`: answers the stream's previous accepted
   * report (its time and playing flag; null: this report is a baseline) or 'duplicate' (a parallel
   * report of the same stream won the compare-and-set). Throws STOPPED while another stream's lease
   * is alive.
   */
  private async claim(trx: Trx, userId: string, streamId: string, courseId: string, fileId: string, at: number, playing: boolean): Promise<{ at: number; playing: boolean } | null | 'duplicate'> {
    const next = { userId, streamId, courseId, fileId, lastAt: at, lastPlaying: playing ? 1 : 0, leaseUntil: at + STREAM_LEASE_MS };
    const s = await repo.findStream(trx, userId);
    if (!s) return (await repo.insertStream(trx, next)) ? null : 'duplicate';
    if (s.streamId !== streamId && Number(s.leaseUntil) > at) throw new AppError(StudyError.STOPPED);
    if (!(await repo.swapStream(trx, s, next))) return 'duplicate';
    const same = s.streamId === streamId && s.courseId === courseId && s.fileId === fileId && Number(s.lastAt) > 0;
    return same ? { at: Number(s.lastAt), playing: s.lastPlaying === 1 } : null;
  }

  /** Frees the learner's slot when `streamId` holds it (its socket closed). */
  release(userId: string, streamId: string): Promise<void> {
    return repo.releaseStream(this.ctx.db, userId, streamId);
  }

  /** Files finished of the plan, as a percent, and whether all are. */
  private async courseTotals(db: Executor, plan: StudyPlan, userId: string): Promise<{ process: number; allDone: boolean }> {
    const done = new Set((await repo.fileLearnsOf(db, userId, plan.courseId)).filter((x) => x.finished === 1).map((x) => x.fileId));
    const n = plan.files.filter((f) => done.has(f.fileId)).length;
    const total = plan.files.length;
    return { process: total ? Math.floor((n * 100) / total) : 0, allDone: total > 0 && n === total };
  }

  /**
   * POST /api/course/file/learn/check: answers the open check of the course. Right → study goes on
   * (the next report is a baseline); wrong → CHECK_WRONG with a new key in data; no open check →
   * NO_CHECK; past the grace → CHECK_BROKEN.
   */
  async answerCheck(userId: string, req: z.output<typeof checkReq>): Promise<{ passed: boolean }> {
    const at = now();
    const c = await repo.findCheck(this.ctx.db, userId, req.courseId);
    if (!c || c.state !== 1) throw new AppError(StudyError.NO_CHECK);
    if (at > Number(c.triggerAt) + CHECK_GRACE_MS) throw new AppError(StudyError.CHECK_BROKEN);
    if (c.checkKey === req.key && (await this.ctx.services.captcha.check(req.key, req.code))) {
      const passed = await this.ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.swapCheck(trx, userId, req.courseId, req.key, { state: 0, checkKey: '', sinceCheckMs: 0, updateTime: at }))) return false;
        await repo.resetBaseline(trx, userId);
        return true;
      });
      if (passed) return { passed: true };
    }
    const key = newCheckKey();
    const swapped = await repo.swapCheck(this.ctx.db, userId, req.courseId, c.checkKey, { checkKey: key, updateTime: at });
    const now2 = swapped ? { checkKey: key, triggerAt: c.triggerAt } : ((await repo.findCheck(this.ctx.db, userId, req.courseId)) ?? c);
    throw new AppError(StudyError.CHECK_WRONG, undefined, checkView(now2, at));
  }

  /**
   * POST /api/course/file/fetch-file: the learner's view of one file of a course they may study.
   * A check that broke is reopened with a new key and a new grace (the learner reloaded the page).
   */
  async fetchFile(userId: string, courseId: string, fileId: string): Promise<FetchFileRes> {
    const plan = await this.plan(userId, courseId);
    const file = CourseStudyService.fileOf(plan, fileId);
    const info = (await this.ctx.services.courseFile.byIds([fileId]))[0];
    const at = now();
    const db = this.ctx.db;
    const row = await repo.findFileLearn(db, userId, courseId, fileId);
    const course = await repo.findCourse(db, userId, courseId);
    let check = await repo.findCheck(db, userId, courseId);
    if (check?.state === 1 && at > Number(check.triggerAt) + CHECK_GRACE_MS) {
      const key = newCheckKey();
      if (await repo.swapCheck(db, userId, courseId, check.checkKey, { checkKey: key, triggerAt: at, updateTime: at })) check = { ...check, checkKey: key, triggerAt: at };
    }
    const p = progressOf(row, file.needSec);
    const totals = await this.courseTotals(db, plan, userId);
    const courseFinished = course?.finished === 1;
    return {
      courseId, courseTitle: plan.title, fileId, title: file.title, fileType: file.fileType, fileType_dictText: COURSE_FILE_TYPE_LABEL[file.fileType] ?? '',
      viewUrl: info?.viewUrl ?? '', fileUrl: info?.fileUrl ?? '', hlsUrl: info?.hlsUrl ?? '', duration: file.duration, pageCount: file.pageCount,
      videoDrag: plan.videoDrag, checkOn: plan.checkOn, checkSec: plan.checkSec, needSec: file.needSec, learnSec: learnSecOf(p.learnMs),
      faceOn: plan.faceOn, faceInterval: plan.faceInterval, facePending: await this.faces.pending(plan, userId, at),
      lastPosition: p.lastPosition, maxPosition: p.maxPosition, pagesSeen: p.pagesSeen, process: processOf(p, file.pageCount), finished: p.finished,
      courseProcess: courseFinished ? 100 : totals.process, courseFinished, check: check?.state === 1 ? checkView(check, at) : null,
    };
  }

  /** POST /api/course/face/validate-face: the face check of a course file's study (course-study.face.ts). */
  async validateFace(userId: string, courseId: string, fileId: string, base64: string) {
    const plan = await this.plan(userId, courseId);
    CourseStudyService.fileOf(plan, fileId);
    return this.faces.validateFace(plan, userId, fileId, base64);
  }

  /** POST /api/course/face/save: a periodic capture of a course file's study (course-study.face.ts). */
  async faceCapture(userId: string, courseId: string, fileId: string, base64: string) {
    const plan = await this.plan(userId, courseId);
    CourseStudyService.fileOf(plan, fileId);
    return this.faces.capture(plan, userId, fileId, base64);
  }

  /** POST /api/course/file/learn/course-files: my progress per file of the course (plan order). */
  async courseFiles(userId: string, courseId: string) {
    const plan = await this.plan(userId, courseId);
    const rows = new Map((await repo.fileLearnsOf(this.ctx.db, userId, courseId)).map((r) => [r.fileId, r]));
    const course = await repo.findCourse(this.ctx.db, userId, courseId);
    const totals = await this.courseTotals(this.ctx.db, plan, userId);
    return {
      courseTitle: plan.title,
      courseProcess: course?.finished === 1 ? 100 : totals.process,
      courseFinished: course?.finished === 1,
      files: plan.files.map((f) => {
        const p = progressOf(rows.get(f.fileId), f.needSec);
        return { fileId: f.fileId, title: f.title, chapter: f.chapter, sort: f.sort, fileType: f.fileType, process: processOf(p, f.pageCount), learnSec: learnSecOf(p.learnMs), needSec: f.needSec, finished: p.finished };
      }),
    };
  }

  /** Which of `courseIds` `userId` has finished (el_course_learn.finished = 1); for module trainClass's class progress. */
  async finishedAmong(userId: string, courseIds: readonly string[], db: Executor = this.ctx.db): Promise<Set<string>> {
    if (courseIds.length === 0) return new Set();
    const rows = await db.selectFrom('el_course_learn').select('courseId').where('userId', '=', userId).where('courseId', 'in', courseIds).where('finished', '=', 1).execute();
    return new Set(rows.map((r) => r.courseId));
  }

  /** POST /api/course/file/learn/paging: the caller's own rows (SPEC §3 "Course-file learning row"). */
  async paging(userId: string, req: z.output<typeof learnPagingReq>): Promise<Page<LearnRow>> {
    const page = await repo.pageMine(this.ctx.db, userId, req.params?.courseId || undefined, req);
    return mapPage(page, (r) => ({
      id: r.id, courseId: r.courseId, fileId: r.fileId, fileName: r.fileName, courseName: r.courseName, updateTime: formatTime(Number(r.updateTime)),
      process: r.process, learnSec: learnSecOf(r.learnMs), finished: r.finished === 1,
    }));
  }

  /**
   * POST /api/course/file/learn/fix-process (admin; the router records it in the operation log):
   * sets the learner's credited time of the file to needSec × process / 100 (100 also marks every
   * page seen and finishes the file; less unfinishes it — a finished course stays finished). A file
   * finished this way may finish the course (certificate, points and message exactly once).
   */
  async fixProcess(req: z.output<typeof fixProcessReq>): Promise<{ process: number; courseFinished: boolean }> {
    const plan = await this.plan(req.userId, req.courseId);
    const file = CourseStudyService.fileOf(plan, req.fileId);
    return this.ctx.db.transaction().execute(async (trx) => {
      const at = now();
      const course = await repo.lockCourse(trx, this.courseRow(req.userId, req.courseId, at));
      const row = await repo.findFileLearn(trx, req.userId, req.courseId, req.fileId);
      const before = progressOf(row, file.needSec);
      const full = req.process === 100;
      const p: FileProgress = {
        ...before,
        learnMs: Math.round((file.needSec * 1000 * req.process) / 100),
        pagesSeen: full && file.pageCount > 0 ? Array.from({ length: file.pageCount }, (_, i) => i + 1) : before.pagesSeen,
        finished: full,
      };
      await repo.saveFileLearn(trx, {
        id: row?.id ?? newId(), userId: req.userId, courseId: req.courseId, fileId: req.fileId, courseName: plan.title.slice(0, 200), fileName: file.title.slice(0, 200),
        learnMs: p.learnMs, needSec: file.needSec, lastPosition: p.lastPosition, maxPosition: p.maxPosition, pagesSeen: p.pagesSeen.join(','),
        process: full ? 100 : Math.min(99, req.process), finished: full ? 1 : 0, createTime: row?.createTime ?? at, updateTime: at,
      });
      const totals = await this.courseTotals(trx, plan, req.userId);
      let courseFinished = course.finished === 1;
      if (!courseFinished && totals.allDone) courseFinished = await settleCourse(this.ctx, trx, plan, req.userId, at);
      if (!courseFinished) await repo.setCourseProcess(trx, req.userId, req.courseId, totals.process);
      return { process: full ? 100 : Math.min(99, req.process), courseFinished };
    });
  }

  /** Listener of courseStudy.finished: the learner's course.finish message. */
  onFinished(e: CourseFinishedEvent): Promise<void> {
    return sendFinishedMessage(this.ctx, e);
  }

  /** Statistics of a course for CourseStat: one row per learner who started it (files as studied). */
  async statRows(courseId: string): Promise<StatRow[]> {
    const rows = await repo.fileLearnsOfCourse(this.ctx.db, courseId);
    const courses = new Map((await repo.coursesOfCourse(this.ctx.db, courseId)).map((c) => [c.userId, c]));
    const byUser = groupBy(rows, (r) => r.userId);
    return [...byUser].map(([userId, files]) => {
      const c = courses.get(userId);
      return {
        userId, finished: c?.finished === 1, finishTime: Number(c?.finishTime ?? 0), process: c?.process ?? 0,
        learnSec: files.reduce((s, f) => s + learnSecOf(f.learnMs), 0),
        files: files.map((f) => ({ fileId: f.fileId, learnSec: learnSecOf(f.learnMs), process: f.process, finished: f.finished === 1 })),
      };
    });
  }
}
