/**
 * Builds the Fastify app: plugins (cookies, multipart, docs, error handler), then every module's
 * routes, then the web app with SPA fallback. Also owns the paper sweeper (hands in overdue
 * papers every SWEEP_INTERVAL_MS, and once at start for papers left open across a restart).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDb, migrateToLatest, type Db } from './db';
import { seed, type SeededAccount } from './db/seed';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler } from './plugins/error-handler';
import { registerWeb } from './plugins/web';
import { createServices, type Services } from './services';
import { examRoutes } from './modules/exam/exam.routes';
import { paperRoutes } from './modules/paper/paper.routes';
import { quRoutes } from './modules/qu/qu.routes';
import { repoRoutes } from './modules/repo/repo.routes';
import { statRoutes } from './modules/stat/stat.routes';
import { sysConfigRoutes } from './modules/sys-config/sys-config.routes';
import { sysMenuRoutes } from './modules/sys-menu/sys-menu.routes';
import { sysUserRoutes } from './modules/sys-user/sys-user.routes';

export interface BuiltApp {
  app: FastifyInstance;
  db: Db;
  services: Services;
  /** Accounts created by the first-start seed (empty on later starts). */
  seeded: SeededAccount[];
}

/** Opens the database, migrates, seeds on first start, and registers everything. */
export async function buildApp(config: Config, opts: { db?: Db } = {}): Promise<BuiltApp> {
  const db = opts.db ?? createDb({ dialect: config.dialect, target: config.databaseUrl ?? `${config.dataDir}/kaopei.db` });
  await migrateToLatest(db);
  const services = createServices(db, config);
  const seeded = await seed(db, config, services);

  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.token', 'req.headers.cookie'] },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('resolveSession', (token: string) => services.users.resolveSession(token));
  app.decorateRequest('authUser', null);
  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 10 } });
  await registerDocs(app);

  app.get('/api/health', { schema: { summary: 'Liveness and database check', tags: ['health'] } }, async () => {
    await services.users.countUsers();
    return { code: 0, msg: 'ok', data: { status: 'ok', dialect: config.dialect }, success: true };
  });
  sysConfigRoutes(app, config);
  sysUserRoutes(app, services.users);
  sysMenuRoutes(app, services.menus);
  statRoutes(app, services.stats);
  repoRoutes(app, services.repos);
  quRoutes(app, services.qus);
  examRoutes(app, services.exams);
  paperRoutes(app, services.papers);
  await registerWeb(app, config.webDist);

  // The sweeper: papers whose time is up are handed in by the server, also after a restart.
  let timer: NodeJS.Timeout | undefined;
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const n = await services.papers.handInOverdue();
      if (n) app.log.info({ handedIn: n }, 'overdue papers handed in');
    } catch (err) {
      app.log.error({ err }, 'paper sweep failed');
    } finally {
      sweeping = false;
    }
  };
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), config.sweepIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    while (sweeping) await new Promise((r) => setTimeout(r, 20));
    if (!opts.db) await db.destroy();
  });
  return { app, db, services, seeded };
}
