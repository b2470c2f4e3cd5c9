/**
 * Module sys-user: accounts and sessions (SPEC §3 "Session user", §4 "Session", §5 rules, §7
 * /api/sys/user/*). Provides the authenticator: every request's token is resolved here. Login
 * checks image captchas through module captcha (login-guard.ts says when one is required).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MenuType } from '@kaopei/contracts';
import { userApi, type LoginFailData, type SessionUser } from '@kaopei/contracts/sys-user';
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
  deps: ['sysRole', 'sysDepart', 'sysDic', 'captcha'],
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
