/**
 * A domain as the platform sees it: one object exported by `modules/<domain>/index.ts`
 * (ARCHITECTURE §2). The platform discovers every module folder, builds each service with the
 * services it names in `deps`, registers its routes, menus, jobs and periodic tasks, and runs its
 * `start` hook. Adding a domain adds a folder; it edits no shared file.
 *
 *   export default defineModule({
 *     name: 'repo',                        // key in `Services`; folder name = kebab case of it
 *     summary: '题库',
 *     deps: ['qu', 'exam'],                // services this one calls
 *     tables: ['el_repo'],                 // tables it owns (only its repository writes them)
 *     service: (ctx) => new RepoService(ctx),
 *     routes: (r, repos) => { r.json(repoApi.paging, ({ body }) => repos.paging(body)); },
 *     menus: [...],
 *     propTypes: [repoPropType],           // provider configurations (contracts: definePropType)
 *     notifyEvents: [repoSharedEvent],     // message events it sends (contracts: defineNotifyEvent)
 *   });
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { JsonEndpoint } from '@kaopei/contracts';
import type { NotifyEventDef } from '@kaopei/contracts/notify-event';
import type { PropTypeDef } from '@kaopei/contracts/prop-type';
import type { Config } from '../config';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import type { Auditor } from './audit';
import type { Authenticator } from './auth';
import type { Bus } from './bus';
import type { Catalog } from './catalog';
import type { EventListeners, Events } from './events';
import type { JobHandler, JobQueue } from './jobs';
import type { MenuDecl } from './menus';
import type { Router } from './router';
import type { ServiceName, Services } from './services';

/** What a service gets: the database, configuration, shared machinery and the services of its deps. */
export interface ModuleContext<D extends ServiceName = never> {
  /** The module's name. */
  readonly name: string;
  readonly db: Db;
  readonly config: Config;
  /** The services named in `deps` (resolved when used, so two modules may call each other). */
  readonly services: Pick<Services, D>;
  readonly jobs: JobQueue;
  readonly bus: Bus;
  /** Domain events: `emit(trx, type, payload)` in the transaction of the change (platform/events.ts). */
  readonly events: Events;
  /** The shared Redis connection when REDIS_URL is set. */
  readonly redis: Redis | null;
  readonly log: FastifyBaseLogger;
  /** Every module's registered prop types and message events (platform/catalog.ts). */
  readonly catalog: Catalog;
}

/** An account created at the first start (printed by main.ts). */
export interface SeededAccount {
  userName: string;
  password: string;
  role: string;
}

/** What `start` hooks learn about this start. */
export interface StartInfo {
  /** The database was created by this start (the first migration ran now). */
  firstStart: boolean;
  /** Every module, in start order. */
  modules: readonly LoadedModule[];
  /** Accounts seeded by this start; hooks append theirs. */
  accounts: SeededAccount[];
  /** Whether module `name` is switched on now (its `enabled`; true for a module without one). */
  isEnabled: (name: string) => Promise<boolean>;
}

/** Work a module runs in the background: at start, then every `everyMs` (never overlapping itself). */
export interface TaskDecl<S> {
  name: string;
  everyMs: (config: Config) => number;
  /** Answers how many things it did (logged when > 0). */
  run: (svc: S) => Promise<number | void>;
}

/**
 * A kind of object a learner owns (a paper, a training record …): the permission matrix test makes
 * one for learner A with `create`, then calls each of `calls` as learner B and expects a refusal.
 */
export interface OwnedDecl {
  kind: string;
  /** Makes one for `userId` through the services (a test fixture that needs no HTTP). */
  create: (app: { services: Services; jobs: JobQueue }, userId: string) => Promise<string>;
  calls: readonly { endpoint: JsonEndpoint; body: (id: string) => unknown }[];
}

export interface ModuleDef<K extends ServiceName = ServiceName, D extends ServiceName = ServiceName> {
  name: K;
  /** One line: what the domain is. */
  summary: string;
  deps?: readonly D[];
  /** Tables this module owns: only its repository writes them. */
  tables?: readonly (keyof DB)[];
  /** Other modules' tables its repository reads in read-only joins for `_dictText` labels (the one exception). */
  dictJoins?: readonly (keyof DB)[];
  service: (ctx: ModuleContext<D>) => Services[K];
  /**
   * For a module the site can switch off (a site module flag such as moduleBattle, SPEC §3, §6):
   * whether it is on now. Called on every route-tree request, so it must be cheap (a cached flag).
   * While it answers false, sys-menu leaves the module's menus out of every user's routes (menus,
   * learner header, named routes); refusing its calls and sockets is the module's own business.
   */
  enabled?: (svc: Services[K]) => Promise<boolean>;
  routes?: (r: Router, svc: Services[K]) => void;
  menus?: readonly MenuDecl[];
  /** Job types this module runs (type → handler). */
  jobs?: Readonly<Record<string, (svc: Services[K]) => JobHandler>>;
  tasks?: readonly TaskDecl<Services[K]>[];
  /** Domain events this module listens to: type → handler (run on the job queue, at least once; be idempotent). */
  on?: EventListeners<Services[K]>;
  /** Runs at every start after migrations, in dependency order (seeds, reconciliations). */
  start?: (svc: Services[K], info: StartInfo) => Promise<void>;
  /** Learner-owned objects and the calls that take their ids (permission matrix). */
  owned?: readonly OwnedDecl[];
  /** Learner calls taking the id of something every learner may see (e.g. an exam open to all). */
  sharedIds?: readonly JsonEndpoint[];
  /** The module that resolves login tokens provides this (exactly one module). */
  authenticator?: (svc: Services[K]) => Authenticator;
  /** The module that keeps the operation log provides this (at most one module). */
  auditor?: (svc: Services[K]) => Auditor;
  /**
   * Origins (`https://host[:port]`) the web app's scripts may send requests to besides ours, added to
   * the CSP connect-src of every answer (plugins/security.ts), e.g. the bucket of the current storage
   * provider for browser uploads. Called on every answer: return a cached value, synchronously.
   */
  connectSrc?: (svc: Services[K]) => () => readonly string[];
  /**
   * Provider configuration types this module uses (declared with `definePropType` in its contracts
   * file): /api/sys/config/prop/* serves them; the key must be unique across modules.
   */
  propTypes?: readonly PropTypeDef[];
  /**
   * Message events this module sends through `services.notify.send` (declared with
   * `defineNotifyEvent` in its contracts file): each gets a built-in template; keys unique across modules.
   */
  notifyEvents?: readonly NotifyEventDef[];
}

/** A module as loaded: its definition and its folder. */
export type LoadedModule = ModuleDef & { folder: string };

/** Declares a module (typing helper; the object is used as it is). */
export function defineModule<K extends ServiceName, D extends ServiceName = never>(def: ModuleDef<K, D>): ModuleDef<K, D> {
  return def;
}
