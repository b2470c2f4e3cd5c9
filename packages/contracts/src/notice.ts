/**
 * Notices (SPEC §3 "Messages and notices": a paging row with title and state; §7
 * /api/sys/notice/paging with params state and title; §2 /web/notice, /web/notice/detail/{id} and
 * the home notice card; §9 notice card 4 small or 6). The admin calls (list, detail, save, state,
 * delete) and the learner calls (web-paging, web-detail) that show only published notices whose
 * publish time has come, top notices first.
 */
import { z } from 'zod';
import { idReq, idsReq, pagingReq, pagingRes, stateReq, TIME_PATTERN } from './common';
import { json } from './endpoint';

/** Notice state: 0 published, 1 withdrawn (the generic 0 normal / 1 disabled of SPEC §4). */
export const NOTICE_STATE_LABEL: Record<number, string> = { 0: '已发布', 1: '已撤回' };

export const noticePagingParams = z.object({
  title: z.string().max(200).optional(),
  state: z.number().int().min(0).max(1).optional(),
});
/** Columns the notice list can be sorted by. */
export const NOTICE_SORT = ['title', 'createTime', 'updateTime'] as const;

/** Top flag (isTop): 1 = 置顶 (listed first to learners), 0 = not. */
export const NOTICE_TOP_LABEL: Record<number, string> = { 0: '否', 1: '置顶' };

/** Titles on the learner home notice card (SPEC §9 "notice card 4 small or 6"). */
export const NOTICE_CARD_SIZE = { small: 4, default: 6 } as const;

/** True when `text` (yyyy-MM-dd HH:mm:ss) names a real calendar instant (no 02-30, no 25:00). */
function isRealTime(text: string): boolean {
  if (!TIME_PATTERN.test(text)) return false;
  const [date = '', time = ''] = text.split(' ');
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi, se] = time.split(':').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && t.getUTCHours() === h && t.getUTCMinutes() === mi && t.getUTCSeconds() === se;
}

/**
 * Publish time of a notice, `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai); empty (null, undefined or '')
 * = published at once (becomes null).
 */
export const noticePublishTime = z
  .string({ error: '发布时间格式应为 yyyy-MM-dd HH:mm:ss' })
  .refine((v) => v === '' || TIME_PATTERN.test(v), '发布时间格式应为 yyyy-MM-dd HH:mm:ss')
  .refine((v) => v === '' || isRealTime(v), '发布时间不正确！')
  .nullish()
  .transform((v) => v || null);
export const noticePagingReq = pagingReq(noticePagingParams, { sort: NOTICE_SORT });

export const noticeRecord = z.object({
  id: z.string(),
  title: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
  /** 1 = 置顶. */
  isTop: z.number().int(),
  /** The publish time the administrator set; null = published at once (when state is 0). */
  publishTime: z.string().nullable(),
  createBy: z.string(),
  createBy_dictText: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type NoticeRecord = z.infer<typeof noticeRecord>;
export const noticePagingRes = pagingRes(noticeRecord);

/** A notice with its content (rich text, sanitised when saved). */
export const noticeDetail = noticeRecord.extend({ content: z.string() });
export type NoticeDetail = z.infer<typeof noticeDetail>;

export const noticeSaveReq = z.object({
  id: z.string().trim().min(1).max(32).optional(),
  title: z.string({ error: '公告标题不能为空！' }).trim().min(1, '公告标题不能为空！').max(200, '公告标题不能超过200个字符'),
  content: z.string({ error: '公告内容不能为空！' }).trim().min(1, '公告内容不能为空！').max(100_000, '公告内容过长！'),
  state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }).default(0),
  publishTime: noticePublishTime,
  isTop: z.union([z.literal(0), z.literal(1)], { error: '置顶标志不正确！' }).default(0),
});
export type NoticeSaveReq = z.infer<typeof noticeSaveReq>;

/** Learner notice list request: params.title filters (contains); the order is fixed (top first, then publish time, newest first). */
export const noticeWebPagingReq = pagingReq(z.object({ title: z.string().max(200).optional() }));

/** A notice as learners see it in lists; publishTime is when it became visible (its publish time, else its creation). */
export const noticeWebRecord = z.object({
  id: z.string(),
  title: z.string(),
  isTop: z.number().int(),
  publishTime: z.string(),
});
export type NoticeWebRecord = z.infer<typeof noticeWebRecord>;
export const noticeWebPagingRes = pagingRes(noticeWebRecord);

/** A notice as learners read it: its content is rich text sanitised at save (render it through RichText). */
export const noticeWebDetail = noticeWebRecord.extend({ content: z.string() });
export type NoticeWebDetail = z.infer<typeof noticeWebDetail>;

/** Permission codes of notices (SPEC §6 names sys:notice:list for the dashboard card). */
export const NoticePerm = { LIST: 'sys:notice:list', ADD: 'sys:notice:add', UPDATE: 'sys:notice:update', DELETE: 'sys:notice:delete' } as const;

/** Calls of notices (SPEC §7 "Configuration and dictionaries"). */
export const noticeApi = {
  paging: json({ path: '/api/sys/notice/paging', readOnly: true, summary: '分页查询公告', access: NoticePerm.LIST, body: noticePagingReq, data: noticePagingRes }),
  detail: json({ path: '/api/sys/notice/detail', readOnly: true, summary: '公告详情', access: NoticePerm.LIST, body: idReq, data: noticeDetail, ours: true }),
  save: json({ path: '/api/sys/notice/save', summary: '新增或修改公告', access: [NoticePerm.ADD, NoticePerm.UPDATE], body: noticeSaveReq, data: z.object({ id: z.string() }), ours: true }),
  delete: json({ path: '/api/sys/notice/delete', summary: '删除公告', access: NoticePerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  state: json({
    path: '/api/sys/notice/state',
    summary: '发布（0）或撤回（1）公告（SPEC §7 通用状态修改）',
    access: NoticePerm.UPDATE,
    body: stateReq.extend({ state: z.union([z.literal(0), z.literal(1)], { error: '状态不正确！' }) }),
    data: z.null(),
    ours: true,
  }),
  /** Learners: published notices whose publish time has come (SPEC §2 /web/notice and the home card). */
  webPaging: json({ path: '/api/sys/notice/web-paging', readOnly: true, summary: '学员分页查询已发布的公告（置顶在前，再按发布时间倒序）', access: 'user', body: noticeWebPagingReq, data: noticeWebPagingRes, ours: true }),
  /** Learners: one published, due notice; any other id answers 10010003 as if it did not exist. */
  webDetail: json({ path: '/api/sys/notice/web-detail', readOnly: true, summary: '学员查看已发布的公告', access: 'user', body: idReq, data: noticeWebDetail, ours: true }),
};
