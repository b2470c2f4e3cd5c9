/** SQL for the operation log (sys_oper_log). Every function takes `db | trx`. */
import type { SortOrder } from '@kaopei/contracts';
import { LogResult, type LOG_SORT } from '@kaopei/contracts/sys-log';
import type { Executor } from '../../db';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { SysOperLogTable } from './sys-log.tables';

type SortColumn = (typeof LOG_SORT)[number];
/** Sortable columns of the log list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { createTime: 'createTime' };

/** Filters of the list, times already epoch ms (`to` exclusive). */
export interface LogFilter {
  userName?: string;
  keyword?: string;
  result?: number;
  from?: number;
  to?: number;
}

/** Inserts one entry. */
export function insertLog(db: Executor, row: SysOperLogTable) {
  return db.insertInto('sys_oper_log').values(row).execute();
}

/** A page of entries, newest first unless the request orders otherwise. */
export function pageLogs(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: LogFilter) {
  let q = db.selectFrom('sys_oper_log').selectAll();
  if (f.userName) q = q.where('userName', '=', f.userName);
  if (f.keyword) {
    const kw = f.keyword;
    q = q.where((eb) => eb.or([likeContains('path', kw), likeContains('summary', kw)]));
  }
  if (f.result === LogResult.SUCCESS) q = q.where('code', '=', 0);
  if (f.result === LogResult.FAILURE) q = q.where('code', '<>', 0);
  if (f.from !== undefined) q = q.where('createTime', '>=', f.from);
  if (f.to !== undefined) q = q.where('createTime', '<', f.to);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

/** Deletes at most `limit` entries older than `before` (epoch ms); answers how many went. */
export async function deleteLogsBefore(db: Executor, before: number, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('sys_oper_log')
    .where('id', 'in', (eb) => eb.selectFrom('sys_oper_log').select('id').where('createTime', '<', before).limit(limit))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
