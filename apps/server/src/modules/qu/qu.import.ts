/**
 * Question spreadsheet import of every type (the yf 试题导入模板 layout A–K extended with L–R, see
 * contracts `IMPORT_HEADERS` and docs/decisions.md "Spreadsheet of every type"). Never touches the
 * database: `parseQuestionFile` reads an uploaded xlsx from disk into a `ParsedImport` (the import
 * job turns it into rows, and imports nothing when it has errors); qu.sheet.ts writes the same layout.
 *
 * Layout: sheet `试题数据` (else the first sheet); row 1 title, row 2 the headers (the first 11 of
 * `IMPORT_HEADERS` at least: the yf files stop after K), then one row per option from row 3. Rows
 * sharing 题目序号 form one question; the question cells (类型, 内容, 解析, 图片, 视频, 所属题库, 难度,
 * 所属章节, 所属组合题, 参考答案, 关键词, 填空选项) are read from its first row only. A question
 * without options has one row whose option cells are empty. Per type:
 * - 1–3: option rows with 是否正确项 0/1 and 选项内容 (or 选项图片);
 * - 4 简答: no option rows; 参考答案 and 关键词 (`词:分值；词:分值`) optional;
 * - 5 填空: one row per blank with 选项答案 `a|b`; the content has exactly as many blank marks (a run
 *   of 3+ underscores, contracts `countBlankMarks`) as there are blanks; 填空选项 words of
 *   `BLANK_OPT_WORDS` joined by 、;
 * - 6 配伍: one row per pair (选项内容 left, 选项答案 right), distractors with only 选项答案;
 * - 99 组合: the stem (no options), followed by its sub-questions: questions of types 1–6 whose
 *   所属组合题 is the stem's 题目序号 (each with its own 题目序号).
 *
 * Memory stays bounded whatever the upload is (a zip bomb, a 400 MB cell, millions of rows): the zip
 * is checked before anything is parsed and the sheet is streamed row by row (lib/xlsx-read.ts), under
 * the caps of `ImportLimits`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QU_TYPE_LABEL, QuType, SUPPORTED_QU_TYPES } from '@kaopei/contracts';
import {
  countBlankMarks,
  IMPORT_HEADERS,
  IMPORT_SHEET_NAME,
  IMPORT_YF_COLUMNS,
  questionRuleErrors,
  type BlankOpts,
  type ImportError,
  type QuKeyword,
} from '@kaopei/contracts/qu';
import { DEFAULT_ZIP_LIMITS, openXlsx, type SheetRow } from '../../lib/xlsx-read';
import { cellText, MSG_BAD_FILE, MSG_BAD_HEADER, msgMoreErrors, refusalMsg } from '../../lib/xlsx-text';
import { COL, COLS, parseBlankOptsCell, parseKeywordsCell, parseLevel, parseQuType, shown } from './qu.sheet-cells';

/** Types the spreadsheet layout carries: every type of SPEC §4. */
const SHEET_QU_TYPES: readonly number[] = SUPPORTED_QU_TYPES;
const CHOICE_TYPES: readonly number[] = [QuType.SINGLE, QuType.MULTI, QuType.JUDGE];

/** One option (choice, blank or pair) as read from a sheet row. */
export interface ParsedOption {
  content: string;
  isRight: boolean;
  analysis: string;
  image: string;
  /** 选项答案: a blank's accepted answers `a|b` (5) or a pair's right-hand item (6); '' otherwise. */
  answer: string;
}

/** One valid sub-question of a combined question (types 1–6), or the common part of a question. */
export interface ParsedSubQuestion {
  /** 题目序号 as written in the sheet (text). */
  no: string;
  /** 1-based sheet rows of the question, first row first (fully blank rows excluded; a combined question's rows are its stem's). */
  rows: number[];
  quType: number;
  /** 1 普通, 2 较难 (blank cell: 1). */
  level: number;
  content: string;
  analysis: string;
  image: string;
  video: string;
  /** 4: the reference answer ('' none). */
  answer: string;
  /** 4: the keyword pre-score (empty: none). */
  keywords: QuKeyword[];
  /** 5: how answers are compared (all false for other types). */
  blankOpts: BlankOpts;
  /** Options in sheet order. */
  answerList: ParsedOption[];
}

