/**
 * The real provider clients against local fakes of WeChat, enterprise WeChat and DingTalk
 * (test-fakes.ts: each checks app id, secret, redirect_uri and code and answers like the documented
 * API, errors included), the configuration from the environment, and the whole login and bind flow
 * of the app configured with those fakes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BindError, OAUTH_ENDPOINTS, oauthApi, type OauthResult, type ThirdPartyType } from '@kaopei/contracts/sys-bind';
import type { TestApp } from '../../test/app';
import { DingtalkProvider, ProviderError, providersFromEnv, WechatProvider, WecomProvider } from './sys-bind.providers';
import { fakeDingtalk, fakeWechat, fakeWecom, type FakeProvider } from './test-fakes';
import { callWith, setSwitches, testAppWithProcessEnv } from './test-support';

const SITE = 'https://kaopei.example.com';
const redirect = (type: ThirdPartyType) => `${SITE}/login/oauth/${type}`;
const WX = { id: 'wx5a1b2c3d4e5f6a7b', secret: 'wx-secret-0123456789abcdef', redirectUri: redirect('wechat') };
const WECOM = { id: 'ww0123456789abcdef', secret: 'wecom-secret-abc', agentId: '1000002', redirectUri: redirect('crop-wechat') };
const DING = { id: 'dingclientid0001', secret: 'ding-secret-xyz', redirectUri: redirect('ding-talk') };
const STATE = 'a'.repeat(64);

let wx: FakeProvider;
let wecom: FakeProvider;
let ding: FakeProvider;

beforeAll(async () => {
  [wx, wecom, ding] = await Promise.all([fakeWechat(WX), fakeWecom(WECOM), fakeDingtalk(DING)]);
});
afterAll(async () => {
  await Promise.all([wx.close(), wecom.close(), ding.close()]);
});

/** Plays the provider's authorize page: the code it sends back for `user` (`param` code or authCode). */
async function authorizeAt(url: string, user: string, fake: FakeProvider, param = 'code'): Promise<{ code: string; state: string; redirectTo: string }> {
  fake.nextUser = user;
  const res = await fetch(url, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`authorize refused: ${res.status} ${await res.text()}`);
  const to = new URL(res.headers.get('location') as string);
  return { code: to.searchParams.get(param) as string, state: to.searchParams.get('state') as string, redirectTo: to.origin + to.pathname };
}

const wechatClient = (secret = WX.secret) => new WechatProvider({ appId: WX.id, appSecret: secret, authorizeUrl: `${wx.base}/connect/qrconnect`, apiBase: wx.base });
const wecomClient = (secret = WECOM.secret) => new WecomProvider({ corpId: WECOM.id, agentId: WECOM.agentId, secret, authorizeUrl: `${wecom.base}/wwlogin/sso/login`, apiBase: wecom.base });
const dingClient = (secret = DING.secret) => new DingtalkProvider({ clientId: DING.id, clientSecret: secret, authorizeUrl: `${ding.base}/oauth2/auth`, apiBase: ding.base });

describe('WechatProvider (open platform website QR login)', () => {
  it('builds the documented authorize URL and exchanges the code for the openid', async () => {
    const url = wechatClient().authorizeUrl(WX.redirectUri, STATE);
    expect(url.endsWith('#wechat_redirect')).toBe(true);
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({ appid: WX.id, redirect_uri: WX.redirectUri, response_type: 'code', scope: 'snsapi_login', state: STATE });
    const { code, state } = await authorizeAt(url, 'oWx_openid_0001', wx);
    expect(state).toBe(STATE);
    expect(await wechatClient().openIdOf(code)).toBe('oWx_openid_0001');
  });

  it('fails with the errcode of a used code or a wrong secret', async () => {
    const { code } = await authorizeAt(wechatClient().authorizeUrl(WX.redirectUri, STATE), 'oWx_openid_0002', wx);
    await expect(wechatClient('wrong').openIdOf(code)).rejects.toThrow(/errcode 40125 invalid appsecret/);
    await wechatClient().openIdOf(code);
    await expect(wechatClient().openIdOf(code)).rejects.toThrow(ProviderError);
    await expect(wechatClient().openIdOf(code)).rejects.toThrow(/errcode 40029 invalid code/);
  });
});

