/**
 * Serving the built web app on a bare Fastify: SPA fallback, files looked up at request time, 404s,
 * precompressed delivery (br / gzip by Accept-Encoding) and the cache headers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, cacheControlFor, registerWeb } from './web';

let app: FastifyInstance;
let dist: string;
const JS = 'console.log("kaopei asset");'.repeat(50);
const ASSET = 'assets/index-Ab3_x9Zq.js';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const html = '<!doctype html><title>kaopei-spa</title>';
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(dist, ASSET), JS);
  fs.writeFileSync(path.join(dist, `${ASSET}.br`), zlib.brotliCompressSync(JS));
  fs.writeFileSync(path.join(dist, `${ASSET}.gz`), zlib.gzipSync(JS));
  fs.writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
  app = Fastify();
  app.post('/api/ping', async () => ({ code: 0 }));
  await registerWeb(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('web app serving', () => {
  it('answers index.html for the app routes (SPA fallback), no-cache', async () => {
    for (const url of ['/', '/login', '/web/home', '/admin/exam/repo?x=1', '/web/exam/start/123']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe(CACHE_REVALIDATE);
      expect(res.body).toContain('kaopei-spa');
    }
    expect((await app.inject({ method: 'HEAD', url: '/web/index' })).statusCode).toBe(200);
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
    for (const url of ['/assets/gone-1234abcd.js', '/favicon.ico']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('kaopei-spa');
    }
  });

  it('answers unknown API paths, and non-GET requests nothing answered, with a 404 envelope', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/nope'], ['POST', '/api'], ['POST', '/web/home']] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, success: false, msg: '接口地址错误，请联系管理员。' });
    }
    expect((await app.inject({ method: 'POST', url: '/api/ping' })).json()).toEqual({ code: 0 });
  });

  it('sends the precompressed file the client accepts (br first, then gzip), else the plain one', async () => {
    const br = await get(`/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get(`/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get(`/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);

    const html = await get('/web/exam/start/1', { 'accept-encoding': 'br' });
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(zlib.brotliDecompressSync(html.rawPayload).toString()).toContain('kaopei-spa');
  });

  it('marks hashed assets immutable for a year and everything else no-cache', async () => {
    for (const enc of ['br', 'gzip', '']) {
      expect((await get(`/${ASSET}`, enc ? { 'accept-encoding': enc } : {})).headers['cache-control'], enc).toBe(CACHE_IMMUTABLE);
    }
    expect(CACHE_IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/a.js')).headers['cache-control']).toBe(CACHE_REVALIDATE);
    for (const url of ['/', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(CACHE_REVALIDATE);
    }
    expect(cacheControlFor(dist, path.join(dist, 'assets', 'x-12345678.css.gz'))).toBe(CACHE_IMMUTABLE);
    expect(cacheControlFor(dist, path.join(dist, 'x-12345678.js'))).toBe(CACHE_REVALIDATE);
    expect(cacheControlFor(dist, path.join(dist, 'assets', 'sub', 'x-12345678.js'))).toBe(CACHE_REVALIDATE);
  });
});

describe('web app not built', () => {
  it('keeps the API working and answers pages with a plain 404', async () => {
    const bare = Fastify({ logger: false });
    await registerWeb(bare, path.join(os.tmpdir(), 'kaopei-no-such-dist'));
    const page = await bare.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toMatch(/not built/);
    expect((await bare.inject({ method: 'POST', url: '/api/x' })).json()).toMatchObject({ code: 404 });
    await bare.close();
  });
});
