/**
 * Real-name verification and face login (issue 12; SPEC §3 "Real-person record", §4 "Real-name
 * state", §5 "Real-person form", §6, §7 /api/sys/user/real/* and /face-login).
 *
 * - submit: one record per user (unique user_id); a resubmission replaces the fields and decides
 *   again. The switch faceAudit decides: 'no' → state 1 at once (no check); 'manual' → state 0 until
 *   an administrator audits; 'auto' → `autoCheck` on the photo (exactly one clear face → 1, no face or
 *   several clear ones → 2 with auditMsg, anything unsure or an engine failure → 0 for an administrator).
 * - Every decision to 1 enrolls the photo as the user's reference face (services.face.enroll) before
 *   the record says 1; every other state falls back to the administrator-set face (below) or
 *   removes the reference (face.remove).
 * - Reference face precedence (issue 12, SPEC §3 user edit form `face`): a passed real-name record's
 *   photo first; otherwise the face photo an administrator set in the user form (sys_user.face,
 *   `syncAdminFace` after each save); otherwise none. Face login and captures match only that. Every decision (1 or 2) sends the learner the
 *   `realname.audit` message (module notify; once per decision: refId = record id + decision time);
 *   a pass also makes the record's name and ID number the account's (SPEC §5: the name belongs to
 *   the record while face login is on).
 * - audit / auto-audit (administrators with sys:user:real:audit, data scope on the record's
 *   department): only a record under review, and only the submission the administrator saw
 *   (update_time in the WHERE): a second click or a resubmission in between answers 90100003.
 * - realPersonOf: the session user's `realPerson` flag (SPEC §3): 1 when the site does not require
 *   real-name verification (faceAudit 'no') or the user's record passed.
 * - faceLogin: switch faceLogin; exactly one face in the frame; face.search among enrolled users,
 *   accepted only for a user whose record passed or who has an administrator-set face; then
 *   sys-user's loginById (which refuses disabled, pending and deleted accounts) (the same session and
 *   token as a password login), under sys-user's failed-login guard (pair `<ip>|#face`).
 */
import { CommonError, type Page } from '@kaopei/contracts';
import { FaceError } from '@kaopei/contracts/face';
import { TmplError } from '@kaopei/contracts/notify';
import { loginMsg, type LoginFailData, type SessionUser } from '@kaopei/contracts/sys-user';
import {
  AUTO_MANY_FACES,
  AUTO_NO_FACE,
  REAL_STATE_LABEL,
  RealState,
  realnameAuditEvent,
  UserRealError,
  type RealAuditReq,
  type realPagingReq,
  type RealRecord,
  type RealSubmitReq,
} from '@kaopei/contracts/user-real';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { deptInScope } from '../../lib/dept-scope';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './user-real.repository';
import type { SysUserRealTable } from './user-real.tables';

export type UserRealDeps = 'sysUser' | 'sysConfig' | 'sysFile' | 'sysRole' | 'face' | 'notify';

/** Face photo types accepted (SPEC §5: jpg/png/jpeg; the upload's content decides the mime). */
const FACE_MIME = new Set(['image/jpeg', 'image/png']);
/** Detection confidence (0–1) from which the automatic audit calls a face clear. Below it: a person decides. */
export const AUTO_CLEAR_SCORE = 0.8;
/** The failed-login guard's account key of face login (no account name is typed). */
const FACE_LOGIN_KEY = '#face';

/** Outcome of a check: the state and the learner-facing reason. */
interface Decision {
  state: number;
  auditMsg: string;
}

/** Who connects (the session's IP and user agent; the failed-login guard's pair). */
export interface Client {
  ip: string;
  userAgent: string;
}