describe('WecomProvider (enterprise WeChat web login)', () => {
  it('builds the CorpApp login URL, caches the access_token and answers the member userid', async () => {
    const url = wecomClient().authorizeUrl(WECOM.redirectUri, STATE);
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({ login_type: 'CorpApp', appid: WECOM.id, agentid: WECOM.agentId, redirect_uri: WECOM.redirectUri, state: STATE });
    const client = wecomClient();
    const before = wecom.calls.filter((c) => c.endsWith('/gettoken')).length;
    for (const user of ['zhangsan', 'lisi']) {
      const { code } = await authorizeAt(url, user, wecom);
      expect(await client.openIdOf(code)).toBe(user);
    }
    expect(wecom.calls.filter((c) => c.endsWith('/gettoken')).length - before).toBe(1);
  });

  it('fetches a new token once when the cached one expired (42001)', async () => {
    const client = wecomClient();
    const first = await authorizeAt(client.authorizeUrl(WECOM.redirectUri, STATE), 'wangwu', wecom);
    expect(await client.openIdOf(first.code)).toBe('wangwu');
    wecom.expireTokens();
    const second = await authorizeAt(client.authorizeUrl(WECOM.redirectUri, STATE), 'wangwu', wecom);
    expect(await client.openIdOf(second.code)).toBe('wangwu');
  });

  it('refuses a non-member, a wrong secret and an invalid code with the errcode', async () => {
    wecom.nextNonMember = true;
    const outsider = await authorizeAt(wecomClient().authorizeUrl(WECOM.redirectUri, STATE), 'guest', wecom);
    wecom.nextNonMember = false;
    await expect(wecomClient().openIdOf(outsider.code)).rejects.toThrow(/not a member/);
    await expect(wecomClient('wrong').openIdOf('x')).rejects.toThrow(/errcode 40001 invalid credential/);
    await expect(wecomClient().openIdOf('no-such-code')).rejects.toThrow(/errcode 40029 invalid code/);
  });
});

describe('DingtalkProvider (DingTalk login)', () => {
  it('builds the documented authorize URL and answers the openId of users/me', async () => {
    const url = dingClient().authorizeUrl(DING.redirectUri, STATE);
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({ redirect_uri: DING.redirectUri, response_type: 'code', client_id: DING.id, scope: 'openid', state: STATE, prompt: 'consent' });
    const { code } = await authorizeAt(url, 'dingOpenId0001', ding, 'authCode');
    expect(await dingClient().openIdOf(code)).toBe('dingOpenId0001');
  });

  it('fails with the HTTP status and code of a refused call', async () => {
    const { code } = await authorizeAt(dingClient().authorizeUrl(DING.redirectUri, STATE), 'dingOpenId0002', ding, 'authCode');
    await expect(dingClient('wrong').openIdOf(code)).rejects.toThrow(/HTTP 400 invalidClient/);
    await dingClient().openIdOf(code);
    await expect(dingClient().openIdOf(code)).rejects.toThrow(/HTTP 400 invalidAuthCode/);
  });

  it('reports an unreachable provider', async () => {
    const down = new DingtalkProvider({ clientId: DING.id, clientSecret: DING.secret, authorizeUrl: 'http://127.0.0.1:9/oauth2/auth', apiBase: 'http://127.0.0.1:9' });
    await expect(down.openIdOf('x')).rejects.toThrow(/unreachable/);
  });
});

describe('providersFromEnv', () => {
  it('uses the local provider for every type without credentials', () => {
    expect(providersFromEnv({})).toEqual({ remote: { wechat: null, 'crop-wechat': null, 'ding-talk': null }, redirectBase: undefined });
  });

  it('refuses partial credentials and a redirect base that is not an origin, naming what is wrong', () => {
    expect(() => providersFromEnv({ WECHAT_APP_ID: 'x' })).toThrow(/WECHAT_APP_SECRET missing/);
    expect(() => providersFromEnv({ WECOM_CORP_ID: 'x', WECOM_SECRET: 'y' })).toThrow(/WECOM_AGENT_ID missing/);
    expect(() => providersFromEnv({ OAUTH_REDIRECT_BASE: 'https://a.example.com/path' })).toThrow(/OAUTH_REDIRECT_BASE/);
    expect(providersFromEnv({ DINGTALK_CLIENT_ID: 'a', DINGTALK_CLIENT_SECRET: 'b', OAUTH_REDIRECT_BASE: 'https://a.example.com/' })).toMatchObject({ redirectBase: 'https://a.example.com' });
  });
});

