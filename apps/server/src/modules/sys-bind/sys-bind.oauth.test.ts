/**
 * API tests of the third-party flows with the local demonstration provider (no credentials
 * configured): get-url (switches, login needed for bind, the state cookie), the local consent step,
 * callbacks that log in or bind, and every refusal: state replayed, expired, of another type or
 * browser, bound by someone else; an account bound to another user; an account nobody bound; a
 * disabled user; two callbacks at once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError } from '@kaopei/contracts';
import { bindApi, BindError, OAUTH_ENDPOINTS, oauthApi, type BindListItem, type OauthResult, type ThirdPartyType } from '@kaopei/contracts/sys-bind';
import { UserError, type SessionUser } from '@kaopei/contracts/sys-user';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { callWith, setSwitches } from './test-support';

let t: TestApp;
let admin: string;
const COOKIE = 'kaopei_oauth_state';

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  await setSwitches(t, { wechatLogin: true, cropLogin: true, dingLogin: true });
});
afterAll(async () => {
  await t.close();
});

/** A local identity no other test uses. */
const identity = () => `id_${randomBytes(10).toString('hex')}`;

/** get-url: the authorize URL, its state and the cookie set. */
async function start(type: ThirdPartyType, purpose: 'login' | 'bind', token?: string, redirect?: string) {
  const res = await callWith<{ url: string }>(t, OAUTH_ENDPOINTS[type].url, { state: purpose, ...(redirect ? { redirect } : {}) }, { token });
  if (res.code !== 0 || !res.data) throw new Error(`get-url failed: ${res.msg}`);
  const url = new URL(res.data.url);
  return { url, state: url.searchParams.get('state') as string, cookie: res.cookies[COOKIE] as string };
}

/** The local consent step: a code for `openId`. */
async function consent(type: ThirdPartyType, state: string, openId: string): Promise<string> {
  const res = await t.call<{ code: string }>(oauthApi.localAuthorize, { loginType: type, openId, state });
  if (res.code !== 0 || !res.data) throw new Error(`local authorize failed: ${res.msg}`);
  return res.data.code;
}

/** The callback as the page posts it, with this browser's state cookie. */
function callback(type: ThirdPartyType, code: string, state: string, opts: { token?: string; cookie?: string | null } = {}) {
  const cookie = opts.cookie === undefined ? state : opts.cookie;
  return callWith<OauthResult>(t, OAUTH_ENDPOINTS[type].callback, { code, state }, { token: opts.token, cookies: cookie === null ? {} : { [COOKIE]: cookie } });
}

/** The whole bind flow of `token`'s user for `openId`. */
async function bindFlow(type: ThirdPartyType, token: string, openId: string) {
  const s = await start(type, 'bind', token);
  return callback(type, await consent(type, s.state, openId), s.state, { token });
}

/** The whole login flow (no token) for `openId`. */
async function loginFlow(type: ThirdPartyType, openId: string) {
  const s = await start(type, 'login');
  return callback(type, await consent(type, s.state, openId), s.state);
}

describe('get-url', () => {
  it('answers the local authorize page with redirect_uri and a state, and sets the state cookie', async () => {
    const s = await start('wechat', 'login');
    expect(s.url.origin + s.url.pathname).toBe('http://localhost/login/oauth/wechat/authorize');
    expect(s.url.searchParams.get('redirect_uri')).toBe('http://localhost:80/login/oauth/wechat');
    expect(s.state).toMatch(/^[0-9a-f]{64}$/);
    expect(s.cookie).toBe(s.state);
    // Only the state's hash is stored.
    const hash = createHash('sha256').update(s.state).digest('hex');
    expect(await t.db.selectFrom('sys_oauth_state').select(['stateHash', 'purpose']).where('stateHash', 'in', [s.state, hash]).execute()).toEqual([{ stateHash: hash, purpose: 'login' }]);
  });

  it('refuses a type that is switched off, a bind without login and bad input', async () => {
    await setSwitches(t, { dingLogin: false });
    expect(await t.call(oauthApi.dingTalkUrl, {})).toMatchObject({ code: BindError.LOGIN_OFF.code, msg: '系统未开启钉钉登录！' });
    await setSwitches(t, { dingLogin: true });
    expect(await t.call(oauthApi.wechatUrl, { state: 'bind' })).toMatchObject({ code: CommonError.NOT_LOGGED_IN.code });
    expect(await t.call(oauthApi.wechatUrl, { state: 'other' })).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '授权用途不正确！' });
    expect(await t.call(oauthApi.wechatUrl, { redirect: '//evil.example.com/x' })).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '跳转地址不正确！' });
    expect(await t.call(oauthApi.wechatUrl, { redirect: 'https://evil.example.com/' })).toMatchObject({ code: CommonError.BAD_PARAMS.code });
  });
});

