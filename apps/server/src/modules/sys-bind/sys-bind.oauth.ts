/**
 * Third-party login and binding flows (SPEC §4 "Binding wechat, enterprise wechat or DingTalk
 * redirects the browser to a URL the server returns, with state bind"; §7 get-url calls):
 *
 * 1. `get-url` (switch on, and a login for bind) stores a new `state` (64 random hex digits; only
 *    its sha-256 is kept) with its purpose, the user who binds and the page to return to, for 10
 *    minutes, sets it in an httpOnly cookie of this browser, and answers the provider's authorize
 *    URL with redirect_uri = <site>/login/oauth/<type>.
 * 2. The provider sends the browser to that page with `code` and `state`; the page posts them to
 *    the type's `callback`. The state must be the one of this browser's cookie (so nobody can make a
 *    victim's browser finish a flow they started: login CSRF), live, of this type; it is used up in
 *    the same statement that checks it (one use, even on two nodes).
 * 3. The code is exchanged for the account's id through the provider (sys-bind.providers.ts), then
 *    the bound user is logged in through services.sysUser.loginById, or the account is bound to the
 *    caller, who must be the user who asked for the URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CommonError } from '@kaopei/contracts';
import type { SessionUser } from '@kaopei/contracts/sys-user';
import {
  BindError,
  OAUTH_STATE_TTL_MS,
  oauthCallbackPage,
  THIRD_PARTY_TYPES,
  type OauthCallbackReq,
  type OauthResult,
  type oauthUrlReq,
  type ThirdPartyType,
} from '@kaopei/contracts/sys-bind';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { AppError, badParams } from '../../lib/errors';
import { now } from '../../lib/time';
import { LocalProvider, ProviderError, providersFromEnv, type OauthProvider } from './sys-bind.providers';
import * as repo from './sys-bind.repository';
import { typeMsg } from './sys-bind.messages';
import type { BindDeps, SysBindService } from './sys-bind.service';

/** Life of a code of the local provider (ms). */
const LOCAL_CODE_TTL_MS = 5 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Who is logging in (for the session, like a password login). */
export interface OauthClient {
  ip: string;
  userAgent: string;
}

export class OauthFlows {
  /** The provider of each type: a real client when configured, else the local one. */
  readonly providers: Record<ThirdPartyType, OauthProvider>;
  private readonly redirectBase: string | undefined;

  constructor(
    private readonly ctx: ModuleContext<BindDeps>,
    private readonly binds: SysBindService,
  ) {
    const config = providersFromEnv(process.env);
    const exchange = (type: ThirdPartyType, code: string) => this.exchangeLocal(type, code);
    this.providers = Object.fromEntries(THIRD_PARTY_TYPES.map((t) => [t, config.remote[t] ?? new LocalProvider(t, exchange)])) as Record<ThirdPartyType, OauthProvider>;
    this.redirectBase = config.redirectBase;
  }

  /** True when `type` uses the local demonstration provider (no credentials configured). */
  isLocal(type: ThirdPartyType): boolean {
    return this.providers[type] instanceof LocalProvider;
  }

  /** `https://host[:port]` of a request (a Host that is no host name or address is refused). */
  private originOf(site: { protocol: string; host: string }): string {
    if (!/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(site.host)) throw badParams('请求的主机名不正确！');
    return `${this.ctx.config.https ? 'https' : site.protocol === 'https' ? 'https' : 'http'}://${site.host}`;
  }

  private async requireOn(type: ThirdPartyType): Promise<void> {
    if (!(await this.binds.switchedOn())[type]) throw new AppError(BindError.LOGIN_OFF, typeMsg.off(type));
  }

