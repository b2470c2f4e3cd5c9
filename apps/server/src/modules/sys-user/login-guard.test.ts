/**
 * API tests of the failed-login rules (login-guard.ts; SPEC §7 "User", §8): remaining-attempt
 * warnings, the image captcha after 3 failures of one account from one IP (or 20 on the account, or
 * 30 from the IP), refusals that do not reveal the password, the wait of a pair that keeps failing
 * (and only of that pair), and the reset on success. Run on the database store (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL) and, with TEST_REDIS_URL, on the Redis store.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError, ErrorCode } from '@kaopei/contracts';
import { type LoginFailData, loginMsg, type SessionUser, userApi, UserError } from '@kaopei/contracts/sys-user';
import { testApp, type TestApp } from '../../test/app';
import { uniq } from '../../test/builders';
import { LOGIN_LIMIT_TABLE } from './login-guard';
import { loginFrom, randomIp, solvedCaptcha, wrongCaptcha, type LoginAnswer } from './test-support';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('TEST_REDIS_URL is unset: the Redis-store login-guard tests are skipped (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).');

const PASSWORD = 'Test@12345';
const data = (res: LoginAnswer) => res.data as LoginFailData;

function suite(store: 'database' | 'redis') {
  let t: TestApp;
  let redis: Redis | null = null;

  beforeAll(async () => {
    t = await testApp(store === 'redis' ? { REDIS_URL: REDIS_URL as string } : {});
    if (store === 'redis') redis = t.redis; // the app's own connection: keys under its REDIS_PREFIX
  });
  afterAll(async () => {
    await t.close();
  });

  const wrong = (user: string, extra: object = {}) => ({ username: user, password: 'Wrong@0000', ...extra });
  const right = (user: string, extra: object = {}) => ({ username: user, password: PASSWORD, ...extra });

  /** Fails `n` times from `ip` without captcha (the first 3 failures of a pair need none). */
  async function failTimes(user: string, ip: string, n: number): Promise<LoginAnswer[]> {
    const out: LoginAnswer[] = [];
    for (let i = 0; i < n; i++) out.push(await loginFrom(t, ip, wrong(user)));
    return out;
  }

  /** Ends the wait of a pair in the store (as if its time had passed). */
  async function endWait(user: string, ip: string): Promise<void> {
    const key = `login:backoff:${ip}|${user.toLowerCase()}`;
    if (redis) expect(await redis.del(key)).toBe(1);
    else expect(Number((await t.db.updateTable(LOGIN_LIMIT_TABLE).set({ expire: Date.now() - 1 }).where('key', '=', key).executeTakeFirst()).numUpdatedRows)).toBe(1);
  }

  it('warns how many attempts remain, then asks for the image captcha after 3 failures of one account from one IP', async () => {
    const u = await t.newLearner('guard');
    const [a, b, c] = await failTimes(u.userName, randomIp(), 3);
    expect(a).toMatchObject({ status: 200, code: UserError.BAD_CREDENTIALS.code, success: false, msg: '账号或密码错误！还可尝试2次，之后需输入图形验证码', data: { remaining: 2, captchaRequired: false } });
    expect(b).toMatchObject({ code: UserError.BAD_CREDENTIALS.code, msg: loginMsg.remaining(1), data: { remaining: 1, captchaRequired: false } });
    expect(c).toMatchObject({ code: UserError.BAD_CREDENTIALS.code, msg: '账号或密码错误！请输入图形验证码后重试', data: { remaining: 0, captchaRequired: true } });
    for (const r of [a, b, c]) expect(data(r).retryAfter).toBeUndefined();
  });

  it('refuses the right password with a missing or wrong captcha exactly like a wrong one, without counting a failure', async () => {
    const u = await t.newLearner('guard');
    const ip = randomIp();
    await failTimes(u.userName, ip, 3);
    const missingRight = await loginFrom(t, ip, right(u.userName));
    const missingWrong = await loginFrom(t, ip, wrong(u.userName));
    const emptyRight = await loginFrom(t, ip, right(u.userName, { captchaKey: '', captchaValue: '' }));
    expect(missingRight).toEqual({ status: 200, code: ErrorCode.CAPTCHA_INVALID, msg: '图形验证码不能为空！', success: false, data: { remaining: 0, captchaRequired: true } });
    expect(missingWrong).toEqual(missingRight);
    expect(emptyRight).toEqual(missingRight);
    const badRight = await loginFrom(t, ip, right(u.userName, await wrongCaptcha(t)));
    const badWrong = await loginFrom(t, ip, wrong(u.userName, await wrongCaptcha(t)));
    const unknownKey = await loginFrom(t, ip, right(u.userName, { captchaKey: 'f'.repeat(32), captchaValue: 'ABCD' }));
    expect(badRight).toEqual({ status: 200, code: ErrorCode.CAPTCHA_INVALID, msg: CommonError.CAPTCHA_INVALID.msg, success: false, data: { remaining: 0, captchaRequired: true } });
    expect(badWrong).toEqual(badRight);
    expect(unknownKey).toEqual(badRight);
    // Seven refusals, yet the pair has 3 failures: six more wrong passwords (with captchas) before the wait.
    for (let i = 4; i <= 9; i++) expect(data(await loginFrom(t, ip, wrong(u.userName, await solvedCaptcha(t)))).retryAfter, `failure ${i}`).toBeUndefined();
  });

  it('lets no burst of parallel attempts slip past the captcha threshold', async () => {
    const u = await t.newLearner('guard');
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 10 }, () => loginFrom(t, ip, wrong(u.userName))));
    expect(answers.filter((a) => a.code === UserError.BAD_CREDENTIALS.code)).toHaveLength(3);
    expect(answers.filter((a) => a.code === ErrorCode.CAPTCHA_INVALID)).toHaveLength(7);
    // The seven refused ones were not counted: the pair has 3 failures, and the right password gets in with a captcha.
    expect(await loginFrom(t, ip, right(u.userName, await solvedCaptcha(t)))).toMatchObject({ code: 0 });
  });

  it('logs in with the right password plus the right captcha (any case), and the success clears the pair', async () => {
    const u = await t.newLearner('guard');
    const ip = randomIp();
    await failTimes(u.userName, ip, 3);
    const captcha = await solvedCaptcha(t);
    const ok = await loginFrom(t, ip, right(u.userName, { ...captcha, captchaValue: ` ${captcha.captchaValue.toUpperCase()} ` }));
    expect(ok).toMatchObject({ status: 200, code: 0, data: { userName: u.userName } });
    expect((await t.call(userApi.info, {}, (ok.data as SessionUser).token)).code).toBe(0);
    // Cleared: the next failure counts from one again, and needs no captcha.
    expect(await loginFrom(t, ip, wrong(u.userName))).toMatchObject({ code: UserError.BAD_CREDENTIALS.code, data: { remaining: 2, captchaRequired: false } });
    expect((await loginFrom(t, ip, right(u.userName))).code).toBe(0);
  });

  it('takes each captcha for one attempt only', async () => {
    const u = await t.newLearner('guard');
    const ip = randomIp();
    await failTimes(u.userName, ip, 3);
    const captcha = await solvedCaptcha(t);
    expect(await loginFrom(t, ip, wrong(u.userName, captcha))).toMatchObject({ code: UserError.BAD_CREDENTIALS.code, msg: loginMsg.captchaNext });
    expect(await loginFrom(t, ip, right(u.userName, captcha))).toMatchObject({ code: ErrorCode.CAPTCHA_INVALID, data: { captchaRequired: true } });
  });

  it('makes a pair that keeps failing wait 1 min, then 2 min; the same account from another IP is not held', async () => {
    const u = await t.newLearner('guard');
    const ip = randomIp();
    await failTimes(u.userName, ip, 3);
    for (let i = 4; i <= 9; i++) {
      expect(await loginFrom(t, ip, wrong(u.userName, await solvedCaptcha(t))), `failure ${i}`).toMatchObject({ code: UserError.BAD_CREDENTIALS.code, msg: loginMsg.captchaNext });
    }
    const tenth = await loginFrom(t, ip, wrong(u.userName, await solvedCaptcha(t)));
    expect(tenth).toMatchObject({ status: 200, code: UserError.BAD_CREDENTIALS.code, msg: '账号或密码错误！失败次数过多，请1分钟后再试', data: { remaining: 0, captchaRequired: true, retryAfter: 60 } });

    // Held: even the right password with a right captcha waits (HTTP 429), and says until when.
    const held = await loginFrom(t, ip, right(u.userName, await solvedCaptcha(t)));
    expect(held).toMatchObject({ status: 429, code: ErrorCode.TOO_MANY_REQUESTS, success: false, msg: '登录失败次数过多，请1分钟后再试！', data: { captchaRequired: true } });
    expect(data(held).retryAfter).toBeGreaterThan(0);
    expect(data(held).retryAfter).toBeLessThanOrEqual(60);
    const raw = await t.app.inject({ method: 'POST', url: '/api/sys/user/login', payload: right(u.userName), remoteAddress: ip });
    expect(raw.statusCode).toBe(429);
    expect(Number(raw.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(raw.headers['retry-after'])).toBeLessThanOrEqual(60);

    // The same account from another IP: not held, not even asked for a captcha (10 < 20 account failures).
    expect(await loginFrom(t, randomIp(), right(u.userName))).toMatchObject({ status: 200, code: 0 });

    // After the wait, the next failure waits twice as long; then the right password (with captcha) gets in.
    await endWait(u.userName, ip);
    expect(await loginFrom(t, ip, wrong(u.userName, await solvedCaptcha(t)))).toMatchObject({ msg: '账号或密码错误！失败次数过多，请2分钟后再试', data: { retryAfter: 120 } });
    expect((await loginFrom(t, ip, right(u.userName, await solvedCaptcha(t)))).status).toBe(429);
    await endWait(u.userName, ip);
    expect(await loginFrom(t, ip, right(u.userName, await solvedCaptcha(t)))).toMatchObject({ status: 200, code: 0 });
    expect(await loginFrom(t, ip, wrong(u.userName))).toMatchObject({ data: { remaining: 2, captchaRequired: false } });
  });

  it('asks every client of an account for the captcha after 20 failures from different IPs', async () => {
    const u = await t.newLearner('guard');
    const answers: LoginAnswer[] = [];
    for (let i = 0; i < 20; i++) answers.push(await loginFrom(t, randomIp(), wrong(u.userName)));
    expect(answers[18]).toMatchObject({ msg: loginMsg.remaining(1), data: { remaining: 1, captchaRequired: false } });
    expect(answers[19]).toMatchObject({ msg: loginMsg.captchaNext, data: { remaining: 0, captchaRequired: true } });
    const fresh = randomIp();
    expect(await loginFrom(t, fresh, right(u.userName))).toMatchObject({ code: ErrorCode.CAPTCHA_INVALID, data: { captchaRequired: true } });
    expect(await loginFrom(t, fresh, right(u.userName, await solvedCaptcha(t)))).toMatchObject({ status: 200, code: 0 });
  });

  it('gives one IP failing on many accounts the captcha, never a lock', async () => {
    const ip = randomIp();
    const answers: LoginAnswer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await loginFrom(t, ip, wrong(uniq('nobody'))));
    expect(answers[28]).toMatchObject({ code: UserError.BAD_CREDENTIALS.code, data: { remaining: 1, captchaRequired: false } });
    expect(answers[29]).toMatchObject({ code: UserError.BAD_CREDENTIALS.code, msg: loginMsg.captchaNext, data: { remaining: 0, captchaRequired: true } });
    expect(answers.every((a) => a.status === 200)).toBe(true);

    // A colleague behind the same address: captcha, then in.
    const u = await t.newLearner('nat');
    expect(await loginFrom(t, ip, right(u.userName))).toMatchObject({ status: 200, code: ErrorCode.CAPTCHA_INVALID });
    expect(await loginFrom(t, ip, right(u.userName, await solvedCaptcha(t)))).toMatchObject({ status: 200, code: 0 });
    // More failures from the address still answer 90010002 (captcha required), never 429.
    expect(await loginFrom(t, ip, wrong(uniq('nobody'), await solvedCaptcha(t)))).toMatchObject({ status: 200, code: UserError.BAD_CREDENTIALS.code });
    // Other addresses are not concerned.
    expect((await loginFrom(t, randomIp(), right(u.userName))).code).toBe(0);
  });

  it('asks nobody for a captcha when a whole company behind one address logs in at once with right passwords', async () => {
    const ip = randomIp();
    const people = await Promise.all(Array.from({ length: 40 }, () => t.newLearner('nat')));
    const answers = await Promise.all(people.map((u) => loginFrom(t, ip, right(u.userName))));
    expect(answers.map((a) => a.code)).toEqual(people.map(() => 0));
    // Their attempts were not failures: the address has its whole allowance left.
    expect(await loginFrom(t, ip, wrong(uniq('nobody')))).toMatchObject({ code: UserError.BAD_CREDENTIALS.code, data: { remaining: 2, captchaRequired: false } });
  });

  it('counts an account case-insensitively', async () => {
    const u = await t.newLearner('guard');
    const ip = randomIp();
    await loginFrom(t, ip, wrong(u.userName));
    expect(await loginFrom(t, ip, wrong(u.userName.toUpperCase()))).toMatchObject({ data: { remaining: 1 } });
  });

  it(`keeps the counters in the ${store === 'redis' ? 'Redis' : 'database'} store shared by every server process`, async () => {
    const u = await t.newLearner('guard');
    const ip = randomIp();
    await loginFrom(t, ip, wrong(u.userName));
    const key = `login:pair:${ip}|${u.userName}`;
    if (redis) {
      expect(await redis.get(key)).toBe('1');
      expect(await t.db.selectFrom(LOGIN_LIMIT_TABLE).select('key').where('key', '=', key).execute()).toHaveLength(0);
      expect(await t.services.sysUser.sweepLoginLimits()).toBe(0);
      return;
    }
    const row = await t.db.selectFrom(LOGIN_LIMIT_TABLE).selectAll().where('key', '=', key).executeTakeFirst();
    expect(row).toMatchObject({ key, points: 1 });
    expect(Number(row?.expire)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The sweep task deletes windows that are over, and only those.
    await t.db.updateTable(LOGIN_LIMIT_TABLE).set({ expire: Date.now() - 1000 }).where('key', '=', key).execute();
    expect(await t.services.sysUser.sweepLoginLimits()).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom(LOGIN_LIMIT_TABLE).select('key').where('key', '=', key).execute()).toHaveLength(0);
    expect(await t.db.selectFrom(LOGIN_LIMIT_TABLE).select('key').where('key', '=', `login:account:${u.userName}`).execute()).toHaveLength(1);
  });
}

describe('login guard, database store', () => suite('database'));
describe.skipIf(!REDIS_URL)('login guard, Redis store (TEST_REDIS_URL)', () => suite('redis'));
