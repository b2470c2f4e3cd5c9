/**
 * Server configuration: environment variables parsed by ONE zod schema (ARCHITECTURE §2).
 *
 * | variable | default | meaning |
 * |---|---|---|
 * | PORT | 8080 | HTTP port |
 * | HOST | 0.0.0.0 | bind address |
 * | DATA_DIR | ./data | SQLite file, uploads and other local state |
 * | DATABASE_URL | (unset) | `postgres://…` runs on PostgreSQL; unset → SQLite `DATA_DIR/kaopei.db` |
 * | KAOPEI_ADMIN_PASSWORD | (unset) | password of the seeded `admin` at first start; required on PostgreSQL |
 * | KAOPEI_DEMO | true on SQLite, false on PostgreSQL | seed the demo learner and demo content |
 * | KAOPEI_SITE_NAME / KAOPEI_COPYRIGHT / KAOPEI_FILING_NO | 考培 / © Kaopei / (empty) | login-layout footer |
 * | KAOPEI_USER_REG | true | learners may register themselves |
 * | SESSION_TTL_HOURS | 12 | idle lifetime of a login session |
 * | SESSION_CACHE_SECONDS | 300 | how long a process keeps a resolved session in memory (0: off); logout, disable, password and role changes drop it at once in every process |
 * | DB_POOL_MAX | 10 | PostgreSQL: connections in the pool (bench/README.md "Hot path") |
 * | GROUP_COMMIT_MS | 2 | fill-answer and hand-in writes arriving within this many ms share one transaction (0: one transaction each) |
 * | GROUP_COMMIT_MAX | 64 | most writes in one such transaction (8 measured no better on PostgreSQL: bench/README.md) |
 * | SWEEP_INTERVAL_MS | 5000 | how often overdue papers are handed in |
 * | LOG_LEVEL | info | pino level (`silent` in tests) |
 * | TRUST_PROXY | false | trust X-Forwarded-For (set only behind a reverse proxy that overwrites it) |
 * | WEB_DIST | apps/web/dist | the built web app served with SPA fallback |
 * | REDIS_URL | (unset) | `redis://…`: sessions, login limits, cache invalidation and background jobs (BullMQ) shared by every server process through Redis |
 * | REDIS_PREFIX | kaopei | prefix of every Redis key, channel and BullMQ queue of this installation (several installations may share one Redis) |
 * | NODE_ID | (random) | 0–1023, this process's part of every new id; give each server process its own |
 * | JOB_CONCURRENCY | 1 | background jobs this process runs at the same time |
 * | JOB_YIELD_AT | 8 | background jobs take no new job while this many requests are in flight in this process (and for 1 s after), at most 5 s at a time (0: never wait) |
 * | KAOPEI_HTTPS | false | the site is served over HTTPS (directly or behind a TLS proxy): HSTS and upgrade-insecure-requests |
 * | KAOPEI_TEST_CLOCK | false | tests only: POST /api/test/clock/advance moves the server clock forward; never in production |
 * | UPLOAD_VIDEO_MAX_MB | 2048 | largest video upload (streamed to a temporary file, then to the storage) |
 * | UPLOAD_FILE_MAX_MB | 20 | largest upload of any other kind (images, audio, documents) |
 * | KAOPEI_ALIYUN_STS_ENDPOINT | https://sts.aliyuncs.com | aliyun STS (AssumeRole for browser uploads to OSS) |
 * | KAOPEI_QCLOUD_STS_ENDPOINT | https://sts.tencentcloudapi.com | qcloud STS (GetFederationToken for browser uploads to COS) |
 * | KAOPEI_FACE_THRESHOLD | 0.7 | local face engine: cosine similarity (0–1) at or above which two faces are one person (bench/README.md "Face engine") |
 * | KAOPEI_BENCH_METRICS | false | load bench only (bench/load.mts): serves /api/bench/noop and /api/bench/metrics (platform/bench.ts); never in production |
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Repository root (apps/server/src → ../../..). */
export const REPO_ROOT = path.resolve(here, '../../..');

const bool = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase())));

