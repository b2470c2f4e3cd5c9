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
 * - Registration and login policy come from the switch configuration (services.sysConfig.switches,
 *   SPEC §3 "Switch config"): userReg, userAudit, userDeptType/userDeptCode, mobileLogin, loginTick.
 * - What a user does to their own account besides logging in (profile, avatar, reset by SMS) is in
 *   sys-user.self.ts (`users.self`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { CommonError } from '@kaopei/contracts';
import { CAPTCHA_EMPTY_MSG } from '@kaopei/contracts/captcha';
import { SmsError, SmsType } from '@kaopei/contracts/sms';
import { LoginTick, UserDeptType, type SwitchConfig } from '@kaopei/contracts/sys-config';
import {
  DEPT_REQUIRED_MSG,
  loginMsg,
  REG_LIMITS,
  UserError,
  type LoginFailData,
  type LoginReq,
  type MobileLoginReq,
  type RegReq,
  type SessionUser,
  type UpdatePassReq,
} from '@kaopei/contracts/sys-user';
import type { Executor } from '../../db';
import type { ModuleContext, SeededAccount } from '../../platform/module';
import type { AuthUser } from '../../platform/auth';
import { AppError, badParams, isUniqueViolation } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import { formatDay, now } from '../../lib/time';
import { DEFAULT_DEPT_CODE } from '../sys-depart/sys-depart.constants';
import { ROLE_ADMIN_ID, ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';
import type { Grants } from '../sys-role/sys-role.service';
import { LoginGuard, RegGuard } from './login-guard';
import { UserAdmin } from './sys-user.admin';
import { SessionCache } from './session-cache';
import { DbSessionStore, RedisSessionStore, type SessionStore } from './session-store';
import { ADMIN_USER_NAME, DEMO_ADMIN_PASSWORD, DEMO_LEARNER_NAME, DEMO_LEARNER_PASSWORD } from './sys-user.constants';
import * as repo from './sys-user.repository';
import { SysUserStats } from './sys-user.dash';
import { SysUserSelf } from './sys-user.self';

/** sha-256 (hex) of a session token: the only form in which a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Who is logging in: the client address (TRUST_PROXY decides whether X-Forwarded-For counts) and browser. */
export interface LoginClient {
  ip: string;
  userAgent: string;
}

/** The services sys-user calls (module deps). */
export type SysUserDeps = 'sysRole' | 'captcha' | 'sysConfig' | 'sysDepart' | 'sms' | 'sysDic' | 'sysFile' | 'points' | 'notify' | 'userReal';

/** The refusal of a login for an account that is not in state 0 (null when it may log in): 2 pending review, any other disabled. */
function stateError(state: number): AppError | null {
  if (state === 0) return null;
  return new AppError(state === 2 ? UserError.ACCOUNT_PENDING : UserError.ACCOUNT_DISABLED);
}

export class SysUserService {
  /** The failed-login guard; also counts face logins (module user-real, pair `<ip>|#face`). */
  readonly guard: LoginGuard;
  private readonly regGuard: RegGuard;
  private readonly sessions: SessionStore;
  /** Resolved sessions held in memory for SESSION_CACHE_SECONDS (session-cache.ts). */
  readonly sessionCache: SessionCache;
  /** The caller's own account: profile, avatar, password reset by SMS (sys-user.self.ts). */
  readonly self: SysUserSelf;
  /** User administration: list, save, delete, state, batch changes, import and export (sys-user.admin.ts). */
  readonly admin: UserAdmin;
  /** Statistics reads (sys-user.dash.ts). */
  readonly stats: SysUserStats;

  constructor(private readonly ctx: ModuleContext<SysUserDeps>) {
    this.stats = new SysUserStats(ctx.db);
    this.guard = new LoginGuard(ctx.redis, ctx.db);
    this.regGuard = new RegGuard(ctx.redis, ctx.db, REG_LIMITS);
    const store = ctx.redis ? new RedisSessionStore(ctx.redis) : new DbSessionStore(ctx.db);
    this.sessionCache = new SessionCache(ctx.config.sessionCacheMs, ctx.bus);
    this.sessions = withCacheDrops(store, this.sessionCache);
    this.self = new SysUserSelf(ctx, this);
    this.admin = new UserAdmin(ctx, this);
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
   * 4. a disabled account answers 90010005, one waiting for review (userAudit) 90010007; otherwise
   *    the pair's failures are cleared and loginById opens the session.
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
    const refused = stateError(user.state);
    if (refused) {
      await this.guard.refund(attempt);
      throw refused;
    }
    await this.guard.succeed(attempt);
    return this.loginById(user.id, client);
  }

  /**
   * Opens a session for the live user `userId` whose identity another check already proved (a
   * password, an SMS code, a third-party account bound to them) and answers the session user, like
   * login. Errors: 90010005 disabled account, 90010007 waiting for review; 10010002-style
   * NOT_LOGGED_IN when the user is gone. With the switch loginTick = 1 the user's earlier sessions
   * end once the new one is open (in every process). The one way every login method ends, so
   * account state and session rules apply to all of them.
   */
  async loginById(userId: string, client: LoginClient): Promise<SessionUser> {
    const user = await repo.findUserById(this.db, userId);
    if (!user || user.deleted === 1) throw new AppError(CommonError.NOT_LOGGED_IN);
    const refused = stateError(user.state);
    if (refused) throw refused;
    const token = await this.openSession(user.id, client);
    await this.recordLogin(user.id);
    // Ended after the new one opened: the user is never left without a session by the policy
    // alone (two logins at the same instant may end each other: both then log in again).
    if ((await this.ctx.services.sysConfig.switches()).loginTick === LoginTick.KICK) await this.sessions.endAllOf(user.id, hashToken(token));
    return this.sessionUserOf(user.id, token);
  }

  /**
   * Keeps the user's last login time and, when this is their first login of the day (Asia/Shanghai),
   * emits `user.firstLoginOfDay` in the same transaction (daily login points listen to it; two
   * logins racing at midnight may both emit: listeners are idempotent per day).
   */
  private async recordLogin(userId: string): Promise<void> {
    const at = now();
    await this.db.transaction().execute(async (trx) => {
      const previous = await repo.touchLogin(trx, userId, at);
      if (previous !== undefined && (previous === 0 || formatDay(previous) !== formatDay(at))) {
        await this.ctx.events.emit(trx, 'user.firstLoginOfDay', { userId, day: formatDay(at), loginTime: at });
      }
    });
  }

  /**
   * POST /api/sys/user/mobile-login {mobile, smsCode}: a code of smsType 1 sent to the number of a
   * live account (SPEC §3 phone form), then loginById. Errors: 90010008 when the switch
   * mobileLogin is off (the code is not used up); 90070003 for a wrong, used or expired code, and
   * the same for a number no account has (no oracle); then the errors of loginById.
   */
  async mobileLogin(req: MobileLoginReq, client: LoginClient): Promise<SessionUser> {
    if (!(await this.ctx.services.sysConfig.switches()).mobileLogin) throw new AppError(UserError.MOBILE_LOGIN_OFF);
    if (!(await this.ctx.services.sms.verify(req.mobile, SmsType.LOGIN, req.smsCode))) throw new AppError(SmsError.CODE_INVALID);
    const userId = await repo.idByMobile(this.db, req.mobile);
    if (!userId) throw new AppError(SmsError.CODE_INVALID);
    return this.loginById(userId, client);
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

  /**
   * POST /api/sys/user/reg: learner self-registration under the switch configuration, in this order
   * (each step answers before the next is looked at, so an address over its limit or without a
   * solved captcha learns nothing about names):
   * 1. userReg off: 90010003;
   * 2. more than REG_LIMITS.perIp attempts of this address in the window: 90010009, HTTP 429,
   *    data `{retryAfter}` (s);
   * 3. a wrong, used or missing captcha: 10010006 (the captcha is used up);
   * 4. the unit: with userDeptType 0 `deptCode` is required ('请选择所属单位') and must be a live
   *    department (10010003 '部门不存在！'); with 1 it is userDeptCode whatever was sent;
   * 5. a taken name: 90010001 (also when two registrations race).
   * The new learner has the learner role; with userAudit on it is in state 2 (pending review) and
   * the answer carries no token (`token: ''`, no session); otherwise it is logged in (loginById).
   */
  async register(req: RegReq, client: LoginClient): Promise<SessionUser> {
    const switches = await this.ctx.services.sysConfig.switches();
    if (!switches.userReg) throw new AppError(UserError.REG_CLOSED);
    const retryAfter = await this.regGuard.attempt(client.ip);
    if (retryAfter > 0) throw new AppError(UserError.REG_TOO_MANY, undefined, { retryAfter }, 429);
    if (!(await this.ctx.services.captcha.check(req.captchaKey, req.captchaValue))) throw new AppError(CommonError.CAPTCHA_INVALID);
    const deptCode = await this.registrationDept(req, switches);
    if (await repo.findUserByName(this.db, req.userName)) throw new AppError(UserError.USER_EXISTS);
    const at = now();
    const id = newId();
    const password = await hashPassword(req.password);
    const state = switches.userAudit ? 2 : 0;
    try {
      await this.db.transaction().execute((trx) =>
        repo.insertUser(
          trx,
          { id, userName: req.userName, realName: req.realName, password, avatar: '', mobile: '', email: '', deptCode, state, realPerson: 1, createTime: at, updateTime: at },
          [ROLE_STUDENT_ID],
          newId,
        ),
      );
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(UserError.USER_EXISTS);
      throw e;
    }
    if (state === 2) return this.sessionUserOf(id, '');
    return this.loginById(id, client);
  }

  /** The department of a registering learner (register step 4). */
  private async registrationDept(req: RegReq, switches: SwitchConfig): Promise<string> {
    const departs = this.ctx.services.sysDepart;
    if (switches.userDeptType === UserDeptType.FIXED) {
      const code = switches.userDeptCode || DEFAULT_DEPT_CODE;
      try {
        return (await departs.requireByCode(this.db, code)).deptCode;
      } catch (e) {
        if (!(e instanceof AppError && e.code === CommonError.NOT_FOUND.code)) throw e;
        // The configured department was deleted since: the default one (never deleted) takes them.
        this.ctx.log.warn({ userDeptCode: code }, 'registration: the switch configuration\'s department does not exist; using the default department');
        return DEFAULT_DEPT_CODE;
      }
    }
    if (!req.deptCode) throw badParams(DEPT_REQUIRED_MSG);
    return (await departs.requireByCode(this.db, req.deptCode)).deptCode;
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
   * Drops the cached sessions of users whose account changed (names, department, state, roles), in
   * this process at once and in every other through the bus; their next call reads the account again.
   */
  forgetUsers(userIds: readonly string[]): Promise<void> {
    return this.sessionCache.dropUsers(userIds);
  }

  /**
   * POST /api/sys/user/update-pass. Error 90010004 when the old password is wrong. The user has now
   * chosen their password: changedPass becomes 1 (passState stays), so the SPEC §2 redirect to
   * /web/uc?to=pass stops. Every other session of the user ends (after the new password is
   * stored, so no session opened with the old password survives); the caller's own session goes on.
   */
  async updatePassword(user: AuthUser, req: UpdatePassReq): Promise<void> {
    const row = await repo.findUserById(this.db, user.userId);
    if (!row || !(await verifyPassword(row.password, req.oldPassword))) throw new AppError(UserError.OLD_PASSWORD_WRONG);
    const hash = await hashPassword(req.password);
    await repo.setOwnPassword(this.db, user.userId, hash, now());
    await this.sessions.endAllOf(user.userId, user.tokenHash);
  }

  /** POST /api/sys/user/info: the session user of the caller. */
  info(user: AuthUser): Promise<SessionUser> {
    return this.sessionUserOf(user.userId, user.token, user);
  }

  /**
   * Token → the caller; null when unknown, expired or the account is not in state 0 (disabled,
   * pending review). Runs on every request. From the session cache (session-cache.ts) when held:
   * no query; else one session-store read (a database query or one Redis HMGET) and one query for
   * the user with its role ids, then cached. Role grants come from sys-role's cache; a write only
   * when the session slides (at most once per half TTL). The end of a session is checked against
   * the server clock on every call, cached or not.
   */
  async resolveSession(token: string): Promise<AuthUser | null> {
    const tokenHash = hashToken(token);
    const at = now();
    let s = this.sessionCache.get(tokenHash);
    if (!s) {
      const generation = this.sessionCache.begin();
      const session = await this.sessions.find(tokenHash);
      if (!session || session.expireTime <= at) return null;
      const rows = await repo.findSessionUser(this.db, session.userId);
      const user = rows[0];
      if (!user || user.state !== 0) return null;
      s = {
        userId: session.userId, expireTime: session.expireTime, userName: user.userName, realName: user.realName, deptCode: user.deptCode,
        roleIds: rows.flatMap((r) => (r.roleId ? [r.roleId] : [])),
      };
      this.sessionCache.put(tokenHash, s, generation);
    }
    if (s.expireTime <= at) return null;
    const ttl = this.ctx.config.sessionTtlMs;
    if (s.expireTime - at < ttl / 2) {
      await this.sessions.extend(tokenHash, s.userId, at + ttl, at);
      this.sessionCache.extend(tokenHash, at + ttl);
    }
    const grants = await this.ctx.services.sysRole.grantsOf(s.roleIds);
    return { userId: s.userId, userName: s.userName, realName: s.realName, deptCode: s.deptCode, ...grants, tokenHash, token };
  }

  /** Periodic task: deletes failed-login counters whose window is over (database store only); answers how many. */
  async sweepLoginLimits(): Promise<number> {
    // The limiter library decides windows with the real clock.
    return this.guard.usesDatabase ? repo.deleteExpiredLoginLimits(this.db, Date.now()) : 0;
  }

  /** The face photo url an administrator set for the live user `userId` (issue 12, sys_user.face), '' when none or no such user. */
  async faceOf(userId: string): Promise<string> {
    const user = await repo.findUserById(this.db, userId);
    return user && user.deleted === 0 ? user.face : '';
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

  /** `{id, realName, mobile}` of the live users among `ids` (message recipients, module notify). */
  contactsOf(ids: string[]): Promise<{ id: string; realName: string; mobile: string }[]> {
    return repo.contactsOf(this.db, ids);
  }

  /**
   * Learners a message to "every learner" reaches: live users in state 0 holding the learner role,
   * `limit` at a time by ascending id after `afterId` ('' for the first page); module notify pages
   * through them in its background job. `deptPrefixes`: only learners of those departments and the
   * departments under them (hierarchical codes).
   */
  learnerContacts(afterId: string, limit: number, deptPrefixes?: readonly string[]): Promise<{ id: string; realName: string; mobile: string }[]> {
    return repo.activeUsersInRole(this.db, ROLE_STUDENT_ID, afterId, limit, deptPrefixes);
  }

  /** How many learners `learnerContacts` pages through (`deptPrefixes`: only those departments and the ones under them). */
  countLearners(deptPrefixes?: readonly string[]): Promise<number> {
    return repo.countActiveInRole(this.db, ROLE_STUDENT_ID, deptPrefixes);
  }

  /** Id of the user with this name, or undefined. */
  async idOf(userName: string): Promise<string | undefined> {
    return (await repo.findUserByName(this.db, userName))?.id;
  }

  /**
   * `userName → {id, userName, realName, deptCode, state}` of the live users among `userNames`
   * (module exam-offline's score import names learners by account).
   */
  async accountsByName(userNames: readonly string[]): Promise<Map<string, { id: string; userName: string; realName: string; deptCode: string; state: number }>> {
    const rows = await repo.liveAccountsByName(this.db, [...new Set(userNames)]);
    return new Map(rows.map((r) => [r.userName, r]));
  }

  /**
   * The live user `userId` (names, mobile, department code, state), or undefined when there is none
   * or it was deleted (binding, data scope, the points ledger, certificates). `db`: the caller's
   * transaction when it holds one (on SQLite a query outside it would wait for it to end).
   */
  async accountOf(userId: string, db: Executor = this.db): Promise<{ id: string; userName: string; realName: string; mobile: string; deptCode: string; state: number } | undefined> {
    const u = await repo.findUserById(db, userId);
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

  /** The session user; `grants` when the caller already resolved them (the request's AuthUser); token '' for a user without a session. */
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
      unreadMsg: await this.ctx.services.notify.countUnread(user.id),
      mobile: user.mobile,
      realPerson: (await this.ctx.services.userReal.realPersonOf(user.id)) ? 1 : 0,
      deptCode: user.deptCode,
      passState: user.passState,
      changedPass: user.changedPass === 1,
    };
  }
}

/** `store` whose ends also drop the ended sessions from `cache`, in this process and through the bus in every other. */
function withCacheDrops(store: SessionStore, cache: SessionCache): SessionStore {
  return {
    open: (x) => store.open(x),
    find: (h) => store.find(h),
    extend: (h, u, e, at) => store.extend(h, u, e, at),
    end: async (h, u) => {
      await store.end(h, u);
      await cache.dropToken(h);
    },
    endAllOf: async (u, keep) => {
      await store.endAllOf(u, keep);
      await cache.dropUsers([u]);
    },
  };
}
