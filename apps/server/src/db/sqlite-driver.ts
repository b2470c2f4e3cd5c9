/**
 * The SQLite driver of the server (issue 9 "Scale"; docs/decisions.md "Hot path for 5,000 takers"):
 * Kysely's SqliteDialect with its driver replaced, because the profile of an exam burst showed
 * - every statement prepared again by better-sqlite3 (≈ 13 % of self time): here prepared
 *   statements are kept in an LRU of STATEMENT_CACHE_SIZE by SQL text (a statement still iterating
 *   a stream is never handed out twice: a fresh one is prepared then);
 * - Kysely's connection mutex wakes every waiter on each release (a burst of n queued
 *   transactions costs n² wake-ups): here waiters queue in order and one is woken per release;
 * - synchronous SQLite runs a whole burst without yielding, freezing every other request: here
 *   the connection passes from one holder (a transaction or a lone statement) to the next waiting
 *   one through setImmediate once YIELD_AFTER_MS passed since the last yield, and an acquisition
 *   without contention (a loop of awaited statements, which never leaves the microtask queue)
 *   waits for setImmediate too after YIELD_AFTER_MS, so the event loop reads sockets and runs
 *   timers between them: a burst stalls other requests by about YIELD_AFTER_MS plus one
 *   transaction, not by the whole burst.
 */
import type SQLite from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';

/** Prepared statements kept per connection. */
export const STATEMENT_CACHE_SIZE = 500;
/** Work (ms) after which the next acquisition yields to the event loop first. */
export const YIELD_AFTER_MS = 5;

/** An LRU of prepared statements by SQL text. */
class StatementCache {
  private readonly map = new Map<string, SQLite.Statement>();
  constructor(
    private readonly db: SQLite.Database,
    private readonly size: number,
  ) {}

  get(sql: string): SQLite.Statement {
    const hit = this.map.get(sql);
    if (hit && !hit.busy) {
      this.map.delete(sql);
      this.map.set(sql, hit);
      return hit;
    }
    const stmt = this.db.prepare(sql);
    if (hit) return stmt; // the cached one is iterating a stream: use a fresh one once
    this.map.set(sql, stmt);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value as string);
    return stmt;
  }
}

class Connection implements DatabaseConnection {
  constructor(private readonly statements: StatementCache) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.statements.get(compiled.sql);
    const params = compiled.parameters as unknown[];
    if (stmt.reader) return Promise.resolve({ rows: stmt.all(params) as R[] });
    const { changes, lastInsertRowid } = stmt.run(params);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    const stmt = this.statements.get(compiled.sql);
    for (const row of stmt.iterate(compiled.parameters as unknown[])) yield { rows: [row as R] };
  }
}

/** One connection, handed to one holder at a time in arrival order. */
class FifoDriver implements Driver {
  private readonly waiters: (() => void)[] = [];
  private held = false;
  private pumpScheduled = false;
  private lastYield = performance.now();
  private readonly connection: Connection;

  constructor(
    private readonly db: SQLite.Database,
    private readonly yieldAfterMs: number,
  ) {
    this.connection = new Connection(new StatementCache(db, STATEMENT_CACHE_SIZE));
  }

  async init(): Promise<void> {}

  /**
   * The connection, at once when it is free, nobody waits and less than `yieldAfterMs` of work ran
   * since the event loop last had a turn; otherwise in arrival order after such a turn (a chain of
   * awaited statements never leaves the microtask queue, better-sqlite3 being synchronous).
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.held && this.waiters.length === 0 && performance.now() - this.lastYield < this.yieldAfterMs) {
      this.held = true;
      return this.connection;
    }
    await new Promise<void>((r) => {
      this.waiters.push(r);
      if (!this.held) this.pumpAfterYield();
    });
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    if (this.waiters.length === 0) {
      this.held = false;
      return;
    }
    // Handed over directly while the work since the last turn of the event loop is short; else
    // after one turn (setImmediate: sockets are read and timers run first).
    if (performance.now() - this.lastYield < this.yieldAfterMs) return this.waiters.shift()!();
    this.held = false;
    this.pumpAfterYield();
  }

  /** After one turn of the event loop, hands the connection to the first waiter (one pump at a time). */
  private pumpAfterYield(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.lastYield = performance.now();
      const next = this.waiters.shift();
      if (!next) return;
      this.held = true;
      next();
    });
  }

  async beginTransaction(conn: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.db.close();
  }
}

/** Kysely's SqliteDialect (query compiler, adapter, introspector) over FifoDriver; `yieldAfterMs` (tests: 0, yield at every acquisition). */
export class HotSqliteDialect extends SqliteDialect {
  constructor(
    private readonly database: SQLite.Database,
    private readonly yieldAfterMs = YIELD_AFTER_MS,
  ) {
    super({ database });
  }

  override createDriver(): Driver {
    return new FifoDriver(this.database, this.yieldAfterMs);
  }
}
