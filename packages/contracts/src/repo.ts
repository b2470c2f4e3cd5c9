/**
 * Question banks (SPEC §3 "Question bank", §7 /api/repo/*).
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';
import { QuPerm } from './qu';

/** A 0/1 flag (stored as is). */
const flag = (msg: string) => z.union([z.literal(0), z.literal(1)], { error: msg });

/**
 * Filters of the bank list (SPEC §7): title contains, ids to leave out (pickers), and the flags
 * isExam (usable in exams) / isTrain (open to bank training), each 0 or 1.
 */
export const repoPagingParams = z.object({
  title: z.string().max(100).optional(),
  excludes: z.array(idSchema).max(1000).optional(),
  isExam: flag('考试标志不正确！').optional(),
  isTrain: flag('训练标志不正确！').optional(),
});
/** Columns the bank list can be sorted by. */
export const REPO_SORT = ['title', 'createTime', 'updateTime'] as const;
export const repoPagingReq = pagingReq(repoPagingParams, { sort: REPO_SORT, select: true });
export type RepoPagingReq = z.infer<typeof repoPagingReq>;

/** Count of live questions of one type in a bank (feeds the exam rule editor). */
export const typeCount = z.object({ quType: z.number().int(), count: z.number().int() });

/**
 * A bank as listed and as detailed. Counts are of live top-level questions: quCount all of them,
 * objCount types 1,2,3,5,6, subjCount type 4; a combined question (99) counts in quCount only
 * (it may mix both kinds; its sub-questions are not counted on their own) and in typeCountList.
 */
export const repoRecord = z.object({
  id: z.string(),
  title: z.string(),
  remark: z.string(),
  isExam: z.number().int(),
  isTrain: z.number().int(),
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
  /** 1: questions may be drawn into exams (default 1). */
  isExam: flag('考试标志不正确！').default(1),
  /** 1: learners may practise the bank (default 1). */
  isTrain: flag('训练标志不正确！').default(1),
});
export type RepoSaveReq = z.infer<typeof repoSaveReq>;

/** A chapter of a bank (select item id, title; SPEC §3) with its count of live top-level questions. */
export const chapterRecord = z.object({
  id: z.string(),
  repoId: z.string(),
  title: z.string(),
  remark: z.string(),
  sort: z.number().int(),
  quCount: z.number().int(),
});
export type ChapterRecord = z.infer<typeof chapterRecord>;

/** `{repoId, title}`: the chapters of a bank, title contains (SPEC §7). */
export const chapterListReq = z.object({
  repoId: z.string({ error: '请选择题库！' }).trim().min(1, '请选择题库！').max(32, 'ID格式不正确！'),
  title: z.string().max(200).optional(),
});

export const chapterSaveReq = z.object({
  id: idSchema.optional(),
  repoId: z.string({ error: '请选择题库！' }).trim().min(1, '请选择题库！').max(32, 'ID格式不正确！'),
  title: z.string({ error: '章节名称不能为空！' }).trim().min(1, '章节名称不能为空！').max(200, '章节名称不能超过200个字符'),
  remark: z.string().max(500, '章节描述不能超过500个字符').default(''),
});
export type ChapterSaveReq = z.infer<typeof chapterSaveReq>;

/** `{repoId, ids}`: the bank's chapters in their new order (every chapter of the bank, once). */
export const chapterSortReq = z.object({
  repoId: z.string({ error: '请选择题库！' }).trim().min(1, '请选择题库！').max(32, 'ID格式不正确！'),
  ids: z.array(idSchema).min(1, '请至少选择一条数据！').max(1000),
});

/** `{repoIds}`: banks whose chapters to group (SPEC §7 /api/repo/chapter-group). */
export const chapterGroupReq = z.object({ repoIds: z.array(idSchema, { error: '请选择题库！' }).min(1, '请选择题库！').max(100, '一次最多查询100个题库！') });

/** A chapter in a group, with its per-type counts (exam rules by bank × type × chapter). */
export const chapterGroupItem = z.object({ id: z.string(), title: z.string(), quCount: z.number().int(), typeCountList: z.array(typeCount) });

/**
 * One bank's chapters (in their order) with counts; `noChapterCount` / `noChapterTypeCountList`
 * count the live top-level questions of no chapter.
 */
export const chapterGroup = z.object({
  repoId: z.string(),
  repoTitle: z.string(),
  quCount: z.number().int(),
  noChapterCount: z.number().int(),
  noChapterTypeCountList: z.array(typeCount),
  chapterList: z.array(chapterGroupItem),
});
export type ChapterGroup = z.infer<typeof chapterGroup>;

/** Permission codes of question banks (SPEC §6; repo:list is named by the spec). */
export const RepoPerm = { LIST: 'repo:list', ADD: 'repo:add', UPDATE: 'repo:update', DELETE: 'repo:delete' } as const;

/** Errors of question banks. */
export const RepoError = defineErrors({
  /** A bank is used by an exam and cannot be deleted. */
  REPO_IN_USE: { code: 20010010, msg: '题库正在被使用，不能删除！' },
});

/** Chapter reads serve the bank page and the question form / list (either permission). */
const CHAPTER_READ = [RepoPerm.LIST, QuPerm.LIST] as const;

/** Calls of question banks (SPEC §7 "Question banks"). */
export const repoApi = {
  /**
   * With repo:list every bank; a learner (no repo:list, issue 10 "题库训练") only the banks open for
   * training (isTrain = 1, whatever params.isTrain says).
   */
  paging: json({ path: '/api/repo/paging', readOnly: true, summary: '分页查询题库（含各题型数量；学员仅开放训练的题库）', access: 'user', body: repoPagingReq, data: repoPagingRes }),
  /** With repo:list any bank; a learner only a bank open for training (another answers 10010003). */
  detail: json({ path: '/api/repo/detail', readOnly: true, summary: '题库详情（学员仅开放训练的题库）', access: 'user', body: idReq, data: repoRecord }),
  save: json({ path: '/api/repo/save', summary: '新增或修改题库', access: [RepoPerm.ADD, RepoPerm.UPDATE], body: repoSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/repo/delete', summary: '删除题库（连同其试题）', access: RepoPerm.DELETE, body: idsReq, data: z.null() }),
  chapterGroup: json({
    path: '/api/repo/chapter-group',
    readOnly: true,
    summary: '按题库分组的章节（含各章节、各题型试题数）',
    access: CHAPTER_READ,
    body: chapterGroupReq,
    data: z.array(chapterGroup),
  }),
  chapterList: json({ path: '/api/repo/chapter/list', readOnly: true, summary: '题库的章节列表', access: CHAPTER_READ, body: chapterListReq, data: z.array(chapterRecord) }),
  chapterSave: json({ path: '/api/repo/chapter/save', summary: '新增或修改章节', access: RepoPerm.UPDATE, body: chapterSaveReq, data: z.object({ id: z.string() }), ours: true }),
  chapterDelete: json({ path: '/api/repo/chapter/delete', summary: '删除章节（章节下无试题时）', access: RepoPerm.UPDATE, body: idsReq, data: z.null(), ours: true }),
  chapterSort: json({ path: '/api/repo/chapter/sort', summary: '调整章节顺序', access: RepoPerm.UPDATE, body: chapterSortReq, data: z.null(), ours: true }),
};
