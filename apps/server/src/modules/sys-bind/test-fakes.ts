/**
 * Local fakes of the three login providers for the sys-bind tests (nothing here is served): one
 * node:http server each, on a free port, answering like the documented APIs, including their error
 * shapes, and checking app id, secret, redirect_uri and code:
 * - WeChat open platform: GET /connect/qrconnect (authorize: 302 to redirect_uri?code&state),
 *   GET /sns/oauth2/access_token → {access_token, openid, unionid…} or {errcode, errmsg};
 * - enterprise WeChat: GET /wwlogin/sso/login (authorize), GET /cgi-bin/gettoken →
 *   {errcode: 0, access_token, expires_in}, GET /cgi-bin/auth/getuserinfo → {errcode: 0, userid}
 *   (a non-member: {errcode: 0, openid}); errors {errcode, errmsg} (40001, 40029, 42001);
 * - DingTalk: GET /oauth2/auth (authorize: 302 to redirect_uri?authCode&state), POST
 *   /v1.0/oauth2/userAccessToken {clientId, clientSecret, code, grantType} → {accessToken…},
 *   GET /v1.0/contact/users/me (x-acs-dingtalk-access-token) → {openId, unionId, nick…}; errors:
 *   HTTP 400/401 with {requestid, code, message}.
 * The test says who "scans" next (`nextUser`); codes are one use.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FakeProvider {
  /** http://127.0.0.1:<port> */
  base: string;
  /** The account the next authorize step issues a code for (WeChat openid, WeCom userid, DingTalk openId). */
  nextUser: string;
  /** WeCom: the next code is of a non-member (the answer has openid, no userid). */
  nextNonMember: boolean;
  /** Requests received, as "METHOD /path". */
  calls: string[];
  /** WeCom: makes every access_token issued so far expired (42001). */
  expireTokens(): void;
  close(): Promise<void>;
}

/** The app credentials and the one redirect_uri the fake accepts. */
export interface FakeApp {
  id: string;
  secret: string;
  redirectUri: string;
  /** WeCom agent id. */
  agentId?: string;
}

type Handler = (req: http.IncomingMessage, url: URL, body: string, fake: FakeState) => { status?: number; json?: unknown; location?: string };

interface FakeState extends FakeProvider {
  codes: Map<string, { user: string; nonMember: boolean }>;
  tokens: Map<string, { user?: string; expired: boolean }>;
}

