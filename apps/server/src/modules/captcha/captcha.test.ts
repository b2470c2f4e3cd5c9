/**
 * API tests of the image captcha (SPEC §7 "Captcha"): the SVG image (GET gen, and its markup from
 * POST captchaGen, which never answers the text), the check (case-insensitive,
 * one use, 5-minute life), the refused key formats and the sweep of the table store. Run on the
 * database store (SQLite, or PostgreSQL with TEST_DATABASE_URL) and, with TEST_REDIS_URL, on Redis.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { CAPTCHA_TTL_MS, captchaApi } from '@kaopei/contracts/captcha';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { CAPTCHA_CHARS, CAPTCHA_LENGTH } from './captcha.service';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('TEST_REDIS_URL is unset: the Redis-store captcha tests are skipped (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).');

const newKey = () => randomBytes(16).toString('hex');

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

  const gen = (key: string) => t.app.inject({ method: 'GET', url: `${captchaApi.gen.path}?key=${encodeURIComponent(key)}` });
  const check = (captchaKey: string, captchaValue: string) => t.call<boolean>(captchaApi.check, { captchaKey, captchaValue });
  /** A new captcha and its text. */
  const fresh = async () => {
    const key = newKey();
    expect((await gen(key)).statusCode).toBe(200);
    return { key, text: (await t.services.captcha.textOf(key)) as string };
  };

  it('GET gen answers an SVG image without a token, never cached, and keeps its text server-side', async () => {
    const key = newKey();
    const res = await gen(key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<svg [^>]*width="120" height="40"/);
    expect(res.body).toMatch(/<\/svg>$/);
    const text = await t.services.captcha.textOf(key);
    expect(text).toMatch(new RegExp(`^[${CAPTCHA_CHARS.toLowerCase()}]{${CAPTCHA_LENGTH}}$`));
    // The letters are drawn as paths: no <text> element gives them away.
    expect(res.body).not.toMatch(/<text/);
  });

  it('POST captchaGen answers the SVG markup of a new captcha in data, never its text', async () => {
    for (let i = 0; i < 20; i++) {
      const key = newKey();
      const res = await t.call<string>(captchaApi.captchaGen, { key });
      expect(res).toMatchObject({ status: 200, code: 0, success: true });
      const svg = res.data as string;
      expect(svg).toMatch(/^<svg [^>]*width="120" height="40"[\s\S]*<\/svg>$/);
      expect(svg).not.toMatch(/<text/);
      const text = (await t.services.captcha.textOf(key)) as string;
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_CHARS.toLowerCase()}]{${CAPTCHA_LENGTH}}$`));
      expect(svg).not.toBe(text);
      // Path data has digits between its letters; only the words of the SVG skeleton could match.
      if (!['path', 'http'].includes(text)) expect(svg.toLowerCase()).not.toContain(text);
      // The captcha drawn is the live one of the key.
      if (i === 0) expect((await check(key, text.toUpperCase())).data).toBe(true);
    }
    expect(await t.call(captchaApi.captchaGen, {})).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '图形验证码标识不能为空！' });
    expect(await t.call(captchaApi.captchaGen, { key: 'short' })).toMatchObject({ code: ErrorCode.BAD_PARAMS });
  });

  it('refuses a missing or malformed key with 10010001', async () => {
    for (const url of [captchaApi.gen.path, `${captchaApi.gen.path}?key=short`, `${captchaApi.gen.path}?key=${'a'.repeat(65)}`, `${captchaApi.gen.path}?key=${encodeURIComponent('<script>alert(1)</script>xxxxxx')}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toMatchObject({ code: ErrorCode.BAD_PARAMS, success: false });
    }
  });

  it('checks case-insensitively, and only once', async () => {
    const { key, text } = await fresh();
    expect(await check(key, ` ${text.toUpperCase()} `)).toMatchObject({ code: 0, data: true });
    expect(await check(key, text)).toMatchObject({ code: 0, data: false });
  });

  it('consumes the captcha on a wrong answer too', async () => {
    const { key, text } = await fresh();
    expect((await check(key, text === 'xxxx' ? 'yyyy' : 'xxxx')).data).toBe(false);
    expect((await check(key, text)).data).toBe(false);
    expect(await t.services.captcha.textOf(key)).toBeNull();
  });

  it('replaces the text when the same key asks for a new image (refresh)', async () => {
    const key = newKey();
    const texts = new Set<string>();
    for (let i = 0; i < 5; i++) {
      await gen(key);
      texts.add((await t.services.captcha.textOf(key)) as string);
    }
    expect(texts.size).toBeGreaterThan(1);
    const last = (await t.services.captcha.textOf(key)) as string;
    expect((await check(key, last)).data).toBe(true);
  });

  it('answers false for an unknown key, and 10010001 with the SPEC §5 message for an empty value', async () => {
    expect(await check(newKey(), 'abcd')).toMatchObject({ code: 0, data: false });
    expect(await t.call(captchaApi.check, { captchaKey: newKey(), captchaValue: '  ' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '图形验证码不能为空！' });
    expect(await t.call(captchaApi.check, { captchaKey: newKey() })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '图形验证码不能为空！' });
  });

  it('expires after 5 minutes', async () => {
    const a = await fresh();
    const b = await fresh();
    advanceClock(CAPTCHA_TTL_MS - 1000);
    expect((await check(a.key, a.text)).data).toBe(true);
    advanceClock(2000);
    expect(await t.services.captcha.textOf(b.key)).toBeNull();
    expect((await check(b.key, b.text)).data).toBe(false);
  });

  it(`lives in the ${store === 'redis' ? 'Redis' : 'database'} store shared by every server process`, async () => {
    const { key, text } = await fresh();
    if (redis) {
      expect(await redis.get(`captcha:${key}`)).toMatch(new RegExp(`^\\d+:${text}$`));
      expect(await redis.pttl(`captcha:${key}`)).toBeGreaterThan(CAPTCHA_TTL_MS - 60_000);
      expect(await t.db.selectFrom('sys_captcha').select('captchaKey').where('captchaKey', '=', key).execute()).toHaveLength(0);
      return;
    }
    expect(await t.db.selectFrom('sys_captcha').selectAll().where('captchaKey', '=', key).executeTakeFirst()).toMatchObject({ captchaKey: key, captchaValue: text });
    // The sweep deletes the expired ones only.
    const old = await fresh();
    await t.db.updateTable('sys_captcha').set({ expireTime: 1 }).where('captchaKey', '=', old.key).execute();
    expect(await t.services.captcha.sweep()).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('sys_captcha').select('captchaKey').where('captchaKey', 'in', [key, old.key]).execute()).toEqual([{ captchaKey: key }]);
  });
}

describe('captcha, database store', () => suite('database'));
describe.skipIf(!REDIS_URL)('captcha, Redis store (TEST_REDIS_URL)', () => suite('redis'));