describe('bind, then log in with the bound account', () => {
  for (const type of ['wechat', 'crop-wechat', 'ding-talk'] as const) {
    it(`binds a ${type} account to the caller and logs them in with it`, async () => {
      const u = await t.newLearner('oauth');
      const openId = identity();
      const s = await start(type, 'bind', u.token, '/web/uc');
      const bound = await callback(type, await consent(type, s.state, openId), s.state, { token: u.token });
      expect(bound).toMatchObject({ code: 0, data: { purpose: 'bind', loginType: type, redirect: '/web/uc', user: null } });
      expect(bound.cookies[COOKIE]).toBe('');
      const line = ((await t.call<BindListItem[]>(bindApi.bindList, {}, u.token)).data ?? []).find((l) => l.loginType === type);
      expect(line).toMatchObject({ bound: true, openId: `${openId.slice(0, 4)}****${openId.slice(-4)}` });

      const login = await loginFlow(type, openId);
      expect(login).toMatchObject({ code: 0, data: { purpose: 'login', loginType: type, redirect: '', user: { userId: u.userId, userName: u.userName } } });
      const session = login.data?.user as SessionUser;
      expect(login.cookies.token).toBe(session.token);
      expect((await t.call<SessionUser>('/api/sys/user/info', {}, session.token)).data?.userId).toBe(u.userId);
    });
  }
});

