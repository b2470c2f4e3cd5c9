/**
 * The in-process cache of resolved sessions (issue 9 "Scale": the session lookup was four of the
 * 12–14 statements of every exam call). A token hash maps to its session (user id, end) and the
 * user's row as a request needs it (names, department, state, role ids) for SESSION_CACHE_SECONDS
 * (default 300; 0 turns the cache off). Role grants are not held here: sys-role caches them and drops
 * them on `grants.changed`.
 *
 * Invalidation, at once in this process and through the bus (Redis pub/sub with REDIS_URL) in every
 * other one, topic `session.drop`, message `t:<token hash>` or `u:<user id>`:
 * - logout drops the token; ending a user's sessions (password change, disable, delete, reset,
 *   loginTick kick) and any administrator change of a user (roles, department, names, state) drop
 *   every cached token of the user;
 * - a lookup that started before a drop does not store what it read (generation counter), so a
 *   slow read cannot put a disabled account back.
 * What a process may still answer after a change elsewhere: nothing once the bus message arrives
 * (milliseconds); if Redis is down, at most SESSION_CACHE_SECONDS of a stale entry.
 */
import type { Bus } from '../../platform/bus';

/** The topic of cache drops on the bus. */
export const SESSION_DROP_TOPIC = 'session.drop';

/** A resolved session as cached: everything resolveSession needs except the role grants. */
export interface CachedSession {
  userId: string;
  /** Epoch ms: the session's end (checked on every use against the server clock). */
  expireTime: number;
  userName: string;
  realName: string;
  deptCode: string;
  roleIds: string[];
}

interface Entry {
  value: CachedSession;
  /** Epoch ms (performance clock) after which the entry is read again from the store. */
  staleAt: number;
}

/** At most this many sessions are held (the oldest inserted goes first): bounded memory whatever the load. */
const MAX_ENTRIES = 100_000;

export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  private readonly tokensOfUser = new Map<string, Set<string>>();
  private generation = 0;

  /** `ttlMs` 0 disables the cache (every call reads the store). */
  constructor(
    private readonly ttlMs: number,
    private readonly bus: Bus,
  ) {
    bus.subscribe(SESSION_DROP_TOPIC, (m) => this.apply(m));
  }

  /** The generation to pass back to `put`: a drop between the two makes `put` a no-op. */
  begin(): number {
    return this.generation;
  }

  /** The cached session of a token hash, or undefined (unknown, expired entry, cache off). */
  get(tokenHash: string): CachedSession | undefined {
    const e = this.byToken.get(tokenHash);
    if (!e) return undefined;
    if (e.staleAt <= performance.now()) {
      this.forgetToken(tokenHash);
      return undefined;
    }
    return e.value;
  }

  /** Stores a session read from the store, unless something was dropped since `begin()` answered `generation`. */
  put(tokenHash: string, value: CachedSession, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generation) return;
    if (this.byToken.size >= MAX_ENTRIES) {
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.forgetToken(oldest);
    }
    this.forgetToken(tokenHash);
    this.byToken.set(tokenHash, { value, staleAt: performance.now() + this.ttlMs });
    let set = this.tokensOfUser.get(value.userId);
    if (!set) this.tokensOfUser.set(value.userId, (set = new Set()));
    set.add(tokenHash);
  }

  /** Moves a cached session's end (the session slid); no-op when not cached. */
  extend(tokenHash: string, expireTime: number): void {
    const e = this.byToken.get(tokenHash);
    if (e) e.value = { ...e.value, expireTime };
  }

  /** Drops one token here at once and in every other process (logout). */
  async dropToken(tokenHash: string): Promise<void> {
    await this.drop(`t:${tokenHash}`);
  }

  /** Drops every cached token of the users here at once and in every other process (account changed, sessions ended). */
  async dropUsers(userIds: readonly string[]): Promise<void> {
    for (const id of userIds) await this.drop(`u:${id}`);
  }

  /** How many sessions are held (tests). */
  get size(): number {
    return this.byToken.size;
  }

  private async drop(message: string): Promise<void> {
    this.apply(message);
    await this.bus.publish(SESSION_DROP_TOPIC, message);
  }

  private apply(message: string): void {
    this.generation++;
    const key = message.slice(2);
    if (message.startsWith('t:')) this.forgetToken(key);
    else if (message.startsWith('u:')) for (const t of [...(this.tokensOfUser.get(key) ?? [])]) this.forgetToken(t);
  }

  private forgetToken(tokenHash: string): void {
    const e = this.byToken.get(tokenHash);
    if (!e) return;
    this.byToken.delete(tokenHash);
    const set = this.tokensOfUser.get(e.value.userId);
    set?.delete(tokenHash);
    if (set?.size === 0) this.tokensOfUser.delete(e.value.userId);
  }
}
