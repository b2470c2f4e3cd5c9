/**
 * A small publish/subscribe bus for cache invalidation between server processes: in-process when
 * REDIS_URL is unset, Redis pub/sub (channel `<REDIS_PREFIX>:<topic>`) when it is set. A process receives
 * its own messages too, so a publisher needs no second code path.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export interface Bus {
  /** Delivers `message` to every subscriber of `topic` in every process. */
  publish(topic: string, message?: string): Promise<void>;
  /** Calls `handler` for each message on `topic`; returns the unsubscribe function. */
  subscribe(topic: string, handler: (message: string) => void): () => void;
  /** Resolves once every subscription made so far receives messages (Redis confirms SUBSCRIBE asynchronously). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The bus of a single process. */
export function localBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (topic, message = '') => {
      emitter.emit(topic, message);
    },
    subscribe: (topic, handler) => {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    ready: async () => {},
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/** The bus over Redis pub/sub; `pub` is a shared connection, `sub` a dedicated one (closed by `close`); channels start with `prefix`. */
export function redisBus(pub: Redis, sub: Redis, prefix: string): Bus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const channels = new Set<string>();
  const pending = new Set<Promise<unknown>>();
  let failure: unknown;
  sub.on('message', (channel: string, message: string) => local.emit(channel, message));
  return {
    publish: async (topic, message = '') => {
      await pub.publish(`${prefix}:${topic}`, message);
    },
    subscribe: (topic, handler) => {
      const channel = `${prefix}:${topic}`;
      if (!channels.has(channel)) {
        channels.add(channel);
        const done: Promise<unknown> = sub
          .subscribe(channel)
          .catch((err: unknown) => (failure ??= err))
          .finally(() => pending.delete(done));
        pending.add(done);
      }
      local.on(channel, handler);
      return () => local.off(channel, handler);
    },
    ready: async () => {
      await Promise.all(pending);
      if (failure) throw failure;
    },
    close: async () => {
      local.removeAllListeners();
      sub.disconnect();
    },
  };
}
