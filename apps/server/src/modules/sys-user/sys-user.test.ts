/**
 * API tests of accounts and sessions (/api/sys/user/*), the public site call, health, docs and the
 * transport faults (unknown path, malformed JSON). Real app, real database (SQLite or PostgreSQL).
 */
import { createHash } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { CommonError, ErrorCode } from '@kaopei/contracts';
import { configApi, type SiteInfo } from '@kaopei/contracts/sys-config';
import { loginMsg, PASSWORD_MSG, type SessionUser, userApi, UserError } from '@kaopei/contracts/sys-user';
import { ADMIN, LEARNER, testApp, type TestApp } from '../../test/app';
import { uniq } from '../../test/builders';
import { advanceClock, resetClock } from '../../lib/time';
import { ExamPerm } from '@kaopei/contracts/exam';
import { QuPerm } from '@kaopei/contracts/qu';
import { repoApi, RepoPerm } from '@kaopei/contracts/repo';
import { StatPerm } from '@kaopei/contracts/stat';
import { loginFrom, randomIp, solvedCaptcha } from './test-support';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const SESSION_FIELDS = ['token', 'userId', 'userName', 'realName', 'avatar', 'roleType', 'roles', 'permissions', 'unreadMsg', 'mobile', 'realPerson'];

let t: TestApp;
/** Every raw response body of this file, checked at the end for password hashes. */
const bodies: string[] = [];

/** POST with the raw response kept (headers, cookies, body text). */
async function raw(url: string, payload: object, headers: Record<string, string> = {}, cookies?: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url, payload, headers, ...(cookies ? { cookies } : {}) });
  bodies.push(res.body);
  return res;
}

async function info(token: string) {
  return t.call<SessionUser>(userApi.info, {}, token);
}

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

