/**
 * Redis connections (REDIS_URL): one shared command connection per process, plus dedicated ones
 * for subscribers and BullMQ workers (a blocking or subscribed connection cannot run commands).
 */
import { Redis } from 'ioredis';

/**
 * A new connection to `url`; `maxRetriesPerRequest: null` as BullMQ workers require. `keyPrefix`
 * (e.g. 'kaopei:') is put before every key by ioredis; BullMQ connections take none (BullMQ has
 * its own `prefix` option and refuses ioredis key prefixes). `disableClientInfo`: ioredis ≥ 5.8.2
 * sends CLIENT SETINFO after connecting, which a connection that already entered subscriber mode
 * refuses ("Connection in subscriber mode", redis/ioredis#2037). A connection named `sub…` (the
 * bus's subscriber) also skips ioredis's ready check: that check sends INFO, which a connection that
 * already subscribed refuses in the same way when it connects late (seen under load: the error left
 * the subscriber without its subscriptions and cache invalidations were lost).
 */
export function connectRedis(url: string, name: string, keyPrefix = ''): Redis {
  const conn = new Redis(url, {
    maxRetriesPerRequest: null, connectionName: `kaopei-${name}`, lazyConnect: false, disableClientInfo: true, keyPrefix,
    enableReadyCheck: !name.startsWith('sub'),
  });
  // ioredis reconnects (and resubscribes) by itself; without a listener an error would be printed as "Unhandled error event".
  conn.on('error', (err: Error) => console.error(`Redis connection ${name}: ${err.message}`));
  return conn;
}
