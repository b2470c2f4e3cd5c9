/**
 * Questions and their options (SPEC §3 "Question", §4 question types, §7 /api/qu/qu/*), and the
 * spreadsheet import layout shared with `../shared/data/question-banks/*.xlsx`.
 */
import { z } from 'zod';
import { idSchema, pagingReq, pagingRes } from './common';
import { QuType, SUPPORTED_QU_TYPES } from './enums';

export const quPagingParams = z.object({
  repoId: idSchema.optional(),
  quType: z.number().int().optional(),
  level: z.number().int().optional(),
  content: z.string().max(200).optional(),
});
export const quPagingReq = pagingReq(quPagingParams);
export type QuPagingReq = z.infer<typeof quPagingReq>;

export const quRecord = z.object({
  id: z.string(),
  repoId: z.string(),
  repoId_dictText: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  level: z.number().int(),
  level_dictText: z.string(),
  content: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type QuRecord = z.infer<typeof quRecord>;
export const quPagingRes = pagingRes(quRecord);

/** An option as the admin edits it. */
export const quOption = z.object({
  id: idSchema.optional(),
  content: z.string().max(5000, '选项内容不能超过5000个字符').default(''),
  isRight: z.boolean().default(false),
  analysis: z.string().max(5000).default(''),
  image: z.string().max(1000).default(''),
});
export type QuOption = z.infer<typeof quOption>;

/** Fields a question has, as saved (admin). */
export const quSaveReq = z.object({
  id: idSchema.optional(),
  repoId: z.string({ error: '请选择所属题库！' }).trim().min(1, '请选择所属题库！').max(32, 'ID格式不正确！'),
  quType: z
    .number({ error: '题目类型不能为空！' })
    .int()
    .refine((v) => (SUPPORTED_QU_TYPES as readonly number[]).includes(v), '暂不支持该题型！'),
  level: z.number().int().min(1).max(2).default(1),
  content: z.string({ error: '题目内容不能为空！' }).trim().min(1, '题目内容不能为空！').max(20000, '题目内容不能超过20000个字符'),
  analysis: z.string().max(20000).default(''),
  image: z.string().max(1000).default(''),
  answerList: z.array(quOption).max(26, '选项不能超过26个！').default([]),
});
export type QuSaveReq = z.infer<typeof quSaveReq>;

/** A question with its options, as the admin edits it (carries isRight and analysis). */
export const quDetail = quRecord.omit({ level_dictText: true, createTime: true, updateTime: true }).extend({
  analysis: z.string(),
  image: z.string(),
  answerList: z.array(quOption.extend({ id: z.string() })),
});
export type QuDetail = z.infer<typeof quDetail>;

/**
 * Business rules of one question beyond field shapes; the save call and the importer both use it.
 * Returns the Chinese messages of every broken rule (empty when the question is valid).
 * - a single or true/false question has exactly one right option;
 * - a multiple-choice question has at least two right options;
 * - choice questions have at least two options, each with content or an image.
 */
export function questionRuleErrors(q: { quType: number; answerList: { content: string; image: string; isRight: boolean }[] }): string[] {
  const errors: string[] = [];
  const { quType, answerList } = q;
  if (quType === QuType.SINGLE || quType === QuType.MULTI || quType === QuType.JUDGE) {
    if (answerList.length < 2) errors.push('至少需要两个选项！');
    if (answerList.some((a) => a.content.trim() === '' && a.image.trim() === '')) errors.push('选项内容不能为空！');
    const right = answerList.filter((a) => a.isRight).length;
    if (quType === QuType.SINGLE && right !== 1) errors.push('单选题必须有且只有一个正确项！');
    if (quType === QuType.JUDGE && right !== 1) errors.push('判断题必须有且只有一个正确项！');
    if (quType === QuType.MULTI && right < 2) errors.push('多选题至少要有两个正确项！');
  }
  return errors;
}

/** Spreadsheet import layout: sheet title row, header row, then one row per option. */
export const IMPORT_SHEET_NAME = '试题数据';
export const IMPORT_TEMPLATE_FILE = '试题导入模板.xlsx';
export const IMPORT_HEADERS = [
  '题目序号',
  '题目类型',
  '题目内容',
  '整体解析',
  '题目图片',
  '题目视频',
  '所属题库',
  '是否正确项',
  '选项内容',
  '选项解析',
  '选项图片',
] as const;

export const importError = z.object({ row: z.number().int(), msg: z.string() });
export type ImportError = z.infer<typeof importError>;
/** Answer of POST /api/qu/qu/import; a file with any invalid question imports nothing. */
export const importRes = z.object({ imported: z.number().int(), errors: z.array(importError) });
export type ImportRes = z.infer<typeof importRes>;
