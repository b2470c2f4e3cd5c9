/**
 * Where captchas wait to be checked, shared by every server process: Redis when REDIS_URL is set
 * (key `<REDIS_PREFIX>:captcha:<key>`, value `<expireTime>:<text>`, Redis TTL for cleanup), else the table
 * sys_captcha. Expiry is decided by the server clock (`now()`) in both, so tests can move it.
 */
import type { Redis } from 'ioredis';
import type { Db } from '../../db';
import * as repo from './captcha.repository';

/** A stored captcha: its expected text (lower case) and its end (epoch ms). */
export interface StoredCaptcha {
  text: string;
  expireTime: number;
}

export interface CaptchaStore {
  /** Stores `text` for `key` until `expireTime`, replacing what the key had. */
  put(key: string, text: string, expireTime: number, at: number): Promise<void>;
  /** Removes and answers the captcha of `key` (null when none): a second take of one key gets null. */
  take(key: string): Promise<StoredCaptcha | null>;
  /** Reads without removing (tests only). */
  peek(key: string): Promise<StoredCaptcha | null>;
  /** Removes captchas expired at `at`; answers how many (0 when the store expires them itself). */
  sweep(at: number): Promise<number>;
}

/** The table store (REDIS_URL unset). */
export class DbCaptchaStore implements CaptchaStore {
  constructor(private readonly db: Db) {}

  async put(key: string, text: string, expireTime: number): Promise<void> {
    await repo.upsertCaptcha(this.db, { captchaKey: key, captchaValue: text, expireTime });
  }

  async take(key: string): Promise<StoredCaptcha | null> {
    const row = await repo.takeCaptcha(this.db, key);
    return row ? { text: row.captchaValue, expireTime: Number(row.expireTime) } : null;
  }

  async peek(key: string): Promise<StoredCaptcha | null> {
    const row = await repo.findCaptcha(this.db, key);
    return row ? { text: row.captchaValue, expireTime: Number(row.expireTime) } : null;
  }

  sweep(at: number): Promise<number> {
    return repo.deleteExpiredCaptchas(this.db, at);
  }
}

const redisKey = (key: string) => `captcha:${key}`;

function parse(value: string | null): StoredCaptcha | null {
  if (!value) return null;
  const i = value.indexOf(':');
  return i > 0 ? { expireTime: Number(value.slice(0, i)), text: value.slice(i + 1) } : null;
}

/** The Redis store (REDIS_URL set): GETDEL makes a check consume the captcha atomically. */
export class RedisCaptchaStore implements CaptchaStore {
  constructor(private readonly redis: Redis) {}

  async put(key: string, text: string, expireTime: number, at: number): Promise<void> {
    await this.redis.set(redisKey(key), `${expireTime}:${text}`, 'PX', Math.max(1, expireTime - at));
  }

  async take(key: string): Promise<StoredCaptcha | null> {
    return parse(await this.redis.getdel(redisKey(key)));
  }

  async peek(key: string): Promise<StoredCaptcha | null> {
    return parse(await this.redis.get(redisKey(key)));
  }

  async sweep(): Promise<number> {
    return 0;
  }
}
