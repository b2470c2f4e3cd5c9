/** The 操作日志 page's request building (log-filters.ts). */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { logPagingReq } from '@kaopei/contracts/sys-log';
import { formatCost, logPagingBody, toLogParams } from './log-filters';

describe('operation log filters', () => {
  it('drops empty filters and trims texts', () => {
    expect(toLogParams({})).toEqual({});
    expect(toLogParams({ userName: '  ', keyword: '', range: null })).toEqual({});
    expect(toLogParams({ userName: ' admin ', keyword: ' 删除 ', result: 1 })).toEqual({ userName: 'admin', keyword: '删除', result: 1 });
    expect(toLogParams({ result: 0 })).toEqual({ result: 0 });
  });

  it('sends the time range as yyyy-MM-dd HH:mm:ss, either end optional, accepted by the contract', () => {
    const start = dayjs('2026-03-04 08:09:10');
    expect(toLogParams({ range: [start, null] })).toEqual({ startTime: '2026-03-04 08:09:10' });
    expect(toLogParams({ range: [null, start] })).toEqual({ endTime: '2026-03-04 08:09:10' });
    const body = logPagingBody(2, 20, { params: toLogParams({ range: [start, start.add(1, 'day')] }), asc: true });
    expect(body).toEqual({ current: 2, size: 20, params: { startTime: '2026-03-04 08:09:10', endTime: '2026-03-05 08:09:10' }, orders: [{ column: 'createTime', asc: true }] });
    expect(logPagingReq.safeParse(body).success).toBe(true);
    expect(logPagingBody(1, 10, { params: {} }).orders).toEqual([]);
  });

  it('shows the time taken in ms, then in seconds', () => {
    expect(formatCost(0)).toBe('0 ms');
    expect(formatCost(999)).toBe('999 ms');
    expect(formatCost(1234)).toBe('1.2 s');
  });
});
