/**
 * The question import (SPEC §7 /api/qu/qu/import): the spreadsheet layout shared with
 * `../shared/data/question-banks/*.xlsx`, the other interchange formats, the multipart fields and
 * the job's result. Re-exported by `qu.ts` (import from `@kaopei/contracts/qu`).
 */
import { z } from 'zod';
import { idSchema } from './common';
import type { BlankOpts } from './qu';

/**
 * Spreadsheet import layout (docs/decisions.md "Spreadsheet of every type"): sheet 试题数据, title row,
 * header row, then one row per option (per blank, per pair). The first `IMPORT_YF_COLUMNS` columns
 * are the yf 试题导入模板 (A–K, types 1–3, what `../shared/data/question-banks/*.xlsx` have); ours
 * add L–R for the level, the chapter and the other types. A file whose header stops after K (or
 * after any of L–R) imports; the missing columns read as blank.
 * - 难度: 1 普通 / 2 较难 (blank 1). 所属章节: a chapter title of the bank (created when missing).
 * - 简答题: one row; 参考答案, 关键词 `词:分值；词:分值`.
 * - 填空题: the content marks each blank with ___ (3+ underscores); one row per blank in order with
 *   its accepted answers in 选项答案 `答案1|答案2` (a literal bar `\|`); 填空选项 any of
 *   `BLANK_OPT_WORDS` joined by 、.
 * - 配伍题: one row per pair, 选项内容 the left-hand item and 选项答案 its right-hand item; a row with
 *   only 选项答案 is a distractor.
 * - 组合题: the stem's row (no options), then each sub-question (types 1–6) as its own question with its
 *   own 题目序号 and 所属组合题 = the stem's 题目序号, right after the stem; a sub-question leaves
 *   所属题库 and 所属章节 blank (it follows its stem).
 */
export const IMPORT_SHEET_NAME = '试题数据';
export const IMPORT_HELP_SHEET_NAME = '填写说明';
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
  '难度',
  '所属章节',
  '所属组合题',
  '参考答案',
  '关键词',
  '填空选项',
  '选项答案',
] as const;
/** Columns of the yf layout (A–K) every question file must have. */
export const IMPORT_YF_COLUMNS = 11;

/** Words of the 填空选项 cell (the labels of the question form) and the option each sets. */
export const BLANK_OPT_WORDS: Readonly<Record<string, keyof BlankOpts>> = { 忽略大小写: 'ignoreCase', 全角半角视为相同: 'fullHalf', 各空答案可交换顺序: 'anyOrder' };

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
