/**
 * The session cache (session-cache.ts): entries live SESSION_CACHE_SECONDS, drops reach every cache
 * on the bus (two caches on one bus stand for two processes on Redis), a lookup that raced a drop
 * does not store what it read, and 0 turns the cache off.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localBus } from '../../platform/bus';
import { SessionCache, type CachedSession } from './session-cache';

const session = (userId: string): CachedSession => ({ userId, expireTime: Date.now() + 3600_000, userName: userId, realName: '学员', deptCode: 'A01', roleIds: ['r'] });

describe('session cache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves an entry until its TTL, then reads again', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const c = new SessionCache(60_000, localBus());
    c.put('h1', session('u1'), c.begin());
    expect(c.get('h1')?.userId).toBe('u1');
    vi.advanceTimersByTime(59_000);
    expect(c.get('h1')?.userId).toBe('u1');
    vi.advanceTimersByTime(2_000);
    expect(c.get('h1')).toBeUndefined();
  });

  it('a drop on one process reaches the other: one token on logout, every token of a user on an account change', async () => {
    const bus = localBus();
    const a = new SessionCache(60_000, bus);
    const b = new SessionCache(60_000, bus);
    for (const c of [a, b]) {
      c.put('h1', session('u1'), c.begin());
      c.put('h2', session('u1'), c.begin());
      c.put('h3', session('u2'), c.begin());
    }
    await a.dropToken('h1');
    expect([b.get('h1'), b.get('h2')?.userId]).toEqual([undefined, 'u1']);
    await a.dropUsers(['u1']);
    expect([b.get('h2'), b.get('h3')?.userId, a.get('h2'), a.get('h3')?.userId]).toEqual([undefined, 'u2', undefined, 'u2']);
  });

  it('does not store a lookup that started before a drop (a slow read cannot bring back a disabled account)', async () => {
    const c = new SessionCache(60_000, localBus());
    const generation = c.begin();
    await c.dropUsers(['u1']);
    c.put('h1', session('u1'), generation);
    expect(c.get('h1')).toBeUndefined();
    c.put('h1', session('u1'), c.begin());
    expect(c.get('h1')?.userId).toBe('u1');
  });

  it('holds nothing with a TTL of 0', () => {
    const c = new SessionCache(0, localBus());
    c.put('h1', session('u1'), c.begin());
    expect(c.get('h1')).toBeUndefined();
    expect(c.size).toBe(0);
  });
});
