/**
 * Data scope of admin lists (issue 6 "dept-subtree data scope"; docs/add-a-domain.md "Data scope").
 * Department codes are hierarchical (A01 ⊃ A01A01 ⊃ A01A01A02 …), so the departments an
 * administrator limited to his department may see are the codes that start with his own: the prefix
 * `services.sysRole.dataScopeOf(user)` answers (null = every department). A repository applies it
 * with `deptScope(query, column, prefix)`; a service that checks one object uses `deptInScope`.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';

/** `prefix` with `%`, `_` and `\` escaped for LIKE, followed by `%`. */
export function prefixPattern(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The condition "`column` is in the department subtree `prefix`": `column LIKE 'prefix%' ESCAPE '\'`
 * (`%`, `_` and `\` in the prefix match only themselves; the ESCAPE clause is needed on SQLite).
 * An empty prefix (a limited administrator without a department) matches nothing. `column` is a
 * column reference as in `sql.ref` ('deptCode', 'u.deptCode'), camel case like every Kysely name.
 */
export function inDeptScope(column: string, prefix: string): Expression<SqlBool> {
  if (prefix === '') return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} like ${prefixPattern(prefix)} escape '\\'`;
}

/**
 * Limits a select to the department subtree `prefix` (from `services.sysRole.dataScopeOf`) on the
 * department-code `column`; null leaves the query as it is (the caller sees every department).
 */
export function deptScope<D, TB extends keyof D, O>(query: SelectQueryBuilder<D, TB, O>, column: string, prefix: string | null): SelectQueryBuilder<D, TB, O> {
  return prefix === null ? query : query.where(inDeptScope(column, prefix));
}

/**
 * True when department `deptCode` is in the subtree `prefix` (null: every department; '' none):
 * for a service that reads, changes or deletes one object of an admin list by id (an object outside
 * the caller's scope answers as if it did not exist).
 */
export function deptInScope(deptCode: string, prefix: string | null): boolean {
  if (prefix === null) return true;
  return prefix !== '' && deptCode.startsWith(prefix);
}
