/**
 * Question banks (SPEC §3 "Question bank", §7 /api/repo/*).
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';

/**
 * Filters of the bank list: title contains, and ids to leave out (pickers). SPEC §7 also names
 * isExam and isTrain; they arrive with bank training, which adds what they filter on.
 */
export const repoPagingParams = z.object({
  title: z.string().max(100).optional(),
  excludes: z.array(idSchema).max(1000).optional(),
});
/** Columns the bank list can be sorted by. */
export const REPO_SORT = ['title', 'createTime', 'updateTime'] as const;
export const repoPagingReq = pagingReq(repoPagingParams, { sort: REPO_SORT, select: true });
export type RepoPagingReq = z.infer<typeof repoPagingReq>;

/** Count of live questions of one type in a bank (feeds the exam rule editor). */
export const typeCount = z.object({ quType: z.number().int(), count: z.number().int() });

/** A bank as listed and as detailed: objCount counts types 1,2,3,5,6; subjCount type 4. */
export const repoRecord = z.object({
  id: z.string(),
  title: z.string(),
  remark: z.string(),
  quCount: z.number().int(),
  objCount: z.number().int(),
  subjCount: z.number().int(),
  typeCountList: z.array(typeCount),
  createTime: z.string(),
  updateTime: z.string(),
});
export type RepoRecord = z.infer<typeof repoRecord>;
export const repoPagingRes = pagingRes(repoRecord);

export const repoSaveReq = z.object({
  id: idSchema.optional(),
  title: z.string({ error: '题库名称不能为空！' }).trim().min(1, '题库名称不能为空！').max(100, '题库名称不能超过100个字符'),
  remark: z.string().max(500, '题库描述不能超过500个字符').optional().default(''),
});
export type RepoSaveReq = z.infer<typeof repoSaveReq>;

/** Permission codes of question banks (SPEC §6; repo:list is named by the spec). */
export const RepoPerm = { LIST: 'repo:list', ADD: 'repo:add', UPDATE: 'repo:update', DELETE: 'repo:delete' } as const;

/** Errors of question banks. */
export const RepoError = defineErrors({
  /** A bank is used by an exam and cannot be deleted. */
  REPO_IN_USE: { code: 20010010, msg: '题库正在被使用，不能删除！' },
});

/** Calls of question banks (SPEC §7 "Question banks"). */
export const repoApi = {
  paging: json({ path: '/api/repo/paging', readOnly: true, summary: '分页查询题库（含各题型数量）', access: RepoPerm.LIST, body: repoPagingReq, data: repoPagingRes }),
  detail: json({ path: '/api/repo/detail', readOnly: true, summary: '题库详情', access: RepoPerm.LIST, body: idReq, data: repoRecord }),
  save: json({ path: '/api/repo/save', summary: '新增或修改题库', access: [RepoPerm.ADD, RepoPerm.UPDATE], body: repoSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/repo/delete', summary: '删除题库（连同其试题）', access: RepoPerm.DELETE, body: idsReq, data: z.null() }),
};
