/**
 * Exam applications (SPEC §3 "Exam apply", §5 '申请理由不能为空！', §7 /api/exam/apply/save and
 * /audit, §2 the application dialog and the admin audit; issue 8 "Exam applications").
 *
 * - A learner applies to an exam whose `needApply` is 1 (else 20060001). He has at most one live
 *   application (0 pending or 1 approved) per exam: the partial unique index decides between a
 *   double click's two requests or two nodes, and the loser answers the winner's id. Applying again
 *   while pending replaces the reason; after an approval answers 20060004; after a rejection opens a
 *   new application (the rejected one stays as history).
 * - An administrator audits pending applications (1 approve, 2 reject with a reason) in his data
 *   scope (the row's dept_code, copied from the applicant when applying); an id outside it or
 *   unknown answers 10010003 and nothing changes. Only pending rows change (a second audit skips
 *   them); each change emits `examApply.audited` in the audit's transaction, which module notify
 *   turns into the `exam.apply` message.
 * - create-paper (module paper) calls `assertApproved` for an exam with needApply.
 */
import type { Page } from '@kaopei/contracts';
import {
  APPLY_STATE_LABEL,
  ApplyState,
  ExamApplyError,
  MY_APPLY_STATE_LABEL,
  NOT_APPLIED,
  type ApplyAuditReq,
  type applyPagingReq,
  type ApplyRecord,
  type ApplySaveReq,
  type MyApplyState,
} from '@kaopei/contracts/exam-apply';
import type { z } from 'zod';
import { deptInScope } from '../../lib/dept-scope';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './exam-apply.repository';

export type ExamApplyDeps = 'exam' | 'sysUser' | 'sysRole';

export class ExamApplyService {
  constructor(private readonly ctx: ModuleContext<ExamApplyDeps>) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * POST /api/exam/apply/save {examId, applyMsg} (learner): answers the live application's id.
   * Errors: 10010003 exam unknown or deleted; 20060001 the exam needs no application; 20060005 the
   * exam is disabled or over; 20060004 already approved.
   */
  async save(user: AuthUser, req: ApplySaveReq): Promise<{ id: string }> {
    const exam = await this.ctx.services.exam.require(this.db, req.examId);
    // An exam of open type 2 or 3 that is not open to the learner does not exist for them.
    if (!(await this.ctx.services.exam.isOpenTo(this.db, exam, { userId: user.userId, deptCode: user.deptCode }))) throw notFound('考试不存在或已被删除！');
    if (exam.needApply !== 1) throw new AppError(ExamApplyError.NOT_NEEDED);
    const at = now();
    if (exam.state !== 0 || (exam.endTime !== null && at >= exam.endTime)) throw new AppError(ExamApplyError.EXAM_CLOSED);
    const live = await repo.findLive(this.db, req.examId, user.userId);
    if (live) return this.again(live, req.applyMsg, at);
    const id = newId();
    try {
      await repo.insertApply(this.db, {
        id, examId: req.examId, userId: user.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode,
        applyMsg: req.applyMsg, state: ApplyState.PENDING, auditMsg: '', auditBy: '', auditTime: null, createTime: at, updateTime: at,
      });
    } catch (e) {
      // A concurrent request of the same learner (double click, another node) inserted first.
      if (!isUniqueViolation(e)) throw e;
      const winner = await repo.findLive(this.db, req.examId, user.userId);
      if (!winner) throw e;
      return this.again(winner, req.applyMsg, at);
    }
    return { id };
  }

  /** Applying while a live application exists: pending → its reason is replaced; approved → 20060004. */
  private async again(live: { id: string; state: number }, applyMsg: string, at: number): Promise<{ id: string }> {
    if (live.state === ApplyState.APPROVED) throw new AppError(ExamApplyError.ALREADY_APPROVED);
    const res = await repo.updatePendingMsg(this.db, live.id, applyMsg, at);
    // Audited between the read and the update: an approval makes this answer 20060004 like above.
    if (Number(res.numUpdatedRows) === 0) throw new AppError(ExamApplyError.ALREADY_APPROVED);
    return { id: live.id };
  }