  /**
   * POST …/get-url: a new state and the provider's authorize URL. `site` is the protocol and Host
   * the browser used (OAUTH_REDIRECT_BASE, when set, is the origin instead; KAOPEI_HTTPS makes it
   * https). Errors: 90080005 the type is switched off; 10010002 a bind without login; 10010001 a
   * Host header that is no host name. The caller sets `state` in the browser's cookie.
   */
  async getUrl(type: ThirdPartyType, req: z.output<typeof oauthUrlReq>, user: AuthUser | null, site: { protocol: string; host: string }): Promise<{ url: string; state: string }> {
    await this.requireOn(type);
    if (req.state === 'bind' && !user) throw new AppError(CommonError.NOT_LOGGED_IN);
    const origin = this.redirectBase ?? this.originOf(site);
    const state = randomBytes(32).toString('hex');
    const at = now();
    await repo.insertState(this.ctx.db, {
      stateHash: sha256(state),
      loginType: type,
      purpose: req.state,
      userId: req.state === 'bind' && user ? user.userId : '',
      redirect: req.redirect ?? '',
      createTime: at,
      expireTime: at + OAUTH_STATE_TTL_MS,
    });
    const redirectUri = `${origin}${oauthCallbackPage(type)}`;
    return { url: this.providers[type].authorizeUrl(redirectUri, state), state };
  }

  /**
   * POST …/callback {code, state}. `cookieState` is the state cookie this browser carries. Answers
   * the session user for login (the route sets the token cookie) or null after a bind. Errors:
   * 90080006 state unknown, used, expired, of another type or browser, or a bind by someone other
   * than who asked; 90080005 switched off; 90080009 the provider refused the code; login: 90080008
   * no user has bound the account, 90010005 the user is disabled; bind: 90080007 / 90080010.
   */
  async callback(type: ThirdPartyType, req: OauthCallbackReq, user: AuthUser | null, cookieState: string | undefined, client: OauthClient): Promise<OauthResult> {
    if (cookieState !== req.state) throw new AppError(BindError.STATE_INVALID);
    const row = await repo.consumeState(this.ctx.db, sha256(req.state), now());
    if (!row || row.loginType !== type) throw new AppError(BindError.STATE_INVALID);
    await this.requireOn(type);
    const purpose = row.purpose === 'bind' ? 'bind' : 'login';
    if (purpose === 'bind' && (!user || user.userId !== row.userId)) throw new AppError(BindError.STATE_INVALID, '登录已失效或已切换账号，请重新发起绑定！');
    let openId: string;
    try {
      openId = await this.providers[type].openIdOf(req.code);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      this.ctx.log.warn({ provider: err.provider, detail: err.detail }, 'third-party login: code exchange refused');
      throw new AppError(BindError.PROVIDER_FAILED, typeMsg.failed(type));
    }
    if (purpose === 'bind' && user) {
      await this.binds.bindThirdParty(user.userId, type, openId);
      return { purpose, loginType: type, redirect: row.redirect, user: null };
    }
    const userId = await this.binds.userOfAccount(type, openId);
    if (!userId) throw new AppError(BindError.NO_USER, typeMsg.noUser(type));
    const session: SessionUser = await this.ctx.services.sysUser.loginById(userId, client);
    return { purpose, loginType: type, redirect: row.redirect, user: session };
  }

  /**
   * POST /api/common/oauth-local/authorize: the local provider's consent step for a flow in progress
   * (its state live and of this type) → a one-use code for `openId` (5 minutes). Errors: 90080011
   * the type has real credentials; 90080005 switched off; 90080006 no such flow.
   */
  async localAuthorize(type: ThirdPartyType, openId: string, state: string): Promise<{ code: string }> {
    if (!this.isLocal(type)) throw new AppError(BindError.LOCAL_OFF);
    await this.requireOn(type);
    const at = now();
    const flow = await repo.findLiveState(this.ctx.db, sha256(state), at);
    if (!flow || flow.loginType !== type) throw new AppError(BindError.STATE_INVALID);
    const code = randomBytes(32).toString('hex');
    await repo.insertLocalCode(this.ctx.db, { codeHash: sha256(code), loginType: type, openId, expireTime: at + LOCAL_CODE_TTL_MS });
    return { code };
  }

  /** The identity of a local code, used up (one use), or undefined. */
  private async exchangeLocal(type: ThirdPartyType, code: string): Promise<string | undefined> {
    return (await repo.consumeLocalCode(this.ctx.db, sha256(code), type, now()))?.openId;
  }

  /** Periodic: deletes ended states and local codes; answers how many. */
  purge(): Promise<number> {
    return repo.purgeExpired(this.ctx.db, now());
  }
}
