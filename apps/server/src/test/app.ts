/**
 * API test harness: a real app on a real database through `app.inject`.
 *
 * - SQLite (default): a fresh file in a temp dir per `testApp()`.
 * - PostgreSQL: when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test), a
 *   fresh database `kaopei_t_<random>` is created next to it per `testApp()` and dropped on close.
 *
 * The app is seeded like a first start with demo content: `admin` / Admin@123456 and
 * `learner` / Learner@123456, one bank of 24 questions and one open exam.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../config';
import { buildApp, type BuiltApp } from '../app';
import type { Envelope } from '@kaopei/contracts';

export const ADMIN = { username: 'admin', password: 'Admin@123456' };
export const LEARNER = { username: 'learner', password: 'Learner@123456' };

export interface TestApp extends BuiltApp {
  config: Config;
  dialect: 'sqlite' | 'postgres';
  /** POST JSON to `path` with an optional token; answers the parsed envelope. */
  call<T = unknown>(path: string, body?: unknown, token?: string): Promise<Envelope<T> & { status: number }>;
  /** Logs in and answers the token (throws when login fails). */
  login(user?: { username: string; password: string }): Promise<string>;
  /** Registers a new learner with a unique name and answers its token. */
  newLearner(prefix?: string): Promise<{ token: string; userId: string; userName: string }>;
  close(): Promise<void>;
}

async function createPgDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kaopei_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
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
      await c.end();
    },
  };
}

let seq = 0;

/** A fresh app and database; `env` overrides configuration variables. */
export async function testApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgDb = pgUrl ? await createPgDatabase(pgUrl) : null;
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    KAOPEI_DEMO: 'true',
    KAOPEI_ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: path.join(dir, 'no-web'),
    SWEEP_INTERVAL_MS: '200',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const built = await buildApp(config);
  await built.app.ready();

  const call: TestApp['call'] = async (url, body = {}, token) => {
    const res = await built.app.inject({ method: 'POST', url, payload: body as object, headers: token ? { token } : {} });
    return { ...(res.json() as Envelope<never>), status: res.statusCode };
  };
  const login: TestApp['login'] = async (user = ADMIN) => {
    const res = await call<{ token: string }>('/api/sys/user/login', user);
    if (res.code !== 0 || !res.data) throw new Error(`login ${user.username} failed: ${res.msg}`);
    return res.data.token;
  };
  const newLearner: TestApp['newLearner'] = async (prefix = 'stu') => {
    const userName = `${prefix}${process.pid}x${++seq}x${randomBytes(2).toString('hex')}`;
    const res = await call<{ token: string; userId: string }>('/api/sys/user/reg', { userName, realName: '测试学员', password: 'Test@12345' });
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
    close: async () => {
      await built.app.close();
      await pgDb?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
