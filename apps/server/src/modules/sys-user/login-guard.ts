/**
 * The failed-login guard of /api/sys/user/login (SPEC §7 "User", §8): it never locks an account.
 *
 * Counters (rate-limiter-flexible, shared by every server process):
 * - pair = one account from one IP (`<ip>|<account>`, account lower-cased): after 3 failures the
 *   login of that pair needs the image captcha; from the 10th failure on, the pair also waits 1 min,
 *   then 2, 4, 8, at most 15 min per further failure (the SAME account from another IP is not held);
 *   a successful login clears the pair and its wait. Window: 24 h from its first failure.
 * - account = one account from any IP: after 20 failures every login of it needs the captcha
 *   (distributed guessing). Window: 1 h.
 * - ip = one IP on any account: after 30 failures every login from it needs the captcha (one NAT
 *   for a whole company gets captchas, never a lock). Window: 1 h.
 * The real user can always log in with the right password plus a captcha. The pair and account
 * counts take each attempt before its password is checked (atomic increments: a burst of parallel
 * attempts on one account cannot all slip under its threshold) and give it back when it turns out
 * not to be a failure. The IP count takes only failures, after the check: at 9:00 a thousand
 * colleagues behind one NAT log in at once, and counting their attempts in flight would ask them all
 * for a captcha. So a burst of parallel guesses on many accounts from one IP may pass the IP's
 * threshold by as many attempts as are in flight at once; each account still has its own limits.
 *
 * Stores: RateLimiterRedis when REDIS_URL is set (keys `<REDIS_PREFIX>:login:<kind>:<key>`); else the
 * database through the raw driver of the Kysely instance (RateLimiterPostgres on the pg pool,
 * RateLimiterSQLite on the better-sqlite3 connection), in the table `sys_user_login_limit` that this
 * module's migration creates (`tableCreated: true`: the library never creates or alters tables; its
 * timer-based cleanup is off and the module's task `sys-user.login-limit-sweep` deletes old rows).
 * The library decides windows and waits with the real clock (`Date.now()`), not `now()`.
 */
