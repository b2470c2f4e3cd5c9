/**
 * Notices (SPEC §3 "Messages and notices": a paging row with title and state; §7
 * /api/sys/notice/paging with params state and title). The admin list and save calls; the learner
 * notice pages and the home notice card come with the messages domain.
 */
import { z } from 'zod';
import { idReq, idsReq, pagingReq, pagingRes, stateReq } from './common';
import { json } from './endpoint';

/** Notice state: 0 published, 1 withdrawn (the generic 0 normal / 1 disabled of SPEC §4). */
export const NOTICE_STATE_LABEL: Record<number, string> = { 0: '已发布', 1: '已撤回' };

export const noticePagingParams = z.object({
  title: z.string().max(200).optional(),
  state: z.number().int().min(0).max(1).optional(),
});
/** Columns the notice list can be sorted by. */
export const NOTICE_SORT = ['title', 'createTime', 'updateTime'] as const;
export const noticePagingReq = pagingReq(noticePagingParams, { sort: NOTICE_SORT });

export const noticeRecord = z.object({
  id: z.string(),
  title: z.string(),
  state: z.number().int(),
  state_dictText: z.string(),
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
});
export type NoticeSaveReq = z.infer<typeof noticeSaveReq>;

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
};
