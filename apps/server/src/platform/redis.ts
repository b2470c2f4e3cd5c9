/**
 * Redis connections (REDIS_URL): one shared command connection per process, plus dedicated ones
 * for subscribers and BullMQ workers (a blocking or subscribed connection cannot run commands).
 */
import { Redis } from 'ioredis';

/** A new connection to `url`; `maxRetriesPerRequest: null` as BullMQ workers require. */
export function connectRedis(url: string, name: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, connectionName: `kaopei-${name}`, lazyConnect: false });
}
