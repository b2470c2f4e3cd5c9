/**
 * Third-party login providers behind one interface (ARCHITECTURE §1: a real client and a working
 * local default), each written against its provider's documented API:
 * - `WechatProvider`: WeChat open platform website QR login (网站应用微信登录): authorize at
 *   open.weixin.qq.com/connect/qrconnect (scope snsapi_login); the code is exchanged at
 *   api.weixin.qq.com/sns/oauth2/access_token → `openid` (errors `{errcode, errmsg}`).
 * - `WecomProvider`: enterprise WeChat (企业微信) web login: authorize at
 *   login.work.weixin.qq.com/wwlogin/sso/login (login_type CorpApp); the app's access_token from
 *   qyapi.weixin.qq.com/cgi-bin/gettoken (cached for its `expires_in`), then
 *   /cgi-bin/auth/getuserinfo → the member's `userid` (errors `{errcode, errmsg}`; an expired
 *   token, 40014 / 42001, is fetched again once).
 * - `DingtalkProvider`: DingTalk (钉钉) login: authorize at login.dingtalk.com/oauth2/auth (scope
 *   openid, prompt consent); POST api.dingtalk.com/v1.0/oauth2/userAccessToken → `accessToken`,
 *   then GET /v1.0/contact/users/me (header x-acs-dingtalk-access-token) → `openId` (errors: HTTP
 *   4xx/5xx with `{code, message}`).
 * - `LocalProvider` (the default of a type without credentials): the authorize URL is this site's
 *   page /login/oauth/<type>/authorize, where the person picks an identity; the page asks the server
 *   for a code (`POST /api/common/oauth-local/authorize`) and goes back with it, and the code is
 *   exchanged in the database. For demonstrations and tests: anybody can be anybody there.
 * Configuration comes from the environment (`providersFromEnv`).
 */
import { z } from 'zod';
import { oauthLocalPage, type ThirdPartyType } from '@kaopei/contracts/sys-bind';

/** The provider refused (its error code and message) or could not be reached. */
export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly detail: string,
  ) {
    super(`${provider}: ${detail}`);
    this.name = 'ProviderError';
  }
}

/** One login provider: where to send the browser, and how a code becomes the account's id. */
export interface OauthProvider {
  /** 'local', 'wechat', 'wecom' or 'dingtalk'. */
  readonly name: string;
  /** The provider's authorize URL for this flow (`redirectUri` absolute, `state` 64 hex digits). */
  authorizeUrl(redirectUri: string, state: string): string;
  /** The account's id at the provider for a code the browser brought back; throws ProviderError. */
  openIdOf(code: string): Promise<string>;
}

