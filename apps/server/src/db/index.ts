/**
 * Database: one Kysely instance on SQLite (better-sqlite3, WAL, file `DATA_DIR/kaopei.db`) or
 * PostgreSQL (`pg` pool) — the same query code for both (ARCHITECTURE §4). Migrations are found by
 * `platform/migrations.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
import { prepareReused, StatementNames } from './pg-prepared';
import { HotSqliteDialect } from './sqlite-driver';
import type { DB } from './schema';

export type Db = Kysely<DB>;
export type Trx = Transaction<DB>;
/** Anything a repository can run a query on: the database or a transaction. */
export type Executor = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';

// int8 (bigint) columns hold epoch milliseconds: safe as JS numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DbOptions {
  dialect: Dialect;
  /** SQLite: the file path (':memory:' allowed). PostgreSQL: the connection URL. */
  target: string;
  /** PostgreSQL: connections in the pool (DB_POOL_MAX, default 10; measured in bench/README.md "Hot path"). */
  poolMax?: number;
}

/**
 * SQLite durability of the server's connection: FULL, a commit is on disk (WAL fsync) before it is
 * acknowledged, so a power cut loses no acknowledged answer or hand-in. Tests read it back.
 */
export const SQLITE_SYNCHRONOUS = 'FULL';

/** The driver under a Kysely instance, for libraries that need it (rate-limiter stores). */
export type RawClient = { dialect: 'sqlite'; client: SQLite.Database } | { dialect: 'postgres'; client: pg.Pool };
const raw = new WeakMap<Db, RawClient>();

/** Opens the database; the caller owns `destroy()`. */
export function createDb(opts: DbOptions): Db {
  if (opts.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.target, max: opts.poolMax ?? 10 });
    // An idle client that dies (database restart, admin kill) must not crash the server: the pool
    // drops it and the next query opens a new connection.
    pool.on('error', (err) => console.error(`PostgreSQL idle connection lost: ${err.message}`));
    // A connection killed while checked out (between a transaction's statements, or just before a
    // query) emits 'error' on its client, which the pool does not listen to then: without this the
    // process would die of an uncaught exception; the query in flight fails on its own.
    // Statements reused by text are prepared once per connection (pg-prepared.ts).
    const names = new StatementNames();
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
      prepareReused(client, names);
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
    raw.set(db, { dialect: 'postgres', client: pool });
    return db;
  }
  if (opts.target !== ':memory:') fs.mkdirSync(path.dirname(opts.target), { recursive: true });
  const database = new SQLite(opts.target);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`);
  // Prepared statements reused, connection handed out in order, the event loop let run between transactions.
  const db = new Kysely<DB>({ dialect: new HotSqliteDialect(database), plugins: [new CamelCasePlugin()] });
  raw.set(db, { dialect: 'sqlite', client: database });
  return db;
}

/** The driver of a database opened by `createDb`. */
export function rawClient(db: Db): RawClient {
  const r = raw.get(db);
  if (!r) throw new Error('rawClient: database not opened by createDb');
  return r;
}
