/**
 * The 操作日志 page's filter form → the paging request of /api/sys/log/paging (pure, unit-tested):
 * trimmed texts (empty ones dropped), the result, the time range as `yyyy-MM-dd HH:mm:ss` (a range
 * end given without seconds in mind is taken to the end of its second by the server), and the sort
 * direction of the time column.
 */
import { TIME_FORMAT } from '@kaopei/contracts';
import type { LogPagingParams } from '@kaopei/contracts/sys-log';

/** Anything with dayjs's `format` (the range picker's values). */
interface Formattable {
  format(template: string): string;
}

/** The filter form's values. */
export interface LogFilterValues {
  userName?: string;
  keyword?: string;
  result?: 0 | 1;
  range?: [Formattable | null, Formattable | null] | null;
}

/** The list's state: the request params and the time column's direction (newest first by default). */
export interface LogQuery {
  params: LogPagingParams;
  asc?: boolean;
}

/** Request params of the filter form's values. */
export function toLogParams(v: LogFilterValues): LogPagingParams {
  const userName = v.userName?.trim();
  const keyword = v.keyword?.trim();
  const [start, end] = v.range ?? [null, null];
  return {
    ...(userName ? { userName } : {}),
    ...(keyword ? { keyword } : {}),
    ...(v.result !== undefined && v.result !== null ? { result: v.result } : {}),
    ...(start ? { startTime: start.format(TIME_FORMAT) } : {}),
    ...(end ? { endTime: end.format(TIME_FORMAT) } : {}),
  };
}

/** The paging body of a page of the list. */
export function logPagingBody(current: number, size: number, q: LogQuery) {
  return { current, size, params: q.params, orders: q.asc === undefined ? [] : [{ column: 'createTime' as const, asc: q.asc }] };
}

/** '1234 ms' → '1.2 s' from a second on. */
export function formatCost(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
