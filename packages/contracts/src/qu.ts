/**
 * Questions and their options (SPEC §3 "Question", §4 question types, §7 /api/qu/qu/*), and the
 * spreadsheet import layout shared with `../shared/data/question-banks/*.xlsx`.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes } from './common';
import { download, json, upload } from './endpoint';
import { jobRef } from './sys-job';
import { QuType, SUPPORTED_QU_TYPES } from './enums';

export const quPagingParams = z.object({
  repoId: idSchema.optional(),
  quType: z.number().int().optional(),
  level: z.number().int().optional(),
  content: z.string().max(200).optional(),
});
/** Columns the question list can be sorted by. */
export const QU_SORT = ['createTime', 'updateTime', 'quType', 'level'] as const;
export const quPagingReq = pagingReq(quPagingParams, { sort: QU_SORT });
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

/**
 * What to do with questions already in the bank (same type and same content): 'ask' imports nothing
 * and reports them (the dialog then asks), 'skip' leaves them out, 'import' imports them again.
 */
export const DUP_MODES = ['ask', 'skip', 'import'] as const;
export type DupMode = (typeof DUP_MODES)[number];

/**
 * File formats of POST /api/qu/qu/import: our spreadsheet, Moodle XML, GIFT and Aiken (text files in
 * UTF-8). Without a `format` field it comes from the extension (.xlsx, .xml, .gift; .txt is Aiken
 * when it has `ANSWER:` lines and no `{`, else GIFT).
 */
export const IMPORT_FORMATS = ['xlsx', 'moodle-xml', 'gift', 'aiken'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_FORMAT_LABEL: Record<ImportFormat, string> = { xlsx: 'Excel表格', 'moodle-xml': 'Moodle XML', gift: 'GIFT', aiken: 'Aiken' };
/** Extensions the import accepts. */
export const IMPORT_EXTENSIONS = ['.xlsx', '.xml', '.gift', '.txt'] as const;

/** Multipart text fields of POST /api/qu/qu/import (besides the file). */
export const importFields = z.object({
  repoId: idSchema.optional(),
  format: z.enum(IMPORT_FORMATS, { error: '文件格式不正确！' }).optional(),
  dupMode: z.enum(DUP_MODES, { error: '重复试题处理方式不正确！' }).default('ask'),
});

/** A question of the file that the bank already holds. */
export const importDuplicate = z.object({ row: z.number().int(), content: z.string(), repoTitle: z.string() });
export type ImportDuplicate = z.infer<typeof importDuplicate>;

/**
 * A question of a Moodle XML / GIFT / Aiken file that was not imported (`reason`), or that was
 * imported with a change (`reason` says what): `no` its 1-based position among the file's
 * questions (categories not counted), `type` the file's type name, `name` the question's name.
 */
export const importUnmapped = z.object({ no: z.number().int(), type: z.string(), name: z.string(), reason: z.string() });
export type ImportUnmapped = z.infer<typeof importUnmapped>;

/**
 * Result of an import job (the `result` of /api/sys/job/detail for type qu.import). The import is
 * all or nothing: with any error `imported` is 0 and `errors` lists the first ones (`totalErrors`
 * counts them all); in 'ask' mode with duplicates `needConfirm` is true, nothing is imported and
 * `duplicateList` shows the first of them.
 */
export const importResult = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  duplicates: z.number().int(),
  needConfirm: z.boolean(),
  duplicateList: z.array(importDuplicate),
  errors: z.array(importError),
  totalErrors: z.number().int(),
  /** Moodle XML / GIFT / Aiken: the questions left out and why (imported questions are all the others). */
  unmapped: z.array(importUnmapped).default([]),
  /** Moodle XML / GIFT / Aiken: imported questions with what was changed while mapping them. */
  notes: z.array(importUnmapped).default([]),
});
export type ImportResult = z.infer<typeof importResult>;

/** Job type of a spreadsheet import. */
export const QU_IMPORT_JOB = 'qu.import';

/** Permission codes of questions (SPEC §6). */
export const QuPerm = { LIST: 'qu:list', ADD: 'qu:add', UPDATE: 'qu:update', DELETE: 'qu:delete', IMPORT: 'qu:import', EXPORT: 'qu:export' } as const;

/** File name of a question export. */
export const EXPORT_FILE = '试题导出.xlsx';
/** File name of a Moodle XML question export. */
export const EXPORT_MOODLE_FILE = '试题导出.xml';

/** Largest spreadsheet accepted for import (bytes). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** Calls of questions and their import (SPEC §7 "Question banks", §8 import). */
export const quApi = {
  paging: json({ path: '/api/qu/qu/paging', readOnly: true, summary: '分页查询试题', access: QuPerm.LIST, body: quPagingReq, data: quPagingRes }),
  detail: json({ path: '/api/qu/qu/detail', readOnly: true, summary: '试题详情（含选项与答案）', access: QuPerm.LIST, body: idReq, data: quDetail }),
  save: json({ path: '/api/qu/qu/save', summary: '新增或修改试题', access: [QuPerm.ADD, QuPerm.UPDATE], body: quSaveReq, data: z.object({ id: z.string() }) }),
  delete: json({ path: '/api/qu/qu/delete', summary: '删除试题', access: QuPerm.DELETE, body: idsReq, data: z.null() }),
  import: upload({
    path: '/api/qu/qu/import',
    summary: '上传试题文件（Excel表格、Moodle XML、GIFT、Aiken），在后台导入（应答任务ID，进度见 /api/sys/job/detail）',
    access: QuPerm.IMPORT,
    fields: importFields,
    file: { field: 'file', accept: [...IMPORT_EXTENSIONS], maxBytes: IMPORT_MAX_BYTES },
    data: jobRef,
    ours: true,
  }),
  importConfirm: json({
    path: '/api/qu/qu/import/confirm',
    summary: '发现重复试题后，按所选方式（跳过/仍然导入）重新导入同一文件',
    access: QuPerm.IMPORT,
    body: z.object({ jobId: idSchema, dupMode: z.enum(['skip', 'import'], { error: '重复试题处理方式不正确！' }) }),
    data: jobRef,
    ours: true,
  }),
  template: download({ path: '/api/qu/qu/import/template', readOnly: true, summary: '下载试题导入模板', access: QuPerm.IMPORT, fileName: IMPORT_TEMPLATE_FILE, ours: true }),
  export: download({
    path: '/api/qu/qu/export',
    summary: '导出试题（筛选条件同列表；导入模板格式，可再导入；流式下载）',
    access: QuPerm.EXPORT,
    method: 'POST',
    body: quPagingParams,
    fileName: EXPORT_FILE,
    ours: true,
  }),
  exportMoodle: download({
    path: '/api/qu/qu/export/moodle',
    summary: '导出试题为Moodle XML（筛选条件同列表；每个题库一个分类；可再导入）',
    access: QuPerm.EXPORT,
    method: 'POST',
    body: quPagingParams,
    fileName: EXPORT_MOODLE_FILE,
    ours: true,
  }),
};
