/**
 * Module sys-user: accounts and sessions (SPEC §3 "Session user", §4 "Session", §5 rules, §7
 * /api/sys/user/*). Provides the authenticator: every request's token is resolved here. Login
 * checks image captchas through module captcha (login-guard.ts says when one is required).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userApi, type LoginFailData, type SessionUser } from '@kaopei/contracts/sys-user';
import { AppError } from '../../lib/errors';
import { defineModule } from '../../platform/module';
import { SysUserService } from './sys-user.service';

declare module '../../platform/services' {
  interface Services {
    sysUser: SysUserService;
  }
}

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Sets the `token` cookie (SPEC §4 Session) next to the token in the answer; `Secure` over HTTPS. */
function withCookie(req: FastifyRequest, reply: FastifyReply, user: SessionUser): SessionUser {
  reply.setCookie('token', user.token, { path: '/', httpOnly: false, sameSite: 'lax', secure: req.protocol === 'https' });
  return user;
}

/** A login refused with HTTP 429 also says when to come back in the standard header (seconds). */
function retryAfterHeader(reply: FastifyReply, err: unknown): void {
  const retryAfter = err instanceof AppError && err.status === 429 ? (err.data as LoginFailData | null)?.retryAfter : undefined;
  if (retryAfter) reply.header('retry-after', String(retryAfter));
}

export default defineModule({
  name: 'sysUser',
  summary: '用户与会话',
  deps: ['sysRole', 'sysDepart', 'captcha'],
  tables: ['sys_user', 'sys_user_role', 'sys_user_token', 'sys_user_login_limit'],
  service: (ctx) => new SysUserService(ctx),
  authenticator: (users) => (token) => users.resolveSession(token),
  routes: (r, users) => {
    r.json(userApi.login, async ({ body, req, reply }) => {
      try {
        return withCookie(req, reply, await users.login(body, client(req)));
      } catch (err) {
        retryAfterHeader(reply, err);
        throw err;
      }
    });
    r.json(userApi.reg, async ({ body, req, reply }) => withCookie(req, reply, await users.register(body, client(req))));
    r.json(userApi.info, ({ user }) => users.info(user));
    r.json(userApi.logout, async ({ user, reply }) => {
      await users.logout(user);
      reply.clearCookie('token', { path: '/' });
      return null;
    });
    r.json(userApi.updatePass, async ({ user, body }) => {
      await users.updatePassword(user, body);
      return null;
    });
  },
  tasks: [{ name: 'sys-user.login-limit-sweep', everyMs: () => 3600_000, run: (users) => users.sweepLoginLimits() }],
  start: async (users, info) => {
    if (info.firstStart) info.accounts.push(...(await users.seed()));
  },
});