describe('login', () => {
  it('answers the session user with a token and sets the token cookie', async () => {
    const res = await raw('/api/sys/user/login', ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; success: boolean; data: SessionUser };
    expect(body.code).toBe(0);
    expect(body.success).toBe(true);
    for (const f of SESSION_FIELDS) expect(body.data).toHaveProperty(f);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256-bit base64url
    expect(body.data.userId).toMatch(/^\d{19}$/);
    expect(body.data).toMatchObject({ userName: 'admin', realName: '管理员', roleType: 2, roles: ['sa'], unreadMsg: 0, realPerson: 1 });
    expect(body.data.permissions).toEqual(expect.arrayContaining([RepoPerm.LIST, QuPerm.IMPORT, ExamPerm.ADD, StatPerm.DASHBOARD]));
    expect(body.data).not.toHaveProperty('password');
    const cookie = res.cookies.find((c) => c.name === 'token');
    expect(cookie?.value).toBe(body.data.token);
    expect(cookie?.path).toBe('/');
  });

  it('gives a new token on each login and both sessions stay valid', async () => {
    const a = await t.login();
    const b = await t.login();
    expect(a).not.toBe(b);
    expect((await info(a)).code).toBe(0);
    expect((await info(b)).code).toBe(0);
  });

  it('refuses a wrong password and an unknown user with the same answer, saying how many attempts remain', async () => {
    const wrong = await t.call(userApi.login, { username: 'admin', password: 'Wrong@123456' });
    const unknown = await t.call(userApi.login, { username: uniq('nobody'), password: 'Admin@123456' });
    for (const res of [wrong, unknown]) {
      expect(res).toEqual({ status: 200, code: UserError.BAD_CREDENTIALS.code, msg: loginMsg.remaining(2), success: false, data: { remaining: 2, captchaRequired: false } });
    }
    expect((await t.call(userApi.login, ADMIN)).code).toBe(0);
  });

  it('answers 10010001 with the contracts message for missing fields and wrong types', async () => {
    expect(await t.call(userApi.login, {})).toMatchObject({ status: 200, code: ErrorCode.BAD_PARAMS, msg: '用户名不能为空！' });
    expect(await t.call(userApi.login, { username: 'admin' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '密码不能为空！' });
    expect(await t.call(userApi.login, { username: '  ', password: 'x' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '用户名不能为空！' });
    expect(await t.call(userApi.login, { username: 'admin', password: 123456 })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '密码不能为空！' });
  });

  it('refuses a disabled account, and its open sessions stop working at once', async () => {
    const u = await t.newLearner('dis');
    await t.db.updateTable('sys_user').set({ state: 1 }).where('userName', '=', u.userName).execute();
    expect((await info(u.token)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const res = await t.call(userApi.login, { username: u.userName, password: 'Test@12345' });
    expect(res).toMatchObject({ code: UserError.ACCOUNT_DISABLED.code, msg: UserError.ACCOUNT_DISABLED.msg });
  });

  it('never locks an account: after failures the right password (with the captcha then required) still logs in, and open sessions go on', async () => {
    // The rules themselves are tested in login-guard.test.ts.
    const u = await t.newLearner('lock');
    const ip = randomIp();
    for (let i = 0; i < 5; i++) await loginFrom(t, ip, { username: u.userName, password: `Wrong@${i}abc` });
    expect(await loginFrom(t, ip, { username: u.userName, password: 'Test@12345' })).toMatchObject({ status: 200, code: ErrorCode.CAPTCHA_INVALID });
    expect(await loginFrom(t, ip, { username: u.userName, password: 'Test@12345', ...(await solvedCaptcha(t)) })).toMatchObject({ status: 200, code: 0 });
    expect((await t.call(userApi.login, LEARNER)).code).toBe(0);
    expect((await info(u.token)).code).toBe(0);
  });
});

describe('token', () => {
  it('is accepted from the header and from the cookie', async () => {
    const token = await t.login(LEARNER);
    const viaHeader = await raw('/api/sys/user/info', {}, { token });
    const viaCookie = await raw('/api/sys/user/info', {}, {}, { token });
    for (const res of [viaHeader, viaCookie]) {
      const body = res.json() as { code: number; data: SessionUser };
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ token, userName: 'learner', realName: '演示学员', roleType: 1, roles: ['student'] });
    }
  });

  it('answers 10010002 for a missing, unknown or garbage token, on info and on an admin call', async () => {
    const tokens = [undefined, 'x'.repeat(43), '!!garbage token ✓', sha256('anything')];
    for (const path of ['/api/sys/user/info', '/api/repo/paging', '/api/stat/total/num/all']) {
      for (const token of tokens) {
        const res = await t.call(path, {}, token);
        expect(res, `${path} ${token}`).toMatchObject({ status: 200, code: ErrorCode.NOT_LOGGED_IN, msg: CommonError.NOT_LOGGED_IN.msg, success: false });
      }
    }
  });

  it('logout ends that session only and clears the cookie', async () => {
    const token = await t.login();
    const other = await t.login();
    const res = await raw('/api/sys/user/logout', {}, { token });
    expect(res.json()).toMatchObject({ code: 0, success: true, data: null });
    const cleared = res.cookies.find((c) => c.name === 'token');
    expect(cleared?.value).toBe('');
    expect((await info(token)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await t.call(repoApi.paging, {}, token)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await t.call(userApi.logout, {}, token)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await info(other)).code).toBe(0);
  });

  it('stores sessions hashed: the raw token is nowhere in sys_user_token', async () => {
    const token = await t.login();
    const rows = await t.db.selectFrom('sys_user_token').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.filter((r) => r.tokenHash === sha256(token))).toHaveLength(1);
  });

  it('answers 10010002 once the session has expired', async () => {
    const token = await t.login();
    expect((await info(token)).code).toBe(0);
    // The session is now in the process's session cache: its end is still checked on every call (server clock).
    advanceClock(t.config.sessionTtlMs + 1000);
    try {
      expect((await info(token)).code).toBe(ErrorCode.NOT_LOGGED_IN);
      expect((await t.call(repoApi.paging, {}, token)).code).toBe(ErrorCode.NOT_LOGGED_IN);
    } finally {
      resetClock();
    }
  });
});

