/**
 * Module user-real: real-name verification and face login (issue 12; SPEC §3 "Real-person record",
 * §4 "Real-name state", §5, §6, §7 /api/sys/user/real/* and /face-login). Declares the 实名认证 audit
 * page under 系统管理 with its function menus. The learner's form is a tab of /web/uc (web side).
 * Module sys-user asks `realPersonOf` for the session user's realPerson flag; face login opens its
 * session through sys-user's loginById under sys-user's failed-login guard.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MenuType } from '@kaopei/contracts';
import { realnameAuditEvent, userRealApi, UserRealPerm } from '@kaopei/contracts/user-real';
import { fn } from '../../platform/menus';
import { defineModule } from '../../platform/module';
import { UserRealService } from './user-real.service';

declare module '../../platform/services' {
  interface Services {
    userReal: UserRealService;
  }
}

/** The `token` cookie of a login (SPEC §4 Session), as sys-user's own logins set it. */
function setTokenCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie('token', token, { path: '/', httpOnly: false, sameSite: 'lax', secure: req.protocol === 'https' });
}

/** A refusal with HTTP 429 says when to come back (seconds, from data.retryAfter), like the password login. */
function retryAfterHeader(reply: FastifyReply, err: unknown): void {
  const e = err as { status?: number; data?: { retryAfter?: number } | null };
  if (e?.status === 429 && e.data?.retryAfter) reply.header('retry-after', String(e.data.retryAfter));
}

export default defineModule({
  name: 'userReal',
  summary: '实名认证与人脸登录',
  notifyEvents: [realnameAuditEvent],
  // sysUser ↔ userReal is a cycle (the session user's realPerson flag there; loginById and names here), which the registry allows.
  deps: ['sysUser', 'sysConfig', 'sysFile', 'sysRole', 'face', 'notify'],
  tables: ['sys_user_real'],
  service: (ctx) => new UserRealService(ctx),
  routes: (r, reals) => {
    r.json(userRealApi.submit, ({ body, user }) => reals.submit(user, body));
    r.json(userRealApi.detail, ({ user }) => reals.detail(user.userId));
    r.json(userRealApi.audit, ({ body, user }) => reals.audit(user, body));
    r.json(userRealApi.autoAudit, ({ body, user }) => reals.autoAudit(user, body.id));
    r.json(userRealApi.paging, ({ body, user }) => reals.paging(user, body));
    r.json(userRealApi.faceLogin, async ({ body, req, reply }) => {
      try {
        const user = await reals.faceLogin(body.base64, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
        setTokenCookie(req, reply, user.token);
        return user;
      } catch (err) {
        retryAfterHeader(reply, err);
        throw err;
      }
    });
  },
  menus: [
    {
      parent: 'SysMgr', type: MenuType.MENU, title: '实名认证', path: '/admin/sys/user-real', name: 'ListUserReal', component: 'ListUserReal', icon: 'IdcardOutlined', sort: 1,
      children: [fn('实名认证列表', UserRealPerm.LIST, 0), fn('审核实名认证', UserRealPerm.AUDIT, 1)],
    },
  ],
});
