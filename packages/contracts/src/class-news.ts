/**
 * Training news 培训资讯 (issue 13 "Training news"; SPEC §2 /web/state 工作动态 and
 * /web/state/details, public pages reachable without login). An article is site-wide (classId '')
 * or belongs to a training class; rich text content (sanitised at save), a cover, a summary, a top
 * flag and a publish state (0 draft, 1 published; publishTime is set by the server when first
 * published). Visitors read published articles through the public calls; a class's article is
 * public when the class is open to everybody (open type 1) and enabled, otherwise only the class's
 * enrolled learners read it (docs/decisions.md "Training news").
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes, stateReq } from './common';
import { json } from './endpoint';

/** Publish state: 0 draft 草稿, 1 published 已发布. */
export const NewsState = { DRAFT: 0, PUBLISHED: 1 } as const;
export const NEWS_STATE_LABEL: Record<number, string> = { 0: '草稿', 1: '已发布' };
/** The public detail of an article that is not published (or deleted, or not shown to the caller). */
export const NEWS_GONE_MSG = '资讯不存在或已下线！';

/** Messages of the article form. */
export const NEWS_MSG = {
  title: '资讯标题不能为空！',
  content: '资讯内容不能为空！',
  saved: '资讯保存成功！',
} as const;

const flag = (msg: string) => z.union([z.literal(0), z.literal(1)], { error: msg });

/** POST /api/trainClass/news/save: add (no id) or update an article. */
export const newsSaveReq = z.object({
  id: idSchema.optional(),
  title: z.string({ error: NEWS_MSG.title }).trim().min(1, NEWS_MSG.title).max(200, '资讯标题不能超过200个字符！'),
  cover: z.string().trim().max(1000, '封面地址不能超过1000个字符！').optional().default(''),
  summary: z.string().trim().max(500, '资讯摘要不能超过500个字符！').optional().default(''),
  /** Rich text, sanitised at save. */
  content: z.string({ error: NEWS_MSG.content }).trim().min(1, NEWS_MSG.content).max(200_000, '资讯内容过长！'),
  /** The training class ('' site-wide). */
  classId: z.string().trim().max(32).optional().default(''),
  isTop: flag('置顶标志不正确！').optional().default(0),
  state: flag('发布状态不正确！').optional().default(0),
});
export type NewsSaveReq = z.input<typeof newsSaveReq>;

/** An article as the admin list shows it. `publishTime` null while never published. */
export const newsRecord = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string(),
  summary: z.string(),
  classId: z.string(),
  classId_dictText: z.string(),
  isTop: z.number().int(),
  state: z.number().int(),
  state_dictText: z.string(),
  publishTime: z.string().nullable(),
  viewCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type NewsRecord = z.infer<typeof newsRecord>;
export const newsDetail = newsRecord.extend({ content: z.string() });
export type NewsDetail = z.infer<typeof newsDetail>;
/** Admin list: `classId` '' or absent = every article; a class id = that class's articles. */
export const newsPagingReq = pagingReq(
  z.object({ title: z.string().max(200).optional(), classId: z.string().max(32).optional(), state: z.number().int().min(0).max(1).optional() }),
  { sort: ['publishTime', 'createTime', 'viewCount'] as const },
);
export const newsPagingRes = pagingRes(newsRecord);

/** Public list: `classId` absent or '' = site-wide articles; a class id = that class's (when the caller may read them). */
export const newsPublicPagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), classId: z.string().max(32).optional() }));
/** A published article as visitors see it in lists. */
export const newsPublicRecord = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string(),
  summary: z.string(),
  classId: z.string(),
  isTop: z.number().int(),
  publishTime: z.string(),
  viewCount: z.number().int(),
});
export type NewsPublicRecord = z.infer<typeof newsPublicRecord>;
export const newsPublicPagingRes = pagingRes(newsPublicRecord);
/** A published article to read (content sanitised at save; render it through RichText); viewCount includes this view. */
export const newsPublicDetail = newsPublicRecord.extend({ content: z.string(), classId_dictText: z.string() });
export type NewsPublicDetail = z.infer<typeof newsPublicDetail>;

/** Permission codes of the admin page 培训管理 → 培训资讯 (and the class drawer's tab). */
export const NewsPerm = { LIST: 'class:news:list', SAVE: 'class:news:save', DELETE: 'class:news:delete', STATE: 'class:news:state' } as const;

export const classNewsApi = {
  save: json({ path: '/api/trainClass/news/save', summary: '新增或修改培训资讯', access: NewsPerm.SAVE, body: newsSaveReq, data: z.object({ id: z.string() }), ours: true }),
  detail: json({ path: '/api/trainClass/news/detail', readOnly: true, summary: '培训资讯详情（管理）', access: NewsPerm.LIST, body: idReq, data: newsDetail, ours: true }),
  paging: json({ path: '/api/trainClass/news/paging', readOnly: true, summary: '分页查询培训资讯（管理）', access: NewsPerm.LIST, body: newsPagingReq, data: newsPagingRes, ours: true }),
  delete: json({ path: '/api/trainClass/news/delete', summary: '删除培训资讯', access: NewsPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  state: json({
    path: '/api/trainClass/news/state',
    summary: '发布（1）或撤回为草稿（0）培训资讯',
    access: NewsPerm.STATE,
    body: stateReq.extend({ state: flag('发布状态不正确！') }),
    data: z.null(),
    ours: true,
  }),
  publicPaging: json({ path: '/api/trainClass/news/public-paging', readOnly: true, summary: '公开分页查询已发布的培训资讯（无需登录；置顶在前，再按发布时间倒序）', access: 'public', body: newsPublicPagingReq, data: newsPublicPagingRes, ours: true }),
  publicDetail: json({ path: '/api/trainClass/news/public-detail', summary: '公开查看培训资讯（无需登录；浏览次数加一）', access: 'public', body: idReq, data: newsPublicDetail, ours: true }),
};
