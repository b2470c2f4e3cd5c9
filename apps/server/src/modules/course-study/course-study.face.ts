/**
 * Face checks during course study (issue 12 "Camera proctoring", Study; SPEC §4 "Study face
 * capture", §7 /api/course/face/*, §8 study capture messages). For a course with faceOn:
 *
 * - `validateFace` (the face-check dialog before study): the image's main face against the learner's
 *   enrolled real-name face (services.face.verify). A pass opens study until now + faceInterval +
 *   FACE_GRACE_MS; the answer is SPEC §3's face check result {pass, failMsg, faceToken, realName, idCard}.
 * - `capture` (every faceInterval minutes while studying): a pass extends the window the same way; a
 *   failure counts; faceChance consecutive failures answer isBreak (SPEC §8 "连续N次人脸识别失败！"), close
 *   the window and reset the count: study goes on only after a new face check.
 * - `pending` tells the study service whether time may be credited now (report → FACE_PENDING).
 *
 * Every check and capture is kept (el_course_face) with its image stored through sys-file, for the
 * administrator's lists. Parallel captures of one learner are serialised on the face-state row, so
 * the break happens exactly once.
 */
import type { Page } from '@kaopei/contracts';
import { CourseFaceKind, FACE_GRACE_MS, type CourseFaceRow, type courseFacePagingReq } from '@kaopei/contracts/course-face';
import { StudyError } from '@kaopei/contracts/course-study';
import { FACE_MSG, type CaptureResult, type FaceCheckResult } from '@kaopei/contracts/face';
import type { z } from 'zod';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import type { StudyDeps } from './course-study.complete';
import * as repo from './course-study.face.repository';
import type { StudyPlan } from './course-study.plan';

/** Failure message when the learner has no enrolled (real-name approved) face. */
export const NOT_ENROLLED_MSG = '您还未通过实名认证，无法进行人脸比对，请先在个人中心完成实名认证！';
/** Failure message of a face that does not match the enrolled one. */
export const MISMATCH_MSG = '人脸比对未通过，请本人正对摄像头重试！';

type Outcome = { pass: boolean; score: number; faces: number; failMsg: string };

export class CourseFaceChecks {
  constructor(private readonly ctx: ModuleContext<StudyDeps>) {}

  /**
   * True when a course with face checks needs a passed check before anything is credited at `at`.
   * `db`: the caller's transaction when there is one (SQLite has one connection: a query outside the
   * open transaction would wait for it forever).
   */
  async pending(plan: StudyPlan, userId: string, at: number, db: Executor = this.ctx.db): Promise<boolean> {
    if (!plan.faceOn) return false;
    const s = await repo.findFaceState(db, userId, plan.courseId);
    return !s || Number(s.okUntil) < at;
  }

  /** Throws FACE_PENDING when `pending` (in the caller's transaction `db`). */
  async requireOpen(plan: StudyPlan, userId: string, at: number, db: Executor): Promise<void> {
    if (await this.pending(plan, userId, at, db)) throw new AppError(StudyError.FACE_PENDING);
  }

  /** Compares `base64` with the learner's enrolled face (image errors: FaceError BAD_IMAGE / IMAGE_TOO_LARGE, nothing written). */
  private async compare(userId: string, base64: string): Promise<Outcome & { image: Buffer }> {
    const face = this.ctx.services.face;
    const image = face.decodeImage(base64);
    const r = await face.verify(userId, image);
    if (!r.enrolled) return { image, pass: false, score: 0, faces: r.probeFaces, failMsg: NOT_ENROLLED_MSG };
    if (r.probeFaces === 0) return { image, pass: false, score: 0, faces: 0, failMsg: FACE_MSG.noFace };
    return { image, pass: r.pass, score: r.score, faces: r.probeFaces, failMsg: r.pass ? '' : MISMATCH_MSG };
  }

  /** Keeps the image through sys-file ('' when storing fails: the outcome still counts). */
  private async keepImage(userId: string, image: Buffer): Promise<string> {
    try {
      return (await this.ctx.services.sysFile.saveBytes(image, 'face.jpg', userId)).url;
    } catch (err) {
      this.ctx.log.warn({ err }, 'study face image not kept');
      return '';
    }
  }