export class UserRealService {
  constructor(private readonly ctx: ModuleContext<UserRealDeps>) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * POST /api/sys/user/real/submit (learner). Errors: 10010001 the §5 messages; 90100001 the face
   * url is not an upload of the caller; 90100002 it is not a jpg/png. Answers the record as decided.
   */
  async submit(user: AuthUser, req: RealSubmitReq): Promise<RealRecord> {
    const file = await this.ctx.services.sysFile.fileOf(req.face);
    if (!file || file.createBy !== user.userId) throw new AppError(UserRealError.FACE_NOT_FOUND);
    if (!FACE_MIME.has(file.mime)) throw new AppError(UserRealError.FACE_FORMAT);
    const photo = await this.photoBytes(file.url);
    const mode = (await this.ctx.services.sysConfig.switches()).faceAudit;
    let decision: Decision = { state: RealState.PENDING, auditMsg: '' };
    if (mode === 'no') decision = { state: RealState.PASSED, auditMsg: '' };
    else if (mode === 'auto') decision = await this.autoCheck(photo);
    decision = await this.applyFace(user.userId, photo, decision, mode === 'auto');
    const at = now();
    const decided = decision.state !== RealState.PENDING;
    const set = {
      userName: user.userName, deptCode: user.deptCode, realName: req.realName, idCard: req.idCard, face: file.url,
      state: decision.state, auditMsg: decision.auditMsg, auditBy: '', auditTime: decided ? at : null, updateTime: at,
    };
    let row = await repo.replaceByUser(this.db, user.userId, set);
    if (!row) {
      const fresh: SysUserRealTable = { id: newId(), userId: user.userId, createTime: at, ...set };
      try {
        await repo.insertRecord(this.db, fresh);
        row = fresh;
      } catch (e) {
        // A concurrent submission of the same user (double click, another node) inserted first: this one replaces it.
        if (!isUniqueViolation(e)) throw e;
        row = await repo.replaceByUser(this.db, user.userId, set);
        if (!row) throw e;
      }
    }
    if (decided) await this.tell(row);
    return this.toRecord(row);
  }

  /** POST /api/sys/user/real/detail: the caller's record, or null before the first submission. */
  async detail(userId: string): Promise<RealRecord | null> {
    const row = await repo.findByUser(this.db, userId);
    return row ? this.toRecord(row) : null;
  }

  /**
   * POST /api/sys/user/real/audit {id, state 1|2, auditMsg} (administrator). 10010003 for an
   * unknown record or one outside the caller's data scope; 90100003 when it is not under review
   * (or was resubmitted meanwhile). Approving enrolls the photo; an engine refusal does not undo
   * the administrator's decision (logged: face login then finds no face for that user).
   */
  async audit(admin: AuthUser, req: RealAuditReq): Promise<RealRecord> {
    const row = await this.pendingInScope(admin, req.id);
    const photo = await this.photoBytes(row.face);
    await this.applyFace(row.userId, photo, { state: req.state, auditMsg: req.auditMsg }, false);
    return this.decide(row, { state: req.state, auditMsg: req.auditMsg }, admin.userId);
  }

  /**
   * POST /api/sys/user/real/auto-audit {id} (administrator): runs the automatic check of faceAudit
   * 'auto' on a record under review, whatever the switch: the engine decides like at submission
   * (an unsure answer leaves it under review, unchanged). Errors as `audit`.
   */
  async autoAudit(admin: AuthUser, id: string): Promise<RealRecord> {
    const row = await this.pendingInScope(admin, id);
    const photo = await this.photoBytes(row.face);
    const decision = await this.applyFace(row.userId, photo, await this.autoCheck(photo), true);
    if (decision.state === RealState.PENDING) return this.toRecord(row);
    return this.decide(row, decision, '');
  }

