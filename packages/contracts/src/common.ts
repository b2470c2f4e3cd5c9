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
/** Largest page size a request may ask for (SPEC §9). */
export const MAX_PAGE_SIZE = 5000;
/** Largest page number: keeps `(current - 1) × size` far inside both databases' integer range. */
export const MAX_PAGE = 1_000_000;

/** A positive integer sent as a number or a string of digits (never a boolean, fraction or huge number). */
function pageNumber(max: number, msg: string) {
  return z
    .union([z.number({ error: msg }), z.string({ error: msg }).regex(/^\d{1,9}$/, msg).transform(Number)], { error: msg })
    .pipe(z.number().int(msg).min(1, msg).max(max, msg));
}

/** One sort order of a paging request (SPEC §3 list query). */
export interface SortOrder<C extends string = string> {
  column: C;
  asc: boolean;
}

/**
 * Paging request `{current, size, params, orders, selectKeys}` (SPEC §3 list query). `current`
 * starts at 1 (at most MAX_PAGE), `size` 1…5000 (default 10, tables, SPEC §9); both may be numbers
 * or digit strings, never booleans. `orders` may name only the columns in `opts.sort` (the list the
 * endpoint's repository can sort by; without it `orders` must be empty); `selectKeys` (with
 * `opts.select`) asks for those records as `selectList` in the answer, whatever page is shown (the
 * pickers show their selection across pages).
 */
export function pagingReq<P extends z.ZodType, C extends string = never>(params: P, opts: { sort?: readonly C[]; select?: boolean } = {}) {
  const columns = (opts.sort ?? []) as readonly string[];
  const order = z.object({
    column: z.custom<C>((c) => typeof c === 'string' && columns.includes(c), {
      message: columns.length ? `只能按以下字段排序：${columns.join('、')}` : '该列表不支持排序！',
    }),
    asc: z.boolean({ error: '排序方向不正确！' }),
  });
  return z.object({
    current: pageNumber(MAX_PAGE, `页码必须是1-${MAX_PAGE}之间的整数！`).default(1),
    size: pageNumber(MAX_PAGE_SIZE, `每页条数必须是1-${MAX_PAGE_SIZE}之间的整数！`).default(10),
    params: params.optional(),
    orders: z.array(order).max(5, '排序字段不能超过5个！').optional(),
    selectKeys: opts.select ? z.array(idSchema).max(1000).optional() : z.undefined().optional(),
    t: z.unknown().optional(),
  });
}

/** Paging response `{records, total, pages, current, size, selectList?}` (SPEC §3 list response). */
export function pagingRes<R extends z.ZodType>(record: R) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    pages: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
    /** The records named by the request's `selectKeys`, when it sent any. */
    selectList: z.array(record).optional(),
  });
}
export interface Page<R> {
  records: R[];
  total: number;
  pages: number;
  current: number;
  size: number;
  selectList?: R[];
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