  /**
   * Records one check or capture and moves the learner's standing; answers the consecutive failures
   * after it and whether it broke the study.
   */
  private async record(plan: StudyPlan, userId: string, fileId: string, kind: number, o: Outcome, imageUrl: string): Promise<{ fails: number; isBreak: boolean }> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const at = now();
      const s = await repo.lockFaceState(trx, userId, plan.courseId, at);
      await repo.insertFace(trx, { id: newId(), userId, courseId: plan.courseId, fileId, kind, pass: o.pass ? 1 : 0, score: o.score, faces: o.faces, failMsg: o.failMsg.slice(0, 200), imageUrl, createTime: at });
      if (o.pass) {
        await repo.setFaceState(trx, userId, plan.courseId, { okUntil: at + plan.faceInterval * 60_000 + FACE_GRACE_MS, fails: 0, updateTime: at });
        return { fails: 0, isBreak: false };
      }
      const fails = s.fails + 1;
      const isBreak = fails >= plan.faceChance;
      // A break closes the window and starts a new count: study goes on only after a new face check.
      await repo.setFaceState(trx, userId, plan.courseId, isBreak ? { okUntil: 0, fails: 0, updateTime: at } : { okUntil: Number(s.okUntil), fails, updateTime: at });
      return { fails, isBreak };
    });
  }

  /** POST /api/course/face/validate-face {courseId, fileId, base64} (FACE_OFF when the course has no face checks). */
  async validateFace(plan: StudyPlan, userId: string, fileId: string, base64: string): Promise<FaceCheckResult> {
    if (!plan.faceOn) throw new AppError(StudyError.FACE_OFF);
    const o = await this.compare(userId, base64);
    await this.record(plan, userId, fileId, CourseFaceKind.CHECK, o, await this.keepImage(userId, o.image));
    const account = o.pass ? await this.ctx.services.sysUser.accountOf(userId) : undefined;
    return { pass: o.pass, failMsg: o.failMsg, faceToken: '', realName: account?.realName ?? '', idCard: '' };
  }

  /**
   * POST /api/course/face/save {courseId, fileId, base64}: one periodic capture → {isBreak, failCount,
   * faceChance}; a failed one answers the §8 message in failMsg terms through the page (failCount).
   */
  async capture(plan: StudyPlan, userId: string, fileId: string, base64: string): Promise<CaptureResult> {
    if (!plan.faceOn) throw new AppError(StudyError.FACE_OFF);
    const o = await this.compare(userId, base64);
    const r = await this.record(plan, userId, fileId, CourseFaceKind.CAPTURE, o, await this.keepImage(userId, o.image));
    return { isBreak: r.isBreak, failCount: r.isBreak ? plan.faceChance : r.fails, faceChance: plan.faceChance };
  }

  /** The admin lists /face-paging (kind 1) and /capture-paging (kind 2) of a course in the admin's data scope. */
  async paging(admin: AuthUser, kind: number, req: z.output<typeof courseFacePagingReq>): Promise<Page<CourseFaceRow>> {
    const params = req.params;
    // The lists are per course: without one, nothing to list.
    if (!params) return emptyPage(req);
    await this.ctx.services.course.requireInScope(admin, params.courseId);
    const page = await repo.pageFaces(this.ctx.db, { courseId: params.courseId, kind, userId: params.userId || undefined, pass: params.pass }, req);
    const ids = [...new Set(page.records.map((r) => r.userId))];
    const accounts = new Map(await Promise.all(ids.map(async (id) => [id, await this.ctx.services.sysUser.accountOf(id)] as const)));
    return mapPage(page, (r) => ({
      id: r.id, userId: r.userId, userName: accounts.get(r.userId)?.userName ?? '', realName: accounts.get(r.userId)?.realName ?? '（用户已删除）',
      courseId: r.courseId, fileId: r.fileId, pass: r.pass === 1, score: Number(r.score), faces: r.faces, failMsg: r.failMsg, imageUrl: r.imageUrl,
      createTime: formatTimeStrict(Number(r.createTime)),
    }));
  }
}
