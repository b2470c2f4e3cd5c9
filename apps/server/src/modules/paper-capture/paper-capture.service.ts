/**
 * Camera proctoring of exams (issue 12 "Camera proctoring"; SPEC §3 "Face check, capture and
 * learning", §4 "Study checks: exam camera", §7 /api/paper/capture/save, §8 exam capture messages).
 *
 * A frame is judged by the face engine (module face): with an enrolled real-name face the frame
 * passes when `verify` passes and the frame holds exactly one face; with no enrolled face, when
 * exactly one face is found. No face, two faces, somebody else and a camera error are failures; an
 * engine that cannot answer (ENGINE_FAILED) records the frame with `pass` null and counts nothing
 * (the server's fault never hands a learner's paper in). Consecutive failures are counted per paper
 * by one upsert (parallel captures all count); reaching the exam's faceChance hands the paper in
 * through the paper service's `handIn`, which closes a paper exactly once — only the call that
 * closed it records the forced hand-in. Every time is the server clock (`now()`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { PaperState, type Page } from '@kaopei/contracts';
import { FACE_MSG, FaceError, type FaceCheckResult } from '@kaopei/contracts/face';
import { PaperError } from '@kaopei/contracts/paper';
import {
  APPEAL_STATE_LABEL, AppealState, CAPTURE_MAX_BYTES, EVIDENCE_KIND_LABEL, FACE_TOKEN_TTL_MS, PaperCaptureError,
  type AppealRecord, type CaptureSaveRes, type EvidenceItem, type EvidenceKind, type MyCaptureState, type TimelineRes,
  type appealDecideReq, type appealPagingReq, type appealSaveReq, type captureSaveReq,
} from '@kaopei/contracts/paper-capture';
import type { z } from 'zod';
import { deptInScope } from '../../lib/dept-scope';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import type { PaperLeftEvent } from '../paper';
import type { ExamRemindedEvent } from '../exam-watch';
import * as repo from './paper-capture.repository';
import type { ElPaperAppealTable } from './paper-capture.tables';

/** What the engine made of one frame: `pass` null when the engine could not answer. */
export interface Judgement {
  pass: boolean | null;
  score: number | null;
  faces: number | null;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class PaperCaptureService {
  constructor(private readonly ctx: ModuleContext<'paper' | 'exam' | 'face' | 'sysFile' | 'sysUser' | 'sysRole'>) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * POST /api/paper/capture/save: one frame of the caller's open paper. Refused, with nothing
   * written: another learner's or a missing paper (10010003), a closed paper (20010005) or one whose
   * time is up (handed in now; 20010006), an exam without camOn (20120001), no image without
   * camError (20120002), bytes that are no jpg/png or above CAPTURE_MAX_BYTES (4012000x). Answers
   * `{isBreak, failCount, faceChance, msg}`: msg '' for a pass, else SPEC §8's
   * '人脸识别已失败N次，连续失败M次将自动交卷！' or, at faceChance, '连续N次人脸识别失败，系统强制交卷！'.
   */
  async save(userId: string, req: z.output<typeof captureSaveReq>): Promise<CaptureSaveRes> {
    const papers = this.ctx.services.paper;
    const paper = await papers.settle(await papers.own(userId, req.paperId));
    if (paper.state !== PaperState.IN_EXAM) throw new AppError(paper.limitTime <= now() ? PaperError.PAPER_TIMEOUT : PaperError.PAPER_HANDED);
    const exam = await this.ctx.services.exam.cached(this.db, paper.examId);
    if (exam.camOn !== 1) throw new AppError(PaperCaptureError.CAM_OFF);
    const faceChance = Math.max(1, exam.faceChance);
    let image: Buffer | null = null;
    if (!req.camError) {
      if (!req.base64) throw new AppError(PaperCaptureError.NO_IMAGE);
      image = this.ctx.services.face.decodeImage(req.base64, CAPTURE_MAX_BYTES);
    }
    const judged: Judgement = image ? await this.judge(userId, image) : { pass: false, score: null, faces: null };
    const url = image ? await this.store(image, userId) : '';
    const at = now();
    const failCount = await this.db.transaction().execute(async (trx) => {
      await repo.insertCapture(trx, {
        id: newId(), kind: 'capture', paperId: paper.id, examId: paper.examId, userId, pass: judged.pass === null ? null : judged.pass ? 1 : 0,
        score: judged.score, faces: judged.faces, camError: req.camError ? 1 : 0, image: url, createTime: at,
      });
      if (judged.pass === null) return (await repo.findState(trx, paper.id))?.failCount ?? 0;
      return repo.countCapture(trx, paper.id, judged.pass, at);
    });
    if (judged.pass !== false || failCount < faceChance) {
      return { isBreak: false, failCount, faceChance, msg: judged.pass === false ? FACE_MSG.examFailed(failCount, faceChance) : '' };
    }
    // Limit reached: hand in (exactly once however many captures race here); the winner records it.
    const leftMs = Math.max(0, paper.limitTime - now());
    if (await papers.handIn(paper.id)) {
      await this.db.transaction().execute(async (trx) => {
        await repo.markBroken(trx, paper.id, leftMs, now());
        await repo.insertEvidence(trx, { id: newId(), kind: 'break', paperId: paper.id, examId: paper.examId, userId, text: FACE_MSG.examBreak(faceChance), createTime: now() });
      });
    }
    return { isBreak: true, failCount, faceChance, msg: FACE_MSG.examBreak(faceChance) };
  }

  /** The engine's judgement of one frame of `userId` (see the file's head); ENGINE_FAILED → pass null. */
  async judge(userId: string, image: Buffer): Promise<Judgement> {
    const face = this.ctx.services.face;
    try {
      const v = await face.verify(userId, image);
      if (v.enrolled) return { pass: v.pass && v.probeFaces === 1, score: v.score, faces: v.probeFaces };
      const d = await face.detect(image);
      return { pass: d.faces.length === 1, score: d.faces[0]?.score ?? 0, faces: d.faces.length };
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== FaceError.ENGINE_FAILED.code) throw err;
      this.ctx.log.warn({ userId }, 'face engine could not judge a capture; not counted');
      return { pass: null, score: null, faces: null };
    }
  }

