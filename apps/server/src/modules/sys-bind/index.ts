/**
 * Module sys-bind: account binding and third-party login (SPEC §2 login-binding list, user edit
 * dialog "account binding"; §3 "Binding"; §4 "SMS and binding"; §6; §7 "Binding" and the get-url
 * calls). Learners bind their mobile (SMS codes of module sms) and WeChat, enterprise WeChat and
 * DingTalk accounts (sys-bind.oauth.ts, sys-bind.providers.ts); administrators bind and unbind
 * mobiles and unbind third-party accounts. Logins through a bound account end in
 * services.sysUser.loginById like every other login.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MenuType } from '@kaopei/contracts';
import { bindApi, BindPerm, OAUTH_ENDPOINTS, OAUTH_STATE_TTL_MS, oauthApi, THIRD_PARTY_TYPES } from '@kaopei/contracts/sys-bind';
import { defineModule } from '../../platform/module';
import { SysBindService } from './sys-bind.service';

declare module '../../platform/services' {
  interface Services {
    sysBind: SysBindService;
  }
}

/** The httpOnly cookie holding the state of this browser's flow in progress (login CSRF guard). */
const STATE_COOKIE = 'kaopei_oauth_state';
const cookieBase = (req: FastifyRequest) => ({ path: '/api/common', httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https' });
const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Key of the menu the binding function hangs under. */
const USER_MENU = 'ListUser';

function setTokenCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie('token', token, { path: '/', httpOnly: false, sameSite: 'lax', secure: req.protocol === 'https' });
}

export default defineModule({
  name: 'sysBind',
  summary: '账号绑定与第三方登录',
  deps: ['sysUser', 'sms', 'sysConfig', 'sysRole'],
  tables: ['sys_user_bind', 'sys_oauth_state', 'sys_oauth_local_code'],
  service: (ctx) => new SysBindService(ctx),
  routes: (r, binds) => {
    r.json(bindApi.bindList, ({ user }) => binds.bindList(user.userId));
    r.json(bindApi.unbind, async ({ user, body }) => {
      await binds.unbind(user.userId, body.loginType);
      return null;
    });
    r.json(bindApi.bindMobile, async ({ user, body }) => {
      await binds.bindMobile(user, body);
      return null;
    });
    r.json(bindApi.unbindMobile, async ({ user, body }) => {
      await binds.unbindMobile(user, body);
      return null;
    });
    r.json(bindApi.bindInfo, ({ user, body }) => binds.bindInfo(user, body.loginType, body.userId));
    r.json(bindApi.directBind, async ({ user, body }) => {
      await binds.directBind(user, body);
      return null;
    });
    r.json(bindApi.directUnbind, async ({ user, body }) => {
      await binds.directUnbind(user, body);
      return null;
    });
    r.json(bindApi.paging, ({ user, body }) => binds.paging(user, body));
    r.json(bindApi.unbindById, async ({ user, body }) => {
      await binds.unbindById(user, body.id);
      return null;
    });

    for (const type of THIRD_PARTY_TYPES) {
      r.json(OAUTH_ENDPOINTS[type].url, async ({ body, user, req, reply }) => {
        const { url, state } = await binds.oauth.getUrl(type, body, user, { protocol: req.protocol, host: req.host });
        reply.setCookie(STATE_COOKIE, state, { ...cookieBase(req), maxAge: OAUTH_STATE_TTL_MS / 1000 });
        return { url };
      });
      r.json(OAUTH_ENDPOINTS[type].callback, async ({ body, user, req, reply }) => {
        const result = await binds.oauth.callback(type, body, user, req.cookies?.[STATE_COOKIE], client(req));
        reply.clearCookie(STATE_COOKIE, cookieBase(req));
        if (result.user) setTokenCookie(req, reply, result.user.token);
        return result;
      });
    }
    r.json(oauthApi.localAuthorize, ({ body }) => binds.oauth.localAuthorize(body.loginType, body.openId, body.state));
  },
  menus: [{ parent: USER_MENU, type: MenuType.FUNCTION, title: '账号绑定', permission: BindPerm.BIND, sort: 20 }],
  tasks: [{ name: 'sys-bind.oauth-purge', everyMs: () => 3600_000, run: (binds) => binds.oauth.purge() }],
});