/** One valid question of the sheet. Text is the cell text with only its ends trimmed. */
export interface ParsedQuestion extends ParsedSubQuestion {
  /** 所属题库 text (a bank title); '' when blank and not required. */
  repoTitle: string;
  /** 所属章节 text (a chapter title of the bank); '' none. */
  chapter: string;
  /** 99: its sub-questions in sheet order (empty for other types). */
  subList: ParsedSubQuestion[];
}

/**
 * Result of `parseQuestionFile`. `questions` holds only the questions without any error, in sheet
 * order; `errors` lists the problems found, sorted by row, at most `maxErrors` of them plus, when
 * there are more, a last entry `……另有N处错误未列出` (on the row of the first one left out);
 * `totalErrors` counts them all (0 when `errors` is empty, 1 for a whole-file refusal). Import
 * nothing when `errors` is not empty.
 */
export interface ParsedImport {
  questions: ParsedQuestion[];
  errors: ImportError[];
  totalErrors: number;
}

/** Caps of `parseQuestionFile`, enforced while reading; defaults in `DEFAULT_IMPORT_LIMITS`. */
export interface ImportLimits {
  /** Sum of the real decompressed bytes of the file's zip entries, in bytes (default 64 MiB). */
  maxUncompressedBytes: number;
  /** Entries of the zip, folders included (default 2000; an xlsx has a dozen or so). */
  maxEntries: number;
  /** Data rows (non-blank rows from row 3); one more refuses the whole file (default 20 000). */
  maxRows: number;
  /** Characters of one cell once trimmed; a longer cell is a row error (default 20 000). */
  maxCellChars: number;
  /** Errors listed in `ParsedImport.errors` before the summary entry (default 200). */
  maxErrors: number;
}

export const DEFAULT_IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({
  ...DEFAULT_ZIP_LIMITS,
  maxRows: 20_000,
  maxCellChars: 20_000,
  maxErrors: 200,
});

/** Options of `parseQuestionFile` and `parseQuestionSheet`. */
export interface ParseQuestionOptions {
  /** 所属题库 is required on each question's first row (the caller maps bank titles to banks). */
  repoFromFile: boolean;
  /** Overrides of DEFAULT_IMPORT_LIMITS. */
  limits?: Partial<ImportLimits>;
  /** Told the number of data rows read so far: after every PROGRESS_EVERY rows and once at the end. */
  onProgress?: (p: { rows: number }) => void;
  /** Stops reading as soon as it fires (checked between chunks of the file); the call then rejects with `signal.reason`. */
  signal?: AbortSignal;
}

const FIRST_DATA_ROW = 3;
/** `onProgress` is called after every this many data rows. */
export const PROGRESS_EVERY = 200;

export const MSG_NO_DATA = '文件中没有试题数据！';
/** Whole-file refusal (row 0): more than `maxRows` data rows; reading stops there. */
export const msgTooManyRows = (n: number): string => `文件超过${n}行试题数据，请拆分后再导入！`;

function rowRange(rows: number[]): string {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return first === last ? `第${first}行` : `第${first}-${last}行`;
}

/** Rows of one 题目序号 block while scanning. */
interface Group {
  no: string;
  /** Type of its first row's 题目类型 (undefined: blank or unknown). */
  quType: number | undefined;
  rows: number[];
  first: string[];
  options: ParsedOption[];
  /** A row of the block already has its own error (是否正确项, duplicated number, cell too long). */
  rowErrors: boolean;
  /** The block reuses an earlier 题目序号: reported once, then ignored. */
  discarded: boolean;
}

const refused = (row: number, msg: string): ParsedImport => ({ questions: [], errors: [{ row, msg }], totalErrors: 1 });

