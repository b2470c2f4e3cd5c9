/**
 * Database: one Kysely instance on SQLite (better-sqlite3, WAL, file `DATA_DIR/kaopei.db`) or
 * PostgreSQL (`pg` pool) — the same query code for both (ARCHITECTURE §4).
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration, type Transaction } from 'kysely';
import type { DB } from './schema';
import * as m0001 from './migrations/0001_init';

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
}

/** Opens the database; the caller owns `destroy()`. */
export function createDb(opts: DbOptions): Db {
  if (opts.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.target, max: 10 });
    // An idle client that dies (database restart, admin kill) must not crash the server: the pool
    // drops it and the next query opens a new connection.
    pool.on('error', (err) => console.error(`PostgreSQL idle connection lost: ${err.message}`));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  }
  if (opts.target !== ':memory:') fs.mkdirSync(path.dirname(opts.target), { recursive: true });
  const database = new SQLite(opts.target);
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }), plugins: [new CamelCasePlugin()] });
}

const migrations: Record<string, Migration> = { '0001_init': m0001 };

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