import type { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { rawClient, type Db } from '../../db';

/** Thresholds and windows of the guard (counts of failures; seconds). */
export const LOGIN_LIMITS = {
  /** Failures of one account from one IP after which the captcha is required. */
  pairCaptchaAfter: 3,
  /** Failures of one account from any IP after which the captcha is required. */
  accountCaptchaAfter: 20,
  /** Failures from one IP on any account after which the captcha is required. */
  ipCaptchaAfter: 30,
  /** Failures of a pair from which each further failure makes the pair wait. */
  backoffAfter: 10,
  /** First wait (s); doubles with each further failure … */
  backoffFirstSec: 60,
  /** … up to this (s). */
  backoffMaxSec: 15 * 60,
  /** Window of a pair's count (s). */
  pairWindowSec: 24 * 3600,
  /** Window of the account-wide and IP-wide counts (s). */
  wideWindowSec: 3600,
} as const;

/** The table of the database stores (sys-user migration 202611301000). */
export const LOGIN_LIMIT_TABLE = 'sys_user_login_limit';

/**
 * One login attempt as the guard counted it (`begin`): every attempt is counted BEFORE its password
 * is checked, atomically, so that parallel attempts cannot all slip under a threshold; an attempt
 * that turns out not to be a failure is refunded (`refund`, `succeed`).
 */
export interface LoginAttempt {
  account: string;
  ip: string;
  /** False when the pair is waiting: nothing was counted and the attempt must be refused. */
  counted: boolean;
  /** Seconds this pair must still wait (0: none). */
  retryAfterSec: number;
  /** The image captcha must come with this attempt (decided on the counts before it). */
  captchaRequired: boolean;
  /** The pair and account counts including this attempt; the IP's failures before it. */
  counts: { pair: number; account: number; ip: number };
}

/** The state after a failure, for the answer (`LoginFailData` of the contracts). */
export interface LoginFailure {
  /** Failures left before the captcha is required (0 when it is). */
  remaining: number;
  captchaRequired: boolean;
  /** Seconds the pair must now wait (0: none). */
  retryAfterSec: number;
}

/** Wait (s) after the `n`-th failure of a pair: 0 below `backoffAfter`, then 60, 120, 240, 480, 900, 900 … */
export function backoffSec(n: number): number {
  const L = LOGIN_LIMITS;
  if (n < L.backoffAfter) return 0;
  return Math.min(L.backoffMaxSec, L.backoffFirstSec * 2 ** Math.min(n - L.backoffAfter, 16));
}

/** Failures left before the captcha is required, given the three counts. */
export function remainingBeforeCaptcha(pair: number, account: number, ip: number): number {
  const L = LOGIN_LIMITS;
  return Math.max(0, Math.min(L.pairCaptchaAfter - pair, L.accountCaptchaAfter - account, L.ipCaptchaAfter - ip));
}

type Limiter = RateLimiterStoreAbstract;

/**
 * A counter of `points` per `duration` seconds under `keyPrefix`: in Redis when `redis` is given,
 * else in the table sys_user_login_limit through the raw driver of `db` (module doc above).
 */
function limiterStore(redis: Redis | null, db: Db, keyPrefix: string, points: number, duration: number): Limiter {
  const common = { keyPrefix, points, duration };
  if (redis) return new RateLimiterRedis({ ...common, storeClient: redis });
  const raw = rawClient(db);
  const table = { tableName: LOGIN_LIMIT_TABLE, tableCreated: true, clearExpiredByTimeout: false };
  return raw.dialect === 'postgres'
    ? new RateLimiterPostgres({ ...common, ...table, storeClient: raw.client, storeType: 'pool' })
    : new RateLimiterSQLite({ ...common, ...table, storeClient: raw.client, storeType: 'better-sqlite3' });
}

/** Counts failed logins per pair, account and IP, and holds pairs that keep failing (module doc above). */
export class LoginGuard {
  private limiters?: { pair: Limiter; account: Limiter; ip: Limiter; backoff: Limiter };

  /** `redis`: the shared connection when REDIS_URL is set; else the stores use `db`'s driver. */
  constructor(
    private readonly redis: Redis | null,
    private readonly db: Db,
  ) {}

  /** True when the counters live in the database (their old rows need `sweep`). */
  get usesDatabase(): boolean {
    return !this.redis;
  }

  /** Built on first use, so that an app that never logs anyone in never touches the raw driver. */
  private get l() {
    this.limiters ??= this.build();
    return this.limiters;
  }

  private build() {
    const L = LOGIN_LIMITS;
    const make = (kind: string, points: number, duration: number): Limiter => limiterStore(this.redis, this.db, `login:${kind}`, points, duration);
    return {
      pair: make('pair', L.pairCaptchaAfter, L.pairWindowSec),
      account: make('account', L.accountCaptchaAfter, L.wideWindowSec),
      ip: make('ip', L.ipCaptchaAfter, L.wideWindowSec),
      // A held pair is a blocked key of this limiter (block() stores points + 1 until the wait ends).
      backoff: make('backoff', 1, L.backoffMaxSec),
    };
  }

  private static pairKey(account: string, ip: string): string {
    return `${ip}|${account}`;
  }

  /**
   * Before the password is checked: answers at once (counting nothing) when the pair is waiting;
   * else counts the attempt on the pair, the account and the IP (3 atomic increments in parallel)
   * and says whether it needs the captcha.
   */
  async begin(account: string, ip: string): Promise<LoginAttempt> {
    const key = LoginGuard.pairKey(account, ip);
    const held = await this.l.backoff.get(key);
    if (held && held.consumedPoints > 1 && held.msBeforeNext > 0) {
      return { account, ip, counted: false, retryAfterSec: Math.ceil(held.msBeforeNext / 1000), captchaRequired: true, counts: { pair: 0, account: 0, ip: 0 } };
    }
    const [pair, acc, fromIp] = await Promise.all([this.l.pair.penalty(key), this.l.account.penalty(account), this.l.ip.get(ip)]);
    // `ip` is the IP's failures before this attempt (it is counted in `fail` only).
    const counts = { pair: pair.consumedPoints, account: acc.consumedPoints, ip: fromIp?.consumedPoints ?? 0 };
    const captchaRequired = remainingBeforeCaptcha(counts.pair - 1, counts.account - 1, counts.ip) === 0;
    return { account, ip, counted: true, retryAfterSec: 0, captchaRequired, counts };
  }

  /** The attempt was a wrong password (or unknown account): it stays counted; starts the pair's wait when due. */
  async fail(attempt: LoginAttempt): Promise<LoginFailure> {
    const { pair, account } = attempt.counts;
    const ip = (await this.l.ip.penalty(attempt.ip)).consumedPoints;
    const retryAfterSec = backoffSec(pair);
    if (retryAfterSec > 0) await this.l.backoff.block(LoginGuard.pairKey(attempt.account, attempt.ip), retryAfterSec);
    const remaining = remainingBeforeCaptcha(pair, account, ip);
    return { remaining, captchaRequired: remaining === 0, retryAfterSec };
  }

  /** The attempt was no failure (refused for its captcha before the password was checked, or a disabled account): uncounts it. */
  async refund(attempt: LoginAttempt): Promise<void> {
    if (!attempt.counted) return;
    const key = LoginGuard.pairKey(attempt.account, attempt.ip);
    await Promise.all([this.l.pair.reward(key), this.l.account.reward(attempt.account)]);
  }

  /** A successful login: the pair's count and wait are cleared; the account-wide count loses this attempt; both wide counts otherwise run out on their own. */
  async succeed(attempt: LoginAttempt): Promise<void> {
    const key = LoginGuard.pairKey(attempt.account, attempt.ip);
    await Promise.all([this.l.pair.delete(key), this.l.backoff.delete(key), this.l.account.reward(attempt.account)]);
  }
}

/**
 * The per-address limit of /api/sys/user/reg (issue 6 "Registration and SMS are not an oracle or a
 * spam cannon"): every registration attempt of one client address counts, whatever its outcome,
 * REG_LIMITS.perIp per REG_LIMITS.windowSec (a fixed window from the first attempt); beyond it the
 * address waits for the window's end. Checked before the captcha and the name, so that an address
 * over the limit learns nothing about names. Same stores as the login counters (key
 * `reg:ip:<ip>`).
 */
export class RegGuard {
  private limiter?: Limiter;

  constructor(
    private readonly redis: Redis | null,
    private readonly db: Db,
    private readonly limits: { perIp: number; windowSec: number },
  ) {}

  /** Counts one attempt of `ip`; answers 0 when it may go on, else the seconds to wait (the attempt is then not counted). */
  async attempt(ip: string): Promise<number> {
    this.limiter ??= limiterStore(this.redis, this.db, 'reg:ip', this.limits.perIp, this.limits.windowSec);
    try {
      await this.limiter.consume(ip);
      return 0;
    } catch (e) {
      if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw e;
    }
  }
}
