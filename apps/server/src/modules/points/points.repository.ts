/**
 * SQL of the points ledger (user_points, user_points_log, user_points_rule). Every function takes
 * `db | trx`. The writes of one ledger change (insertLog → addToBalance → setLogBalance, or
 * deleteLog when the balance is short) run in one transaction of the service: the unique key
 * (user_id, ref_type, ref_id) decides which of several racing requests applies an event, and the
 * balance changes in one atomic UPDATE whose WHERE keeps it at zero or more, so on PostgreSQL no
 * update is lost and no two processes can both spend the same points.
 */
import type { SortOrder } from '@kaopei/contracts';
import type { POINTS_SORT } from '@kaopei/contracts/points';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { applyOrders, paginate } from '../../lib/paging';
import type { UserPointsLogTable, UserPointsRuleTable } from './points.tables';

type SortColumn = (typeof POINTS_SORT)[number];
/** Sortable columns of the ledger lists (request name → column). */
const SORTABLE: Record<SortColumn, string> = { createTime: 'createTime', points: 'points' };

// ------------------------------------------------------------ one change

/**
 * Inserts a ledger row unless (userId, refType, refId) exists; answers whether it was inserted. On
 * PostgreSQL a racing insert of the same key waits for the first transaction and then does nothing.
 */
export async function insertLog(db: Executor, row: UserPointsLogTable): Promise<boolean> {
  const res = await db
    .insertInto('user_points_log')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'refType', 'refId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return res !== undefined;
}

/**
 * Adds `delta` to the balance of `userId` and answers the new balance, or undefined when the balance
 * would go below zero (nothing changed). A credit opens the account row when there is none.
 */
export async function addToBalance(db: Executor, userId: string, delta: number, at: number): Promise<number | undefined> {
  if (delta >= 0) {
    const row = await db
      .insertInto('user_points')
      .values({ userId, balance: delta, updateTime: at })
      .onConflict((oc) => oc.column('userId').doUpdateSet((eb) => ({ balance: eb('user_points.balance', '+', delta), updateTime: at })))
      .returning('balance')
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.balance);
  }
  const row = await db
    .updateTable('user_points')
    .set((eb) => ({ balance: eb('balance', '+', delta), updateTime: at }))
    .where('userId', '=', userId)
    .where((eb) => eb(eb('balance', '+', delta), '>=', 0))
    .returning('balance')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.balance);
}

export function setLogBalance(db: Executor, id: string, balance: number) {
  return db.updateTable('user_points_log').set({ balance }).where('id', '=', id).execute();
}

export function deleteLog(db: Executor, id: string) {
  return db.deleteFrom('user_points_log').where('id', '=', id).execute();
}

/** The ledger row of an event, or undefined. */
export function findLog(db: Executor, userId: string, refType: string, refId: string) {
  return db.selectFrom('user_points_log').selectAll().where('userId', '=', userId).where('refType', '=', refType).where('refId', '=', refId).executeTakeFirst();
}

// ------------------------------------------------------------ balances

/** The balance of `userId` (0 without an account row). */
export async function balanceOf(db: Executor, userId: string): Promise<number> {
  const row = await db.selectFrom('user_points').select('balance').where('userId', '=', userId).executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** `userId → balance` of those of `userIds` that have an account row. */
export async function balancesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const ids = [...new Set(userIds)];
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of await db.selectFrom('user_points').select(['userId', 'balance']).where('userId', 'in', ids.slice(i, i + 500)).execute()) out.set(r.userId, Number(r.balance));
  }
  return out;
}

// ------------------------------------------------------------ lists

/** Filters of the ledger lists; `scope` is a department-code prefix (null: every department). */
export interface LogFilter {
  userId?: string;
  refType?: string;
}

/** A page of ledger rows, newest first unless `page.orders` says otherwise. */
export function pageLogs(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: LogFilter, scope: string | null) {
  let q = deptScope(db.selectFrom('user_points_log').selectAll(), 'deptCode', scope);
  if (f.userId !== undefined) q = q.where('userId', '=', f.userId);
  if (f.refType) q = q.where('refType', '=', f.refType);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

// ------------------------------------------------------------ rules

export function listRules(db: Executor) {
  return db.selectFrom('user_points_rule').selectAll().execute();
}

export function findRule(db: Executor, ruleKey: string) {
  return db.selectFrom('user_points_rule').selectAll().where('ruleKey', '=', ruleKey).executeTakeFirst();
}

/** Inserts the rules that do not exist yet (an existing rule keeps the administrator's values). */
export async function insertMissingRules(db: Executor, rules: readonly UserPointsRuleTable[]): Promise<void> {
  if (rules.length === 0) return;
  await db.insertInto('user_points_rule').values([...rules]).onConflict((oc) => oc.column('ruleKey').doNothing()).execute();
}

/** Updates one rule; answers how many rows changed. */
export async function updateRule(db: Executor, ruleKey: string, set: Pick<UserPointsRuleTable, 'points' | 'enabled' | 'updateBy' | 'updateTime'>): Promise<number> {
  const res = await db.updateTable('user_points_rule').set(set).where('ruleKey', '=', ruleKey).executeTakeFirst();
  return Number(res.numUpdatedRows);
}
