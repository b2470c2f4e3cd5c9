/**
 * PostgreSQL statements reused by text (issue 9 "Scale": "prepared statements reused"; docs/decisions.md
 * "PostgreSQL statements prepared once per connection").
 *
 * Kysely sends every statement through node-postgres unnamed: PostgreSQL parses and plans it again
 * on every call (fill-answer's one statement: 0.63–0.72 ms unnamed, 0.34 ms named, one connection on
 * this machine). Here each pooled client's `query(text, values)` gives a statement with parameters a
 * name once its text has been sent `REUSED_AFTER` times by the process; node-postgres then parses it
 * once per connection (Parse with the name on the first use there, Bind/Execute only after) and
 * PostgreSQL keeps its plan.
 *
 * Bounded: at most `MAX_NAMED` texts get a name (beyond that they go unnamed, as before), and the
 * counts of texts not yet named are forgotten when they reach `MAX_COUNTED` (texts that differ per
 * call, such as IN lists of varying length, cannot grow it without end). Statements without
 * parameters (BEGIN, COMMIT, savepoints, several statements in one call) stay on the simple query
 * protocol. A name is never given to a second text (node-postgres refuses that).
 */
import type pg from 'pg';

/** Uses of one text (across the pool) after which it is prepared by name. */
export const REUSED_AFTER = 2;
/** Most statement texts prepared by name in one process (each connection holds those it used). */
export const MAX_NAMED = 1000;
/** Most texts counted while not yet named; the counts start again beyond. */
export const MAX_COUNTED = 10_000;

/** The names given to statement texts, shared by the pool's connections. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  /** The name of `text` when it is reused (counts this use), undefined to send it unnamed. */
  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= MAX_NAMED) return name;
    const uses = (this.counts.get(text) ?? 0) + 1;
    if (uses < REUSED_AFTER) {
      if (this.counts.size >= MAX_COUNTED) this.counts.clear();
      this.counts.set(text, uses);
      return undefined;
    }
    this.counts.delete(text);
    const given = `k${this.names.size + 1}`;
    this.names.set(text, given);
    return given;
  }

  /** Texts named so far (tests). */
  get size(): number {
    return this.names.size;
  }
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes `client` send reused statements by name (see the module's doc). Only the promise form
 * `query(text, values)` with at least one value is changed, the form Kysely uses; every other call
 * goes through untouched.
 */
export function prepareReused(client: pg.PoolClient | pg.Client, names: StatementNames): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      const name = names.nameOf(text);
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  };
}
