/**
 * Bulk row sinks for the statistics seed (bench/stat-seed.mts), one per dialect, both fed the same
 * way: `add(table, row)` with the row's values in the order of the table's declared columns
 * (snake_case names, `declare`). Columns not declared take the schema's defaults.
 *
 * - SQLite: a raw better-sqlite3 connection on the server's file (synchronous off while seeding; the
 *   file stays in WAL mode, which the server set), one prepared INSERT per table, everything inside
 *   transactions of `TX_ROWS` rows.
 * - PostgreSQL: rows buffered per table and sent `PG_BATCH` at a time as one
 *   `INSERT … SELECT * FROM unnest($1::type[], …)` (one round trip and one parse per batch; the
 *   column types are read from information_schema).
 *
 * `add` answers a promise only when it had to flush (PostgreSQL), so a hot loop awaits rarely:
 * `const p = sink.add(t, row); if (p) await p;`. `close()` flushes, commits and disconnects.
 */
import Database from 'better-sqlite3';
import pg from 'pg';

const TX_ROWS = 500_000;
const PG_BATCH = 5_000;

export interface Sink {
  /** Declares the columns (snake_case, in order) that `add` rows of `table` carry. */
  declare(table: string, columns: string[]): Promise<void>;
  add(table: string, row: unknown[]): Promise<void> | undefined;
  /** Rows added so far, all tables. */
  readonly rows: number;
  /** Runs a statement directly (after flushing what is buffered). */
  exec(sqlText: string): Promise<void>;
  /** One query's rows (after flushing what is buffered). */
  query<T>(sqlText: string): Promise<T[]>;
  close(): Promise<void>;
}

/** SQLite sink on the file `file` (the server must not be running on it). */
export class SqliteSink implements Sink {
  private readonly db: Database.Database;
  private readonly stmts = new Map<string, Database.Statement>();
  private inTx = 0;
  rows = 0;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('synchronous = OFF');
    this.db.pragma('cache_size = -1000000'); // 1 GB of page cache while seeding
    this.db.pragma('temp_store = MEMORY');
    this.db.exec('BEGIN');
  }

  async declare(table: string, columns: string[]): Promise<void> {
    this.stmts.set(table, this.db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`));
  }

  add(table: string, row: unknown[]): undefined {
    this.stmts.get(table)!.run(row);
    this.rows++;
    if (++this.inTx >= TX_ROWS) {
      this.db.exec('COMMIT');
      this.db.exec('BEGIN');
      this.inTx = 0;
    }
    return undefined;
  }

  async exec(sqlText: string): Promise<void> {
    this.db.exec(sqlText);
  }

  async query<T>(sqlText: string): Promise<T[]> {
    return this.db.prepare(sqlText).all() as T[];
  }

  async close(): Promise<void> {
    this.db.exec('COMMIT');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    this.db.close();
  }
}

/** PostgreSQL sink on the database at `url`. */
export class PgSink implements Sink {
  private readonly client: pg.Client;
  private readonly tables = new Map<string, { sql: string; cols: number; buf: unknown[][] }>();
  rows = 0;

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url });
  }

  async open(): Promise<void> {
    await this.client.connect();
    await this.client.query('SET synchronous_commit = off');
  }

  async declare(table: string, columns: string[]): Promise<void> {
    const res = await this.client.query<{ column_name: string; data_type: string }>(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
      [table],
    );
    const types = new Map(res.rows.map((r) => [r.column_name, r.data_type]));
    const casts = columns.map((c, i) => {
      const t = types.get(c);
      if (!t) throw new Error(`${table}.${c}: no such column`);
      return `$${i + 1}::${t}[]`;
    });
    this.tables.set(table, { sql: `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`, cols: columns.length, buf: [] });
  }

  add(table: string, row: unknown[]): Promise<void> | undefined {
    const t = this.tables.get(table)!;
    t.buf.push(row);
    this.rows++;
    return t.buf.length >= PG_BATCH ? this.flush(table) : undefined;
  }

  private async flush(table: string): Promise<void> {
    const t = this.tables.get(table)!;
    if (!t.buf.length) return;
    const rows = t.buf;
    t.buf = [];
    const cols: unknown[][] = Array.from({ length: t.cols }, () => new Array(rows.length));
    for (let r = 0; r < rows.length; r++) for (let c = 0; c < t.cols; c++) cols[c]![r] = rows[r]![c];
    await this.client.query(t.sql, cols);
  }

  private async flushAll(): Promise<void> {
    for (const table of this.tables.keys()) await this.flush(table);
  }

  async exec(sqlText: string): Promise<void> {
    await this.flushAll();
    await this.client.query(sqlText);
  }

  async query<T>(sqlText: string): Promise<T[]> {
    await this.flushAll();
    return (await this.client.query(sqlText)).rows as T[];
  }

  async close(): Promise<void> {
    await this.flushAll();
    await this.client.end();
  }
}