describe('refusals', () => {
  it('uses a state once: a replay, even with a new code, is refused', async () => {
    const u = await t.newLearner('oauth');
    const openId = identity();
    await bindFlow('wechat', u.token, openId);
    const s = await start('wechat', 'login');
    const code = await consent('wechat', s.state, openId);
    expect((await callback('wechat', code, s.state)).code).toBe(0);
    expect(await callback('wechat', code, s.state)).toMatchObject({ code: BindError.STATE_INVALID.code, msg: '授权已失效，请重新发起！' });
    expect(await t.call(oauthApi.localAuthorize, { loginType: 'wechat', openId, state: s.state })).toMatchObject({ code: BindError.STATE_INVALID.code });
  });

  it('logs in once when the page posts the callback twice at the same time', async () => {
    const u = await t.newLearner('oauth');
    const openId = identity();
    await bindFlow('ding-talk', u.token, openId);
    const s = await start('ding-talk', 'login');
    const code = await consent('ding-talk', s.state, openId);
    const answers = await Promise.all([callback('ding-talk', code, s.state), callback('ding-talk', code, s.state)]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, BindError.STATE_INVALID.code]);
  });

  it('refuses a state after 10 minutes, and a local code after 5', async () => {
    const u = await t.newLearner('oauth');
    const openId = identity();
    await bindFlow('wechat', u.token, openId);
    const late = await start('wechat', 'login');
    const code = await consent('wechat', late.state, openId);
    advanceClock(10 * 60_000 + 1000);
    expect(await callback('wechat', code, late.state)).toMatchObject({ code: BindError.STATE_INVALID.code });
    const s = await start('wechat', 'login');
    const stale = await consent('wechat', s.state, openId);
    advanceClock(5 * 60_000 + 1000);
    expect(await callback('wechat', stale, s.state)).toMatchObject({ code: BindError.PROVIDER_FAILED.code, msg: '微信授权失败，请重试！' });
    expect(await t.services.sysBind.oauth.purge()).toBeGreaterThanOrEqual(1);
  });

  it("refuses a state without this browser's cookie (and keeps it for the browser that has it), and a state of another type", async () => {
    const u = await t.newLearner('oauth');
    const openId = identity();
    await bindFlow('wechat', u.token, openId);
    const s = await start('wechat', 'login');
    const code = await consent('wechat', s.state, openId);
    expect(await callback('wechat', code, s.state, { cookie: null })).toMatchObject({ code: BindError.STATE_INVALID.code });
    const other = await start('wechat', 'login');
    expect(await callback('wechat', code, s.state, { cookie: other.state })).toMatchObject({ code: BindError.STATE_INVALID.code });
    expect(await callback('ding-talk', code, s.state)).toMatchObject({ code: BindError.STATE_INVALID.code });
    const t2 = await start('wechat', 'login');
    expect(await callback('wechat', await consent('wechat', t2.state, openId), t2.state)).toMatchObject({ code: 0 });
  });

  it('refuses to finish a bind for anybody but the user who started it', async () => {
    const a = await t.newLearner('oauth');
    const b = await t.newLearner('oauth');
    const s = await start('wechat', 'bind', a.token);
    const code = await consent('wechat', s.state, identity());
    expect(await callback('wechat', code, s.state, { token: b.token })).toMatchObject({ code: BindError.STATE_INVALID.code });
    const s2 = await start('wechat', 'bind', a.token);
    expect(await callback('wechat', await consent('wechat', s2.state, identity()), s2.state)).toMatchObject({ code: BindError.STATE_INVALID.code });
    expect(await t.db.selectFrom('sys_user_bind').select('id').where('userId', 'in', [a.userId, b.userId]).execute()).toEqual([]);
  });

  it("refuses an account bound to another user, and a second account of a type the user has", async () => {
    const a = await t.newLearner('oauth');
    const b = await t.newLearner('oauth');
    const openId = identity();
    expect((await bindFlow('crop-wechat', a.token, openId)).code).toBe(0);
    expect(await bindFlow('crop-wechat', b.token, openId)).toMatchObject({ code: BindError.BOUND_ELSEWHERE.code, msg: '该企业微信账号已绑定其他用户！' });
    expect(await bindFlow('crop-wechat', a.token, identity())).toMatchObject({ code: BindError.ALREADY_BOUND.code, msg: '您已绑定企业微信，请先解除绑定！' });
    expect((await bindFlow('crop-wechat', a.token, openId)).code).toBe(0); // the same account again: nothing changes
    const rows = await t.db.selectFrom('sys_user_bind').select(['userId', 'openId']).where('loginType', '=', 'crop-wechat').where('userId', 'in', [a.userId, b.userId]).execute();
    expect(rows).toEqual([{ userId: a.userId, openId }]);
  });

  it('frees the account of a deleted user for another one', async () => {
    const a = await t.newLearner('oauth');
    const b = await t.newLearner('oauth');
    const openId = identity();
    await bindFlow('wechat', a.token, openId);
    await t.db.updateTable('sys_user').set({ deleted: 1 }).where('id', '=', a.userId).execute();
    expect(await loginFlow('wechat', openId)).toMatchObject({ code: BindError.NO_USER.code });
    expect((await bindFlow('wechat', b.token, openId)).code).toBe(0);
    expect((await loginFlow('wechat', openId)).data?.user?.userId).toBe(b.userId);
  });

  it('refuses a login with an account nobody bound, and a disabled user', async () => {
    expect(await loginFlow('wechat', identity())).toMatchObject({ code: BindError.NO_USER.code, msg: '该微信账号尚未绑定用户，请先使用账号密码登录，在个人中心绑定后再使用！' });
    const u = await t.newLearner('oauth');
    const openId = identity();
    await bindFlow('wechat', u.token, openId);
    await t.db.updateTable('sys_user').set({ state: 1 }).where('id', '=', u.userId).execute();
    expect(await loginFlow('wechat', openId)).toMatchObject({ code: UserError.ACCOUNT_DISABLED.code, data: null });
  });

  it('refuses a callback once the type is switched off', async () => {
    const u = await t.newLearner('oauth');
    const openId = identity();
    await bindFlow('ding-talk', u.token, openId);
    const s = await start('ding-talk', 'login');
    const code = await consent('ding-talk', s.state, openId);
    await setSwitches(t, { dingLogin: false });
    expect(await callback('ding-talk', code, s.state)).toMatchObject({ code: BindError.LOGIN_OFF.code, msg: '系统未开启钉钉登录！' });
    expect(await t.call(oauthApi.localAuthorize, { loginType: 'ding-talk', openId, state: s.state })).toMatchObject({ code: BindError.LOGIN_OFF.code });
    await setSwitches(t, { dingLogin: true });
  });

  it('refuses bad input with the messages of the contracts', async () => {
    const s = await start('wechat', 'login');
    expect(await callback('wechat', '', s.state)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '授权码不能为空！' });
    expect(await callback('wechat', 'abc', 'not-a-state')).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '授权已失效，请重新发起！' });
    expect(await t.call(oauthApi.localAuthorize, { loginType: 'wechat', openId: 'short', state: s.state })).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '身份标识为16-64位字母、数字、下划线或-' });
    expect(await t.call(oauthApi.localAuthorize, { loginType: 'mobile', openId: identity(), state: s.state })).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '登录方式不正确！' });
    expect(await callback('wechat', 'f'.repeat(64), s.state)).toMatchObject({ code: BindError.PROVIDER_FAILED.code });
  });
});

