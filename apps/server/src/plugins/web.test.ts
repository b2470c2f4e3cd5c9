/** Serving the built web app: SPA fallback, files looked up at request time, 404s. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/app';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>kaopei-spa</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
  t = await testApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('web app serving', () => {
  it('answers index.html for the app routes (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/web/home', '/admin/exam/repo?x=1', '/web/exam/start/123']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('kaopei-spa');
    }
  });

  it('serves files, also ones written after start (a rebuild while running)', async () => {
    expect((await get('/assets/a.js')).body).toBe('console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'b.js'), 'console.log(2)');
    const res = await get('/assets/b.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('console.log(2)');
  });

  it('answers 404 for a missing file instead of index.html', async () => {
    const res = await get('/assets/gone-1234.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('kaopei-spa');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, success: false, msg: '接口地址错误，请联系管理员。' });
    }
  });
});
