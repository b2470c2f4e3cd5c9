/**
 * Table types for Kysely. This file holds only the platform's own tables; each domain declares its
 * tables in `modules/<domain>/<domain>.tables.ts` and adds them to `DB` by declaration merging:
 *
 *   declare module '../../db/schema' { interface DB { el_repo: ElRepoTable } }
 *
 * so a new domain edits no shared file. Table names are snake_case; columns are camelCase here and
 * snake_case in the database (CamelCasePlugin). Instants are epoch milliseconds; flags are 0/1
 * integers so that the same code runs on SQLite and PostgreSQL. Each table has one owning module
 * (its `tables` list); no other module writes it (checked by the table-ownership test).
 */

/** Epoch milliseconds. */
export type Ms = number;
/** 0 or 1. */
export type Flag = number;

/** One-time seeds already applied (e.g. a built-in menu, by its stable key), so that an item an administrator deleted is not seeded again. */
export interface SysSeedLogTable {
  kind: string;
  seedKey: string;
  createTime: Ms;
}

/** Background jobs when REDIS_URL is unset (platform/jobs.ts). */
export interface SysJobTable {
  id: string;
  type: string;
  /** JSON of the job's input. */
  payload: string;
  /** JobState: 0 queued, 1 running, 2 done, 3 failed. */
  state: number;
  /** 0–100. */
  progress: number;
  message: string;
  /** JSON of the job's result ('' until done). */
  result: string;
  attempts: number;
  maxAttempts: number;
  /** NODE_ID of the only process that may run it, or -1 for any. */
  nodeId: number;
  /** Not before this instant (retry backoff). */
  runAt: Ms;
  /** A running job whose lease passed is queued again (its process died). */
  lockedUntil: Ms;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/**
 * The outbox of domain events (platform/events.ts): written in the emitter's transaction, handed to
 * the job queue (one job per subscribing module) by the dispatcher of any process.
 */
export interface SysEventTable {
  id: string;
  type: string;
  /** JSON of the event's payload. */
  payload: string;
  /** 0 waiting, 1 dispatched. */
  state: number;
  /** A dispatcher holds the row until then (another process takes it over after). */
  lockedUntil: Ms;
  createTime: Ms;
  /** When it was dispatched (0 while waiting). */
  dispatchTime: Ms;
}

/** Every table: the platform's below, each module's added by its tables file. */
export interface DB {
  sys_seed_log: SysSeedLogTable;
  sys_job: SysJobTable;
  sys_event: SysEventTable;
}