describe('registration', () => {
  it('checks the fields with the SPEC §5 messages', async () => {
    const ok = { userName: uniq('reg'), realName: '张三', password: 'Good@1234' };
    const cases: [object, string][] = [
      [{ ...ok, userName: undefined }, '用户不能为空！'],
      [{ ...ok, userName: '' }, '用户不能为空！'],
      [{ ...ok, realName: undefined }, '姓名不能为空！'],
      [{ ...ok, realName: '   ' }, '姓名不能为空！'],
      [{ ...ok, password: 'alllower1!' }, PASSWORD_MSG],
      [{ ...ok, password: 'Sh0rt!' }, PASSWORD_MSG],
      [{ ...ok, password: 'NoSpecial123' }, PASSWORD_MSG],
      [{ ...ok, password: undefined }, '密码不能为空！'],
    ];
    for (const [body, msg] of cases) {
      expect(await t.call(userApi.reg, body), msg).toMatchObject({ status: 200, code: ErrorCode.BAD_PARAMS, msg, success: false });
    }
    expect(await t.db.selectFrom('sys_user').select('id').where('userName', '=', ok.userName).execute()).toHaveLength(0);
  });

  it('registers a learner who can log in and has no admin permission', async () => {
    const userName = uniq('reg');
    const res = await raw('/api/sys/user/reg', { userName, realName: '李四', password: 'Good@1234', deptCode: 'A01', ...(await t.captcha()) });
    const body = res.json() as { code: number; data: SessionUser };
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({ userName, realName: '李四', roleType: 1, roles: ['student'], permissions: [], avatar: '', mobile: '', realPerson: 1 });
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe(body.data.token);
    expect((await info(body.data.token)).data?.userId).toBe(body.data.userId);
    expect((await t.call(repoApi.save, { title: '学员题库' }, body.data.token)).code).toBe(ErrorCode.NO_PERMISSION);
    const login = await t.call<SessionUser>(userApi.login, { username: userName, password: 'Good@1234' });
    expect(login.data?.userId).toBe(body.data.userId);
  });

  it('asks the image captcha: none, a wrong one or a used one registers nobody', async () => {
    const userName = uniq('cap');
    const body = { userName, realName: '赵六', password: 'Good@1234', deptCode: 'A01' };
    const solved = await t.captcha();
    expect(await t.call(userApi.reg, { ...body, captchaKey: solved.captchaKey })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '图形验证码不能为空！' });
    expect((await t.call(userApi.reg, { ...body, ...solved, captchaValue: solved.captchaValue === 'xxxx' ? 'yyyy' : 'xxxx' })).code).toBe(ErrorCode.CAPTCHA_INVALID);
    // The wrong answer used the captcha up: the right one no longer works either.
    expect((await t.call(userApi.reg, { ...body, ...solved })).code).toBe(ErrorCode.CAPTCHA_INVALID);
    expect(await t.db.selectFrom('sys_user').select('id').where('userName', '=', userName).execute()).toHaveLength(0);
    expect((await t.call(userApi.reg, { ...body, ...(await t.captcha()) })).code).toBe(0);
  });

  it('refuses a taken user name', async () => {
    const res = await t.call(userApi.reg, { userName: 'admin', realName: '冒名', password: 'Good@1234', deptCode: 'A01', ...(await t.captcha()) });
    expect(res).toMatchObject({ code: UserError.USER_EXISTS.code, msg: UserError.USER_EXISTS.msg });
    expect((await t.call(userApi.login, ADMIN)).code).toBe(0);
  });

  it('lets exactly one of two parallel registrations of the same name succeed', async () => {
    const userName = uniq('race');
    const results = await Promise.all(
      ['甲', '乙', '丙'].map(async (realName) => t.call(userApi.reg, { userName, realName, password: 'Good@1234', deptCode: 'A01', ...(await t.captcha()) })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === UserError.USER_EXISTS.code)).toHaveLength(2);
    expect(await t.db.selectFrom('sys_user').select('id').where('userName', '=', userName).execute()).toHaveLength(1);
  });

  it('answers 90010003 when registration is closed', async () => {
    const closed = await testApp({ KAOPEI_USER_REG: 'false' });
    try {
      const userName = uniq('closed');
      const res = await closed.call('/api/sys/user/reg', { userName, realName: '王五', password: 'Good@1234', ...(await closed.captcha()) });
      expect(res).toMatchObject({ code: UserError.REG_CLOSED.code, msg: UserError.REG_CLOSED.msg });
      expect(await closed.db.selectFrom('sys_user').select('id').where('userName', '=', userName).execute()).toHaveLength(0);
      expect((await closed.call<SiteInfo>('/api/sys/config/site')).data?.userReg).toBe(false);
    } finally {
      await closed.close();
    }
  });
});

