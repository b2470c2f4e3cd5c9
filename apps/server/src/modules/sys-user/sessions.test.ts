/**
 * API tests of the session stores (session-store.ts; SPEC §4 "Session"): the same rules on the
 * database store (SQLite, or PostgreSQL with TEST_DATABASE_URL) and, with TEST_REDIS_URL, on Redis:
 * tokens stored as sha-256 only, logout, a password change ending the other sessions, a disabled
 * account, sliding expiry on the server clock.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { userApi, UserError } from '@kaopei/contracts/sys-user';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { sessionKey, userSessionsKey } from './session-store';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('TEST_REDIS_URL is unset: the Redis session-store tests are skipped (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).');

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const PASSWORD = 'Test@12345';

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

  const info = async (token: string) => (await t.call(userApi.info, {}, token)).code;
  const login = (username: string, password = PASSWORD) => t.login({ username, password });

  it(`stores only the sha-256 of each token, in the ${store} store`, async () => {
    const u = await t.newLearner('sess');
    const token = await login(u.userName);
    const rows = await t.db.selectFrom('sys_user_token').selectAll().where('userId', '=', u.userId).execute();
    if (redis) {
      expect(rows).toHaveLength(0);
      const stored = await redis.hgetall(sessionKey(sha256(token)));
      expect(stored).toMatchObject({ userId: u.userId });
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(await redis.smembers(userSessionsKey(u.userId))).toEqual(expect.arrayContaining([sha256(token), sha256(u.token)]));
      expect(await redis.pttl(sessionKey(sha256(token)))).toBeGreaterThan(t.config.sessionTtlMs - 60_000);
    } else {
      expect(rows.map((r) => r.tokenHash).sort()).toEqual([sha256(token), sha256(u.token)].sort());
      expect(JSON.stringify(rows)).not.toContain(token);
    }
    expect(await info(token)).toBe(0);
  });

  it('ends only the logged-out session', async () => {
    const u = await t.newLearner('sess');
    const a = await login(u.userName);
    expect((await t.call(userApi.logout, {}, a)).code).toBe(0);
    expect(await info(a)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await info(u.token)).toBe(0);
    if (redis) expect(await redis.sismember(userSessionsKey(u.userId), sha256(a))).toBe(0);
  });

  it('a password change ends every other session of the user; the new password works, the old fails', async () => {
    const u = await t.newLearner('sess');
    const other = await t.newLearner('sess');
    const a = await login(u.userName);
    const b = await login(u.userName);
    expect(await t.call(userApi.updatePass, { oldPassword: PASSWORD, password: 'New@123456' }, a)).toMatchObject({ code: 0, data: null });
    expect(await t.call(userApi.info, {}, b)).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN, success: false });
    expect(await info(u.token)).toBe(ErrorCode.NOT_LOGGED_IN); // the registration's session too
    expect(await t.call(userApi.info, {}, a)).toMatchObject({ code: 0, data: { userId: u.userId } });
    expect(await info(other.token)).toBe(0); // another user is not concerned
    expect((await t.call(userApi.login, { username: u.userName, password: PASSWORD })).code).toBe(UserError.BAD_CREDENTIALS.code);
    const c = await login(u.userName, 'New@123456');
    expect(await info(c)).toBe(0);
    expect(await info(a)).toBe(0);
  });

  it('stops the sessions of a disabled account at once, and the service can end all sessions of a user', async () => {
    const u = await t.newLearner('sess');
    const a = await login(u.userName);
    await t.db.updateTable('sys_user').set({ state: 1 }).where('id', '=', u.userId).execute();
    expect(await info(a)).toBe(ErrorCode.NOT_LOGGED_IN);
    await t.db.updateTable('sys_user').set({ state: 0 }).where('id', '=', u.userId).execute();
    expect(await info(a)).toBe(0);
    await t.services.sysUser.endSessionsOf(u.userId);
    expect(await info(a)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await info(u.token)).toBe(ErrorCode.NOT_LOGGED_IN);
    if (redis) expect(await redis.exists(userSessionsKey(u.userId))).toBe(0);
  });

  it('slides: a session used within the last half of its life lives on; an idle one ends (server clock)', async () => {
    const u = await t.newLearner('sess');
    const used = await login(u.userName);
    const idle = await login(u.userName);
    const ttl = t.config.sessionTtlMs;
    advanceClock(ttl * 0.6);
    expect(await info(used)).toBe(0); // extended to now + ttl
    advanceClock(ttl * 0.6);
    expect(await info(used)).toBe(0);
    expect(await info(idle)).toBe(ErrorCode.NOT_LOGGED_IN);
    advanceClock(ttl + 1000);
    expect(await info(used)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await info(await login(u.userName))).toBe(0);
  });
}

describe('sessions, database store', () => suite('database'));
describe.skipIf(!REDIS_URL)('sessions, Redis store (TEST_REDIS_URL)', () => suite('redis'));
