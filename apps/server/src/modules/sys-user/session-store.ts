/**
 * Where login sessions live (SPEC §4 "Session", ARCHITECTURE §3 "Token"), behind one interface so
 * that every server process sees the same sessions:
 * - the database (table sys_user_token, the default): one row per session;
 * - Redis when REDIS_URL is set: a hash `<REDIS_PREFIX>:session:<sha-256 of the token>` (userId, createTime,
 *   expireTime, ip, userAgent) whose Redis TTL follows its end, and a set
 *   `<REDIS_PREFIX>:user-sessions:<userId>` of the user's token hashes, so that a password change, a
 *   disabled account or an administrator's reset can end all of a user's sessions.
 * Only the sha-256 of a token is ever stored. Ends are decided by the server clock (`now()`), in
 * both stores; Redis TTLs only clean up.
 */
import type { Redis } from 'ioredis';
import type { Db } from '../../db';
import { newId } from '../../lib/ids';
import * as repo from './sys-user.repository';

/** A new session. Times are epoch ms. */
export interface NewSession {
  tokenHash: string;
  userId: string;
  createTime: number;
  expireTime: number;
  ip: string;
  userAgent: string;
}

/** A stored session as a request needs it. */
export interface StoredSession {
  userId: string;
  /** Epoch ms; the session is over from then on. */
  expireTime: number;
}

export interface SessionStore {
  /** Stores a new session (and may drop the user's expired ones). */
  open(session: NewSession): Promise<void>;
  /** The session of a token hash, or null (expired ones may still be answered: the caller compares `expireTime`). Runs on every request: one round trip. */
  find(tokenHash: string): Promise<StoredSession | null>;
  /** Moves the end of a session to `expireTime` (sliding sessions); `at` is now. */
  extend(tokenHash: string, userId: string, expireTime: number, at: number): Promise<void>;
  /** Ends one session (logout). */
  end(tokenHash: string, userId: string): Promise<void>;
  /** Ends every session of a user, except `keepTokenHash` when given (password change keeps the caller's). */
  endAllOf(userId: string, keepTokenHash?: string): Promise<void>;
}

/** Sessions in table sys_user_token (REDIS_URL unset). */
export class DbSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  async open(s: NewSession): Promise<void> {
    await repo.deleteExpiredTokens(this.db, s.userId, s.createTime);
    await repo.insertToken(this.db, {
      id: newId(),
      userId: s.userId,
      tokenHash: s.tokenHash,
      createTime: s.createTime,
      expireTime: s.expireTime,
      ip: s.ip.slice(0, 64),
      userAgent: s.userAgent.slice(0, 500),
    });
  }

  async find(tokenHash: string): Promise<StoredSession | null> {
    const row = await repo.findToken(this.db, tokenHash);
    return row ? { userId: row.userId, expireTime: Number(row.expireTime) } : null;
  }

  async extend(tokenHash: string, _userId: string, expireTime: number): Promise<void> {
    await repo.extendToken(this.db, tokenHash, expireTime);
  }

  async end(tokenHash: string): Promise<void> {
    await repo.deleteToken(this.db, tokenHash);
  }

  async endAllOf(userId: string, keepTokenHash?: string): Promise<void> {
    await repo.deleteTokensOf(this.db, userId, keepTokenHash);
  }
}

/** Redis key of a session. */
export const sessionKey = (tokenHash: string) => `session:${tokenHash}`;
/** Redis key of the set of a user's token hashes. */
export const userSessionsKey = (userId: string) => `user-sessions:${userId}`;

/** Sessions in Redis (REDIS_URL set). */
export class RedisSessionStore implements SessionStore {
  constructor(private readonly redis: Redis) {}

  async open(s: NewSession): Promise<void> {
    const ttl = Math.max(1, s.expireTime - s.createTime);
    const index = userSessionsKey(s.userId);
    await this.redis
      .multi()
      .hset(sessionKey(s.tokenHash), {
        userId: s.userId,
        createTime: String(s.createTime),
        expireTime: String(s.expireTime),
        ip: s.ip.slice(0, 64),
        userAgent: s.userAgent.slice(0, 500),
      })
      .pexpire(sessionKey(s.tokenHash), ttl)
      .sadd(index, s.tokenHash)
      // Every session of the user ends before the newest one: the index lives as long as it.
      .pexpire(index, ttl)
      .exec();
    await this.prune(s.userId);
  }

  async find(tokenHash: string): Promise<StoredSession | null> {
    const [userId, expireTime] = await this.redis.hmget(sessionKey(tokenHash), 'userId', 'expireTime');
    return userId && expireTime ? { userId, expireTime: Number(expireTime) } : null;
  }

  async extend(tokenHash: string, userId: string, expireTime: number, at: number): Promise<void> {
    const ttl = Math.max(1, expireTime - at);
    const key = sessionKey(tokenHash);
    // Only a session that still exists is extended (a concurrent logout wins). The index lives as
    // long as the session ending last, which is this one now (every session has the same TTL).
    if (!(await this.redis.exists(key))) return;
    await this.redis.multi().hset(key, 'expireTime', String(expireTime)).pexpire(key, ttl).pexpire(userSessionsKey(userId), ttl).exec();
  }

  async end(tokenHash: string, userId: string): Promise<void> {
    await this.redis.multi().del(sessionKey(tokenHash)).srem(userSessionsKey(userId), tokenHash).exec();
  }

  async endAllOf(userId: string, keepTokenHash?: string): Promise<void> {
    const index = userSessionsKey(userId);
    const hashes = (await this.redis.smembers(index)).filter((h) => h !== keepTokenHash);
    if (hashes.length === 0) return;
    await this.redis
      .multi()
      .del(...hashes.map(sessionKey))
      .srem(index, ...hashes)
      .exec();
  }

  /** Drops from the user's index the token hashes whose session is gone (expired). */
  private async prune(userId: string): Promise<void> {
    const index = userSessionsKey(userId);
    const hashes = await this.redis.smembers(index);
    if (hashes.length < 2) return;
    const alive = await Promise.all(hashes.map((h) => this.redis.exists(sessionKey(h))));
    const dead = hashes.filter((_, i) => !alive[i]);
    if (dead.length) await this.redis.srem(index, ...dead);
  }
}