  /** Stores a frame through the file storage (module sysFile, current provider) and answers its view url. */
  private async store(image: Buffer, userId: string): Promise<string> {
    const ext = image[0] === 0xff ? 'jpg' : 'png';
    return (await this.ctx.services.sysFile.saveBytes(image, `capture.${ext}`, userId)).url;
  }

  /**
   * POST /api/paper/face/check `{examId, base64}` (SPEC §3 face check result): the face check before
   * an exam with faceOn (20120004 otherwise; 10010003 no such exam). A pass answers a faceToken valid
   * FACE_TOKEN_TTL_MS for one create-paper of this learner and exam; a failure answers failMsg
   * (no face: SPEC §4 '未识别到人脸，请将人脸置于摄像头中央！'; else 20120010's message). The frame is
   * recorded (kind 'check') and joins the paper's timeline when its token starts the paper.
   */
  async faceCheck(userId: string, examId: string, base64: string): Promise<FaceCheckResult> {
    const exam = await this.ctx.services.exam.cached(this.db, examId);
    if (exam.faceOn !== 1) throw new AppError(PaperCaptureError.FACE_OFF);
    const image = this.ctx.services.face.decodeImage(base64, CAPTURE_MAX_BYTES);
    const judged = await this.judge(userId, image);
    if (judged.pass === null) throw new AppError(FaceError.ENGINE_FAILED);
    const url = await this.store(image, userId);
    const at = now();
    const captureId = newId();
    const token = judged.pass ? randomBytes(24).toString('base64url') : '';
    await this.db.transaction().execute(async (trx) => {
      await repo.insertCapture(trx, { id: captureId, kind: 'check', paperId: '', examId, userId, pass: judged.pass ? 1 : 0, score: judged.score, faces: judged.faces, camError: 0, image: url, createTime: at });
      if (token) await repo.insertToken(trx, { tokenHash: sha256(token), userId, examId, captureId, paperId: '', expireTime: at + FACE_TOKEN_TTL_MS, createTime: at });
    });
    const account = judged.pass ? await this.ctx.services.sysUser.accountOf(userId) : undefined;
    return {
      pass: judged.pass,
      failMsg: judged.pass ? '' : judged.faces === 0 ? FACE_MSG.noFace : PaperCaptureError.NO_FACE_MATCH.msg,
      faceToken: token,
      realName: account?.realName ?? '',
      idCard: '',
    };
  }

