/**
 * Topics 专题 (issue 13 "Class content": `/api/zt`, a topic page grouping resources). A topic has a
 * title, a cover, a description (rich text, sanitised at save), a class ('' site-wide) and ordered
 * items: a course (`refId`), a training news article (`refId`) or an external link (`url`). A
 * learner sees only the items he may open: courses visible to him (module course), published news
 * he may read (module classNews), links.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes } from './common';
import { json } from './endpoint';

export const ZT_ITEM_TYPES = ['course', 'news', 'link'] as const;
export type ZtItemType = (typeof ZT_ITEM_TYPES)[number];
export const ZT_ITEM_TYPE_LABEL: Record<ZtItemType, string> = { course: '课程', news: '资讯', link: '链接' };

export const ZT_MSG = {
  title: '专题标题不能为空！',
  itemType: '资源类型不正确！',
  ref: '请选择关联的课程或资讯！',
  url: '请输入以 http:// 或 https:// 开头的链接地址！',
  linkTitle: '链接标题不能为空！',
} as const;

/** One item of the topic form. `title` may stay empty for a course or an article (its own title is shown). */
export const ztItemReq = z
  .object({
    itemType: z.enum(ZT_ITEM_TYPES, { error: ZT_MSG.itemType }),
    refId: z.string().trim().max(32).optional().default(''),
    url: z.string().trim().max(1000, '链接地址不能超过1000个字符！').optional().default(''),
    title: z.string().trim().max(200, '资源标题不能超过200个字符！').optional().default(''),
    sort: z.number().int().min(0).max(100_000).optional().default(0),
  })
  .refine((v) => v.itemType === 'link' || v.refId !== '', { message: ZT_MSG.ref, path: ['refId'] })
  .refine((v) => v.itemType !== 'link' || /^https?:\/\/\S+$/i.test(v.url), { message: ZT_MSG.url, path: ['url'] })
  .refine((v) => v.itemType !== 'link' || v.title !== '', { message: ZT_MSG.linkTitle, path: ['title'] });
export type ZtItemReq = z.input<typeof ztItemReq>;

/** POST /api/zt/save: add (no id) or update a topic with its whole item list. */
export const ztSaveReq = z.object({
  id: idSchema.optional(),
  title: z.string({ error: ZT_MSG.title }).trim().min(1, ZT_MSG.title).max(200, '专题标题不能超过200个字符！'),
  cover: z.string().trim().max(1000, '封面地址不能超过1000个字符！').optional().default(''),
  content: z.string().max(200_000, '专题介绍过长！').optional().default(''),
  classId: z.string().trim().max(32).optional().default(''),
  items: z.array(ztItemReq).max(200, '专题资源不能超过200个！').optional().default([]),
});
export type ZtSaveReq = z.input<typeof ztSaveReq>;

/** An item as stored and shown (title: the saved title, else the course's or article's title). */
export const ztItem = z.object({
  id: z.string(),
  itemType: z.enum(ZT_ITEM_TYPES),
  itemType_dictText: z.string(),
  refId: z.string(),
  url: z.string(),
  title: z.string(),
  sort: z.number().int(),
});
export type ZtItem = z.infer<typeof ztItem>;

export const ztRecord = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.string(),
  classId: z.string(),
  classId_dictText: z.string(),
  itemCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ZtRecord = z.infer<typeof ztRecord>;
export const ztDetail = ztRecord.extend({ content: z.string(), items: z.array(ztItem) });
export type ZtDetail = z.infer<typeof ztDetail>;
export const ztPagingReq = pagingReq(z.object({ title: z.string().max(200).optional(), classId: z.string().max(32).optional() }));
export const ztPagingRes = pagingRes(ztRecord);

/** Learner list: `classId` absent or '' = site-wide topics; a class id = that class's (enrolled learners only). */
export const ztListReq = pagingReq(z.object({ title: z.string().max(200).optional(), classId: z.string().max(32).optional() }));
export const ztListRecord = z.object({ id: z.string(), title: z.string(), cover: z.string(), classId: z.string(), updateTime: z.string() });
export type ZtListRecord = z.infer<typeof ztListRecord>;
export const ztListRes = pagingRes(ztListRecord);
/** A topic as a learner opens it: only the items he may open, in order. */
export const ztView = ztListRecord.extend({ content: z.string(), items: z.array(ztItem) });
export type ZtView = z.infer<typeof ztView>;

export const ZtPerm = { LIST: 'zt:list', SAVE: 'zt:save', DELETE: 'zt:delete' } as const;

export const ztApi = {
  save: json({ path: '/api/zt/save', summary: '新增或修改专题（含资源列表）', access: ZtPerm.SAVE, body: ztSaveReq, data: z.object({ id: z.string() }), ours: true }),
  detail: json({ path: '/api/zt/detail', readOnly: true, summary: '专题详情（管理）', access: ZtPerm.LIST, body: idReq, data: ztDetail, ours: true }),
  paging: json({ path: '/api/zt/paging', readOnly: true, summary: '分页查询专题（管理）', access: ZtPerm.LIST, body: ztPagingReq, data: ztPagingRes, ours: true }),
  delete: json({ path: '/api/zt/delete', summary: '删除专题', access: ZtPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  list: json({ path: '/api/zt/list', readOnly: true, summary: '学员分页查询专题（全站或所在培训班）', access: 'user', body: ztListReq, data: ztListRes, ours: true }),
  view: json({ path: '/api/zt/view', readOnly: true, summary: '学员查看专题（只含可见的课程与资讯）', access: 'user', body: idReq, data: ztView, ours: true }),
};