  /**
   * POST /api/exam/apply/audit {ids, state 1|2, auditMsg}: audits the pending applications among
   * `ids` in one transaction, emitting `examApply.audited` for each; already audited ones are
   * skipped. Any id unknown or outside the caller's data scope → 10010003, nothing changes.
   */
  async audit(admin: AuthUser, req: ApplyAuditReq): Promise<{ audited: number; skipped: number }> {
    const ids = [...new Set(req.ids)];
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const rows = await repo.findByIds(this.db, ids);
    if (rows.length !== ids.length || rows.some((r) => !deptInScope(r.deptCode, scope))) throw notFound('申请不存在或已被删除！');
    const changed = await this.db.transaction().execute(async (trx) => {
      const done = await repo.auditPending(trx, ids, { state: req.state, auditMsg: req.auditMsg, auditBy: admin.userId, auditTime: now() });
      const titles = new Map<string, string>();
      for (const r of done) {
        if (!titles.has(r.examId)) titles.set(r.examId, (await this.ctx.services.exam.require(trx, r.examId).catch(() => null))?.title ?? '');
        await this.ctx.events.emit(trx, 'examApply.audited', { applyId: r.id, examId: r.examId, examTitle: titles.get(r.examId) ?? '', userId: r.userId, state: r.state, auditMsg: r.auditMsg });
      }
      return done.length;
    });
    return { audited: changed, skipped: ids.length - changed };
  }

  /** POST /api/exam/apply/paging: the audit list in the caller's data scope (filters exam, state, applicant). */
  async paging(admin: AuthUser, req: z.output<typeof applyPagingReq>): Promise<Page<ApplyRecord>> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const page = await repo.pageApplies(this.db, req, req.params ?? {}, scope);
    const auditors = await this.ctx.services.sysUser.realNames([...new Set(page.records.map((r) => r.auditBy).filter((x) => x !== ''))]);
    return mapPage(page, (r) => ({
        id: r.id, examId: r.examId, examId_dictText: r.examTitle ?? '', userId: r.userId, userName: r.userName, realName: r.realName, deptCode: r.deptCode,
        applyMsg: r.applyMsg, state: r.state, state_dictText: APPLY_STATE_LABEL[r.state] ?? '', auditMsg: r.auditMsg,
        auditBy: r.auditBy, auditBy_dictText: auditors.get(r.auditBy) ?? '', auditTime: formatTime(r.auditTime), createTime: formatTimeStrict(r.createTime),
    }));
  }

  /**
   * POST /api/exam/apply/my-state {examIds} (learner): per exam that exists, whether it needs an
   * application and the state of the caller's newest one (-1 未申请). Only the caller's own rows.
   */
  async myState(userId: string, examIds: readonly string[]): Promise<MyApplyState[]> {
    const ids = [...new Set(examIds)];
    const exams = (await Promise.all(ids.map((id) => this.ctx.services.exam.require(this.db, id).catch(() => null)))).filter((e) => e !== null);
    const latest = await repo.latestOf(this.db, userId, exams.map((e) => e.id));
    return exams.map((e) => {
      const a = latest.get(e.id);
      const state = a ? a.state : NOT_APPLIED;
      return { examId: e.id, needApply: e.needApply, state, state_dictText: MY_APPLY_STATE_LABEL[state] ?? '', applyMsg: a?.applyMsg ?? '', auditMsg: a?.auditMsg ?? '' };
    });
  }

  /**
   * For module paper's create-paper: passes when `exam.needApply` is not 1 or `userId` holds an
   * approved application to it; else 20060003 (pending) or 20060002 (none, or rejected).
   */
  async assertApproved(userId: string, exam: { id: string; needApply: number }): Promise<void> {
    if (exam.needApply !== 1) return;
    const live = await repo.findLive(this.db, exam.id, userId);
    if (live?.state === ApplyState.APPROVED) return;
    throw new AppError(live ? ExamApplyError.PENDING : ExamApplyError.NOT_APPROVED);
  }
}
