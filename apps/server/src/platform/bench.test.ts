/**
 * The bench calls (platform/bench.ts) exist only with KAOPEI_BENCH_METRICS: a production server
 * answers 404 for them; a bench server runs the no-op through the same session check as real calls
 * and reports process figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/app';

describe('bench calls', () => {
  let plain: TestApp;
  let bench: TestApp;
  beforeAll(async () => {
    [plain, bench] = await Promise.all([testApp(), testApp({ KAOPEI_BENCH_METRICS: '1' })]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), bench?.close()]);
  });

  it('are absent without KAOPEI_BENCH_METRICS', async () => {
    const token = await plain.login();
    for (const url of ['/api/bench/noop', '/api/bench/metrics']) {
      const res = await plain.app.inject({ method: 'POST', url, headers: { token }, payload: {} });
      expect(res.statusCode, url).toBe(404);
    }
    expect(plain.endpoints.some((e) => e.endpoint.path.startsWith('/api/bench/'))).toBe(false);
  });

  it('serve a no-op that checks the session like a real call', async () => {
    const anonymous = await bench.call('/api/bench/noop', {});
    expect(anonymous.code).toBe(10010002);
    const token = await bench.login();
    const done = await bench.call<{ ok: boolean }>('/api/bench/noop', {}, token);
    expect(done.code).toBe(0);
    expect(done.data).toEqual({ ok: true });
  });

  it('report memory, event-loop delay and connections', async () => {
    const first = await bench.call<{ rssBytes: number; heapUsedBytes: number; eventLoop: { maxMs: number; p99Ms: number; windowMs: number }; connections: number; webSockets: number }>('/api/bench/metrics', {});
    expect(first.code).toBe(0);
    const m = first.data as NonNullable<typeof first.data>;
    expect(m.rssBytes).toBeGreaterThan(m.heapUsedBytes);
    expect(m.heapUsedBytes).toBeGreaterThan(0);
    expect(m.eventLoop.p99Ms).toBeLessThanOrEqual(m.eventLoop.maxMs);
    expect(m.webSockets).toBe(0);
    expect(m.eventLoop.windowMs).toBeGreaterThan(0);
  });
});
