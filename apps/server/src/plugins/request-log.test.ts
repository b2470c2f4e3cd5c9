/**
 * The request log on a bare Fastify with a captured log stream: API calls are logged once (method,
 * redacted url, status, business code, response time), static files and pages are not, failures
 * are; headers with secrets are redacted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redactUrl, registerRequestLog, requestLogOptions } from './request-log';
import { registerWeb } from './web';

type Line = Record<string, unknown>;
let lines: Line[] = [];
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-log-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>kaopei-spa</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab3_x9Zq.js'), 'console.log(1)');
  app = Fastify(requestLogOptions('info', { write: (line: string) => void lines.push(JSON.parse(line) as Line) }));
  registerRequestLog(app);
  app.post('/api/ok', async () => ({ code: 0, msg: 'ok', data: { n: 1 }, success: true }));
  app.post('/api/biz-fail', async () => ({ code: 20010002, msg: '已有考试正在进行', data: null, success: false }));
  app.get('/api/file', async (_req, reply) => reply.type('text/plain').send(Buffer.from('file')));
  app.post('/api/crash', async () => {
    throw new Error('boom');
  });
  app.post('/api/log-headers', async (req) => {
    req.log.info({ headers: req.headers }, 'headers');
    return { code: 0 };
  });
  await registerWeb(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});
beforeEach(() => {
  lines = [];
});

const requestLines = () => lines.filter((l) => l.msg === 'api' || l.msg === 'request failed');

describe('request log', () => {
  it('writes one line per API call: method, url, status, business code, response time', async () => {
    await app.inject({ method: 'POST', url: '/api/ok', payload: {} });
    await app.inject({ method: 'POST', url: '/api/biz-fail', payload: {} });
    const [ok, biz] = requestLines();
    expect(requestLines()).toHaveLength(2);
    expect(ok).toMatchObject({ level: 30, msg: 'api', method: 'POST', url: '/api/ok', statusCode: 200, code: 0 });
    expect(typeof ok.responseTime).toBe('number');
    expect(ok.reqId).toBeTruthy();
    expect(biz).toMatchObject({ level: 30, url: '/api/biz-fail', statusCode: 200, code: 20010002 });
    // no "incoming request" / "request completed" lines from Fastify itself
    expect(lines.filter((l) => /incoming request|request completed/.test(String(l.msg)))).toEqual([]);
  });

  it('logs non-envelope API answers without a code, and unknown API paths as warnings', async () => {
    await app.inject({ method: 'GET', url: '/api/file' });
    await app.inject({ method: 'POST', url: '/api/nope' });
    const [file, nope] = requestLines();
    expect(file).toMatchObject({ msg: 'api', statusCode: 200 });
    expect(file).not.toHaveProperty('code');
    expect(nope).toMatchObject({ level: 40, msg: 'api', url: '/api/nope', statusCode: 404, code: 404 });
  });

  it('logs 5xx as errors', async () => {
    await app.inject({ method: 'POST', url: '/api/crash' });
    expect(requestLines()).toEqual([expect.objectContaining({ level: 50, msg: 'api', url: '/api/crash', statusCode: 500 })]);
  });

  it('does not log pages, files, or 404s under /assets/', async () => {
    for (const url of ['/', '/login', '/web/exam/start/1', '/assets/index-Ab3_x9Zq.js', '/assets/gone-12345678.js']) {
      await app.inject({ method: 'GET', url });
    }
    const etag = (await app.inject({ method: 'GET', url: '/assets/index-Ab3_x9Zq.js' })).headers.etag;
    lines = [];
    expect((await app.inject({ method: 'GET', url: '/assets/index-Ab3_x9Zq.js', headers: { 'if-none-match': String(etag) } })).statusCode).toBe(304);
    expect(requestLines()).toEqual([]);
  });

  it('logs 4xx on other paths as warnings', async () => {
    await app.inject({ method: 'GET', url: '/favicon.ico' });
    await app.inject({ method: 'POST', url: '/web/home' });
    expect(requestLines()).toEqual([
      expect.objectContaining({ level: 40, msg: 'request failed', method: 'GET', url: '/favicon.ico', statusCode: 404 }),
      expect.objectContaining({ level: 40, msg: 'request failed', method: 'POST', url: '/web/home', statusCode: 404 }),
    ]);
  });

  it('keeps secrets out: query values, token header and cookies', async () => {
    await app.inject({ method: 'POST', url: '/api/log-headers?token=abc&x=1&password=p', headers: { token: 'tok-123', cookie: 'token=tok-123' }, payload: {} });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('tok-123');
    expect(text).not.toContain('abc');
    expect(requestLines()[0]).toMatchObject({ url: '/api/log-headers?token=[redacted]&x=1&password=[redacted]' });
    const logged = lines.find((l) => l.msg === 'headers') as { headers: Record<string, string> };
    expect(logged.headers.token).toBe('[redacted]');
    expect(logged.headers.cookie).toBe('[redacted]');
  });
});

describe('redactUrl', () => {
  it('redacts secret-looking query values and keeps the rest', () => {
    expect(redactUrl('/api/x')).toBe('/api/x');
    expect(redactUrl('/api/x?a=1&access_token=t&newPassword=p&apiKey=k&keyword=kw&flag')).toBe(
      '/api/x?a=1&access_token=[redacted]&newPassword=[redacted]&apiKey=[redacted]&keyword=kw&flag',
    );
    expect(redactUrl('/api/file/download?id=7&sign=s&%74oken=t')).toBe('/api/file/download?id=7&sign=[redacted]&%74oken=[redacted]');
  });
});
