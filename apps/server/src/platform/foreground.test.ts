/**
 * Foreground pressure (platform/foreground.ts): busy from JOB_YIELD_AT requests in flight and for
 * the hold after; never with 0; a request is counted until its response closes, a socket upgrade
 * not at all; the built app takes JOB_YIELD_AT from its configuration.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testApp } from '../test/app';
import { Foreground } from './foreground';

describe('Foreground', () => {
  it('is busy from `busyAt` requests in flight, and for the hold after they drain', async () => {
    const f = new Foreground(3, 150);
    f.enter();
    f.enter();
    expect(f.busy()).toBe(false);
    f.enter();
    expect(f.busy()).toBe(true);
    f.leave();
    expect(f.count).toBe(2);
    // Below the threshold again, but still within the hold.
    expect(f.busy()).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(f.busy()).toBe(false);
  });

  it('is never busy with busyAt 0 (JOB_YIELD_AT=0)', () => {
    const f = new Foreground(0);
    for (let i = 0; i < 1000; i++) f.enter();
    expect(f.busy()).toBe(false);
  });
});

describe('Foreground.track', () => {
  it('counts a request from its start until its response closes, a socket upgrade not at all', async () => {
    const app = Fastify();
    const f = new Foreground(8).track(app);
    const seen: number[] = [];
    app.get('/probe', async () => {
      seen.push(f.count);
      return 'ok';
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/probe' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/probe', headers: { connection: 'upgrade', upgrade: 'websocket' } })).statusCode).toBe(200);
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([1, 0]);
    expect(f.count).toBe(0);
    await app.close();
  });

  it('counts the requests of the built app (JOB_YIELD_AT)', async () => {
    const t = await testApp({ JOB_YIELD_AT: '2' });
    try {
      expect(t.foreground.count).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await new Promise((r) => setImmediate(r));
      expect(t.foreground.count).toBe(0);
      t.foreground.enter();
      t.foreground.enter();
      expect(t.foreground.busy()).toBe(true);
      t.foreground.leave();
      t.foreground.leave();
    } finally {
      await t.close();
    }
  });
});
