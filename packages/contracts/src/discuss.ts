/**
 * Class discussions 讨论区 (issue 13 "Discussions"; SPEC §7 /api/discuss, not shown there: `ours`).
 * Threads and replies per training class. Enrolled learners of the class and admins with the class
 * in their data scope (and the permission DiscussPerm.MANAGE) read and post; anybody else is
 * answered 10010003, as if the class did not exist. Authors delete their own posts; moderators
 * (DiscussPerm.MANAGE, class in scope) delete any post and pin threads. Threads list pinned first,
 * then by the last reply (or the post) newest first; replies oldest first.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';

/** Messages of the forms. */
export const DISCUSS_MSG = {
  title: '标题不能为空！',
  content: '内容不能为空！',
  reply: '回复内容不能为空！',
} as const;

/** A reply's longest text (plain text, characters). */
export const REPLY_MAX = 2000;

/** POST /api/discuss/thread/save: post a thread (no id) or edit one's own (moderators any). `content` rich text, sanitised. */
export const threadSaveReq = z.object({
  id: idSchema.optional(),
  classId: idSchema,
  title: z.string({ error: DISCUSS_MSG.title }).trim().min(1, DISCUSS_MSG.title).max(200, '标题不能超过200个字符！'),
  content: z.string({ error: DISCUSS_MSG.content }).trim().min(1, DISCUSS_MSG.content).max(50000, '内容不能超过50000个字符！'),
});
export type ThreadSaveReq = z.input<typeof threadSaveReq>;

/** A thread as the lists show it (no content). `mine`: the caller wrote it; `canManage`: the caller moderates the class. */
export const threadRecord = z.object({
  id: z.string(),
  classId: z.string(),
  title: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  replyCount: z.number().int(),
  /** The last reply's time, or the post's while there is none (yyyy-MM-dd HH:mm:ss). */
  lastReplyTime: z.string(),
  pinned: z.boolean(),
  createTime: z.string(),
  mine: z.boolean(),
});
export type ThreadRecord = z.infer<typeof threadRecord>;
export const threadPagingReq = pagingReq(z.object({ classId: idSchema, title: z.string().max(200).optional() }));
/** The page, and whether the caller moderates the class (pin and delete any). */
export const threadPagingRes = pagingRes(threadRecord).extend({ canManage: z.boolean() });
export type ThreadPage = z.infer<typeof threadPagingRes>;

/** POST /api/discuss/thread/detail: the thread with its content (sanitised HTML). */
export const threadDetail = threadRecord.extend({ content: z.string(), canManage: z.boolean() });
export type ThreadDetail = z.infer<typeof threadDetail>;

/** POST /api/discuss/thread/pin: pin (true) or unpin a thread. */
export const threadPinReq = z.object({ id: idSchema, pinned: z.boolean({ error: '置顶状态不正确！' }) });

/** POST /api/discuss/reply/save: reply to a thread (plain text). */
export const replySaveReq = z.object({
  threadId: idSchema,
  content: z.string({ error: DISCUSS_MSG.reply }).trim().min(1, DISCUSS_MSG.reply).max(REPLY_MAX, `回复内容不能超过${REPLY_MAX}个字符！`),
});
export type ReplySaveReq = z.input<typeof replySaveReq>;

export const replyRecord = z.object({
  id: z.string(),
  threadId: z.string(),
  content: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  createTime: z.string(),
  mine: z.boolean(),
});
export type ReplyRecord = z.infer<typeof replyRecord>;
export const replyPagingReq = pagingReq(z.object({ threadId: idSchema }));
export const replyPagingRes = pagingRes(replyRecord).extend({ canManage: z.boolean() });
export type ReplyPage = z.infer<typeof replyPagingRes>;

/** Permission code of moderators (function menu under 培训管理 → 培训班). */
export const DiscussPerm = { MANAGE: 'class:discuss:manage' } as const;

/** Errors of discussions (block 2021xxxx). */
export const DiscussError = defineErrors({
  NOT_AUTHOR: { code: 20210001, msg: '只能删除或修改自己发表的内容！' },
});

export const discussApi = {
  threadSave: json({ path: '/api/discuss/thread/save', summary: '发表或修改讨论主题（班级学员、管理员）', access: 'user', body: threadSaveReq, data: z.object({ id: z.string() }), ours: true }),
  threadPaging: json({ path: '/api/discuss/thread/paging', readOnly: true, summary: '分页查询班级讨论主题（置顶在前，按最后回复时间倒序）', access: 'user', body: threadPagingReq, data: threadPagingRes, ours: true }),
  threadDetail: json({ path: '/api/discuss/thread/detail', readOnly: true, summary: '讨论主题详情', access: 'user', body: idReq, data: threadDetail, ours: true }),
  threadDelete: json({ path: '/api/discuss/thread/delete', summary: '删除讨论主题及其回复（作者本人或管理员）', access: 'user', body: idsReq, data: z.null(), ours: true }),
  threadPin: json({ path: '/api/discuss/thread/pin', summary: '置顶或取消置顶讨论主题', access: DiscussPerm.MANAGE, body: threadPinReq, data: z.null(), ours: true }),
  replySave: json({ path: '/api/discuss/reply/save', summary: '回复讨论主题', access: 'user', body: replySaveReq, data: z.object({ id: z.string() }), ours: true }),
  replyPaging: json({ path: '/api/discuss/reply/paging', readOnly: true, summary: '分页查询主题的回复（按时间正序）', access: 'user', body: replyPagingReq, data: replyPagingRes, ours: true }),
  replyDelete: json({ path: '/api/discuss/reply/delete', summary: '删除回复（作者本人或管理员）', access: 'user', body: idsReq, data: z.null(), ours: true }),
};