/** `base?k=v&…` with every value URI-encoded (keys are plain). */
function withQuery(base: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const TIMEOUT_MS = 10_000;

/** GET/POST JSON with a timeout; answers the HTTP status and the parsed body ({} when it is not JSON). */
async function fetchJson(provider: string, url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new ProviderError(provider, `unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  const body = (await res.json().catch(() => ({}))) as unknown;
  return { status: res.status, body: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {} };
}

/** Throws the `{errcode, errmsg}` error of a WeChat / WeCom answer (errcode absent or 0 is success). */
function checkErrcode(provider: string, status: number, body: Record<string, unknown>): void {
  const errcode = Number(body.errcode ?? 0);
  if (errcode !== 0) throw new ProviderError(provider, `errcode ${errcode} ${String(body.errmsg ?? '')}`.trim());
  if (status >= 400) throw new ProviderError(provider, `HTTP ${status}`);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export interface WechatOptions {
  appId: string;
  appSecret: string;
  /** Default https://open.weixin.qq.com/connect/qrconnect */
  authorizeUrl: string;
  /** Default https://api.weixin.qq.com */
  apiBase: string;
}

/** WeChat open platform website QR login (scope snsapi_login). The account id is the `openid` of the app. */
export class WechatProvider implements OauthProvider {
  readonly name = 'wechat';
  constructor(private readonly opts: WechatOptions) {}

  authorizeUrl(redirectUri: string, state: string): string {
    const params = { appid: this.opts.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state };
    return `${withQuery(this.opts.authorizeUrl, params)}#wechat_redirect`;
  }

  async openIdOf(code: string): Promise<string> {
    const url = withQuery(`${trimSlash(this.opts.apiBase)}/sns/oauth2/access_token`, {
      appid: this.opts.appId,
      secret: this.opts.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const { status, body } = await fetchJson(this.name, url);
    checkErrcode(this.name, status, body);
    const openid = str(body.openid);
    if (!openid) throw new ProviderError(this.name, 'no openid in the answer');
    return openid;
  }
}

export interface WecomOptions {
  corpId: string;
  agentId: string;
  secret: string;
  /** Default https://login.work.weixin.qq.com/wwlogin/sso/login */
  authorizeUrl: string;
  /** Default https://qyapi.weixin.qq.com */
  apiBase: string;
}

/** errcode of an invalid or expired access_token (企业微信 全局错误码). */
const WECOM_TOKEN_ERRORS = new Set([40014, 42001]);

/** Enterprise WeChat web login of a self-built app (login_type CorpApp). The account id is the member's `userid`. */
export class WecomProvider implements OauthProvider {
  readonly name = 'wecom';
  private token: { value: string; until: number } | null = null;
  constructor(private readonly opts: WecomOptions) {}

  authorizeUrl(redirectUri: string, state: string): string {
    return withQuery(this.opts.authorizeUrl, { login_type: 'CorpApp', appid: this.opts.corpId, agentid: this.opts.agentId, redirect_uri: redirectUri, state });
  }

  /** The app's access_token, kept until 5 minutes before its `expires_in` (the API asks callers to cache it). */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const url = withQuery(`${trimSlash(this.opts.apiBase)}/cgi-bin/gettoken`, { corpid: this.opts.corpId, corpsecret: this.opts.secret });
    const { status, body } = await fetchJson(this.name, url);
    checkErrcode(this.name, status, body);
    const value = str(body.access_token);
    if (!value) throw new ProviderError(this.name, 'no access_token in the answer');
    const seconds = Number(body.expires_in) || 7200;
    this.token = { value, until: Date.now() + Math.max(60, seconds - 300) * 1000 };
    return value;
  }

  async openIdOf(code: string): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const url = withQuery(`${trimSlash(this.opts.apiBase)}/cgi-bin/auth/getuserinfo`, { access_token: token, code });
      const { status, body } = await fetchJson(this.name, url);
      if (attempt === 0 && WECOM_TOKEN_ERRORS.has(Number(body.errcode))) {
        this.token = null;
        continue;
      }
      checkErrcode(this.name, status, body);
      // `userid` for members (older answers: `UserId`); a non-member gets only `openid`.
      const userId = str(body.userid) || str(body.UserId);
      if (!userId) throw new ProviderError(this.name, 'not a member of the organisation (no userid)');
      return userId;
    }
  }
}

export interface DingtalkOptions {
  clientId: string;
  clientSecret: string;
  /** Default https://login.dingtalk.com/oauth2/auth */
  authorizeUrl: string;
  /** Default https://api.dingtalk.com */
  apiBase: string;
}

/** Throws the `{code, message}` error of a DingTalk v1.0 answer (any HTTP status ≥ 400). */
function checkDingtalk(status: number, body: Record<string, unknown>): void {
  if (status >= 400) throw new ProviderError('dingtalk', `HTTP ${status} ${str(body.code)} ${str(body.message)}`.trim());
}

/** DingTalk login (scope openid). The account id is the user's `openId` for the app (`unionId` when absent). */
export class DingtalkProvider implements OauthProvider {
  readonly name = 'dingtalk';
  constructor(private readonly opts: DingtalkOptions) {}

  authorizeUrl(redirectUri: string, state: string): string {
    return withQuery(this.opts.authorizeUrl, { redirect_uri: redirectUri, response_type: 'code', client_id: this.opts.clientId, scope: 'openid', state, prompt: 'consent' });
  }

