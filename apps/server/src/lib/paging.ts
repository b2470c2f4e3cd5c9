/**
 * Paging over a Kysely select (ARCHITECTURE §3, SPEC §3 list query): `{current, size}` in,
 * `{records, total, pages, current, size}` out, and the request's `orders` applied through the
 * repository's allowlist of sortable columns.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Page, SortOrder } from '@kaopei/contracts';

/** Runs the count and the page of `query` (the count without ordering). */
export async function paginate<D, TB extends keyof D, O>(
  query: SelectQueryBuilder<D, TB, O>,
  page: { current: number; size: number },
): Promise<Page<O>> {
  const countRow = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();
  const total = Number((countRow as { total?: number | string } | undefined)?.total ?? 0);
  const records = await query.limit(page.size).offset((page.current - 1) * page.size).execute();
  return { records, total, pages: Math.ceil(total / page.size), current: page.current, size: page.size };
}

/**
 * Orders `query` by the request's `orders` (each column looked up in `columns`, the repository's
 * allowlist: request column → SQL column reference), else by `fallback`; `tieBreak` (a unique
 * column, usually the id) always comes last so that pages never overlap. The contracts' paging
 * schema already refused columns outside the endpoint's list; a name missing from `columns` here is
 * a programming error.
 */
export function applyOrders<D, TB extends keyof D, O, C extends string>(
  query: SelectQueryBuilder<D, TB, O>,
  orders: readonly SortOrder<C>[] | undefined,
  columns: Record<C, string>,
  fallback: readonly SortOrder<C>[],
  tieBreak: string,
): SelectQueryBuilder<D, TB, O> {
  let q = query;
  for (const o of orders?.length ? orders : fallback) {
    const ref = columns[o.column];
    if (!ref) throw new Error(`no sortable column ${o.column}`);
    q = q.orderBy(sql.ref(ref), o.asc ? 'asc' : 'desc');
  }
  return q.orderBy(sql.ref(tieBreak), 'desc');
}

/**
 * The empty page of `req` (same current and size, no records): what a list of the children of one
 * parent (a course's face records, a session's attendance, a class's students) answers when no parent
 * was named — the paging contract of SPEC §3 answers pages, not errors (platform/paging.test.ts).
 */
export function emptyPage<T>(req: { current: number; size: number }): Page<T> {
  return { records: [], total: 0, current: req.current, size: req.size, pages: 0 };
}

/** Maps the records of a page (and its selectList), keeping the paging numbers. */
export function mapPage<A, B>(page: Page<A>, fn: (a: A) => B): Page<B> {
  const { selectList, ...rest } = page;
  return { ...rest, records: page.records.map(fn), ...(selectList ? { selectList: selectList.map(fn) } : {}) };
}

/** Escapes `%`, `_` and `\` for a LIKE pattern and wraps it in `%…%`. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column LIKE '%text%' ESCAPE '\'`: `%`, `_` and `\` in `text` match only themselves. The ESCAPE
 * clause is required on SQLite, which (unlike PostgreSQL) has no default LIKE escape character.
 */
export function likeContains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${likePattern(text)} escape '\\'`;
}
