/**
 * Shapes shared by every domain (ARCHITECTURE §3): the response envelope, ids, paging and the
 * generic `{id}` / `{ids}` / `{ids, state}` payloads.
 */
import { z } from 'zod';

/** Ids are strings (snowflake-style, up to 19 digits) except fixed ids the spec names. */
export const idSchema = z.string({ error: 'ID不能为空！' }).trim().min(1, 'ID不能为空！').max(32, 'ID格式不正确！');

/** `{id}` request body. */
export const idReq = z.object({ id: idSchema });
export type IdReq = z.infer<typeof idReq>;

/** `{ids}` request body (generic delete, SPEC §7). */
export const idsReq = z.object({ ids: z.array(idSchema, { error: '请至少选择一条数据！' }).min(1, '请至少选择一条数据！').max(1000) });
export type IdsReq = z.infer<typeof idsReq>;

/** `{ids, state}` request body (generic state change, SPEC §7). */
export const stateReq = idsReq.extend({ state: z.number().int().min(0).max(9) });
export type StateReq = z.infer<typeof stateReq>;

/** Page sizes offered (SPEC §9); requests may ask for any size up to the largest. */
export const PAGE_SIZES = [10, 20, 30, 50, 100, 200, 500, 1000, 5000] as const;

/**
 * Paging request `{current, size, params, orders}` (SPEC §3 list query). `current` starts at 1,
 * `size` defaults to 10 (tables, SPEC §9).
 */
export function pagingReq<P extends z.ZodTypeAny>(params: P) {
  return z.object({
    current: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(5000).default(10),
    params: params.optional(),
    orders: z.array(z.object({ column: z.string().max(64), asc: z.boolean() })).max(5).optional(),
    t: z.unknown().optional(),
  });
}

/** Paging response `{records, total, pages, current, size}`. */
export function pagingRes<R extends z.ZodTypeAny>(record: R) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    pages: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
  });
}
export interface Page<R> {
  records: R[];
  total: number;
  pages: number;
  current: number;
  size: number;
}

/**
 * Response envelope `{code, msg, data, success}` (ARCHITECTURE §3). `data` is nullable because a
 * business failure answers with the same schema and usually no data.
 */
export function envelope<D extends z.ZodTypeAny>(data: D) {
  return z.object({ code: z.number().int(), msg: z.string(), data: data.nullable(), success: z.boolean() });
}
export interface Envelope<D> {
  code: number;
  msg: string;
  data: D | null;
  success: boolean;
}

/** Times travel as `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (ARCHITECTURE §3). */
export const TIME_ZONE = 'Asia/Shanghai';
/** The same format in dayjs tokens (server formatting, web date pickers). */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const timeSchema = z.string().regex(TIME_PATTERN, '时间格式应为 yyyy-MM-dd HH:mm:ss');
