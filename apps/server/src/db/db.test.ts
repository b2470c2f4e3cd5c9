/**
 * Database resilience on PostgreSQL (runs in the PostgreSQL pass of `npm test`, i.e. with
 * TEST_DATABASE_URL): connections killed by the server side must not crash the process.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/app';
import { userApi } from '@kaopei/contracts/sys-user';

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL connection loss', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('keeps answering after the database terminated its idle connections', async () => {
    t = await testApp();
    expect((await t.call(userApi.login, { username: 'admin', password: 'Admin@123456' })).code).toBe(0);
    const dbName = new URL(t.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect((await t.call(userApi.login, { username: 'admin', password: 'Admin@123456' })).code).toBe(0);
  });
});
