/**
 * API tests of the registration and login policy (switch configuration, SPEC §3 "Switch config";
 * issue 6 "Registration and login policy", "SMS", "Registration and SMS are not an oracle"): userReg,
 * userAudit (pending registrations and logins), userDeptType, mobileLogin, loginTick; the per-address
 * registration limit with Retry-After; the same answer for a taken name whatever the rate; login by
 * SMS code and password reset by SMS code (codes read from the log provider's outbox). Run on the
 * database stores (SQLite, or PostgreSQL with TEST_DATABASE_URL) and, with TEST_REDIS_URL, on Redis
 * (sessions and counters).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError, ErrorCode, type Envelope } from '@kaopei/contracts';
import { smsApi, SmsError, SmsType } from '@kaopei/contracts/sms';
import { configApi, type SwitchConfig } from '@kaopei/contracts/sys-config';
import { departApi } from '@kaopei/contracts/sys-depart';
import { DEPT_REQUIRED_MSG, PASSWORD_MSG, REG_LIMITS, type SessionUser, userApi, UserError } from '@kaopei/contracts/sys-user';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import type { LogSmsProvider } from '../sms/sms.providers';
import { randomIp } from './test-support';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('TEST_REDIS_URL is unset: the Redis runs of the login-policy tests are skipped (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).');

const PASSWORD = 'Good@1234';

function suite(store: 'database' | 'redis') {
  let t: TestApp;
  let admin: string;
  let defaults: SwitchConfig;
  let n = 0;

  beforeAll(async () => {
    t = await testApp(store === 'redis' ? { REDIS_URL: REDIS_URL as string } : {});
    admin = await t.login();
    defaults = must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin));
  });
  afterAll(async () => {
    await t.close();
  });

  /** Saves the switch configuration: the defaults with `over`. */
  const switches = async (over: Partial<SwitchConfig> = {}) => must(await t.call(configApi.switchSave, { ...defaults, ...over }, admin));
  /** POST /api/sys/user/reg from `ip` with a solved captcha unless the body brings one; answers the envelope with status and headers. */
  const reg = async (body: Record<string, unknown>, ip = randomIp()) => {
    const res = await t.app.inject({ method: 'POST', url: userApi.reg.path, payload: { realName: '注册学员', password: PASSWORD, ...(await t.captcha()), ...body }, remoteAddress: ip });
    return { ...(res.json() as Envelope<SessionUser>), status: res.statusCode, headers: res.headers, cookies: res.cookies };
  };
  const userRow = (userName: string) => t.db.selectFrom('sys_user').selectAll().where('userName', '=', userName).executeTakeFirst();
  const info = async (token: string) => (await t.call(userApi.info, {}, token)).code;
  const login = (username: string, password = PASSWORD) => t.call<SessionUser>(userApi.login, { username, password });
  const newDept = async (sfyxjbm: 0 | 1 = 0) => must(await t.call<{ id: string; deptCode: string }>(departApi.save, { deptName: uniq('单位'), sfyxjbm }, admin));

  /** A learner with a number of their own. */
  const learnerWithMobile = async () => {
    const u = await t.newLearner('mob');
    const mobile = `13${String(Date.now() % 1e5).padStart(5, '0')}${String(++n).padStart(4, '0')}`;
    expect(await t.services.sysUser.setMobile(u.userId, mobile)).toBe(true);
    return { ...u, mobile };
  };
  const outbox = () => (t.services.sms.provider as LogSmsProvider).outbox;
  /** Sends a code of `smsType` to `mobile` (through the API, with a captcha) and reads it from the log provider. */
  const smsCode = async (mobile: string, smsType: number) => {
    must(await t.call(smsApi.send, { mobile, smsType, ...(await t.captcha()) }));
    const code = [...outbox()].reverse().find((m) => m.mobile === mobile)?.code;
    if (!code) throw new Error('no code sent');
    return code;
  };
  const mobileLogin = (mobile: string, smsCode: string) => t.call<SessionUser>(userApi.mobileLogin, { mobile, smsCode });

  describe('userReg', () => {
    it('off: 90010003 and nobody registered; on again: registration works, seen at once', async () => {
      await switches({ userReg: false });
      const userName = uniq('closed');
      expect(await reg({ userName, deptCode: 'A01' })).toMatchObject({ code: UserError.REG_CLOSED.code, msg: UserError.REG_CLOSED.msg });
      expect(await userRow(userName)).toBeUndefined();
      await switches({ userReg: true });
      expect((await reg({ userName, deptCode: 'A01' })).code).toBe(0);
    });
  });

  describe('userAudit', () => {
    it('on: a new learner is pending (state 2), answered without token or cookie; its login is refused with 90010007 until approved', async () => {
      await switches({ userAudit: true });
      try {
        const userName = uniq('audit');
        const res = await reg({ userName, deptCode: 'A01' });
        expect(res).toMatchObject({ code: 0, data: { token: '', userName, roleType: 1, roles: ['student'] } });
        expect(res.cookies.find((c) => c.name === 'token')).toBeUndefined();
        const row = await userRow(userName);
        expect(row?.state).toBe(2);
        expect(await t.db.selectFrom('sys_user_token').select('id').where('userId', '=', row?.id as string).execute()).toHaveLength(0);
        expect(await login(userName)).toMatchObject({ code: UserError.ACCOUNT_PENDING.code, msg: UserError.ACCOUNT_PENDING.msg });
        // A wrong password says nothing about the state.
        expect((await login(userName, 'Wrong@1234')).code).toBe(UserError.BAD_CREDENTIALS.code);
        await t.db.updateTable('sys_user').set({ state: 0 }).where('userName', '=', userName).execute();
        const ok = await login(userName);
        expect(ok.code).toBe(0);
        // Put back under review: its session stops working at once.
        await t.db.updateTable('sys_user').set({ state: 2 }).where('userName', '=', userName).execute();
        expect(await info(ok.data?.token as string)).toBe(ErrorCode.NOT_LOGGED_IN);
      } finally {
        await switches();
      }
    });

    it('off: the learner is logged in at once (state 0)', async () => {
      const userName = uniq('open');
      const res = await reg({ userName, deptCode: 'A01' });
      expect(res.data?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.cookies.find((c) => c.name === 'token')?.value).toBe(res.data?.token);
      expect((await userRow(userName))?.state).toBe(0);
    });
  });

  describe('userDeptType', () => {
    it('0: the learner picks a live department; none, an unknown or a deleted one registers nobody', async () => {
      await switches({ userDeptType: 0 });
      const dept = await newDept();
      const gone = await newDept();
      must(await t.call(departApi.delete, { ids: [gone.id] }, admin));
      const userName = uniq('dept');
      expect(await reg({ userName })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: DEPT_REQUIRED_MSG });
      expect(await reg({ userName, deptCode: '  ' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: DEPT_REQUIRED_MSG });
      for (const deptCode of ['A99A99', 'nonsense', gone.deptCode]) {
        expect(await reg({ userName, deptCode }), deptCode).toMatchObject({ code: CommonError.NOT_FOUND.code, msg: '部门不存在！' });
      }
      expect(await userRow(userName)).toBeUndefined();
      expect((await reg({ userName, deptCode: dept.deptCode })).code).toBe(0);
      expect((await userRow(userName))?.deptCode).toBe(dept.deptCode);
    });

    it('1: every learner joins userDeptCode whatever was sent; the default department when that one was deleted since', async () => {
      const fixed = await newDept();
      const other = await newDept();
      await switches({ userDeptType: 1, userDeptCode: fixed.deptCode });
      try {
        for (const deptCode of [undefined, other.deptCode, 'A99A99']) {
          const userName = uniq('fix');
          expect((await reg({ userName, deptCode })).code).toBe(0);
          expect((await userRow(userName))?.deptCode).toBe(fixed.deptCode);
        }
        const gone = await newDept();
        await switches({ userDeptType: 1, userDeptCode: gone.deptCode });
        must(await t.call(departApi.delete, { ids: [gone.id] }, admin));
        const userName = uniq('fix');
        expect((await reg({ userName })).code).toBe(0);
        expect((await userRow(userName))?.deptCode).toBe('A01');
      } finally {
        await switches();
      }
    });
  });

  describe('per-address registration limit', () => {
    it(`allows ${REG_LIMITS.perIp} attempts per address, then HTTP 429 with Retry-After and data.retryAfter; other addresses go on`, async () => {
      const ip = randomIp();
      const wrong = { captchaKey: randomBytes(16).toString('hex'), captchaValue: 'xxxx' };
      for (let i = 0; i < REG_LIMITS.perIp; i++) {
        expect((await reg({ userName: uniq('lim'), deptCode: 'A01', ...wrong }, ip)).code, `attempt ${i + 1}`).toBe(ErrorCode.CAPTCHA_INVALID);
      }
      const userName = uniq('lim');
      const refused = await reg({ userName, deptCode: 'A01' }, ip);
      expect(refused).toMatchObject({ status: 429, code: UserError.REG_TOO_MANY.code, msg: UserError.REG_TOO_MANY.msg, success: false });
      const retryAfter = (refused.data as unknown as { retryAfter: number }).retryAfter;
      expect(retryAfter).toBeGreaterThan(REG_LIMITS.windowSec - 60);
      expect(retryAfter).toBeLessThanOrEqual(REG_LIMITS.windowSec);
      expect(refused.headers['retry-after']).toBe(String(retryAfter));
      expect(await userRow(userName)).toBeUndefined();
      expect((await reg({ userName, deptCode: 'A01' }, randomIp())).code).toBe(0);
    });

    it('answers a taken name exactly like a free one: over the limit, and without a right captcha', async () => {
      const ip = randomIp();
      const wrong = () => ({ captchaKey: randomBytes(16).toString('hex'), captchaValue: 'xxxx' });
      const strip = (r: Awaited<ReturnType<typeof reg>>) => ({ status: r.status, code: r.code, msg: r.msg, data: r.data, success: r.success });
      expect(strip(await reg({ userName: 'admin', deptCode: 'A01', ...wrong() }, ip))).toEqual(strip(await reg({ userName: uniq('free'), deptCode: 'A01', ...wrong() }, ip)));
      for (let i = 2; i < REG_LIMITS.perIp; i++) await reg({ userName: uniq('fill'), deptCode: 'A01', ...wrong() }, ip);
      const taken = await reg({ userName: 'admin', deptCode: 'A01' }, ip);
      const free = await reg({ userName: uniq('free'), deptCode: 'A01' }, ip);
      expect(taken).toMatchObject({ status: 429, code: UserError.REG_TOO_MANY.code });
      expect({ ...strip(taken), data: null }).toEqual({ ...strip(free), data: null });
      expect(Object.keys(taken.data as object)).toEqual(['retryAfter']);
      expect(Object.keys(free.data as object)).toEqual(['retryAfter']);
    });
  });

  describe('mobile login', () => {
    it('off (the default): 90010008, and the code is not used up', async () => {
      const u = await learnerWithMobile();
      const code = await smsCode(u.mobile, SmsType.LOGIN);
      expect(await mobileLogin(u.mobile, code)).toMatchObject({ code: UserError.MOBILE_LOGIN_OFF.code, msg: UserError.MOBILE_LOGIN_OFF.msg });
      await switches({ mobileLogin: true });
      try {
        expect(await mobileLogin(u.mobile, code)).toMatchObject({ code: 0, data: { userId: u.userId, mobile: u.mobile } });
      } finally {
        await switches();
      }
    });

    it('on: a code of smsType 1 logs the owner of the number in, once; a wrong code, another type\'s code or an unknown number answer the same', async () => {
      await switches({ mobileLogin: true });
      try {
        const u = await learnerWithMobile();
        const reset = await smsCode(u.mobile, SmsType.RESET_PASSWORD);
        const code = await smsCode(u.mobile, SmsType.LOGIN);
        const invalid = { code: SmsError.CODE_INVALID.code, msg: SmsError.CODE_INVALID.msg, success: false, data: null };
        expect(await mobileLogin(u.mobile, reset === code ? '000000' : reset)).toMatchObject(invalid);
        expect(await mobileLogin('13600000000', code)).toMatchObject(invalid);
        const res = await t.app.inject({ method: 'POST', url: userApi.mobileLogin.path, payload: { mobile: u.mobile, smsCode: code } });
        const body = res.json() as Envelope<SessionUser>;
        expect(body).toMatchObject({ code: 0, data: { userId: u.userId, userName: u.userName, mobile: u.mobile, roleType: 1 } });
        expect(res.cookies.find((c) => c.name === 'token')?.value).toBe(body.data?.token);
        expect(await info(body.data?.token as string)).toBe(0);
        expect(await mobileLogin(u.mobile, code)).toMatchObject(invalid);
        expect(await t.call(userApi.mobileLogin, { mobile: '123', smsCode: code })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '手机号码格式不正确!' });
        expect(await t.call(userApi.mobileLogin, { mobile: u.mobile })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '短信验证码不能为空' });
      } finally {
        await switches();
      }
    });

    it('on: a disabled or pending account is refused after its code', async () => {
      await switches({ mobileLogin: true });
      try {
        for (const [state, err] of [[1, UserError.ACCOUNT_DISABLED], [2, UserError.ACCOUNT_PENDING]] as const) {
          const u = await learnerWithMobile();
          const code = await smsCode(u.mobile, SmsType.LOGIN);
          await t.db.updateTable('sys_user').set({ state }).where('id', '=', u.userId).execute();
          expect(await mobileLogin(u.mobile, code)).toMatchObject({ code: err.code, msg: err.msg });
        }
      } finally {
        await switches();
      }
    });
  });

  describe('loginTick', () => {
    it('0 (the default): several sessions of one user stay valid', async () => {
      const u = await t.newLearner('tick');
      const a = must(await login(u.userName, 'Test@12345')).token;
      const b = must(await login(u.userName, 'Test@12345')).token;
      for (const token of [u.token, a, b]) expect(await info(token)).toBe(0);
    });

    it('1: a new login by password or by SMS ends the user\'s earlier sessions, not other users\'', async () => {
      await switches({ loginTick: 1, mobileLogin: true });
      try {
        const u = await learnerWithMobile();
        const bystander = await t.newLearner('tick');
        const a = must(await login(u.userName, 'Test@12345')).token;
        expect(await info(u.token)).toBe(ErrorCode.NOT_LOGGED_IN);
        expect(await info(a)).toBe(0);
        const b = must(await mobileLogin(u.mobile, await smsCode(u.mobile, SmsType.LOGIN))).token;
        expect(await info(a)).toBe(ErrorCode.NOT_LOGGED_IN);
        expect(await info(b)).toBe(0);
        expect(await info(bystander.token)).toBe(0);
      } finally {
        await switches();
      }
    });
  });

  describe('reset by SMS (/forgot)', () => {
    it('sets the password chosen by the user, clears the must-change flags and ends every session', async () => {
      const u = await learnerWithMobile();
      const other = must(await login(u.userName, 'Test@12345')).token;
      await t.db.updateTable('sys_user').set({ passState: '1', changedPass: 0 }).where('id', '=', u.userId).execute();
      const code = await smsCode(u.mobile, SmsType.RESET_PASSWORD);
      expect(await t.call(userApi.resetBySms, { mobile: u.mobile, smsCode: code, password: 'Reset@2345' })).toMatchObject({ code: 0, data: null });
      for (const token of [u.token, other]) expect(await info(token)).toBe(ErrorCode.NOT_LOGGED_IN);
      expect((await login(u.userName, 'Test@12345')).code).toBe(UserError.BAD_CREDENTIALS.code);
      expect(await login(u.userName, 'Reset@2345')).toMatchObject({ code: 0, data: { passState: '0', changedPass: true } });
      // The code was used up.
      expect(await t.call(userApi.resetBySms, { mobile: u.mobile, smsCode: code, password: 'Again@2345' })).toMatchObject({ code: SmsError.CODE_INVALID.code });
    });

    it('changes nothing for a wrong code, a login code, an unknown number (same answer) or a weak password', async () => {
      const u = await learnerWithMobile();
      const loginCode = await smsCode(u.mobile, SmsType.LOGIN);
      const before = (await userRow(u.userName))?.password;
      const invalid = { code: SmsError.CODE_INVALID.code, msg: SmsError.CODE_INVALID.msg, data: null };
      expect(await t.call(userApi.resetBySms, { mobile: u.mobile, smsCode: loginCode, password: 'Reset@2345' })).toMatchObject(invalid);
      expect(await t.call(userApi.resetBySms, { mobile: '13500000000', smsCode: '123456', password: 'Reset@2345' })).toMatchObject(invalid);
      const code = await smsCode(u.mobile, SmsType.RESET_PASSWORD);
      expect(await t.call(userApi.resetBySms, { mobile: u.mobile, smsCode: code, password: 'weakpass' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: PASSWORD_MSG });
      expect((await userRow(u.userName))?.password).toBe(before);
      expect(await info(u.token)).toBe(0);
      // The weak password was refused before the code was looked at: it still works.
      expect((await t.call(userApi.resetBySms, { mobile: u.mobile, smsCode: code, password: 'Reset@2345' })).code).toBe(0);
    });
  });
}

describe('registration and login policy, database stores', () => suite('database'));
describe.skipIf(!REDIS_URL)('registration and login policy, Redis stores (TEST_REDIS_URL)', () => suite('redis'));
