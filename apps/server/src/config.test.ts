/** Configuration parsing (one zod schema) and the first-start administrator password. */
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { testApp, type TestApp } from './test/app';
import { userApi } from '@kaopei/contracts/sys-user';

describe('loadConfig', () => {
  it('defaults to SQLite under ./data on port 8080 with demo content', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.dialect).toBe('sqlite');
    expect(c.dataDir).toMatch(/[\\/]data$/);
    expect(c.demo).toBe(true);
    expect(c.trustProxy).toBe(false);
  });

  it('runs on PostgreSQL only with an administrator password, and without demo content by default', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@localhost/k' })).toThrow(/KAOPEI_ADMIN_PASSWORD/);
    const c = loadConfig({ DATABASE_URL: 'postgres://u@localhost/k', KAOPEI_ADMIN_PASSWORD: 'S3cret!pass' });
    expect(c.dialect).toBe('postgres');
    expect(c.demo).toBe(false);
    expect(c.adminPassword).toBe('S3cret!pass');
  });

  it('lists every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL|PORT[\s\S]*LOG_LEVEL/);
  });
});

describe('first start with KAOPEI_ADMIN_PASSWORD', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('gives the seeded admin that password instead of the demo one', async () => {
    t = await testApp({ KAOPEI_ADMIN_PASSWORD: 'Other#Pass2026' });
    expect(t.seeded[0]).toMatchObject({ userName: 'admin', password: '(KAOPEI_ADMIN_PASSWORD)' });
    expect((await t.call(userApi.login, { username: 'admin', password: 'Admin@123456' })).code).toBe(90010002);
    expect((await t.call(userApi.login, { username: 'admin', password: 'Other#Pass2026' })).code).toBe(0);
  });
});
