/**
 * Builds the Fastify app (ARCHITECTURE §2): opens and migrates the database, loads every module
 * (platform/registry.ts), builds their services, runs their start hooks (seeds, menu
 * reconciliation), registers the plugins and every module's routes, job handlers and periodic
 * tasks, then the web app with SPA fallback. Nothing here names a domain.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Config } from './config';
import { createDb, type Db } from './db';
import { setNodeId } from './lib/ids';
import { advanceClock } from './lib/time';
import { registerBench } from './platform/bench';
import { localBus, redisBus } from './platform/bus';
import { EventOutbox, eventJobType, listenersOf } from './platform/events';
import { Foreground } from './platform/foreground';
import { DbJobQueue, type JobQueue } from './platform/jobs';
import { migrateToLatest } from './platform/migrations';
import type { LoadedModule, SeededAccount } from './platform/module';
import { createServices, loadModules } from './platform/registry';
import { createRouter, type RegisteredEndpoint } from './platform/router';
import type { Services } from './platform/services';
import { TaskScheduler } from './platform/tasks';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRequestLog, requestLogOptions } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';

export interface BuiltApp {
  app: FastifyInstance;
  db: Db;
  services: Services;
  jobs: JobQueue;
  /** Requests in flight in this process; the job workers step aside while it is busy. */
  foreground: Foreground;
  /** The domain events outbox and dispatcher (tests call `events.settle()`). */
  events: EventOutbox;
  /** The modules' periodic tasks (first runs start when ready, not awaited: tests call `tasks.idle()`). */
  tasks: TaskScheduler;
  /** The shared Redis connection (keys prefixed with REDIS_PREFIX) when REDIS_URL is set. */
  redis: Redis | null;
  modules: readonly LoadedModule[];
  /** Every call the modules registered (permission matrix, API list). */
  endpoints: readonly RegisteredEndpoint[];
  /** Accounts created by the first-start seed (empty on later starts). */
  seeded: SeededAccount[];
}

