/**
 * Accounts and sessions (SPEC §3 "Session user", §4 "Session", §5 rules, §7 /api/sys/user/*).
 *
 * - Tokens are 256-bit random, base64url; only their sha-256 is stored, in the session store
 *   (session-store.ts: table sys_user_token, or Redis when REDIS_URL is set), so logout, disabling
 *   and password changes take effect at once in every server process. Sessions slide: each use
 *   within the last half of the TTL extends them by a full TTL.
 * - Failed logins never lock an account (login-guard.ts): after 3 failures of one account from one
 *   IP (or 20 on the account, or 30 from the IP) the login needs the image captcha of module
 *   captcha; a pair that keeps failing waits (HTTP 429, code 10010005), other IPs do not.
 * - Passwords: Argon2id (lib/password.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { CommonError } from '@kaopei/contracts';
import { CAPTCHA_EMPTY_MSG } from '@kaopei/contracts/captcha';
import { loginMsg, UserError, type LoginFailData, type LoginReq, type RegReq, type SessionUser, type UpdatePassReq } from '@kaopei/contracts/sys-user';
import type { Executor } from '../../db';
import type { ModuleContext, SeededAccount } from '../../platform/module';
import type { AuthUser } from '../../platform/auth';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import { now } from '../../lib/time';
import { DEFAULT_DEPT_CODE } from '../sys-depart/sys-depart.constants';
import { ROLE_ADMIN_ID, ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';
import type { Grants } from '../sys-role/sys-role.service';
import { LoginGuard } from './login-guard';
import { DbSessionStore, RedisSessionStore, type SessionStore } from './session-store';
import { ADMIN_USER_NAME, DEMO_ADMIN_PASSWORD, DEMO_LEARNER_NAME, DEMO_LEARNER_PASSWORD } from './sys-user.constants';
import * as repo from './sys-user.repository';

/** sha-256 (hex) of a session token: the only form in which a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Who is logging in: the client address (TRUST_PROXY decides whether X-Forwarded-For counts) and browser. */
export interface LoginClient {
  ip: string;
  userAgent: string;
}

export class SysUserService {
  private readonly guard: LoginGuard;
  private readonly sessions: SessionStore;

  constructor(private readonly ctx: ModuleContext<'sysRole' | 'captcha'>) {
    this.guard = new LoginGuard(ctx.redis, ctx.db);
    this.sessions = ctx.redis ? new RedisSessionStore(ctx.redis) : new DbSessionStore(ctx.db);
  }

  private get db() {
    return this.ctx.db;
  }

  /**
   * POST /api/sys/user/login → the session user with a new token. In order:
   * 0. the attempt is counted first (login-guard.ts), and refunded below when it is no failure;
   * 1. a pair (account + IP) that is waiting answers HTTP 429, code 10010005, `loginMsg.wait`, data
   *    `LoginFailData` with `retryAfter` (s);
   * 2. when the captcha is required, a missing or wrong captcha answers 10010006 with data
   *    `{remaining: 0, captchaRequired: true}` WITHOUT checking the password (the captcha is consumed);
   * 3. a wrong password or unknown account answers 90010002 with a `loginMsg` message and data
   *    `{remaining, captchaRequired, retryAfter?}` (the same for both, so a name is not revealed);
   * 4. a disabled account answers 90010005; otherwise the pair's failures are cleared.
   */
  async login(req: LoginReq, client: LoginClient): Promise<SessionUser> {
    const attempt = await this.guard.begin(req.username.toLowerCase(), client.ip);
    if (attempt.retryAfterSec > 0) {
      const data: LoginFailData = { remaining: 0, captchaRequired: true, retryAfter: attempt.retryAfterSec };
      throw new AppError(CommonError.TOO_MANY_REQUESTS, loginMsg.wait(attempt.retryAfterSec), data, 429);
    }
    if (attempt.captchaRequired) {
      const data: LoginFailData = { remaining: 0, captchaRequired: true };
      const missing = !req.captchaKey || !req.captchaValue;
      if (missing || !(await this.ctx.services.captcha.check(req.captchaKey, req.captchaValue))) {
        await this.guard.refund(attempt);
        throw new AppError(CommonError.CAPTCHA_INVALID, missing ? CAPTCHA_EMPTY_MSG : undefined, data);
      }
    }
    const user = await repo.findUserByName(this.db, req.username);
    const valid = await verifyPassword(user?.password, req.password);
    if (!user || !valid) {
      const f = await this.guard.fail(attempt);
      const msg = f.retryAfterSec > 0 ? loginMsg.wrongThenWait(f.retryAfterSec) : f.captchaRequired ? loginMsg.captchaNext : loginMsg.remaining(f.remaining);
      const data: LoginFailData = { remaining: f.remaining, captchaRequired: f.captchaRequired, ...(f.retryAfterSec > 0 ? { retryAfter: f.retryAfterSec } : {}) };
      throw new AppError(UserError.BAD_CREDENTIALS, msg, data);
    }
    if (user.state === 1) {
      await this.guard.refund(attempt);
      throw new AppError(UserError.ACCOUNT_DISABLED);
    }
    await this.guard.succeed(attempt);
    return this.loginById(user.id, client);
  }