describe('after an administrator unbinds', () => {
  it('the account no longer logs in, and only the user can bind it again (through the provider)', async () => {
    const u = await t.newLearner('oauth');
    const openId = identity();
    await bindFlow('wechat', u.token, openId);
    const row = await t.db.selectFrom('sys_user_bind').select('id').where('userId', '=', u.userId).executeTakeFirstOrThrow();
    expect((await t.call(bindApi.unbindById, { id: row.id }, admin)).code).toBe(0);
    expect(await loginFlow('wechat', openId)).toMatchObject({ code: BindError.NO_USER.code });
    expect((await bindFlow('wechat', u.token, openId)).code).toBe(0);
    expect((await loginFlow('wechat', openId)).data?.user?.userId).toBe(u.userId);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;
describe.skipIf(!REDIS_URL)('sessions on Redis (TEST_REDIS_URL)', () => {
  it('a login with a bound account opens a session every process sees, and logout ends it', async () => {
    const r = await testApp({ REDIS_URL: REDIS_URL as string });
    try {
      await r.services.sysConfig.saveSwitch({ ...(await r.services.sysConfig.switches()), wechatLogin: true }, 'test');
      const u = await r.newLearner('oredis');
      const openId = identity();
      const bindStart = await callWith<{ url: string }>(r, oauthApi.wechatUrl, { state: 'bind' }, { token: u.token });
      const bindState = new URL(bindStart.data?.url as string).searchParams.get('state') as string;
      const bindCode = (await r.call<{ code: string }>(oauthApi.localAuthorize, { loginType: 'wechat', openId, state: bindState })).data?.code as string;
      expect((await callWith(r, oauthApi.wechatCallback, { code: bindCode, state: bindState }, { token: u.token, cookies: { [COOKIE]: bindState } })).code).toBe(0);
      const start = await callWith<{ url: string }>(r, oauthApi.wechatUrl, {});
      const state = new URL(start.data?.url as string).searchParams.get('state') as string;
      const code = (await r.call<{ code: string }>(oauthApi.localAuthorize, { loginType: 'wechat', openId, state })).data?.code as string;
      const login = await callWith<OauthResult>(r, oauthApi.wechatCallback, { code, state }, { cookies: { [COOKIE]: state } });
      const token = login.data?.user?.token as string;
      expect((await r.call<SessionUser>('/api/sys/user/info', {}, token)).data?.userId).toBe(u.userId);
      expect((await r.call('/api/sys/user/logout', {}, token)).code).toBe(0);
      expect((await r.call('/api/sys/user/info', {}, token)).code).toBe(CommonError.NOT_LOGGED_IN.code);
    } finally {
      await r.close();
    }
  });
});