export const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    KAOPEI_ADMIN_PASSWORD: z.string().min(1).optional().or(z.literal('').transform(() => undefined)),
    KAOPEI_DEMO: bool.optional(),
    KAOPEI_SITE_NAME: z.string().default('考培'),
    KAOPEI_COPYRIGHT: z.string().default('© 2026 考培 Kaopei'),
    KAOPEI_FILING_NO: z.string().default(''),
    KAOPEI_USER_REG: bool.default(true),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
    SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(300),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    GROUP_COMMIT_MS: z.coerce.number().min(0).max(100).default(2),
    GROUP_COMMIT_MAX: z.coerce.number().int().min(1).max(1000).default(64),
    SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
    TRUST_PROXY: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'REDIS_PREFIX: 1-32 letters, digits, _ or -').default('kaopei'),
    NODE_ID: z.coerce.number().int().min(0).max(1023).optional().or(z.literal('').transform(() => undefined)),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    JOB_YIELD_AT: z.coerce.number().int().min(0).max(100_000).default(8),
    LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    KAOPEI_HTTPS: bool.default(false),
    KAOPEI_TEST_CLOCK: bool.default(false),
    KAOPEI_BENCH_METRICS: bool.default(false),
    KAOPEI_FACE_THRESHOLD: z.coerce.number().gt(0).lt(1).default(0.7),
    UPLOAD_VIDEO_MAX_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(2048),
    UPLOAD_FILE_MAX_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(20),
    KAOPEI_ALIYUN_STS_ENDPOINT: z.string().regex(/^https?:\/\//, 'KAOPEI_ALIYUN_STS_ENDPOINT must be an http(s) url').default('https://sts.aliyuncs.com'),
    KAOPEI_QCLOUD_STS_ENDPOINT: z.string().regex(/^https?:\/\//, 'KAOPEI_QCLOUD_STS_ENDPOINT must be an http(s) url').default('https://sts.tencentcloudapi.com'),
  })
  .refine((c) => !c.DATABASE_URL || c.KAOPEI_ADMIN_PASSWORD, {
    path: ['KAOPEI_ADMIN_PASSWORD'],
    message: 'required with DATABASE_URL (PostgreSQL): no well-known administrator password on a production database',
  })
  .transform((c) => ({
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    dialect: c.DATABASE_URL ? ('postgres' as const) : ('sqlite' as const),
    adminPassword: c.KAOPEI_ADMIN_PASSWORD,
    demo: c.KAOPEI_DEMO ?? !c.DATABASE_URL,
    site: { siteName: c.KAOPEI_SITE_NAME, copyRight: c.KAOPEI_COPYRIGHT, filingNo: c.KAOPEI_FILING_NO, userReg: c.KAOPEI_USER_REG },
    sessionTtlMs: c.SESSION_TTL_HOURS * 3600_000,
    sessionCacheMs: c.SESSION_CACHE_SECONDS * 1000,
    dbPoolMax: c.DB_POOL_MAX,
    groupCommitMs: c.GROUP_COMMIT_MS,
    groupCommitMax: c.GROUP_COMMIT_MAX,
    sweepIntervalMs: c.SWEEP_INTERVAL_MS,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    webDist: path.resolve(c.WEB_DIST),
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    nodeId: c.NODE_ID,
    jobConcurrency: c.JOB_CONCURRENCY,
    jobYieldAt: c.JOB_YIELD_AT,
    logRetentionDays: c.LOG_RETENTION_DAYS,
    https: c.KAOPEI_HTTPS,
    testClock: c.KAOPEI_TEST_CLOCK,
    benchMetrics: c.KAOPEI_BENCH_METRICS,
    face: { threshold: c.KAOPEI_FACE_THRESHOLD },
    upload: {
      videoMaxBytes: c.UPLOAD_VIDEO_MAX_MB * 1024 * 1024,
      fileMaxBytes: c.UPLOAD_FILE_MAX_MB * 1024 * 1024,
      aliyunStsEndpoint: c.KAOPEI_ALIYUN_STS_ENDPOINT,
      qcloudStsEndpoint: c.KAOPEI_QCLOUD_STS_ENDPOINT,
    },
  }));

export type Config = z.output<typeof configSchema>;

/**
 * Parses `env` (default `process.env`). Throws an Error listing every bad variable; among them, on
 * PostgreSQL a missing KAOPEI_ADMIN_PASSWORD (no well-known password on a production database).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