/**
 * Errors sorted by row, holding about 2·(max+1) at most: past that it sorts (stable) and keeps the
 * first max+1, which cannot drop one of the first max+1 of all (the summary's row is the max+1st).
 */
function errorList(max: number) {
  let list: ImportError[] = [];
  let total = 0;
  const keep = max + 1;
  const compact = (): void => {
    list.sort((a, b) => a.row - b.row);
    if (list.length > keep) list = list.slice(0, keep);
  };
  return {
    add(e: ImportError): void {
      total++;
      list.push(e);
      if (list.length >= 2 * keep + 64) compact();
    },
    result(): { errors: ImportError[]; totalErrors: number } {
      compact();
      if (total <= max) return { errors: list, totalErrors: total };
      return { errors: [...list.slice(0, max), { row: list[max].row, msg: msgMoreErrors(total - max) }], totalErrors: total };
    },
  };
}

/**
 * Reads an uploaded question spreadsheet (an xlsx file on disk) into questions, validating every
 * row, with memory bounded whatever the file holds.
 *
 * - `opts.repoFromFile`: 所属题库 is required on each question's first row (the caller maps bank
 *   titles to banks); when false the cell is read but may be blank.
 * - Never throws for bad input; rejects only with `opts.signal.reason` once the signal fired.
 * - Whole-file errors (`totalErrors` 1, no question): not a readable xlsx → `{row:0, msg:MSG_BAD_FILE}`;
 *   decompressed content over `maxUncompressedBytes` → `{row:0, msg:msgTooBig(…)}` (e.g.
 *   `文件解压后超过64MB，请拆分后再导入！`); more than `maxEntries` zip entries → `msgTooManyEntries`;
 *   header row 2 not the first 11 of IMPORT_HEADERS followed by a prefix of the rest (or no worksheet)
 *   → `{row:2, msg:MSG_BAD_HEADER}`; no data row →
 *   `{row:3, msg:MSG_NO_DATA}`; more than `maxRows` data rows → `{row:0, msg:msgTooManyRows(…)}`
 *   (e.g. `文件超过20000行试题数据，请拆分后再导入！`; reading stops there).
 * - Otherwise every bad row and question is reported with its 1-based sheet row:
 *   row errors (`第8行（题目序号 2）：是否正确项只能填写0或1，当前为：2`, blank or reused 题目序号, a cell
 *   longer than `maxCellChars` once trimmed: `第9行（题目序号 3）：题目内容不能超过20000个字符（当前30000个字符）！`,
 *   and that question is not imported) and one error per bad question, on its first row, naming its
 *   row range and number, e.g. `第12-15行（题目序号 7）：单选题必须有且只有一个正确项！（共4个选项，正确项2个）`
 *   (unknown or blank type, blank content, blank 所属题库, a bad 难度 / 关键词 / 填空选项 cell, a cell
 *   of another type's column such as 参考答案只用于简答题！, a fill blank whose content's blank marks
 *   do not match its blank rows, a sub-question whose 所属组合题 is not the combined question just
 *   before it (reported on the sub-question's rows), a combined question without sub-questions, and
 *   the rules of `questionRuleErrors`). A combined question with a bad sub-question is not imported.
 *   Cell text quoted in a message is
 *   cut to 50 characters. The list is cut after `maxErrors` (see `ParsedImport`).
 * - Fully blank rows are skipped; continuation rows may leave 题目类型 blank or write `0`.
 * - `opts.onProgress({rows})` is told the data rows read so far every PROGRESS_EVERY rows and once
 *   at the end of the sheet.
 */
export async function parseQuestionFile(filePath: string, opts: ParseQuestionOptions): Promise<ParsedImport> {
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, ...opts.limits };
  const { signal } = opts;
  signal?.throwIfAborted();
  const opened = await openXlsx(filePath, { limits, sheetName: IMPORT_SHEET_NAME, signal });
  if (!opened.ok) return refused(0, refusalMsg(opened.reason, limits));
  const { book } = opened;
  if (book.sheetName === undefined) {
    book.close();
    return refused(2, MSG_BAD_HEADER);
  }
  const batches = book.rows(COLS);
  try {
    return await readQuestions(batches, opts, limits);
  } finally {
    await batches.return(undefined); // destroys the sheet stream after an early stop
    book.close();
  }
}