  /** POST /api/sys/user/real/paging: the audit list (with the photo url) in the caller's data scope. */
  async paging(admin: AuthUser, req: z.output<typeof realPagingReq>): Promise<Page<RealRecord>> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const page = await repo.pageRecords(this.db, req, req.params ?? {}, scope);
    const auditors = await this.ctx.services.sysUser.realNames([...new Set(page.records.map((r) => r.auditBy).filter((x) => x !== ''))]);
    return mapPage(page, (r) => this.toRecord(r, auditors));
  }

  /** The session user's realPerson flag: true when the site requires no verification (faceAudit 'no') or the record of `userId` passed. */
  async realPersonOf(userId: string): Promise<boolean> {
    if ((await this.ctx.services.sysConfig.switches()).faceAudit === 'no') return true;
    return (await repo.findByUser(this.db, userId))?.state === RealState.PASSED;
  }

  /**
   * POST /api/sys/user/face-login {base64} → the session user, like a password login. Errors:
   * 90100004 switch faceLogin off; 40120001/40120002 not an image or too large; 90100005 no face or
   * several; 90100006 no passed user matches (counted by the failed-login guard; a pair that keeps
   * failing waits: HTTP 429, 10010005); 40120003 the engine cannot answer; then loginById's errors.
   */
  async faceLogin(base64: string, client: Client): Promise<SessionUser> {
    if (!(await this.ctx.services.sysConfig.switches()).faceLogin) throw new AppError(UserRealError.FACE_LOGIN_OFF);
    const image = this.ctx.services.face.decodeImage(base64);
    const users = this.ctx.services.sysUser;
    const attempt = await users.guard.begin(FACE_LOGIN_KEY, client.ip);
    if (attempt.retryAfterSec > 0) {
      const data: LoginFailData = { remaining: 0, captchaRequired: false, retryAfter: attempt.retryAfterSec };
      throw new AppError(CommonError.TOO_MANY_REQUESTS, loginMsg.wait(attempt.retryAfterSec), data, 429);
    }
    let userId: string | null;
    try {
      userId = await this.identify(image);
    } catch (e) {
      // Not a failed proof (no single face, engine down): not counted.
      await users.guard.refund(attempt);
      throw e;
    }
    if (!userId) {
      const f = await users.guard.fail(attempt);
      const data: LoginFailData = { remaining: f.remaining, captchaRequired: false, ...(f.retryAfterSec > 0 ? { retryAfter: f.retryAfterSec } : {}) };
      throw new AppError(UserRealError.FACE_LOGIN_NO_MATCH, undefined, data);
    }
    await users.guard.succeed(attempt);
    return users.loginById(userId, client);
  }

  /** The passed user whose enrolled face matches the one face of `image`, or null. 90100005 unless the image holds exactly one face. */
  private async identify(image: Buffer): Promise<string | null> {
    const face = this.ctx.services.face;
    if ((await face.detect(image)).faces.length !== 1) throw new AppError(UserRealError.FACE_LOGIN_ONE_FACE);
    const hit = await face.search(image);
    if (!hit) return null;
    if ((await repo.passedAmong(this.db, [hit.personId])).has(hit.personId)) return hit.personId;
    // No passed record: the enrolled face is the administrator-set one (syncAdminFace / fallbackFace).
    return (await this.ctx.services.sysUser.faceOf(hit.personId)) ? hit.personId : null;
  }

  /**
   * Checks a face photo an administrator sets in the user form (POST /api/sys/user/save `face`)
   * BEFORE it is saved: 10010003 when the uploaded file is gone, 40120004 no face, 40120005 several
   * faces, 40120003 the engine cannot answer.
   */
  async checkAdminFace(url: string): Promise<void> {
    const n = (await this.ctx.services.face.detect(await this.photoBytes(url))).faces.length;
    if (n === 0) throw new AppError(FaceError.NO_FACE);
    if (n > 1) throw new AppError(FaceError.MANY_FACES);
  }

  /**
   * After the user form saved `face` (sys-user, after its transaction): a user whose real-name
   * record passed keeps that photo as the reference; otherwise the administrator-set face becomes
   * the reference (or, when it was removed, the user has none).
   */
  async syncAdminFace(userId: string): Promise<void> {
    if ((await repo.findByUser(this.db, userId))?.state === RealState.PASSED) return;
    await this.fallbackFace(userId);
  }

  /** The reference face of a user without a passed record: the administrator-set photo (read again now), or none. */
  private async fallbackFace(userId: string): Promise<void> {
    const face = this.ctx.services.face;
    const url = await this.ctx.services.sysUser.faceOf(userId);
    if (!url) return face.remove(userId);
    try {
      await face.enroll(userId, await this.photoBytes(url));
    } catch (err) {
      this.ctx.log.warn({ userId, err: err instanceof Error ? err.message : String(err) }, 'user face: enrollment of the administrator-set face refused');
      await face.remove(userId);
    }
  }

  /**
   * The automatic audit of a photo (faceAudit 'auto'): no face → 2 AUTO_NO_FACE; two or more clear
   * faces (score ≥ AUTO_CLEAR_SCORE) → 2 AUTO_MANY_FACES; exactly one face and it is clear → 1;
   * anything else (one unclear face, one clear face and faint others) or an engine failure → 0 (a person decides).
   */
  async autoCheck(photo: Buffer): Promise<Decision> {
    let faces;
    try {
      faces = (await this.ctx.services.face.detect(photo)).faces;
    } catch (err) {
      this.ctx.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'real-name auto audit: face engine failed, left for manual review');
      return { state: RealState.PENDING, auditMsg: '' };
    }
    const clear = faces.filter((f) => f.score >= AUTO_CLEAR_SCORE).length;
    if (faces.length === 0) return { state: RealState.FAILED, auditMsg: AUTO_NO_FACE };
    if (clear >= 2) return { state: RealState.FAILED, auditMsg: AUTO_MANY_FACES };
    if (faces.length === 1 && clear === 1) return { state: RealState.PASSED, auditMsg: '' };
    return { state: RealState.PENDING, auditMsg: '' };
  }

  /**
   * Keeps the user's reference face in line with `decision` before it is written: 1 enrolls the
   * photo, anything else falls back to the administrator-set face or none. An enrollment the engine refuses turns an automatic
   * pass (`strict`) into 0 (a person decides); otherwise the decision stands and it is logged.
   */
  private async applyFace(userId: string, photo: Buffer, decision: Decision, strict: boolean): Promise<Decision> {
    const face = this.ctx.services.face;
    if (decision.state !== RealState.PASSED) {
      await this.fallbackFace(userId);
      return decision;
    }
    try {
      await face.enroll(userId, photo);
      return decision;
    } catch (err) {
      this.ctx.log.warn({ userId, err: err instanceof Error ? err.message : String(err) }, 'real-name: face enrollment refused');
      if (!strict) return decision;
      await this.fallbackFace(userId);
      return { state: RealState.PENDING, auditMsg: '' };
    }
  }

  /** The record `id` under review in the caller's data scope (10010003 / 90100003). */
  private async pendingInScope(admin: AuthUser, id: string): Promise<SysUserRealTable> {
    const row = await repo.findById(this.db, id);
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    if (!row || !deptInScope(row.deptCode, scope)) throw notFound('实名认证记录不存在！');
    if (row.state !== RealState.PENDING) throw new AppError(UserRealError.NOT_PENDING);
    return row;
  }

  /** Writes the decision on the submission `row` still under review (90100003 otherwise) and tells the learner. */
  private async decide(row: SysUserRealTable, d: Decision, by: string): Promise<RealRecord> {
    const done = await repo.decidePending(this.db, row.id, row.updateTime, { state: d.state, auditMsg: d.auditMsg, auditBy: by, auditTime: now() });
    if (!done) {
      // Lost to another decision or a resubmission: put the reference face back in line with what the record says now.
      const cur = await repo.findById(this.db, row.id);
      if (cur?.state !== RealState.PASSED) await this.fallbackFace(row.userId);
      throw new AppError(UserRealError.NOT_PENDING);
    }
    await this.tell(done);
    return this.toRecord(done, by ? await this.ctx.services.sysUser.realNames([by]) : undefined);
  }

  /**
   * After a decision: a passed record's name and ID number become the account's (sys-user), and the
   * learner gets the `realname.audit` message (once per decision; nothing when the administrator
   * deleted the template).
   */
  private async tell(row: SysUserRealTable): Promise<void> {
    if (row.state === RealState.PASSED) await this.ctx.services.sysUser.self.setVerifiedIdentity(row.userId, row.realName, row.idCard);
    try {
      await this.ctx.services.notify.send({
        event: realnameAuditEvent.key,
        userIds: [row.userId],
        vars: { auditResult: REAL_STATE_LABEL[row.state] ?? '', auditMsg: row.auditMsg },
        refType: 'userReal',
        refId: `${row.id}:${row.auditTime ?? row.updateTime}`,
        by: row.auditBy,
      });
    } catch (err) {
      if (!(err instanceof AppError && err.code === TmplError.NO_TEMPLATE.code)) throw err;
    }
  }

  /** Bytes of the stored photo of view url `url` (10010003 when its file is gone). */
  private async photoBytes(url: string): Promise<Buffer> {
    const ans = await this.ctx.services.sysFile.open(url.slice(url.lastIndexOf('/') + 1), false);
    if (Buffer.isBuffer(ans.body)) return ans.body;
    const chunks: Buffer[] = [];
    for await (const c of ans.body as Readable) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
    return Buffer.concat(chunks);
  }

  private toRecord(r: SysUserRealTable, auditors?: Map<string, string>): RealRecord {
    return {
      id: r.id, userId: r.userId, userName: r.userName, realName: r.realName, idCard: r.idCard, face: r.face,
      state: r.state, state_dictText: REAL_STATE_LABEL[r.state] ?? '', auditMsg: r.auditMsg,
      auditBy: r.auditBy, auditBy_dictText: auditors?.get(r.auditBy) ?? '', auditTime: formatTime(r.auditTime),
      createTime: formatTimeStrict(r.createTime), updateTime: formatTimeStrict(r.updateTime),
    };
  }
}