describe('the app configured with the fakes', () => {
  let t: TestApp;
  const COOKIE = 'kaopei_oauth_state';
  const fakes: Record<ThirdPartyType, { fake: () => FakeProvider; param: string }> = {
    wechat: { fake: () => wx, param: 'code' },
    'crop-wechat': { fake: () => wecom, param: 'code' },
    'ding-talk': { fake: () => ding, param: 'authCode' },
  };

  beforeAll(async () => {
    t = await testAppWithProcessEnv({
      OAUTH_REDIRECT_BASE: SITE,
      WECHAT_APP_ID: WX.id, WECHAT_APP_SECRET: WX.secret, WECHAT_AUTHORIZE_URL: `${wx.base}/connect/qrconnect`, WECHAT_API_BASE: wx.base,
      WECOM_CORP_ID: WECOM.id, WECOM_AGENT_ID: WECOM.agentId, WECOM_SECRET: WECOM.secret, WECOM_AUTHORIZE_URL: `${wecom.base}/wwlogin/sso/login`, WECOM_API_BASE: wecom.base,
      DINGTALK_CLIENT_ID: DING.id, DINGTALK_CLIENT_SECRET: DING.secret, DINGTALK_AUTHORIZE_URL: `${ding.base}/oauth2/auth`, DINGTALK_API_BASE: ding.base,
    });
    await setSwitches(t, { wechatLogin: true, cropLogin: true, dingLogin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  /** get-url, the provider's authorize page for `user`, then the callback with this browser's cookie. */
  async function flow(type: ThirdPartyType, purpose: 'login' | 'bind', user: string, token?: string) {
    const start = await callWith<{ url: string }>(t, OAUTH_ENDPOINTS[type].url, { state: purpose }, { token });
    const { fake, param } = fakes[type];
    const back = await authorizeAt(start.data?.url as string, user, fake(), param);
    expect(back.redirectTo).toBe(redirect(type));
    return callWith<OauthResult>(t, OAUTH_ENDPOINTS[type].callback, { code: back.code, state: back.state }, { token, cookies: { [COOKIE]: start.cookies[COOKIE] as string } });
  }

  for (const type of ['wechat', 'crop-wechat', 'ding-talk'] as const) {
    it(`binds a ${type} account through the provider, then logs in with it`, async () => {
      const u = await t.newLearner('prov');
      const account = `${type.replace('-', '')}_${u.userId}`;
      expect(await flow(type, 'bind', account, u.token)).toMatchObject({ code: 0, data: { purpose: 'bind', user: null } });
      expect(await t.db.selectFrom('sys_user_bind').select(['loginType', 'openId']).where('userId', '=', u.userId).execute()).toEqual([{ loginType: type, openId: account }]);
      const login = await flow(type, 'login', account);
      expect(login).toMatchObject({ code: 0, data: { purpose: 'login', user: { userId: u.userId } } });
      expect(login.cookies.token).toBe(login.data?.user?.token);
    });
  }

  it('answers a refused code as a failed authorisation and binds nothing', async () => {
    const u = await t.newLearner('prov');
    const start = await callWith<{ url: string }>(t, oauthApi.wechatUrl, { state: 'bind' }, { token: u.token });
    const state = new URL(start.data?.url as string).searchParams.get('state') as string;
    const res = await callWith(t, oauthApi.wechatCallback, { code: 'forged-code', state }, { token: u.token, cookies: { [COOKIE]: state } });
    expect(res).toMatchObject({ code: BindError.PROVIDER_FAILED.code, msg: '微信授权失败，请重试！' });
    expect(await t.db.selectFrom('sys_user_bind').select('id').where('userId', '=', u.userId).execute()).toEqual([]);
  });

  it('refuses the local demonstration provider for configured types', async () => {
    const start = await callWith<{ url: string }>(t, oauthApi.dingTalkUrl, {});
    const state = new URL(start.data?.url as string).searchParams.get('state') as string;
    expect(await t.call(oauthApi.localAuthorize, { loginType: 'ding-talk', openId: 'someone_0123456789', state })).toMatchObject({ code: BindError.LOCAL_OFF.code });
  });
});