  /**
   * Opens a session for the live user `userId` whose identity another check already proved (a
   * password, an SMS code, a third-party account bound to them) and answers the session user, like
   * login. Errors: 90010005 disabled account; 10010002-style NOT_LOGGED_IN when the user is gone.
   * The one way every login method ends, so account state and session rules apply to all of them.
   */
  async loginById(userId: string, client: LoginClient): Promise<SessionUser> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.deleted === 1) throw new AppError(CommonError.NOT_LOGGED_IN);
    if (user.state === 1) throw new AppError(UserError.ACCOUNT_DISABLED);
    const token = await this.openSession(user.id, client);
    return this.sessionUserOf(user.id, token);
  }

  /**
   * Sets (or with '' clears) the mobile number of the live user `userId`. Answers false, changing
   * nothing, when another live account already has that number (one account per number).
   */
  async setMobile(userId: string, mobile: string): Promise<boolean> {
    try {
      await repo.setMobile(this.db, userId, mobile, now());
      return true;
    } catch (e) {
      if (isUniqueViolation(e)) return false;
      throw e;
    }
  }

  /** POST /api/sys/user/reg: learner self-registration into the default department; answers like login. */
  async register(req: RegReq, client: LoginClient): Promise<SessionUser> {
    if (!this.ctx.config.site.userReg) throw new AppError(UserError.REG_CLOSED);
    if (!(await this.ctx.services.captcha.check(req.captchaKey, req.captchaValue))) throw new AppError(CommonError.CAPTCHA_INVALID);
    if (await repo.findUserByName(this.db, req.userName)) throw new AppError(UserError.USER_EXISTS);
    const at = now();
    const id = newId();
    const password = await hashPassword(req.password);
    try {
      await this.db.transaction().execute((trx) =>
        repo.insertUser(
          trx,
          { id, userName: req.userName, realName: req.realName, password, avatar: '', mobile: '', email: '', deptCode: DEFAULT_DEPT_CODE, state: 0, realPerson: 1, createTime: at, updateTime: at },
          [ROLE_STUDENT_ID],
          newId,
        ),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(UserError.USER_EXISTS);
      throw e;
    }
    const token = await this.openSession(id, client);
    return this.sessionUserOf(id, token);
  }

  /** POST /api/sys/user/logout: the token stops working at once, in every process. */
  async logout(user: AuthUser): Promise<void> {
    await this.sessions.end(user.tokenHash, user.userId);
  }

  /**
   * Ends every session of a user (all but `keepTokenHash` when given), in every process. For the
   * calls that disable an account or reset a password.
   */
  endSessionsOf(userId: string, keepTokenHash?: string): Promise<void> {
    return this.sessions.endAllOf(userId, keepTokenHash);
  }

  /**
   * POST /api/sys/user/update-pass. Error 90010004 when the old password is wrong. Every other
   * session of the user ends (after the new password is stored, so no session opened with the old
   * password survives); the caller's own session goes on.
   */
  async updatePassword(user: AuthUser, req: UpdatePassReq): Promise<void> {
    const row = await repo.findUserById(this.db, user.userId);
    if (!row || !(await verifyPassword(row.password, req.oldPassword))) throw new AppError(UserError.OLD_PASSWORD_WRONG);
    const hash = await hashPassword(req.password);
    await repo.updatePassword(this.db, user.userId, hash, now());
    await this.sessions.endAllOf(user.userId, user.tokenHash);
  }

  /** POST /api/sys/user/info: the session user of the caller. */
  info(user: AuthUser): Promise<SessionUser> {
    return this.sessionUserOf(user.userId, user.token, user);
  }

  /**
   * Token → the caller; null when unknown, expired or the account is disabled. Runs on every
   * request: one session-store read (a database query or one Redis HMGET) and one query for the
   * user with its role ids; role grants come from sys-role's cache; a write only when the session
   * slides (at most once per half TTL).
   */
  async resolveSession(token: string): Promise<AuthUser | null> {
    const tokenHash = hashToken(token);
    const session = await this.sessions.find(tokenHash);
    const at = now();
    if (!session || session.expireTime <= at) return null;
    const rows = await repo.findSessionUser(this.db, session.userId);
    const user = rows[0];
    if (!user || user.state === 1) return null;
    const ttl = this.ctx.config.sessionTtlMs;
    if (session.expireTime - at < ttl / 2) await this.sessions.extend(tokenHash, session.userId, at + ttl, at);
    const grants = await this.ctx.services.sysRole.grantsOf(rows.flatMap((r) => (r.roleId ? [r.roleId] : [])));
    return { userId: session.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode, ...grants, tokenHash, token };
  }

  /** Periodic task: deletes failed-login counters whose window is over (database store only); answers how many. */
  async sweepLoginLimits(): Promise<number> {
    // The limiter library decides windows with the real clock.
    return this.guard.usesDatabase ? repo.deleteExpiredLoginLimits(this.db, Date.now()) : 0;
  }

  countUsers(): Promise<number> {
    return repo.countUsers(this.db);
  }

  /** `id → realName` of the given users (for `createBy_dictText` labels). */
  async realNames(ids: string[]): Promise<Map<string, string>> {
    return new Map((await repo.realNamesOf(this.db, ids)).map((u) => [u.id, u.realName]));
  }

  /** How many users hold any of these roles (a role given to users cannot be deleted); `db` may be the caller's transaction. */
  countInRoles(db: Executor, roleIds: string[]): Promise<number> {
    return repo.countInRoles(db, roleIds);
  }

  /** How many users belong to any of these departments (a department with users cannot be deleted). */
  countInDepts(deptCodes: string[]): Promise<number> {
    return repo.countInDepts(this.db, deptCodes);
  }

  /** Id of the user whose mobile is `mobile`, or undefined (SMS login and password reset). */
  idByMobile(mobile: string): Promise<string | undefined> {
    return repo.idByMobile(this.db, mobile);
  }

  /** Id of the user with this name, or undefined. */
  async idOf(userName: string): Promise<string | undefined> {
    return (await repo.findUserByName(this.db, userName))?.id;
  }

  /** The live user `userId` (names, mobile, department code, state), or undefined when there is none or it was deleted (binding, data scope). */
  async accountOf(userId: string): Promise<{ id: string; userName: string; realName: string; mobile: string; deptCode: string; state: number } | undefined> {
    const u = await repo.findUserById(this.db, userId);
    return u && u.deleted === 0 ? { id: u.id, userName: u.userName, realName: u.realName, mobile: u.mobile, deptCode: u.deptCode, state: u.state } : undefined;
  }

  /**
   * First start: the `admin` user (password KAOPEI_ADMIN_PASSWORD, else the demo password) and, with
   * demo content, the `learner` user. Answers the accounts to print.
   */
  async seed(): Promise<SeededAccount[]> {
    const { config } = this.ctx;
    if ((await repo.countUsers(this.db)) > 0) return [];
    const at = now();
    const base = { avatar: '', mobile: '', email: '', deptCode: DEFAULT_DEPT_CODE, state: 0, realPerson: 1, createTime: at, updateTime: at };
    const adminPassword = config.adminPassword ?? DEMO_ADMIN_PASSWORD;
    const accounts: SeededAccount[] = [{ userName: ADMIN_USER_NAME, password: config.adminPassword ? '(KAOPEI_ADMIN_PASSWORD)' : adminPassword, role: '管理员' }];
    const adminHash = await hashPassword(adminPassword);
    const learnerHash = config.demo ? await hashPassword(DEMO_LEARNER_PASSWORD) : '';
    await this.db.transaction().execute(async (trx) => {
      await repo.insertUser(trx, { ...base, id: newId(), userName: ADMIN_USER_NAME, realName: '管理员', password: adminHash }, [ROLE_ADMIN_ID], newId);
      if (config.demo) await repo.insertUser(trx, { ...base, id: newId(), userName: DEMO_LEARNER_NAME, realName: '演示学员', password: learnerHash }, [ROLE_STUDENT_ID], newId);
    });
    if (config.demo) accounts.push({ userName: DEMO_LEARNER_NAME, password: DEMO_LEARNER_PASSWORD, role: '学员' });
    return accounts;
  }

  /** roleType (2 when any role is admin-side), role ids and names, and permission codes of a user. */
  private async grantsOf(userId: string): Promise<Grants> {
    return this.ctx.services.sysRole.grantsOf(await repo.roleIdsOfUser(this.db, userId));
  }

  private async openSession(userId: string, client: LoginClient): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await this.sessions.open({
      tokenHash: hashToken(token),
      userId,
      createTime: at,
      expireTime: at + this.ctx.config.sessionTtlMs,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    return token;
  }

  /** The session user; `grants` when the caller already resolved them (the request's AuthUser). */
  private async sessionUserOf(userId: string, token: string, grants?: Grants): Promise<SessionUser> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError(CommonError.NOT_LOGGED_IN);
    const { roleType, roles, permissions } = grants ?? (await this.grantsOf(userId));
    return {
      token,
      userId: user.id,
      userName: user.userName,
      realName: user.realName,
      avatar: user.avatar,
      roleType,
      roles,
      permissions,
      unreadMsg: 0,
      mobile: user.mobile,
      realPerson: user.realPerson,
      deptCode: user.deptCode,
      passState: user.passState,
      changedPass: user.changedPass === 1,
    };
  }
}
