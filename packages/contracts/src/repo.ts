/**
 * Question banks (SPEC §3 "Question bank", §7 /api/repo/*).
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';

export const repoPagingParams = z.object({
  title: z.string().max(100).optional(),
  excludes: z.array(idSchema).max(1000).optional(),
  isExam: z.boolean().optional(),
  isTrain: z.boolean().optional(),
});
export const repoPagingReq = pagingReq(repoPagingParams);
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
