/**
 * RequestLoad (platform/request-load.ts): background work waits while many requests are in flight,
 * never longer than its bound, and goes on at once when the server is quiet.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLoad } from './request-load';

describe('request load', () => {
  it('counts requests in flight until answered, and quiet() waits for them within its bound', async () => {
    const app = Fastify();
    const load = new RequestLoad(2, 5_000);
    load.register(app);
    const release: (() => void)[] = [];
    app.get('/slow', () => new Promise((r) => release.push(() => r({ ok: true }))));
    app.get('/fast', async () => ({ ok: true }));
    await app.ready();

    await app.inject('/fast');
    expect(load.requests).toBe(0);
    const t0 = performance.now();
    await load.quiet(); // nothing in flight: at once
    expect(performance.now() - t0).toBeLessThan(1_000);

    const slow = [app.inject('/slow'), app.inject('/slow')];
    await expect.poll(() => load.requests).toBe(2);
    let quiet = false;
    const waiting = load.quiet().then(() => (quiet = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(quiet).toBe(false); // two in flight: busy
    release.shift()?.();
    await waiting; // one left: below the mark
    expect(load.requests).toBe(1);
    release.shift()?.();
    await Promise.all(slow);
    expect(load.requests).toBe(0);
    await app.close();
  });

  it('waits no longer than its bound under a load that does not end', async () => {
    const app = Fastify();
    const load = new RequestLoad(1, 200);
    load.register(app);
    let release = () => {};
    app.get('/slow', () => new Promise((r) => (release = () => r({ ok: true }))));
    await app.ready();
    const slow = app.inject('/slow');
    await expect.poll(() => load.requests).toBe(1);
    const t0 = performance.now();
    await load.quiet();
    const waited = performance.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(190);
    release();
    await slow;
    await app.close();
  });
});
