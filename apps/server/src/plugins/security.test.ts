/**
 * Security headers on a bare Fastify: an API answer, index.html (static file and SPA fallback),
 * 404s, HSTS only with https, per-route override. (That the built app runs under this CSP without
 * a violation is checked in a real browser by e2e/delivery.e2e.ts.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurity, withConnectSrc } from './security';
import { registerWeb } from './web';

let dist: string;

beforeAll(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-sec-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>kaopei-spa</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab3_x9Zq.js'), 'console.log(1)');
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

async function build(opts: { https?: boolean; connectSrc?: () => readonly string[] } = {}): Promise<FastifyInstance> {
  const app = Fastify();
  await registerSecurity(app, opts);
  app.post('/api/ping', async () => ({ code: 0, msg: 'ok', data: null, success: true }));
  app.get('/api/bare', { helmet: false }, async () => 'bare');
  app.get('/player/live.html', async () => 'player');
  app.get('/api/docs-like', { helmet: { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'unsafe-eval'"] } } } }, async () => 'x');
  await registerWeb(app, dist);
  await app.ready();
  return app;
}

/** The CSP header as a map directive → sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name, values];
      }),
  );
}

function expectBaseline(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  const policy = csp(res);
  expect(policy['default-src'], what).toEqual(["'self'"]);
  expect(policy['script-src'], what).toEqual(["'self'"]);
  expect(policy['style-src'], what).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy['img-src'], what).toEqual(expect.arrayContaining(["'self'", 'data:', 'http:', 'https:']));
  expect(policy['connect-src'], what).toEqual(["'self'"]);
  expect(policy['object-src'], what).toEqual(["'none'"]);
  expect(policy['frame-ancestors'], what).toEqual(["'none'"]);
}

describe('security headers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are on API answers, static files, index.html, the SPA fallback and 404s', async () => {
    const answers = {
      api: await app.inject({ method: 'POST', url: '/api/ping' }),
      index: await app.inject({ method: 'GET', url: '/' }),
      fallback: await app.inject({ method: 'GET', url: '/web/exam/start/1' }),
      asset: await app.inject({ method: 'GET', url: '/assets/index-Ab3_x9Zq.js' }),
      apiNotFound: await app.inject({ method: 'POST', url: '/api/nope' }),
      fileNotFound: await app.inject({ method: 'GET', url: '/assets/gone-12345678.js' }),
    };
    expect(answers.api.json()).toMatchObject({ code: 0 });
    expect(answers.index.body).toContain('kaopei-spa');
    expect(answers.fallback.body).toContain('kaopei-spa');
    expect(answers.apiNotFound.statusCode).toBe(404);
    expect(answers.fileNotFound.statusCode).toBe(404);
    for (const [what, res] of Object.entries(answers)) expectBaseline(res, what);
  });

  it('sends no HSTS and no upgrade-insecure-requests over plain http', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp(res)['upgrade-insecure-requests']).toBeUndefined();
  });

  it('sends none on a route with helmet: false', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bare' });
    expect(res.body).toBe('bare');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBeUndefined();
  });

  it('lets our own pages frame the player pages, and nobody else', async () => {
    const res = await app.inject({ method: 'GET', url: '/player/live.html' });
    expect(csp(res)['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(csp(res)['script-src']).toEqual(["'self'"]);
    // The answer after it is the standard one again.
    expectBaseline(await app.inject({ method: 'POST', url: '/api/ping' }), 'after a player page');
  });

  it('lets a route carry its own policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs-like' });
    expect(csp(res)['script-src']).toEqual(["'self'", "'unsafe-eval'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('security headers with https', () => {
  it('add HSTS (180 days, this host only) and upgrade-insecure-requests', async () => {
    const app = await build({ https: true });
    for (const url of ['/', '/web/home']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=15552000');
      expect(csp(res)['upgrade-insecure-requests'], url).toEqual([]);
      expectBaseline(res, url);
    }
    const api = await app.inject({ method: 'POST', url: '/api/ping' });
    expect(api.headers['strict-transport-security']).toBe('max-age=15552000');
    await app.close();
  });
});

describe('connect-src of the current upload configuration', () => {
  it('adds the origins the owner answers now to every answer, and only well-formed http(s) origins', async () => {
    let origins: readonly string[] = [];
    const app = await build({ connectSrc: () => origins });
    const before = await app.inject({ method: 'GET', url: '/' });
    expectBaseline(before, 'no origins');
    origins = ['https://kp-oss.oss-cn-hangzhou.aliyuncs.com', 'http://127.0.0.1:9000', 'https:', '*', "https://x.example.com 'unsafe-eval'", 'https://a.example.com/path', 'https://b.example.com;script-src *'];
    for (const url of ['/', '/web/course', '/assets/index-Ab3_x9Zq.js']) {
      const res = await app.inject({ method: 'GET', url });
      const policy = csp(res);
      expect(policy['connect-src'], url).toEqual(["'self'", 'https://kp-oss.oss-cn-hangzhou.aliyuncs.com', 'http://127.0.0.1:9000']);
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['default-src'], url).toEqual(["'self'"]);
    }
    const api = await app.inject({ method: 'POST', url: '/api/ping' });
    expect(csp(api)['connect-src']).toEqual(["'self'", 'https://kp-oss.oss-cn-hangzhou.aliyuncs.com', 'http://127.0.0.1:9000']);
    // A route with its own policy keeps it.
    expect(csp(await app.inject({ method: 'GET', url: '/api/docs-like' }))['connect-src']).toBeUndefined();
    // The next configuration replaces the previous one.
    origins = ['https://upload-z1.qiniup.com'];
    expect(csp(await app.inject({ method: 'GET', url: '/' }))['connect-src']).toEqual(["'self'", 'https://upload-z1.qiniup.com']);
    await app.close();
  });

  it('leaves a header without the default connect-src as it is', () => {
    expect(withConnectSrc("default-src 'self'", ['https://a.example.com'])).toBe("default-src 'self'");
    expect(withConnectSrc("default-src 'self';connect-src 'self';img-src 'self'", ['https://a.example.com'])).toBe("default-src 'self';connect-src 'self' https://a.example.com;img-src 'self'");
  });
});