  async openIdOf(code: string): Promise<string> {
    const base = trimSlash(this.opts.apiBase);
    const tokenAnswer = await fetchJson(this.name, `${base}/v1.0/oauth2/userAccessToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: this.opts.clientId, clientSecret: this.opts.clientSecret, code, grantType: 'authorization_code' }),
    });
    checkDingtalk(tokenAnswer.status, tokenAnswer.body);
    const accessToken = str(tokenAnswer.body.accessToken);
    if (!accessToken) throw new ProviderError(this.name, 'no accessToken in the answer');
    const me = await fetchJson(this.name, `${base}/v1.0/contact/users/me`, { headers: { 'x-acs-dingtalk-access-token': accessToken } });
    checkDingtalk(me.status, me.body);
    const openId = str(me.body.openId) || str(me.body.unionId);
    if (!openId) throw new ProviderError(this.name, 'no openId in the answer');
    return openId;
  }
}

/** The local demonstration provider of one login type; `exchange` uses a code up in the database. */
export class LocalProvider implements OauthProvider {
  readonly name = 'local';
  constructor(
    private readonly type: ThirdPartyType,
    private readonly exchange: (type: ThirdPartyType, code: string) => Promise<string | undefined>,
  ) {}

  /** This site's page for the type, on the origin of `redirectUri`. */
  authorizeUrl(redirectUri: string, state: string): string {
    return withQuery(`${new URL(redirectUri).origin}${oauthLocalPage(this.type)}`, { redirect_uri: redirectUri, state });
  }

  async openIdOf(code: string): Promise<string> {
    const openId = /^[0-9a-f]{64}$/.test(code) ? await this.exchange(this.type, code) : undefined;
    if (!openId) throw new ProviderError(this.name, 'invalid code');
    return openId;
  }
}

// ---------------------------------------------------------------- configuration

const opt = z.string().trim().optional().or(z.literal('').transform(() => undefined));
const url = (def: string) => z.string().trim().url().default(def);

const oauthEnv = z.object({
  WECHAT_APP_ID: opt,
  WECHAT_APP_SECRET: opt,
  WECHAT_AUTHORIZE_URL: url('https://open.weixin.qq.com/connect/qrconnect'),
  WECHAT_API_BASE: url('https://api.weixin.qq.com'),
  WECOM_CORP_ID: opt,
  WECOM_AGENT_ID: opt,
  WECOM_SECRET: opt,
  WECOM_AUTHORIZE_URL: url('https://login.work.weixin.qq.com/wwlogin/sso/login'),
  WECOM_API_BASE: url('https://qyapi.weixin.qq.com'),
  DINGTALK_CLIENT_ID: opt,
  DINGTALK_CLIENT_SECRET: opt,
  DINGTALK_AUTHORIZE_URL: url('https://login.dingtalk.com/oauth2/auth'),
  DINGTALK_API_BASE: url('https://api.dingtalk.com'),
  /** Public origin of the site for redirect_uri (e.g. https://kaopei.example.com); default: the request's. */
  OAUTH_REDIRECT_BASE: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+\/?$/, 'OAUTH_REDIRECT_BASE must be an origin such as https://kaopei.example.com')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** The configured providers: a real client per type with credentials, `null` for the local provider. */
export interface OauthConfig {
  remote: Record<ThirdPartyType, OauthProvider | null>;
  /** OAUTH_REDIRECT_BASE without its trailing slash, or undefined. */
  redirectBase: string | undefined;
}

/** Which of `names` are set: all (true), none (false); some → throws naming the missing ones. */
function allOrNone(e: Record<string, string | undefined>, names: string[], what: string): boolean {
  const missing = names.filter((n) => !e[n]);
  if (missing.length === names.length) return false;
  if (missing.length) throw new Error(`Invalid ${what} login configuration: ${missing.join(', ')} missing (set all of ${names.join(', ')}, or none for the local demonstration provider)`);
  return true;
}

/**
 * The providers the environment configures (WECHAT_*, WECOM_*, DINGTALK_*, OAUTH_REDIRECT_BASE).
 * A type without credentials uses the local provider; partial credentials throw, naming what is missing.
 */
export function providersFromEnv(env: Record<string, string | undefined>): OauthConfig {
  const parsed = oauthEnv.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid third-party login configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const e = parsed.data;
  const raw = e as unknown as Record<string, string | undefined>;
  const wechat = allOrNone(raw, ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'], 'WeChat');
  const wecom = allOrNone(raw, ['WECOM_CORP_ID', 'WECOM_AGENT_ID', 'WECOM_SECRET'], 'enterprise WeChat');
  const ding = allOrNone(raw, ['DINGTALK_CLIENT_ID', 'DINGTALK_CLIENT_SECRET'], 'DingTalk');
  return {
    remote: {
      wechat: wechat ? new WechatProvider({ appId: e.WECHAT_APP_ID as string, appSecret: e.WECHAT_APP_SECRET as string, authorizeUrl: e.WECHAT_AUTHORIZE_URL, apiBase: e.WECHAT_API_BASE }) : null,
      'crop-wechat': wecom
        ? new WecomProvider({ corpId: e.WECOM_CORP_ID as string, agentId: e.WECOM_AGENT_ID as string, secret: e.WECOM_SECRET as string, authorizeUrl: e.WECOM_AUTHORIZE_URL, apiBase: e.WECOM_API_BASE })
        : null,
      'ding-talk': ding
        ? new DingtalkProvider({ clientId: e.DINGTALK_CLIENT_ID as string, clientSecret: e.DINGTALK_CLIENT_SECRET as string, authorizeUrl: e.DINGTALK_AUTHORIZE_URL, apiBase: e.DINGTALK_API_BASE })
        : null,
    },
    redirectBase: e.OAUTH_REDIRECT_BASE?.replace(/\/$/, ''),
  };
}
