/**
 * Module sys-user: accounts and sessions (SPEC §3 "Session user", §4 "Session", §5 rules, §7
 * /api/sys/user/*). Provides the authenticator: every request's token is resolved here. Login
 * checks image captchas through module captcha (login-guard.ts says when one is required);
 * registration and login policy come from module sys-config's switches, SMS codes are checked by
 * module sms; the caller's own profile, avatar and reset by SMS are `users.self` (sys-user.self.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MenuType } from '@kaopei/contracts';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import { USER_IMPORT_JOB, UserPerm, userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { AppError } from '../../lib/errors';
import { requirePerm } from '../../platform/auth';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { SysUserService } from './sys-user.service';

declare module '../../platform/services' {
  interface Services {
    sysUser: SysUserService;
  }
}

/** `user.firstLoginOfDay`: a user's first login of a calendar day (Asia/Shanghai), by any login method. */
export interface FirstLoginOfDayEvent {
  userId: string;
  /** yyyy-MM-dd */
  day: string;
  /** Epoch ms, server clock. */
  loginTime: number;
}

declare module '../../platform/events' {
  interface DomainEvents {
    'user.firstLoginOfDay': FirstLoginOfDayEvent;
  }
}

const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Sets the `token` cookie (SPEC §4 Session) next to the token in the answer (none without a token: a registration pending review); `Secure` over HTTPS. */
function withCookie(req: FastifyRequest, reply: FastifyReply, user: SessionUser): SessionUser {
  if (user.token) reply.setCookie('token', user.token, { path: '/', httpOnly: false, sameSite: 'lax', secure: req.protocol === 'https' });
  return user;
}

/** A login or registration refused with HTTP 429 also says when to come back in the standard header (seconds, from data.retryAfter). */
function retryAfterHeader(reply: FastifyReply, err: unknown): void {
  const retryAfter = err instanceof AppError && err.status === 429 ? (err.data as { retryAfter?: number } | null)?.retryAfter : undefined;
  if (retryAfter) reply.header('retry-after', String(retryAfter));
}

/** Answers `login()` with the token cookie; a refusal with HTTP 429 gets Retry-After. */
async function signIn(req: FastifyRequest, reply: FastifyReply, login: () => Promise<SessionUser>): Promise<SessionUser> {
  try {
    return withCookie(req, reply, await login());
  } catch (err) {
    retryAfterHeader(reply, err);
    throw err;
  }
}

export default defineModule({
  name: 'sysUser',
  summary: '用户与会话',
  // sms ↔ sysUser is a cycle (sms asks idByMobile before sending; login and reset verify codes), which the registry allows.
  // points ↔ sysUser too: the user list shows balances and the import credits 积分 through the points ledger, which owns them.
  // notify: the session user's unreadMsg (notify ↔ sysUser is a cycle too: notify reads recipients here).
  // userReal: the session user's realPerson flag (userReal ↔ sysUser is a cycle too: face login opens its session here).
  deps: ['sysRole', 'sysDepart', 'captcha', 'sysConfig', 'sms', 'sysDic', 'sysFile', 'points', 'notify', 'userReal'],
  tables: ['sys_user', 'sys_user_role', 'sys_user_token', 'sys_user_login_limit'],
  service: (ctx) => new SysUserService(ctx),
  authenticator: (users) => (token) => users.resolveSession(token),
  routes: (r, users) => {
    r.json(userApi.login, ({ body, req, reply }) => signIn(req, reply, () => users.login(body, client(req))));
    r.json(userApi.reg, ({ body, req, reply }) => signIn(req, reply, () => users.register(body, client(req))));
    r.json(userApi.mobileLogin, ({ body, req, reply }) => signIn(req, reply, () => users.mobileLogin(body, client(req))));
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
    r.json(userApi.resetBySms, async ({ body }) => {
      await users.self.resetBySms(body);
      return null;
    });
    r.json(userApi.profile, ({ user }) => users.self.profile(user));
    r.json(userApi.update, async ({ user, body }) => {
      await users.self.update(user, body);
      return null;
    });
    r.json(userApi.updateAvatar, async ({ user, body }) => {
      await users.self.updateAvatar(user, body.avatar);
      return null;
    });

    // user administration (sys-user.admin.ts, sys-user.import.ts)
    r.json(userAdminApi.paging, ({ body, user }) => users.admin.paging(body, user));
    r.json(userAdminApi.detail, ({ body, user }) => users.admin.detail(body.id, user));
    r.json(userAdminApi.save, ({ body, user }) => {
      requirePerm(user, body.id ? UserPerm.UPDATE : UserPerm.ADD);
      return users.admin.save(body, user);
    });
    r.json(userAdminApi.delete, async ({ body, user }) => {
      await users.admin.delete(body.ids, user);
      return null;
    });
    r.json(userAdminApi.state, async ({ body, user }) => {
      await users.admin.setState(body.ids, body.state, user);
      return null;
    });
    r.json(userAdminApi.batchDept, async ({ body, user }) => {
      await users.admin.batchDept(body.ids, body.deptCode, user);
      return null;
    });
    r.json(userAdminApi.batchRole, async ({ body, user }) => {
      await users.admin.batchRole(body.ids, body.roles, user);
      return null;
    });
    r.json(userAdminApi.resetPass, async ({ body, user }) => {
      await users.admin.resetPass(body.ids, body.password, user);
      return null;
    });
    r.json(userAdminApi.userList, ({ body, user }) => users.admin.userList(body.ids, user));
    r.download(userAdminApi.export, async ({ body, user }) => ({ body: await users.admin.importer.exportSheet(body, user) }));
    r.upload(userAdminApi.import, ({ file, user }) => users.admin.importer.start(file, user));
    r.download(userAdminApi.importTemplate, async () => ({ body: await users.admin.importer.template() }));
  },
  jobs: { [USER_IMPORT_JOB]: (users) => (payload, job) => users.admin.importer.run(payload, job) },
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '用户管理', path: '/admin/sys/user', name: 'ListUser', component: 'ListUser', icon: 'UserOutlined', sort: 0,
      children: [
        fn('用户列表', UserPerm.LIST, 0), fn('添加用户', UserPerm.ADD, 1), fn('修改用户', UserPerm.UPDATE, 2), fn('删除用户', UserPerm.DELETE, 3),
        fn('修改状态', UserPerm.STATE, 4), fn('重置密码', UserPerm.RESET_PASS, 5), fn('导入用户', UserPerm.IMPORT, 6), fn('导出用户', UserPerm.EXPORT, 7),
      ],
    },
  ],
  tasks: [{ name: 'sys-user.login-limit-sweep', everyMs: () => 3600_000, run: (users) => users.sweepLoginLimits() }],
  start: async (users, info) => {
    if (info.firstStart) info.accounts.push(...(await users.seed()));
  },
});
