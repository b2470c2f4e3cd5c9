/**
 * Paging over a Kysely select (ARCHITECTURE §3): `{current, size}` in, `{records, total, pages,
 * current, size}` out. The count runs on the same filtered query without ordering.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Page } from '@kaopei/contracts';

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

/** Maps the records of a page, keeping the paging numbers. */
export function mapPage<A, B>(page: Page<A>, fn: (a: A) => B): Page<B> {
  return { ...page, records: page.records.map(fn) };
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