/** Opens the database, migrates, loads the modules, seeds on first start, and registers everything. */
export async function buildApp(config: Config, opts: { db?: Db } = {}): Promise<BuiltApp> {
  if (config.nodeId !== undefined) setNodeId(config.nodeId);
  const db = opts.db ?? createDb({ dialect: config.dialect, target: config.databaseUrl ?? `${config.dataDir}/kaopei.db`, poolMax: config.dbPoolMax });
  const applied = await migrateToLatest(db);
  const firstStart = applied.includes('0001_init');

  const app = Fastify({
    // One log line per API call and per failure; none for the web app's files (plugins/request-log.ts).
    ...requestLogOptions(config.logLevel),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Security headers (CSP, frame-ancestors, nosniff, referrer policy; HSTS over HTTPS) before any route.
  // The modules' extra connect-src origins (ModuleDef.connectSrc) are added once the services exist.
  const connectSrc: (() => readonly string[])[] = [];
  await registerSecurity(app, { https: config.https, connectSrc: () => connectSrc.flatMap((f) => f()) });
  registerRequestLog(app);
  // Requests in flight (socket upgrades aside): the background jobs wait while they pile up (platform/foreground.ts).
  const foreground = new Foreground(config.jobYieldAt).track(app);

  // Redis (and BullMQ) are loaded only when REDIS_URL is set.
  const redisConns: Redis[] = [];
  const { connectRedis } = config.redisUrl ? await import('./platform/redis') : { connectRedis: null };
  const redis = (name: string, keyPrefix = '') => {
    const conn = (connectRedis as NonNullable<typeof connectRedis>)(config.redisUrl as string, name, keyPrefix);
    redisConns.push(conn);
    return conn;
  };
  const shared = config.redisUrl ? redis('main', `${config.redisPrefix}:`) : null;
  const bus = shared ? redisBus(shared, redis('sub'), config.redisPrefix) : localBus();
  const jobs: JobQueue = shared
    ? new (await import('./platform/jobs-bullmq')).BullJobQueue(shared, (name) => redis(name), config.redisPrefix)
    : new DbJobQueue(db, config.dialect);

  const modules = await loadModules();
  const events = new EventOutbox(db, config.dialect, jobs, listenersOf(modules));
  const services = createServices(modules, { db, config, jobs, bus, events, redis: shared, log: app.log });
  const svc = (m: LoadedModule) => (services as unknown as Record<string, unknown>)[m.name] as never;

  const isEnabled = async (name: string) => {
    const m = modules.find((x) => x.name === name);
    return m?.enabled ? m.enabled(svc(m)) : true;
  };
  for (const m of modules) if (m.connectSrc) connectSrc.push(m.connectSrc(svc(m)));
  const info = { firstStart, modules, accounts: [] as SeededAccount[], isEnabled };
  for (const m of modules) await m.start?.(svc(m), info);

  const authModule = modules.find((m) => m.authenticator) as LoadedModule;
  app.decorate('resolveSession', authModule.authenticator?.(svc(authModule)) ?? (async () => null));
  app.decorateRequest('authUser', null);
  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10 } });
  // WebSockets for the routers' `socket()` (messages are small text frames: 64 KB is plenty).
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerDocs(app);

  app.get('/api/health', { schema: { summary: 'Liveness and database check', tags: ['health'] } }, async () => {
    await sql`select 1`.execute(db);
    return { code: 0, msg: 'ok', data: { status: 'ok', dialect: config.dialect }, success: true };
  });
  const auditModule = modules.find((m) => m.auditor);
  const audit = auditModule?.auditor?.(svc(auditModule));
  const endpoints: RegisteredEndpoint[] = [];
  const tmpDir = path.join(config.dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  for (const m of modules) {
    m.routes?.(createRouter(app, m.name, endpoints, tmpDir, audit), svc(m));
    for (const [type, handler] of Object.entries(m.jobs ?? {})) jobs.register(type, handler(svc(m)));
    for (const [type, make] of Object.entries(m.on ?? {}) as [string, (s: never) => (payload: unknown) => Promise<unknown>][]) {
      const listener = make(svc(m));
      jobs.register(eventJobType(type, m.name), async (payload) => {
        await listener(payload);
        return null;
      });
    }
  }
  if (config.testClock) {
    // Tests only (KAOPEI_TEST_CLOCK): moves the server clock forward so deadline journeys need not sleep.
    app.post<{ Body: { ms?: number } }>('/api/test/clock/advance', async (req) => ({ code: 0, msg: 'ok', data: { now: advanceClock(Number(req.body?.ms ?? 0)) }, success: true }));
  }
  // Load bench only (KAOPEI_BENCH_METRICS): a no-op call through the same router, and process metrics.
  if (config.benchMetrics) registerBench(app, createRouter(app, 'bench', endpoints, tmpDir));
  await registerWeb(app, config.webDist);

  // Periodic tasks (e.g. the paper sweeper): first runs started when ready (not awaited), then on their interval, never overlapping.
  const tasks = new TaskScheduler({
    onDone: (task, count) => app.log.info({ task, count }, 'task done'),
    onError: (task, err) => app.log.error({ err, task }, 'task failed'),
  });
  app.addHook('onReady', async () => {
    // Cache invalidations published by other processes reach this one from now on.
    await bus.ready();
    tasks.start(modules.flatMap((m) => (m.tasks ?? []).map((t) => ({ name: t.name, everyMs: t.everyMs(config), run: () => t.run(svc(m)) }))));
    jobs.start(config.jobConcurrency, foreground);
    events.start();
  });
  app.addHook('onClose', async () => {
    await tasks.stop();
    await events.stop();
    await jobs.stop();
    await bus.close();
    await Promise.all(redisConns.map((c) => c.quit().catch(() => c.disconnect())));
    if (!opts.db) await db.destroy();
  });
  return { app, db, services, jobs, foreground, events, tasks, redis: shared, modules, endpoints, seeded: info.accounts };
}