  /** For create-paper of an exam with faceOn: 20120003 unless `token` is this learner's unused, unexpired token for `examId`. */
  async assertFaceToken(userId: string, examId: string, token: string): Promise<void> {
    if (!token || !(await repo.findLiveToken(this.db, sha256(token), userId, examId, now()))) throw new AppError(PaperCaptureError.FACE_REQUIRED);
  }

  /** After create-paper drew `paperId` with `token`: the token is used up and its check joins the paper's timeline. */
  async useFaceToken(token: string, paperId: string): Promise<void> {
    if (token) await repo.useToken(this.db, sha256(token), paperId);
  }

  /** Periodic: forgets face tokens expired for a day. */
  async sweepTokens(): Promise<number> {
    return Number((await repo.deleteExpiredTokens(this.db, now() - 24 * 3600_000)).numDeletedRows ?? 0);
  }

  /** Listener of `paper.left`: a leave or fullscreen exit on the timeline (idempotent by the event id). */
  async onLeft(e: PaperLeftEvent): Promise<void> {
    const text = e.kind === 'fullscreen' ? `退出全屏（第${e.leaveTimes}次离开）` : `离开考试页面（第${e.leaveTimes}次离开）`;
    await repo.insertEvidence(this.db, { id: e.eventId, kind: e.kind, paperId: e.paperId, examId: e.examId, userId: e.userId, text, createTime: e.at });
  }

  /** Listener of `examWatch.reminded`: an invigilator's message (idempotent by the event id). */
  async onReminded(e: ExamRemindedEvent): Promise<void> {
    await repo.insertEvidence(this.db, { id: e.eventId, kind: 'remind', paperId: '', examId: e.examId, userId: e.userId, text: e.message, createTime: e.at });
  }

  /** A paper for an administrator: 10010003 when missing or outside the caller's data scope. */
  private async scopedPaper(user: AuthUser, paperId: string) {
    const paper = await this.ctx.services.paper.paperOf(paperId);
    if (!deptInScope(paper.deptCode, await this.ctx.services.sysRole.dataScopeOf(user))) throw notFound('试卷不存在！');
    return paper;
  }

  /**
   * POST /api/paper/capture/timeline `{id}` (admin, exam:evidence): every capture (with score and
   * image) and face check of the paper, every leave and fullscreen exit, every reminder to its
   * learner or to all during the paper, the forced hand-in and the appeal's steps, oldest first.
   */
  async timeline(user: AuthUser, paperId: string): Promise<TimelineRes> {
    const paper = await this.scopedPaper(user, paperId);
    const [captures, evidence, state, names, exam] = await Promise.all([
      repo.capturesOf(this.db, paperId),
      repo.evidenceOf(this.db, { paperId, examId: paper.examId, userId: paper.userId, from: paper.createTime, to: paper.handTime ?? now() }),
      repo.findState(this.db, paperId),
      this.ctx.services.sysUser.realNames([paper.userId]),
      this.ctx.services.exam.cached(this.db, paper.examId).catch(() => null),
    ]);
    const item = (kind: EvidenceKind, ms: number, over: Partial<EvidenceItem>): EvidenceItem => ({
      kind, kind_dictText: EVIDENCE_KIND_LABEL[kind], time: formatTimeStrict(ms), ms, pass: null, score: null, faces: null, camError: false, image: '', text: '', ...over,
    });
    const items = [
      ...captures.map((c) =>
        item(c.kind, c.createTime, { pass: c.pass === null ? null : c.pass === 1, score: c.score, faces: c.faces, camError: c.camError === 1, image: c.image, text: c.camError ? '摄像头异常' : c.pass === null ? '识别服务暂不可用（不计入）' : '' }),
      ),
      ...evidence.map((e) => item(e.kind as EvidenceKind, e.createTime, { text: e.text })),
    ].sort((a, b) => a.ms - b.ms);
    return {
      paperId, examId: paper.examId, title: paper.title, userId: paper.userId, realName: names.get(paper.userId) ?? '', state: paper.state,
      createTime: formatTime(paper.createTime), handTime: formatTime(paper.handTime), failCount: state?.failCount ?? 0, faceChance: exam?.faceChance ?? 0,
      broken: state?.broken === 1, items,
    };
  }

