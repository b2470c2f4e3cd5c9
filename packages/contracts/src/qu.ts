/**
 * Questions and their options (SPEC §3 "Question", §4 question types, §7 /api/qu/qu/*), and the
 * spreadsheet import layout shared with `../shared/data/question-banks/*.xlsx`.
 */
import { z } from 'zod';
import { idReq, idSchema, idsReq, pagingReq, pagingRes } from './common';
import { download, json, upload } from './endpoint';
import { defineErrors } from './errors';
import { jobRef } from './sys-job';
import { QuType, SUPPORTED_QU_TYPES } from './enums';
import { IMPORT_EXTENSIONS, IMPORT_TEMPLATE_FILE, importFields } from './qu-import';

export const quPagingParams = z.object({
  repoId: idSchema.optional(),
  quType: z.number().int().optional(),
  level: z.number().int().optional(),
  content: z.string().max(200).optional(),
  /** Chapter of the bank; `''` (with repoId) lists the questions of no chapter. */
  chapterId: z.string().max(32).optional(),
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
  /** Chapter id ('' none) and title. */
  chapterId: z.string(),
  chapterId_dictText: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type QuRecord = z.infer<typeof quRecord>;
export const quPagingRes = pagingRes(quRecord);

/**
 * Fill-blank options as stored in `el_qu.blankOpts` (bit flags, docs/decisions.md issue 8): 1 ignore
 * case, 2 treat full-width and half-width characters alike, 4 accept the blanks in any order.
 */
export const QU_BLANK_OPT = { IGNORE_CASE: 1, FULL_HALF: 2, ANY_ORDER: 4 } as const;

/**
 * Fill-blank options as the API carries them (booleans; stored as the bits of QU_BLANK_OPT, see
 * `blankOptsToBits` / `blankOptsFromBits`).
 */
export const blankOpts = z.object({
  ignoreCase: z.boolean().default(false),
  fullHalf: z.boolean().default(false),
  anyOrder: z.boolean().default(false),
});
export type BlankOpts = z.infer<typeof blankOpts>;

/** `{ignoreCase, fullHalf, anyOrder}` → the bit number stored in `el_qu.blankOpts`. */
export function blankOptsToBits(o: Partial<BlankOpts> | undefined): number {
  if (!o) return 0;
  return (o.ignoreCase ? QU_BLANK_OPT.IGNORE_CASE : 0) | (o.fullHalf ? QU_BLANK_OPT.FULL_HALF : 0) | (o.anyOrder ? QU_BLANK_OPT.ANY_ORDER : 0);
}

/** The bit number of `el_qu.blankOpts` → `{ignoreCase, fullHalf, anyOrder}`. */
export function blankOptsFromBits(bits: number): BlankOpts {
  return { ignoreCase: (bits & QU_BLANK_OPT.IGNORE_CASE) !== 0, fullHalf: (bits & QU_BLANK_OPT.FULL_HALF) !== 0, anyOrder: (bits & QU_BLANK_OPT.ANY_ORDER) !== 0 };
}

/**
 * Splits a fill blank's stored alternatives `a|b|c` into the accepted answers (a literal bar is
 * written `\|`), trimming each and dropping empty ones.
 */
export function splitAlternatives(stored: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < stored.length; i++) {
    const ch = stored[i] as string;
    if (ch === '\\' && stored[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (ch === '|') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((a) => a.trim()).filter((a) => a !== '');
}

/** Joins accepted answers into the stored `a|b` form (a bar inside an answer becomes `\|`). */
export function joinAlternatives(answers: string[]): string {
  return answers.map((a) => a.replace(/\|/g, '\\|')).join('|');
}

/**
 * THE blank-mark rule of fill-blank (5) questions, one for the question form, every importer and
 * exporter and the learner's exam page (docs/decisions.md "Interchange"): in the text of the
 * content — outside HTML tags; a tag ends a run — each run of three or more underscores `___` is
 * one blank, in order. Empty brackets （ ） are ordinary text. Writers put `BLANK_MARK` (six).
 */
export const BLANK_MARK = '______';
const BLANK_RUN = /_{3,}/g;

/**
 * The content split at its blank marks: `n` blanks give `n + 1` pieces of HTML (the marks removed,
 * tags kept in the piece they belong to), e.g. `'<p>甲___乙______</p>'` → `['<p>甲', '乙', '</p>']`.
 * Render piece, blank 1, piece, blank 2, …, piece.
 */
export function splitBlankMarks(html: string): string[] {
  const pieces: string[] = [];
  let cur = '';
  for (const part of html.split(/(<[^>]*>)/)) {
    if (part.startsWith('<') && part.endsWith('>')) {
      cur += part;
      continue;
    }
    let last = 0;
    for (const m of part.matchAll(BLANK_RUN)) {
      pieces.push(cur + part.slice(last, m.index));
      cur = '';
      last = (m.index ?? 0) + m[0].length;
    }
    cur += part.slice(last);
  }
  pieces.push(cur);
  return pieces;
}

/** Number of blank marks in a content (see `splitBlankMarks`). */
export function countBlankMarks(html: string): number {
  return splitBlankMarks(html).length - 1;
}

/** One keyword of a short answer's optional pre-score: a hit adds `score` (points, > 0). */
export const quKeyword = z.object({
  word: z.string({ error: '关键词不能为空！' }).trim().min(1, '关键词不能为空！').max(100, '关键词不能超过100个字符'),
  score: z.number({ error: '关键词分值不正确！' }).positive('关键词分值必须大于0！').max(1000, '关键词分值不能超过1000！'),
});
export type QuKeyword = z.infer<typeof quKeyword>;

/**
 * An option as the admin edits it. Per type (docs/decisions.md issue 8):
 * - 1 single, 2 multiple, 3 true/false: `content` (rich text) or `image`, `isRight`;
 * - 5 fill blank: one option per blank in order; `answer` holds the accepted alternatives `a|b`;
 * - 6 matching: `content` the left-hand item and `answer` the right-hand item it matches; an option
 *   with empty `content` is a distractor right-hand item (only `answer`);
 * - 4 short answer and 99 combined have no options.
 */
export const quOption = z.object({
  id: idSchema.optional(),
  content: z.string().max(5000, '选项内容不能超过5000个字符').default(''),
  isRight: z.boolean().default(false),
  analysis: z.string().max(5000).default(''),
  image: z.string().max(1000).default(''),
  answer: z.string().max(2000, '答案不能超过2000个字符').default(''),
});
export type QuOption = z.infer<typeof quOption>;

const quTypeField = z
  .number({ error: '题目类型不能为空！' })
  .int()
  .refine((v) => (SUPPORTED_QU_TYPES as readonly number[]).includes(v), '暂不支持该题型！');
const contentField = z.string({ error: '题目内容不能为空！' }).trim().min(1, '题目内容不能为空！').max(20000, '题目内容不能超过20000个字符');

/** Fields every question (and every sub-question of a combined one) has. */
const quBody = z.object({
  id: idSchema.optional(),
  quType: quTypeField,
  level: z.number().int().min(1, '难度不正确！').max(2, '难度不正确！').default(1),
  content: contentField,
  analysis: z.string().max(20000).default(''),
  image: z.string().max(1000).default(''),
  answerList: z.array(quOption).max(26, '选项不能超过26个！').default([]),
  /** 4 short answer: the reference answer (rich text, optional, shown to markers). */
  answer: z.string().max(20000, '参考答案不能超过20000个字符').default(''),
  /** 5 fill blank: how answers are compared. */
  blankOpts: blankOpts.default({ ignoreCase: false, fullHalf: false, anyOrder: false }),
  /** 4 short answer: keywords of the optional pre-score (empty: no pre-score). */
  keywords: z.array(quKeyword).max(50, '关键词不能超过50个！').default([]),
});

/** A sub-question of a combined (99) question: types 1–6, one level only. */
export const quSubSaveReq = quBody;
export type QuSubSaveReq = z.infer<typeof quSubSaveReq>;

/** Fields a question has, as saved (admin). `subList` only for 99 combined. */
export const quSaveReq = quBody.extend({
  repoId: z.string({ error: '请选择所属题库！' }).trim().min(1, '请选择所属题库！').max(32, 'ID格式不正确！'),
  /** Chapter of the bank ('' none). */
  chapterId: z.string().trim().max(32, 'ID格式不正确！').default(''),
  subList: z.array(quSubSaveReq).max(50, '组合题的小题不能超过50个！').default([]),
});
export type QuSaveReq = z.infer<typeof quSaveReq>;

const optionDetail = quOption.extend({ id: z.string(), content: z.string(), isRight: z.boolean(), analysis: z.string(), image: z.string(), answer: z.string() });

/** A sub-question as detailed (admin). */
export const quSubDetail = z.object({
  id: z.string(),
  quType: z.number().int(),
  quType_dictText: z.string(),
  level: z.number().int(),
  content: z.string(),
  analysis: z.string(),
  image: z.string(),
  answer: z.string(),
  blankOpts,
  keywords: z.array(quKeyword),
  answerList: z.array(optionDetail),
});
export type QuSubDetail = z.infer<typeof quSubDetail>;

/**
 * A question with its options, as the admin edits it (carries isRight, analysis, the reference
 * answer, fill-blank alternatives, matching pairs and keywords: never sent to learners).
 */
export const quDetail = quSubDetail.extend({
  repoId: z.string(),
  repoId_dictText: z.string(),
  chapterId: z.string(),
  chapterId_dictText: z.string(),
  subList: z.array(quSubDetail),
});
export type QuDetail = z.infer<typeof quDetail>;

/** The part of a question `questionRuleErrors` looks at. */
export interface RuleQuestion {
  quType: number;
  answerList: { content: string; image: string; isRight: boolean; answer?: string }[];
  answer?: string;
  keywords?: { word: string; score: number }[];
  subList?: RuleQuestion[];
}

/** Plain text of rich text (tags removed, entities of spaces collapsed), for emptiness checks. */
function plain(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, 'img').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();
}

/**
 * Business rules of one question beyond field shapes; the save call and every importer use it.
 * Returns the Chinese messages of every broken rule (empty when the question is valid).
 * - 1 single / 3 true/false: at least two options, each with content or an image, exactly one right;
 * - 2 multiple: the same with at least two right options;
 * - 4 short answer: no options; the reference answer is optional; keywords have distinct words;
 * - 5 fill blank: at least one blank, each blank at least one accepted alternative;
 * - 6 matching: at least two pairs (left-hand item with its right-hand item); left-hand items
 *   distinct; a distractor (empty left-hand item) needs its right-hand text;
 * - 99 combined: no options of its own, at least one sub-question of types 1–6, each valid (its
 *   messages prefixed 第N小题：);
 * - only a combined question has sub-questions.
 */
export function questionRuleErrors(q: RuleQuestion): string[] {
  const errors: string[] = [];
  const { quType, answerList } = q;
  const subs = q.subList ?? [];
  if (quType !== QuType.MIX && subs.length) errors.push('只有组合题可以有小题！');
  if (quType === QuType.SINGLE || quType === QuType.MULTI || quType === QuType.JUDGE) {
    if (answerList.length < 2) errors.push('至少需要两个选项！');
    if (answerList.some((a) => plain(a.content) === '' && a.image.trim() === '')) errors.push('选项内容不能为空！');
    const right = answerList.filter((a) => a.isRight).length;
    if (quType === QuType.SINGLE && right !== 1) errors.push('单选题必须有且只有一个正确项！');
    if (quType === QuType.JUDGE && right !== 1) errors.push('判断题必须有且只有一个正确项！');
    if (quType === QuType.MULTI && right < 2) errors.push('多选题至少要有两个正确项！');
  } else if (quType === QuType.SAQ) {
    if (answerList.length) errors.push('简答题不能有选项，请填写参考答案！');
    const words = (q.keywords ?? []).map((k) => k.word.trim());
    if (new Set(words).size !== words.length) errors.push('关键词不能重复！');
  } else if (quType === QuType.FILL) {
    if (answerList.length === 0) errors.push('填空题至少需要一个空！');
    answerList.forEach((a, i) => {
      if (splitAlternatives(a.answer ?? '').length === 0) errors.push(`第${i + 1}个空至少需要一个答案！`);
    });
  } else if (quType === QuType.MATCH) {
    const pairs = answerList.filter((a) => plain(a.content) !== '' || a.image.trim() !== '');
    if (pairs.length < 2) errors.push('配伍题至少需要两组配对！');
    answerList.forEach((a, i) => {
      if ((a.answer ?? '').trim() === '') errors.push(plain(a.content) === '' && a.image.trim() === '' ? `第${i + 1}项干扰项内容不能为空！` : `第${i + 1}组配对缺少右侧答案！`);
    });
    const lefts = pairs.map((a) => plain(a.content) + '\u0000' + a.image.trim());
    if (new Set(lefts).size !== lefts.length) errors.push('配伍题左侧项不能重复！');
  } else if (quType === QuType.MIX) {
    if (answerList.length) errors.push('组合题不能有选项，请在小题中填写！');
    if (subs.length === 0) errors.push('组合题至少需要一个小题！');
    subs.forEach((s, i) => {
      if (s.quType === QuType.MIX || !(SUPPORTED_QU_TYPES as readonly number[]).includes(s.quType)) {
        errors.push(`第${i + 1}小题：组合题的小题只能是单选、多选、判断、简答、填空或配伍题！`);
        return;
      }
      for (const e of questionRuleErrors(s)) errors.push(`第${i + 1}小题：${e}`);
    });
  }
  return errors;
}

export * from './qu-import';

/** Permission codes of questions (SPEC §6). */
export const QuPerm = { LIST: 'qu:list', ADD: 'qu:add', UPDATE: 'qu:update', DELETE: 'qu:delete', IMPORT: 'qu:import', EXPORT: 'qu:export' } as const;

/** Errors of question authoring and batch actions (block 20020001…, issue 8 helper T). */
export const QuError = defineErrors({
  /** A chapter that is not one of the question's bank (save, batch add to chapter). */
  CHAPTER_NOT_IN_REPO: { code: 20020001, msg: '所选章节不属于试题所在的题库！' },
  /** Batch add to chapter: the questions are of several banks or of another bank than the chapter's. */
  MIXED_REPOS: { code: 20020002, msg: '所选试题不属于该章节所在的题库！' },
  /** A chapter that still has questions cannot be deleted. */
  CHAPTER_NOT_EMPTY: { code: 20020003, msg: '章节下还有试题，请先移出或清空章节后再删除！' },
  /** Some of the ids of a batch action are not live questions (deleted meanwhile or sub-questions). */
  QU_GONE: { code: 20020004, msg: '部分试题不存在或已被删除，请刷新后重试！' },
  /** The chapter does not exist (or was deleted). */
  CHAPTER_GONE: { code: 20020005, msg: '章节不存在或已被删除！' },
  /** A chapter title already used in the same bank. */
  CHAPTER_DUP: { code: 20020006, msg: '该题库下已有同名章节！' },
});

const batchIds = idsReq.shape.ids;

/** `{ids, repoId, chapterId?}`: move or copy questions to a bank (and optionally one of its chapters). */
export const quBatchRepoReq = z.object({
  ids: batchIds,
  repoId: z.string({ error: '请选择目标题库！' }).trim().min(1, '请选择目标题库！').max(32, 'ID格式不正确！'),
  chapterId: z.string().trim().max(32, 'ID格式不正确！').default(''),
});
export type QuBatchRepoReq = z.infer<typeof quBatchRepoReq>;

/** `{ids, level}`: set the level of questions. */
export const quBatchLevelReq = z.object({ ids: batchIds, level: z.number({ error: '请选择难度！' }).int().min(1, '难度不正确！').max(2, '难度不正确！') });

/** `{ids, chapterId}`: put questions into a chapter of their bank. */
export const quBatchChapterReq = z.object({ ids: batchIds, chapterId: z.string({ error: '请选择章节！' }).trim().min(1, '请选择章节！').max(32, 'ID格式不正确！') });

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
  delete: json({ path: '/api/qu/qu/delete', summary: '删除试题（连同组合题的小题；一个事务）', access: QuPerm.DELETE, body: idsReq, data: z.null() }),
  batchMove: json({
    path: '/api/qu/qu/batch/move',
    summary: '批量移动试题到另一题库（小题随组合题一起移动；章节改为目标章节或清空）',
    access: QuPerm.UPDATE,
    body: quBatchRepoReq,
    data: z.object({ count: z.number().int() }),
    ours: true,
  }),
  batchCopy: json({
    path: '/api/qu/qu/batch/copy',
    summary: '批量复制试题到另一题库（含选项与小题）',
    access: QuPerm.ADD,
    body: quBatchRepoReq,
    data: z.object({ count: z.number().int() }),
    ours: true,
  }),
  batchLevel: json({ path: '/api/qu/qu/batch/level', summary: '批量设置试题难度', access: QuPerm.UPDATE, body: quBatchLevelReq, data: z.object({ count: z.number().int() }), ours: true }),
  batchChapter: json({
    path: '/api/qu/qu/batch/chapter',
    summary: '批量将试题加入章节（试题须属于章节所在题库）',
    access: QuPerm.UPDATE,
    body: quBatchChapterReq,
    data: z.object({ count: z.number().int() }),
    ours: true,
  }),
  batchChapterClear: json({ path: '/api/qu/qu/batch/chapter-clear', summary: '批量清空试题的章节', access: QuPerm.UPDATE, body: idsReq, data: z.object({ count: z.number().int() }), ours: true }),
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