/** A combined question read so far, waiting for its sub-questions. */
interface OpenMix {
  g: Group;
  question: ParsedQuestion | undefined;
  msgs: string[];
  /** A sub-question of it had errors (reported on the sub-question's rows). */
  subErrors: boolean;
}

/** Ends every message with ！ (or 。) and joins them. */
const joined = (msgs: string[]): string => msgs.map((m) => (/[！。]$/.test(m) ? m : `${m}！`)).join('');

async function readQuestions(batches: AsyncGenerator<SheetRow[]>, opts: ParseQuestionOptions, limits: ImportLimits): Promise<ParsedImport> {
  const { signal } = opts;
  const questions: ParsedQuestion[] = [];
  const errors = errorList(limits.maxErrors);
  const seen = new Map<string, number[]>();
  let current: Group | undefined;
  let mix: OpenMix | undefined;
  let header: string[] = [];
  /** Columns the header has (IMPORT_YF_COLUMNS … COLS); cells further right are ignored. */
  let width = 0;
  let dataRows = 0;
  const headerOk = (): boolean => {
    if (!IMPORT_HEADERS.slice(0, IMPORT_YF_COLUMNS).every((h, i) => header[i] === h)) return false;
    width = IMPORT_YF_COLUMNS;
    while (width < COLS && header[width] === IMPORT_HEADERS[width]) width++;
    return header.slice(width).every((h) => h === '');
  };
  const report = (g: Group, msgs: string[], detail = ''): void => {
    errors.add({ row: g.rows[0] as number, msg: `${rowRange(g.rows)}（题目序号 ${shown(g.no)}）：${joined(msgs)}${detail}` });
  };

  /** The question of a block with every message about it (sub: a sub-question of a combined one). */
  const readBlock = (g: Group, sub: boolean): { question?: ParsedQuestion; msgs: string[]; detail: string } => {
    const cell = (c: number): string => g.first[c - 1] ?? '';
    const typeText = cell(COL.type);
    const quType = g.quType;
    const content = cell(COL.content);
    const msgs: string[] = [];
    let detail = '';
    if (typeText === '') msgs.push('题目类型不能为空！');
    else if (quType === undefined) msgs.push(`题目类型不正确：${shown(typeText)}`);
    else if (!SHEET_QU_TYPES.includes(quType)) msgs.push(`暂不支持导入${QU_TYPE_LABEL[quType]}！`);
    else if (sub && quType === QuType.MIX) msgs.push('组合题的小题不能是组合题！');
    if (content === '') msgs.push('题目内容不能为空！');
    if (!sub && opts.repoFromFile && cell(COL.repo) === '') msgs.push('所属题库不能为空！');
    const level = parseLevel(cell(COL.level));
    if (level === undefined) msgs.push(`难度只能填写1（普通）或2（较难），当前为：${shown(cell(COL.level))}`);
    let keywords: QuKeyword[] = [];
    let blankOpts: BlankOpts = { ignoreCase: false, fullHalf: false, anyOrder: false };
    if (quType !== undefined && quType !== QuType.SAQ) {
      if (cell(COL.answer) !== '') msgs.push('参考答案只用于简答题！');
      if (cell(COL.keywords) !== '') msgs.push('关键词只用于简答题！');
    }
    if (quType !== undefined && quType !== QuType.FILL && cell(COL.blankOpts) !== '') msgs.push('填空选项只用于填空题！');
    if (quType === QuType.SAQ) {
      const k = parseKeywordsCell(cell(COL.keywords));
      if ('error' in k) msgs.push(k.error);
      else keywords = k.keywords;
    }
    if (quType === QuType.FILL) {
      const b = parseBlankOptsCell(cell(COL.blankOpts));
      if ('error' in b) msgs.push(b.error);
      else blankOpts = b.opts;
      const marks = countBlankMarks(content);
      if (content !== '' && marks !== g.options.length) {
        msgs.push(
          marks === 0
            ? '填空题的题目内容中没有标出空的位置（用三个或以上下划线 ___ 表示每个空）！'
            : `题目内容中有${marks}个空（___），但填写了${g.options.length}个空的答案！`,
        );
      }
    }
    const answer = quType === QuType.SAQ ? cell(COL.answer) : '';
    if (quType !== undefined && SHEET_QU_TYPES.includes(quType) && quType !== QuType.MIX && !g.rowErrors) {
      const rules = questionRuleErrors({ quType, answerList: g.options, answer, keywords });
      if (rules.length > 0) {
        msgs.push(...rules);
        if (CHOICE_TYPES.includes(quType)) detail = `（共${g.options.length}个选项，正确项${g.options.filter((o) => o.isRight).length}个）`;
      }
    }
    if (quType === QuType.MIX && g.options.length > 0) msgs.push('组合题不能有选项，请在小题中填写！');
    if (msgs.length > 0 || g.rowErrors || quType === undefined || level === undefined) return { msgs, detail };
    return {
      msgs,
      detail,
      question: {
        no: g.no, rows: g.rows, quType, level, content, analysis: cell(COL.analysis), image: cell(COL.image), video: cell(COL.video),
        answer, keywords, blankOpts, answerList: g.options, repoTitle: sub ? '' : cell(COL.repo), chapter: sub ? '' : cell(COL.chapter), subList: [],
      },
    };
  };

  /** Ends the open combined question: its own rules once its sub-questions are known. */
  const closeMix = (): void => {
    if (!mix) return;
    const { g, question, msgs, subErrors } = mix;
    mix = undefined;
    if (question && question.subList.length === 0 && !subErrors) msgs.push('组合题至少需要一个小题（小题的所属组合题填写本题的题目序号）！');
    if (msgs.length > 0) report(g, msgs);
    else if (question && !subErrors) questions.push(question);
  };

  const finish = (g: Group | undefined): void => {
    if (!g || g.discarded) return;
    const parentNo = g.first[COL.parent - 1] ?? '';
    if (parentNo !== '') {
      const { question, msgs, detail } = readBlock(g, true);
      if (!mix || mix.g.no !== parentNo) {
        report(g, [`所属组合题「${shown(parentNo)}」不是写在本题之前的组合题（小题须紧跟在其组合题之后）！`, ...msgs], detail);
        if (mix) mix.subErrors = true;
        return;
      }
      if (msgs.length > 0) report(g, msgs, detail);
      if (!question) mix.subErrors = true;
      else if (mix.question) mix.question.subList.push(question);
      return;
    }
    closeMix();
    const { question, msgs, detail } = readBlock(g, false);
    if (g.quType === QuType.MIX) {
      mix = { g, question, msgs, subErrors: false };
      return;
    }
    if (msgs.length > 0) report(g, msgs, detail);
    else if (question) questions.push(question);
  };

  const dataRow = (r: number, raw: string[]): void => {
    const cells = raw.map((c, i) => (i < width ? c : ''));
    const no = cells[COL.no - 1] as string;
    const tooLong = cells.flatMap((c, i) =>
      c.length > limits.maxCellChars ? [`${IMPORT_HEADERS[i]}不能超过${limits.maxCellChars}个字符（当前${c.length}个字符）！`] : [],
    );
    if (tooLong.length > 0) errors.add({ row: r, msg: `第${r}行${no === '' ? '' : `（题目序号 ${shown(no)}）`}：${tooLong.join('')}` });
    if (no === '') {
      errors.add({ row: r, msg: `第${r}行：题目序号不能为空！` });
      return;
    }
    if (current?.no === no) {
      current.rows.push(r);
      const content = cells[COL.content - 1];
      if (!current.discarded && content !== '' && content !== current.first[COL.content - 1]) {
        // A second question body under the same number (e.g. a copied block left unrenumbered).
        errors.add({ row: r, msg: `第${r}行（题目序号 ${shown(no)}）：题目序号重复：${shown(no)}（同一序号下出现了另一道题目的内容）` });
        current.rowErrors = true;
      }
    } else {
      finish(current);
      const earlier = seen.get(no);
      current = { no, quType: parseQuType(cells[COL.type - 1] as string), rows: [r], first: cells, options: [], rowErrors: false, discarded: earlier !== undefined };
      if (earlier) {
        errors.add({ row: r, msg: `第${r}行：题目序号重复：${shown(no)}（已在${rowRange(earlier)}使用）` });
        return;
      }
      seen.set(no, current.rows);
    }
    if (current.discarded) return;
    if (tooLong.length > 0) current.rowErrors = true;
    const isRight = cells[COL.isRight - 1] as string;
    const option: ParsedOption = {
      content: cells[COL.optContent - 1] as string,
      isRight: isRight === '1',
      analysis: cells[COL.optAnalysis - 1] as string,
      image: cells[COL.optImage - 1] as string,
      answer: cells[COL.optAnswer - 1] as string,
    };
    if (isRight === '' && option.content === '' && option.analysis === '' && option.image === '' && option.answer === '') return;
    const t = current.quType;
    const choice = t === undefined || CHOICE_TYPES.includes(t);
    // Choices need 0/1; blanks and pairs ignore the cell (blank, 0 or 1 accepted).
    if ((choice || isRight !== '') && isRight !== '0' && isRight !== '1') {
      errors.add({ row: r, msg: `第${r}行（题目序号 ${shown(no)}）：是否正确项只能填写0或1，当前为：${shown(isRight) || '空'}` });
      current.rowErrors = true;
    }
    if (t !== undefined && CHOICE_TYPES.includes(t) && option.answer !== '') {
      errors.add({ row: r, msg: `第${r}行（题目序号 ${shown(no)}）：选项答案只用于填空题和配伍题，${QU_TYPE_LABEL[t]}请用是否正确项标出正确选项！` });
      current.rowErrors = true;
    }
    current.options.push(option);
  };

  for (;;) {
    let next: IteratorResult<SheetRow[]>;
    try {
      next = await batches.next();
    } catch {
      // malformed XML in the sheet (today's exceljs load refused such files as a whole too)
      signal?.throwIfAborted();
      return refused(0, MSG_BAD_FILE);
    }
    signal?.throwIfAborted();
    if (next.done) break;
    for (const row of next.value) {
      if (row.r < FIRST_DATA_ROW) {
        if (row.r === 2 && dataRows === 0) header = row.cells.map(cellText);
        continue;
      }
      const cells = row.cells.map(cellText);
      if (cells.every((c) => c === '')) continue;
      if (dataRows === 0 && !headerOk()) return refused(2, MSG_BAD_HEADER);
      if (++dataRows > limits.maxRows) return refused(0, msgTooManyRows(limits.maxRows));
      dataRow(row.r, cells);
      if (dataRows % PROGRESS_EVERY === 0) opts.onProgress?.({ rows: dataRows });
    }
  }
  if (!headerOk()) return refused(2, MSG_BAD_HEADER);
  if (dataRows === 0) return refused(FIRST_DATA_ROW, MSG_NO_DATA);
  finish(current);
  closeMix();
  if (dataRows % PROGRESS_EVERY !== 0) opts.onProgress?.({ rows: dataRows });
  return { questions, ...errors.result() };
}

/** `parseQuestionFile` for xlsx bytes in memory: parses them from a private temp folder it then removes. */
export async function parseQuestionSheet(data: Buffer | Uint8Array, opts: ParseQuestionOptions): Promise<ParsedImport> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kaopei-import-'));
  try {
    const file = path.join(dir, 'upload.xlsx');
    await writeFile(file, data);
    return await parseQuestionFile(file, opts);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