async function serve(handler: Handler): Promise<FakeProvider> {
  const state = { nextUser: '', nextNonMember: false, calls: [] as string[], codes: new Map(), tokens: new Map() } as unknown as FakeState;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      state.calls.push(`${req.method} ${url.pathname}`);
      const out = handler(req, url, body, state);
      if (out.location) {
        res.writeHead(302, { location: out.location });
        return res.end();
      }
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out.json ?? {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.expireTokens = () => {
    for (const t of state.tokens.values()) t.expired = true;
  };
  state.close = () => new Promise<void>((r) => server.close(() => r()));
  return state;
}

/** Issues a one-use code for the next user and redirects to redirect_uri with it (`param`: code or authCode). */
function authorize(fake: FakeState, redirectUri: string, state: string, param = 'code') {
  const code = randomBytes(12).toString('hex');
  fake.codes.set(code, { user: fake.nextUser, nonMember: fake.nextNonMember });
  const to = new URL(redirectUri);
  to.searchParams.set(param, code);
  to.searchParams.set('state', state);
  return { location: to.toString() };
}

const refused = (reason: string) => ({ status: 400, json: { error: reason } });
const stateOk = (s: string | null) => s !== null && /^[A-Za-z0-9]{1,128}$/.test(s);

/** WeChat open platform (网站应用微信登录). */
export function fakeWechat(app: FakeApp): Promise<FakeProvider> {
  return serve((_req, url, _body, fake) => {
    const q = url.searchParams;
    if (url.pathname === '/connect/qrconnect') {
      if (q.get('appid') !== app.id) return refused('appid');
      if (q.get('redirect_uri') !== app.redirectUri) return refused('redirect_uri 参数错误');
      if (q.get('response_type') !== 'code' || q.get('scope') !== 'snsapi_login' || !stateOk(q.get('state'))) return refused('params');
      return authorize(fake, app.redirectUri, q.get('state') as string);
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      if (q.get('appid') !== app.id) return { json: { errcode: 40013, errmsg: 'invalid appid' } };
      if (q.get('secret') !== app.secret) return { json: { errcode: 40125, errmsg: 'invalid appsecret' } };
      if (q.get('grant_type') !== 'authorization_code') return { json: { errcode: 40002, errmsg: 'invalid grant_type' } };
      const code = fake.codes.get(q.get('code') ?? '');
      if (!code) return { json: { errcode: 40029, errmsg: 'invalid code' } };
      fake.codes.delete(q.get('code') as string);
      return { json: { access_token: 'ACCESS', expires_in: 7200, refresh_token: 'REFRESH', openid: code.user, scope: 'snsapi_login', unionid: `u_${code.user}` } };
    }
    return { status: 404, json: {} };
  });
}

/** Enterprise WeChat web login of a self-built app. */
export function fakeWecom(app: FakeApp): Promise<FakeProvider> {
  return serve((_req, url, _body, fake) => {
    const q = url.searchParams;
    if (url.pathname === '/wwlogin/sso/login') {
      if (q.get('login_type') !== 'CorpApp' || q.get('appid') !== app.id || q.get('agentid') !== app.agentId) return refused('appid/agentid');
      if (q.get('redirect_uri') !== app.redirectUri) return refused('redirect_uri 与配置的授权完成回调域名不一致');
      if (!stateOk(q.get('state'))) return refused('state');
      return authorize(fake, app.redirectUri, q.get('state') as string);
    }
    if (url.pathname === '/cgi-bin/gettoken') {
      if (q.get('corpid') !== app.id) return { json: { errcode: 40013, errmsg: 'invalid corpid' } };
      if (q.get('corpsecret') !== app.secret) return { json: { errcode: 40001, errmsg: 'invalid credential' } };
      const token = randomBytes(12).toString('hex');
      fake.tokens.set(token, { expired: false });
      return { json: { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 } };
    }
    if (url.pathname === '/cgi-bin/auth/getuserinfo') {
      const token = fake.tokens.get(q.get('access_token') ?? '');
      if (!token) return { json: { errcode: 40014, errmsg: 'invalid access_token' } };
      if (token.expired) return { json: { errcode: 42001, errmsg: 'access_token expired' } };
      const code = fake.codes.get(q.get('code') ?? '');
      if (!code) return { json: { errcode: 40029, errmsg: 'invalid code' } };
      fake.codes.delete(q.get('code') as string);
      if (code.nonMember) return { json: { errcode: 0, errmsg: 'ok', openid: `o_${code.user}`, external_userid: 'ext' } };
      return { json: { errcode: 0, errmsg: 'ok', userid: code.user, user_ticket: 'TICKET' } };
    }
    return { status: 404, json: {} };
  });
}

/** DingTalk login (new OAuth 2.0, api.dingtalk.com v1.0). */
export function fakeDingtalk(app: FakeApp): Promise<FakeProvider> {
  const fail = (status: number, code: string, message: string) => ({ status, json: { requestid: randomBytes(4).toString('hex'), code, message } });
  return serve((req, url, body, fake) => {
    const q = url.searchParams;
    if (url.pathname === '/oauth2/auth') {
      if (q.get('client_id') !== app.id || q.get('response_type') !== 'code' || q.get('scope') !== 'openid' || q.get('prompt') !== 'consent') return refused('params');
      if (q.get('redirect_uri') !== app.redirectUri) return refused('redirect_uri');
      if (!stateOk(q.get('state'))) return refused('state');
      return authorize(fake, app.redirectUri, q.get('state') as string, 'authCode');
    }
    if (url.pathname === '/v1.0/oauth2/userAccessToken' && req.method === 'POST') {
      const b = JSON.parse(body || '{}') as Record<string, string>;
      if (b.clientId !== app.id || b.clientSecret !== app.secret) return fail(400, 'invalidClient', '应用凭证无效');
      if (b.grantType !== 'authorization_code') return fail(400, 'invalidGrantType', 'grantType无效');
      const code = fake.codes.get(b.code ?? '');
      if (!code) return fail(400, 'invalidAuthCode', '授权码无效或已过期');
      fake.codes.delete(b.code as string);
      const token = randomBytes(12).toString('hex');
      fake.tokens.set(token, { user: code.user, expired: false });
      return { json: { accessToken: token, refreshToken: 'REFRESH', expireIn: 7200, corpId: 'ding-corp' } };
    }
    if (url.pathname === '/v1.0/contact/users/me' && req.method === 'GET') {
      const token = fake.tokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
      if (!token?.user) return fail(401, 'InvalidAuthentication', '不合法的access_token');
      return { json: { nick: '钉钉用户', avatarUrl: '', openId: token.user, unionId: `union_${token.user}`, stateCode: '86' } };
    }
    return { status: 404, json: {} };
  });
}