  /** POST /api/paper/capture/my-state `{id}`: the caller's paper's counter, whether face failures handed it in, and his newest appeal. */
  async myState(userId: string, paperId: string): Promise<MyCaptureState> {
    const paper = await this.ctx.services.paper.own(userId, paperId);
    const [state, appeal, exam] = await Promise.all([repo.findState(this.db, paperId), repo.latestAppeal(this.db, paperId), this.ctx.services.exam.cached(this.db, paper.examId).catch(() => null)]);
    return { broken: state?.broken === 1, failCount: state?.failCount ?? 0, faceChance: exam?.faceChance ?? 0, appeal: appeal ? toAppeal(appeal) : null };
  }

  /**
   * POST /api/paper/capture/appeal `{paperId, reason}`: the learner appeals the forced hand-in of
   * his paper. 20120005 unless face failures handed it in; 20120006 when an appeal is pending.
   */
  async appeal(userId: string, req: z.output<typeof appealSaveReq>): Promise<{ id: string }> {
    const paper = await this.ctx.services.paper.own(userId, req.paperId);
    const state = await repo.findState(this.db, paper.id);
    if (state?.broken !== 1 || paper.state === PaperState.IN_EXAM) throw new AppError(PaperCaptureError.NOT_BROKEN);
    const account = await this.ctx.services.sysUser.accountOf(userId);
    const id = newId();
    const at = now();
    try {
      await this.db.transaction().execute(async (trx) => {
        await repo.insertAppeal(trx, {
          id, paperId: paper.id, examId: paper.examId, title: paper.title, userId, realName: account?.realName ?? '', deptCode: paper.deptCode, reason: req.reason,
          state: AppealState.PENDING, remark: '', leftMs: state.leftMs, decideBy: '', decideTime: null, createTime: at,
        });
        await repo.insertEvidence(trx, { id: newId(), kind: 'appeal', paperId: paper.id, examId: paper.examId, userId, text: req.reason, createTime: at });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(PaperCaptureError.APPEAL_EXISTS);
      throw e;
    }
    return { id };
  }

  /** POST /api/paper/capture/appeal-paging (admin, exam:appeal:audit): appeals in the caller's data scope, newest first. */
  async appealPaging(user: AuthUser, req: z.output<typeof appealPagingReq>): Promise<Page<AppealRecord>> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(user);
    return mapPage(await repo.pageAppeals(this.db, req, req.params ?? {}, scope), toAppeal);
  }

  /**
   * POST /api/paper/capture/appeal-decide `{id, state, remark}` (admin): 1 reopens the paper with the
   * time it had left at the forced hand-in (paper service `reopen`; its counter starts again at 0),
   * 2 confirms the hand-in. Decided once (20120007 afterwards; the claim is a conditional UPDATE);
   * 10010003 outside the caller's data scope; a reopen the paper module refuses (20120008, 20120009)
   * leaves the appeal pending.
   */
  async decide(user: AuthUser, req: z.output<typeof appealDecideReq>): Promise<{ state: number }> {
    const appeal = await repo.findAppeal(this.db, req.id);
    if (!appeal || !deptInScope(appeal.deptCode, await this.ctx.services.sysRole.dataScopeOf(user))) throw notFound('申诉不存在！');
    const at = now();
    if (!(await repo.decideAppeal(this.db, appeal.id, { state: req.state, remark: req.remark, decideBy: user.userId, decideTime: at }))) throw new AppError(PaperCaptureError.APPEAL_DONE);
    if (req.state === AppealState.REOPENED) {
      try {
        await this.ctx.services.paper.reopen(appeal.paperId, appeal.leftMs);
      } catch (e) {
        await repo.undecideAppeal(this.db, appeal.id);
        throw e;
      }
      await repo.resetState(this.db, appeal.paperId, now());
    }
    const kind = req.state === AppealState.REOPENED ? 'reopen' : 'confirm';
    await repo.insertEvidence(this.db, { id: newId(), kind, paperId: appeal.paperId, examId: appeal.examId, userId: appeal.userId, text: req.remark, createTime: now() });
    return { state: req.state };
  }
}

function toAppeal(a: ElPaperAppealTable): AppealRecord {
  return {
    id: a.id, paperId: a.paperId, examId: a.examId, title: a.title, userId: a.userId, realName: a.realName, reason: a.reason, state: a.state,
    state_dictText: APPEAL_STATE_LABEL[a.state] ?? '', remark: a.remark, leftSeconds: Math.floor(a.leftMs / 1000), createTime: formatTime(a.createTime), decideTime: formatTime(a.decideTime),
  };
}
