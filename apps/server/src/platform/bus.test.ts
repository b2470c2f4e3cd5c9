/**
 * The cache-invalidation bus: in one process every subscriber gets every message; over Redis a
 * process that is `ready()` gets messages published by another process at once (a publish made
 * between subscribe() and Redis's confirmation would otherwise be lost).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localBus, redisBus } from './bus';
import { connectRedis } from './redis';

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('TEST_REDIS_URL is unset: the Redis bus test is skipped (e.g. TEST_REDIS_URL=redis://127.0.0.1:6379).');

describe('bus', () => {
  it('delivers in one process to every subscriber until it unsubscribes', async () => {
    const bus = localBus();
    const got: string[] = [];
    const off = bus.subscribe('t', (m) => got.push(`a:${m}`));
    bus.subscribe('t', (m) => got.push(`b:${m}`));
    await bus.ready();
    await bus.publish('t', '1');
    off();
    await bus.publish('t', '2');
    await bus.publish('other', '3');
    expect(got).toEqual(['a:1', 'b:1', 'b:2']);
    await bus.close();
  });

  it.skipIf(!REDIS_URL)('over Redis, a process that is ready receives the very first message another process publishes', async () => {
    const prefix = `bus-test-${randomBytes(4).toString('hex')}`;
    for (let round = 0; round < 20; round++) {
      const pub = connectRedis(REDIS_URL as string, 'pub');
      const sender = redisBus(pub, connectRedis(REDIS_URL as string, 'sub-a'), prefix);
      const receiver = redisBus(pub, connectRedis(REDIS_URL as string, 'sub-b'), prefix);
      const got = new Promise<string>((resolve) => receiver.subscribe(`topic-${round}`, resolve));
      await receiver.ready();
      await sender.publish(`topic-${round}`, `m${round}`);
      expect(await got).toBe(`m${round}`);
      await sender.close();
      await receiver.close();
      pub.disconnect();
    }
  });
});
