/**
 * API test harness: a real app on a real database through `app.inject`.
 *
 * The database is migrated and seeded ONCE per test run (test/global-setup.ts builds a template)
 * and copied for each `testApp()`: a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL
 * (when TEST_DATABASE_URL is set, e.g. postgres://postgres@127.0.0.1:5432/test). `testApp({fresh:
 * true})`, or an env that changes what the first start seeds (KAOPEI_DEMO, KAOPEI_ADMIN_PASSWORD),
 * builds a fresh database instead.
 *
 * The template is seeded like a first start with demo content: `admin` / Admin@123456 and
 * `learner` / Learner@123456, one bank of 24 questions and one open exam.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Endpoint, Envelope } from '@kaopei/contracts';
import { loadConfig, type Config } from '../config';
import { buildApp, type BuiltApp } from '../app';
import { resetClock } from '../lib/time';

export const ADMIN = { username: 'admin', password: 'Admin@123456' };
export const LEARNER = { username: 'learner', password: 'Learner@123456' };

/** Environment variables of every test app (`env` of testApp adds to them). */
export function testEnv(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    KAOPEI_DEMO: 'true',
    KAOPEI_ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: path.join(dir, 'no-web'),
    SWEEP_INTERVAL_MS: '200',
    ...extra,
  };
}

/** Variables that change the first start's seed: with them a test needs its own fresh database. */
const SEED_VARS = ['KAOPEI_DEMO', 'KAOPEI_ADMIN_PASSWORD', 'KAOPEI_USER_REG', 'KAOPEI_SITE_NAME', 'KAOPEI_COPYRIGHT', 'KAOPEI_FILING_NO'];

export interface TestApp extends BuiltApp {
  config: Config;
  dialect: 'sqlite' | 'postgres';
  /** POST JSON to an endpoint (or a raw path) with an optional token; answers the parsed envelope and the HTTP status. */
  call<T = unknown>(target: Endpoint | string, body?: unknown, token?: string): Promise<Envelope<T> & { status: number }>;
  /** Logs in and answers the token (throws when login fails). */
  login(user?: { username: string; password: string }): Promise<string>;
  /** Registers a new learner with a unique name (from a random client address, in department A01) and answers its token. */
  newLearner(prefix?: string): Promise<{ token: string; userId: string; userName: string }>;
  /** A new image captcha and its right answer, to send with a form that needs one (registration, SMS …). */
  captcha(): Promise<{ captchaKey: string; captchaValue: string }>;
  close(): Promise<void>;
}

/** Drops a PostgreSQL database, waiting while closing pool connections still use it (no FORCE: see below). */
export async function dropPgDatabase(baseUrl: string, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    // Not WITH (FORCE): killing pool connections that are still closing surfaces in `pg` as an
    // uncaught 57P01. Wait instead while the database is in use (55006).
    for (let i = 0; ; i++) {
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || i >= 100) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await c.end();
  }
}

/** Creates database `name` next to `baseUrl` (from `template` when given); answers its URL. */
export async function createPgDatabase(baseUrl: string, name: string, template?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    for (let i = 0; ; i++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (err) {
        // 55006: the template is being copied by another test file at this instant.
        if ((err as { code?: string }).code !== '55006' || i >= 100) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let seq = 0;

/** TestApp's `call` on any built app (a second server on the same database, say). */
export function callerOf(built: Pick<BuiltApp, 'app'>): TestApp['call'] {
  return async (target, body = {}, token) => {
    const url = typeof target === 'string' ? target : target.path;
    const res = await built.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { token } : {} });
    return { ...(res.json() as Envelope<never>), status: res.statusCode };
  };
}

/** A fresh app on a copy of the template database; `env` overrides configuration variables. */
export async function testApp(env: Record<string, string> = {}, opts: { fresh?: boolean } = {}): Promise<TestApp> {
  // Test files share worker processes (vitest isolate: false): a clock a previous file moved starts over.
  resetClock();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const fresh = opts.fresh || SEED_VARS.some((v) => v in env);
  const pgName = pgUrl ? `kaopei_t_${randomBytes(6).toString('hex')}` : null;
  let databaseUrl: string | undefined;
  if (pgUrl && pgName) {
    const template = fresh ? undefined : process.env.KAOPEI_TEST_TEMPLATE_PG;
    databaseUrl = await createPgDatabase(pgUrl, pgName, template);
  } else if (!fresh && process.env.KAOPEI_TEST_TEMPLATE_SQLITE) {
    fs.copyFileSync(process.env.KAOPEI_TEST_TEMPLATE_SQLITE, path.join(dir, 'kaopei.db'));
  }
  // Every test app on Redis gets its own key prefix: files running at once never share keys or queues.
  const redisPrefix: Record<string, string> = env.REDIS_URL && !env.REDIS_PREFIX ? { REDIS_PREFIX: `kt${randomBytes(5).toString('hex')}` } : {};
  const config = loadConfig(testEnv(dir, { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...redisPrefix, ...env }));
  const built = await buildApp(config);
  await built.app.ready();
  await built.tasks.idle(); // tests start once the periodic tasks' first runs are done

  const call = callerOf(built);
  const login: TestApp['login'] = async (user = ADMIN) => {
    const res = await call<{ token: string }>('/api/sys/user/login', user);
    if (res.code !== 0 || !res.data) throw new Error(`login ${user.username} failed: ${res.msg}`);
    return res.data.token;
  };
  const captcha: TestApp['captcha'] = async () => {
    const captchaKey = randomBytes(16).toString('hex');
    await built.services.captcha.generate(captchaKey);
    return { captchaKey, captchaValue: (await built.services.captcha.textOf(captchaKey)) ?? '' };
  };
  const newLearner: TestApp['newLearner'] = async (prefix = 'stu') => {
    const userName = `${prefix}${process.pid}x${++seq}x${randomBytes(2).toString('hex')}`;
    // From an address of its own (registration is limited per address), into the default department.
    const [a, b, c] = randomBytes(3);
    const inject = await built.app.inject({
      method: 'POST',
      url: '/api/sys/user/reg',
      payload: { userName, realName: '测试学员', password: 'Test@12345', deptCode: 'A01', ...(await captcha()) },
      remoteAddress: `10.${a}.${b}.${(c as number) | 1}`,
    });
    const res = inject.json() as Envelope<{ token: string; userId: string }>;
    if (res.code !== 0 || !res.data) throw new Error(`register failed: ${res.msg}`);
    return { token: res.data.token, userId: res.data.userId, userName };
  };
  return {
    ...built,
    config,
    dialect: config.dialect,
    call,
    login,
    newLearner,
    captcha,
    close: async () => {
      await built.app.close();
      if (pgUrl && pgName) await dropPgDatabase(pgUrl, pgName);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
