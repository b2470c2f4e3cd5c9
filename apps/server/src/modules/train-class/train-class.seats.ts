/**
 * Seats of training classes (issue 13 "Sign-up"): a learner signs up (`apply`) inside the window
 * of a class open to him, withdraws before the start; an administrator lists the sign-ups
 * (`students`), approves or rejects them with a message (`audit`) and enrols people directly
 * (`assign`). The capacity holds under parallel sign-ups: every seat is taken by the conditional
 * `UPDATE el_class SET seats = seats + n WHERE capacity = 0 OR seats + n <= capacity` inside the
 * transaction that writes the seat row, and given back in the transaction that rejects or
 * withdraws it. Applied (0) and enrolled (1) rows hold a seat; rejected (2) and withdrawn (3) do not.
 * Each audit and assignment emits `trainClass.audited` (the learner's class.notice message).
 */
import type { Page } from '@kaopei/contracts';
import { CLASS_USER_SOURCE_LABEL, CLASS_USER_STATE_LABEL, ClassUserState, TrainClassError, type ClassAuditReq, type StudentRecord, type studentPagingReq } from '@kaopei/contracts/train-class';
import type { z } from 'zod';
import type { Trx } from '../../db';
import { deptInScope } from '../../lib/dept-scope';
import { AppError, badParams, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './train-class.repository';
import { CLASS_NOT_FOUND, type TrainClassDeps, type TrainClassService } from './train-class.service';
import { applyBlock } from './train-class.view';

const { APPLIED, ENROLLED, REJECTED, WITHDRAWN } = ClassUserState;

export class ClassSeats {
  constructor(
    private readonly ctx: ModuleContext<TrainClassDeps>,
    private readonly classes: TrainClassService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * POST /api/trainClass/apply {classId} (learner): answers the new seat state (0 waiting for
   * approval when the class needs it, else 1 enrolled). Errors: 10010003 class missing or not open
   * to him; 20130005 disabled; 20130001 window not open yet; 20130002 closed; 20130004 already
   * signed up (also the loser of a double click); 20130003 full. Nothing is written on an error.
   */
  async apply(user: AuthUser, classId: string): Promise<{ state: number }> {
    const c = await repo.findClass(this.db, classId);
    if (!c || !(await this.classes.isOpenTo(c, user))) throw notFound(CLASS_NOT_FOUND);
    const at = now();
    const state = c.needAudit === 1 ? APPLIED : ENROLLED;
    try {
      await this.db.transaction().execute(async (trx) => {
        const seat = await repo.findSeat(trx, classId, user.userId);
        const block = applyBlock(c, seat, at);
        // The capacity is decided by takeSeat below, against the row as it is now.
        if (block && block.code !== TrainClassError.FULL.code) throw new AppError(block);
        if (!(await repo.takeSeat(trx, classId))) throw new AppError(TrainClassError.FULL);
        const set = { state, source: 'apply', auditMsg: '', auditBy: '', auditTime: null, finished: 0 as const, finishTime: null, updateTime: at };
        if (seat) {
          if (!(await repo.moveSeat(trx, seat.id, [REJECTED, WITHDRAWN], set))) throw new AppError(TrainClassError.ALREADY);
        } else {
          await repo.insertSeat(trx, { id: newId(), classId, userId: user.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode, createTime: at, ...set });
        }
      });
    } catch (e) {
      // A concurrent request of the same learner inserted first (its transaction rolled back, seat included).
      if (isUniqueViolation(e)) throw new AppError(TrainClassError.ALREADY);
      throw e;
    }
    return { state };
  }

  /** POST /api/trainClass/withdraw {classId} (learner): before the class starts; 20130006 not signed up, 20130007 started. */
  async withdraw(user: AuthUser, classId: string): Promise<void> {
    const { cls: c } = await this.classes.requireVisible(user, classId);
    if (now() >= c.startTime) throw new AppError(TrainClassError.STARTED);
    await this.db.transaction().execute(async (trx) => {
      const seat = await repo.findSeat(trx, classId, user.userId);
      if (!seat || !(await repo.moveSeat(trx, seat.id, [APPLIED, ENROLLED], { state: WITHDRAWN, updateTime: now() }))) throw new AppError(TrainClassError.NOT_SIGNED);
      await repo.releaseSeat(trx, classId);
    });
  }

  /** POST /api/trainClass/students: a class's sign-ups (class in the caller's data scope, else 10010003). */
  async students(admin: AuthUser, req: z.output<typeof studentPagingReq>): Promise<Page<StudentRecord>> {
    const p = req.params;
    // The list is per class: without one there is nothing to list.
    if (!p?.classId) return emptyPage(req);
    await this.classes.requireInScope(admin, p.classId);
    const page = await repo.pageSeats(this.db, req, p);
    return mapPage(page, (s) => ({
      id: s.id, classId: s.classId, userId: s.userId, userName: s.userName, realName: s.realName, deptCode: s.deptCode,
      state: s.state, state_dictText: CLASS_USER_STATE_LABEL[s.state] ?? '', source: s.source, source_dictText: CLASS_USER_SOURCE_LABEL[s.source] ?? '',
      auditMsg: s.auditMsg, finished: s.finished === 1, createTime: formatTimeStrict(s.createTime), auditTime: formatTime(s.auditTime),
    }));
  }

  /**
   * POST /api/trainClass/audit {ids, state 1|2, msg}: approves or rejects the waiting sign-ups among
   * `ids` in one transaction (a rejection gives its seat back); already audited rows are skipped.
   * Any id unknown or of a class outside the caller's data scope → 10010003, nothing changes.
   */
  async audit(admin: AuthUser, req: ClassAuditReq): Promise<{ audited: number; skipped: number }> {
    const ids = [...new Set(req.ids)];
    const rows = await repo.seatsByIds(this.db, ids);
    if (rows.length !== ids.length) throw notFound('报名记录不存在！');
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const classes = new Map((await repo.liveClasses(this.db, [...new Set(rows.map((r) => r.classId))])).map((c) => [c.id, c]));
    if (rows.some((r) => !deptInScope(classes.get(r.classId)?.deptCode ?? '', scope) || !classes.has(r.classId))) throw notFound('报名记录不存在！');
    const at = now();
    const audited = await this.db.transaction().execute(async (trx) => {
      let n = 0;
      for (const r of rows) {
        if (!(await repo.moveSeat(trx, r.id, [APPLIED], { state: req.state, auditMsg: req.msg, auditBy: admin.userId, auditTime: at, updateTime: at }))) continue;
        if (req.state === REJECTED) await repo.releaseSeat(trx, r.classId);
        await this.notice(trx, r.classId, classes.get(r.classId)?.title ?? '', r.userId, req.state, req.msg);
        n++;
      }
      return n;
    });
    return { audited, skipped: ids.length - audited };
  }

  /**
   * POST /api/trainClass/assign {classId, userIds}: enrols the people directly (a waiting sign-up is
   * approved, a rejected or withdrawn one re-opened, an enrolled one left alone). All or nothing:
   * 20130003 when the seats left do not suffice; 10010001 a person who does not exist.
   */
  async assign(admin: AuthUser, classId: string, userIds: string[]): Promise<{ assigned: number }> {
    const c = await this.classes.requireInScope(admin, classId);
    const ids = [...new Set(userIds)];
    const accounts = await Promise.all(ids.map((u) => this.ctx.services.sysUser.accountOf(u)));
    const gone = ids.find((_u, i) => !accounts[i]);
    if (gone) throw badParams(`用户不存在：${gone}`);
    const at = now();
    const set = { state: ENROLLED, source: 'assign', auditMsg: '', auditBy: admin.userId, auditTime: at, updateTime: at };
    return this.db.transaction().execute(async (trx) => {
      let assigned = 0;
      for (const a of accounts) {
        if (!a) continue;
        const seat = await repo.findSeat(trx, classId, a.id);
        if (seat?.state === ENROLLED) continue;
        if (seat?.state === APPLIED) {
          if (!(await repo.moveSeat(trx, seat.id, [APPLIED], set))) continue;
        } else {
          if (!(await repo.takeSeat(trx, classId))) throw new AppError(TrainClassError.FULL);
          if (seat) await repo.moveSeat(trx, seat.id, [REJECTED, WITHDRAWN], { ...set, finished: 0, finishTime: null });
          else await repo.insertSeat(trx, { id: newId(), classId, userId: a.id, userName: a.userName, realName: a.realName, deptCode: a.deptCode, createTime: at, finished: 0, finishTime: null, ...set });
        }
        await this.notice(trx, classId, c.title, a.id, ENROLLED, '管理员已将您加入培训班');
        assigned++;
      }
      return { assigned };
    });
  }

  /** Listener of trainClass.audited: the learner's class.notice message (notify: once per noticeId and user). */
  async sendNotice(e: { noticeId: string; classTitle: string; userId: string; state: number; msg: string }): Promise<void> {
    const noticeTitle = e.state === ENROLLED ? (e.msg ? `报名审核通过：${e.msg}` : '报名审核通过') : `报名未通过：${e.msg}`;
    await this.ctx.services.notify.send({ event: 'class.notice', userIds: [e.userId], vars: { className: e.classTitle, noticeTitle }, refType: 'class', refId: e.noticeId, by: '' });
  }

  /** Emits trainClass.audited (the learner's message) in `trx`, with a fresh id so that each outcome is told once. */
  private notice(trx: Trx, classId: string, classTitle: string, userId: string, state: number, msg: string) {
    return this.ctx.events.emit(trx, 'trainClass.audited', { noticeId: newId(), classId, classTitle, userId, state, msg });
  }
}