describe('update-pass', () => {
  it('needs a login', async () => {
    expect((await t.call(userApi.updatePass, { oldPassword: 'Test@12345', password: 'New@12345' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('refuses a wrong old password and a weak new one, and keeps the old password', async () => {
    const u = await t.newLearner('pw');
    expect(await t.call(userApi.updatePass, { oldPassword: 'Nope@12345', password: 'New@123456' }, u.token)).toMatchObject({
      code: UserError.OLD_PASSWORD_WRONG.code,
      msg: UserError.OLD_PASSWORD_WRONG.msg,
    });
    expect(await t.call(userApi.updatePass, { oldPassword: 'Test@12345', password: 'weakpass' }, u.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: PASSWORD_MSG });
    expect(await t.call(userApi.updatePass, { password: 'New@123456' }, u.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '旧密码不能为空！' });
    expect((await t.call(userApi.login, { username: u.userName, password: 'Test@12345' })).code).toBe(0);
  });

  it('changes the password: the other sessions end (10010002), the caller\'s goes on; the old password no longer logs in, the new one does', async () => {
    const u = await t.newLearner('pw');
    const a = await t.login({ username: u.userName, password: 'Test@12345' });
    const b = await t.login({ username: u.userName, password: 'Test@12345' });
    const res = await raw('/api/sys/user/update-pass', { oldPassword: 'Test@12345', password: 'New@123456' }, { token: a });
    expect(res.json()).toMatchObject({ code: 0, data: null });
    expect(await info(b)).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN, msg: CommonError.NOT_LOGGED_IN.msg, success: false });
    expect(await info(u.token)).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
    expect(await info(a)).toMatchObject({ code: 0, data: { userId: u.userId } });
    expect((await t.call(userApi.login, { username: u.userName, password: 'Test@12345' })).code).toBe(UserError.BAD_CREDENTIALS.code);
    expect((await t.call(userApi.login, { username: u.userName, password: 'New@123456' })).code).toBe(0);
  });
});

describe('public calls and transport faults', () => {
  it('POST /api/sys/config/site answers the site data without a token', async () => {
    const res = await t.call<SiteInfo>(configApi.site);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ siteName: '考培', userReg: true, moduleExam: true, moduleBattle: false, props: { moduleCourse: true, moduleCert: true } });
    expect(typeof res.data?.copyRight).toBe('string');
  });

  it('GET /api/health answers ok with the dialect', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, success: true, data: { status: 'ok', dialect: t.dialect } });
  });

  it('serves the OpenAPI UI and document', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = (doc.json() as { paths: Record<string, unknown> }).paths;
    for (const p of ['/api/paper/paper/hand-exam', '/api/sys/user/login', '/api/qu/qu/import', '/api/exam/exam/online-paging']) expect(paths).toHaveProperty([p]);
  });

  it('answers an unknown /api path with HTTP 404 and the envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/sys/user/nope', payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '接口地址错误，请联系管理员。', data: null, success: false });
    }
  });

  it('answers a malformed JSON body with HTTP 400 and the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/user/login', payload: '{"username": "admin",', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '缺少必要参数或参数类型不正确。' });
  });

  it('never sends a password hash', async () => {
    const token = await t.login();
    await raw('/api/sys/user/info', {}, { token });
    await raw('/api/sys/user/login', LEARNER);
    await raw('/api/sys/user/login', { username: 'learner', password: 'Wrong@123456' });
    expect(bodies.length).toBeGreaterThanOrEqual(9);
    for (const b of bodies) {
      expect(b).not.toContain('$argon2');
      expect(b).not.toMatch(/"password"/);
    }
  });
});
