/**
 * Accounts and sessions (SPEC §3 "Session user", §5 rules, §7 /api/sys/user/*).
 *
 * - Tokens are 256-bit random, base64url; only their sha-256 is stored (sys_user_token), so logout
 *   and disabling take effect at once. Sessions slide: each use within the last half of the TTL
 *   extends them by a full TTL.
 * - Login is rate-limited per account (5 failures → 15 min lock) and per IP (30 failures / 15 min),
 *   answering HTTP 429 with code 10010005.
 * - Passwords: Argon2id (lib/password.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { ErrorCode, RoleType, type LoginReq, type RegReq, type SessionUser, type UpdatePassReq } from '@kaopei/contracts';
import type { Db } from '../../db';
import type { Config } from '../../config';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/password';
import { now } from '../../lib/time';
import type { AuthUser } from '../../plugins/route';
import { DEFAULT_DEPT_CODE, ROLE_STUDENT_ID } from '../../db/seed/constants';
import * as repo from './sys-user.repository';

export const LOGIN_LOCK_MSG = '登录失败次数过多，请15分钟后再试！';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type Grants = Pick<AuthUser, 'roleType' | 'roleIds' | 'roles' | 'permissions'>;

export class SysUserService {
  private readonly accountLimiter = new RateLimiterMemory({ keyPrefix: 'login-account', points: 5, duration: 15 * 60, blockDuration: 15 * 60 });
  private readonly ipLimiter = new RateLimiterMemory({ keyPrefix: 'login-ip', points: 30, duration: 15 * 60, blockDuration: 15 * 60 });

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  /** POST /api/sys/user/login → session user with a new token. Errors: 90010002, 90010005, 10010005. */
  async login(req: LoginReq, client: { ip: string; userAgent: string }): Promise<SessionUser> {
    const accountKey = req.username.toLowerCase();
    const [acc, ip] = await Promise.all([this.accountLimiter.get(accountKey), this.ipLimiter.get(client.ip)]);
    if ((acc && acc.remainingPoints <= 0) || (ip && ip.remainingPoints <= 0)) {
      throw new AppError(ErrorCode.TOO_MANY_REQUESTS, LOGIN_LOCK_MSG, null, 429);
    }
    const user = await repo.findUserByName(this.db, req.username);
    const valid = await verifyPassword(user?.password, req.password);
    if (!user || !valid) {
      await Promise.all([
        this.accountLimiter.consume(accountKey).catch((r: RateLimiterRes) => r),
        this.ipLimiter.consume(client.ip).catch((r: RateLimiterRes) => r),
      ]);
      throw new AppError(ErrorCode.BAD_CREDENTIALS);
    }
    if (user.state === 1) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
    await this.accountLimiter.delete(accountKey);
    const token = await this.openSession(user.id, client);
    return this.sessionUserOf(user.id, token);
  }

  /** POST /api/sys/user/reg: learner self-registration into the default department; answers like login. */
  async register(req: RegReq, client: { ip: string; userAgent: string }): Promise<SessionUser> {
    if (!this.config.site.userReg) throw new AppError(ErrorCode.REG_CLOSED);
    if (await repo.findUserByName(this.db, req.userName)) throw new AppError(ErrorCode.USER_EXISTS);
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
      if (isUniqueViolation(e)) throw new AppError(ErrorCode.USER_EXISTS);
      throw e;
    }
    const token = await this.openSession(id, client);
    return this.sessionUserOf(id, token);
  }

  /** POST /api/sys/user/logout: the token stops working at once. */
  async logout(user: AuthUser): Promise<void> {
    await repo.deleteToken(this.db, user.tokenHash);
  }

  /** POST /api/sys/user/update-pass. Error 90010004 when the old password is wrong. */
  async updatePassword(user: AuthUser, req: UpdatePassReq): Promise<void> {
    const row = await repo.findUserById(this.db, user.userId);
    if (!row || !(await verifyPassword(row.password, req.oldPassword))) throw new AppError(ErrorCode.OLD_PASSWORD_WRONG);
    await repo.updatePassword(this.db, user.userId, await hashPassword(req.password), now());
  }

  /** POST /api/sys/user/info: the session user of the caller. */
  info(user: AuthUser): Promise<SessionUser> {
    return this.sessionUserOf(user.userId, user.token, user);
  }

  /** Token → session user; null when unknown, expired or the account is disabled. */
  async resolveSession(token: string): Promise<AuthUser | null> {
    const tokenHash = hashToken(token);
    const session = await repo.findToken(this.db, tokenHash);
    const at = now();
    if (!session || session.expireTime <= at) return null;
    const user = await repo.findUserById(this.db, session.userId);
    if (!user || user.state === 1) return null;
    const ttl = this.config.sessionTtlMs;
    if (session.expireTime - at < ttl / 2) await repo.extendToken(this.db, session.id, at + ttl);
    return { userId: user.id, userName: user.userName, realName: user.realName, ...(await this.grantsOf(user.id)), tokenHash, token };
  }

  countUsers(): Promise<number> {
    return repo.countUsers(this.db);
  }

  /** roleType (2 when any role is admin-side), role ids and names, and permission codes of a user. */
  private async grantsOf(userId: string): Promise<Grants> {
    const roles = await repo.rolesOfUser(this.db, userId);
    return {
      roleType: roles.some((r) => r.roleType === RoleType.ADMIN) ? RoleType.ADMIN : RoleType.LEARNER,
      roleIds: roles.map((r) => r.id),
      roles: roles.map((r) => r.roleName),
      permissions: await repo.permissionsOfRoles(this.db, roles.map((r) => r.id)),
    };
  }

  private async openSession(userId: string, client: { ip: string; userAgent: string }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await repo.deleteExpiredTokens(this.db, userId, at);
    await repo.insertToken(this.db, {
      id: newId(),
      userId,
      tokenHash: hashToken(token),
      createTime: at,
      expireTime: at + this.config.sessionTtlMs,
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 500),
    });
    return token;
  }

  /** The session user; `grants` when the caller already resolved them (the request's AuthUser). */
  private async sessionUserOf(userId: string, token: string, grants?: Grants): Promise<SessionUser> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError(ErrorCode.NOT_LOGGED_IN);
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
    };
  }
}
