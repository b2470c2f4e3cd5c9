/**
 * The operation log (系统管理 → 操作日志): every administrator write — a call that needs a
 * permission code and is not `readOnly` (platform/audit.ts) — is recorded with who, when, what, on
 * which ids, with which result and from which address, and listed in a paged admin page with filters.
 * Reads (paging, detail, list …) and learners' calls are not recorded. SPEC §7 does not show these
 * paths; they follow the /api/sys/<area>/paging style.
 */
import { z } from 'zod';
import { pagingReq, pagingRes, timeSchema } from './common';
import { json } from './endpoint';

/** Result of a recorded call: 0 success (code 0), 1 failure (any other code). */
export const LogResult = { SUCCESS: 0, FAILURE: 1 } as const;
export const LOG_RESULT_LABEL: Record<number, string> = { 0: '成功', 1: '失败' };

/** Filters of the log list: exact account, path-or-summary contains, result, time range (inclusive). */
export const logPagingParams = z
  .object({
    /** The operator's account name (exact, as typed at login). */
    userName: z.string().trim().max(64, '操作人不能超过64个字符').optional(),
    /** Part of the path (`/api/repo/delete`) or of the operation (`删除题库`). */
    keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
    /** 0 successful calls only, 1 failed calls only. */
    result: z.union([z.literal(LogResult.SUCCESS), z.literal(LogResult.FAILURE)], { error: '结果只能是成功或失败！' }).optional(),
    /** `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai), inclusive. */
    startTime: timeSchema.optional(),
    endTime: timeSchema.optional(),
  })
  .refine((p) => !p.startTime || !p.endTime || p.startTime <= p.endTime, { message: '开始时间不能晚于结束时间！', path: ['endTime'] });
export type LogPagingParams = z.infer<typeof logPagingParams>;
/** Columns the log list can be sorted by. */
export const LOG_SORT = ['createTime'] as const;
export const logPagingReq = pagingReq(logPagingParams, { sort: LOG_SORT });

/** One recorded call. */
export const operLogRecord = z.object({
  id: z.string(),
  /** The module that served the call, and its name (`notice` → 通知公告). */
  module: z.string(),
  module_dictText: z.string(),
  path: z.string(),
  /** What the call does (the endpoint's summary, e.g. 删除题库（连同其试题）). */
  summary: z.string(),
  userId: z.string(),
  /** The operator's account name and (label) real name. */
  userName: z.string(),
  userId_dictText: z.string(),
  /** The ids the call acted on, comma-separated ('' when none, e.g. an add). */
  targetIds: z.string(),
  /** Business code of the answer (0 success; 500 a crash) and its message. */
  code: z.number().int(),
  msg: z.string(),
  /** LogResult (0 success, 1 failure), derived from code. */
  result: z.number().int(),
  result_dictText: z.string(),
  ip: z.string(),
  /** When the call ended, `yyyy-MM-dd HH:mm:ss`. */
  createTime: z.string(),
  /** How long the call took, in milliseconds. */
  costMs: z.number().int(),
});
export type OperLogRecord = z.infer<typeof operLogRecord>;
export const logPagingRes = pagingRes(operLogRecord);

/** Permission codes of the operation log. */
export const LogPerm = { LIST: 'sys:log:list' } as const;

/** Calls of the operation log. */
export const logApi = {
  paging: json({
    path: '/api/sys/log/paging',
    readOnly: true,
    summary: '分页查询操作日志（操作人、接口或操作、结果、时间范围）',
    access: LogPerm.LIST,
    body: logPagingReq,
    data: logPagingRes,
    ours: true,
  }),
};
