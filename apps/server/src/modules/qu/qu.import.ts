/**
 * Question spreadsheet import (the yf 试题导入模板 layout, see `../shared/data/README.md`
 * "xlsx layout"). Never touches the database: `parseQuestionFile` reads an uploaded xlsx from disk
 * into a `ParsedImport` (the question service turns it into rows, and imports nothing when it has
 * errors); qu.sheet.ts writes the same layout.
 *
 * Layout: sheet `试题数据` (else the first sheet); row 1 title (merged A1:K1), row 2 the headers
 * `IMPORT_HEADERS`, then one row per option from row 3. Rows sharing 题目序号 form one question; the
 * question cells (类型, 内容, 解析, 图片, 视频, 所属题库) are read from its first row only. A question
 * without options has one row whose option cells are empty.
 *
 * Memory stays bounded whatever the upload is (a zip bomb, a 400 MB cell, millions of rows): the zip
 * is checked before anything is parsed and the sheet is streamed row by row (lib/xlsx-read.ts), under
 * the caps of `ImportLimits`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QU_TYPE_LABEL, QU_TYPE_SHORT } from '@kaopei/contracts';

/**
 * Types the spreadsheet layout carries so far (1 单选, 2 多选, 3 判断). The other types of
 * SUPPORTED_QU_TYPES are authored in the form; their spreadsheet columns arrive with the
 * interchange work of issue 8.
 */
const SHEET_QU_TYPES: readonly number[] = [1, 2, 3];
import { IMPORT_HEADERS, IMPORT_SHEET_NAME, questionRuleErrors, type ImportError } from '@kaopei/contracts/qu';
import { cellText, DEFAULT_ZIP_LIMITS, MSG_BAD_FILE, MSG_BAD_HEADER, msgMoreErrors, openXlsx, refusalMsg, type SheetRow } from '../../lib/xlsx-read';

/** One option as read from a sheet row. */
export interface ParsedOption {
  content: string;
  isRight: boolean;
  analysis: string;
  image: string;
}

/** One valid question of the sheet. Text is the cell text with only its ends trimmed. */
export interface ParsedQuestion {
  /** 题目序号 as written in the sheet (text). */
  no: string;
  /** 1-based sheet rows of the question, first row first (fully blank rows excluded). */
  rows: number[];
  /** Question type code (1 单选, 2 多选, 3 判断; only SHEET_QU_TYPES reach this list). */
  quType: number;
  /** The sheet has no level column: always 1. */
  level: 1;
  content: string;
  analysis: string;
  image: string;
  video: string;
  /** 所属题库 text (a bank title); '' when blank and not required. */
  repoTitle: string;
  /** Options in sheet order. */
  answerList: ParsedOption[];
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

/** 1-based column numbers of the layout (A…K). */
export const COL = {
  no: 1,
  type: 2,
  content: 3,
  analysis: 4,
  image: 5,
  video: 6,
  repo: 7,
  isRight: 8,
  optContent: 9,
  optAnalysis: 10,
  optImage: 11,
} as const;
export const COLS = IMPORT_HEADERS.length;
const FIRST_DATA_ROW = 3;
/** `onProgress` is called after every this many data rows. */
export const PROGRESS_EVERY = 200;
/** Cell text quoted in a message is cut to this many characters. */
const SHOWN_CHARS = 50;

export const MSG_NO_DATA = '文件中没有试题数据！';
/** Whole-file refusal (row 0): more than `maxRows` data rows; reading stops there. */
export const msgTooManyRows = (n: number): string => `文件超过${n}行试题数据，请拆分后再导入！`;

/** Type code of a 题目类型 cell: a label of QU_TYPE_SHORT (单选, 单选题, …) or a known code (1…6, 99). */
function parseQuType(text: string): number | undefined {
  if (Object.hasOwn(QU_TYPE_SHORT, text)) return QU_TYPE_SHORT[text];
  if (/^\d+$/.test(text) && Object.hasOwn(QU_TYPE_LABEL, String(Number(text)))) return Number(text);
  return undefined;
}

function rowRange(rows: number[]): string {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return first === last ? `第${first}行` : `第${first}-${last}行`;
}

/** Cell text quoted in a message, cut to SHOWN_CHARS characters. */
function shown(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/** Rows of one 题目序号 block while scanning. */
interface Group {
  no: string;
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
 *   header row 2 ≠ IMPORT_HEADERS (or no worksheet) → `{row:2, msg:MSG_BAD_HEADER}`; no data row →
 *   `{row:3, msg:MSG_NO_DATA}`; more than `maxRows` data rows → `{row:0, msg:msgTooManyRows(…)}`
 *   (e.g. `文件超过20000行试题数据，请拆分后再导入！`; reading stops there).
 * - Otherwise every bad row and question is reported with its 1-based sheet row:
 *   row errors (`第8行（题目序号 2）：是否正确项只能填写0或1，当前为：2`, blank or reused 题目序号, a cell
 *   longer than `maxCellChars` once trimmed: `第9行（题目序号 3）：题目内容不能超过20000个字符（当前30000个字符）！`,
 *   and that question is not imported) and one error per bad question, on its first row, naming its
 *   row range and number, e.g. `第12-15行（题目序号 7）：单选题必须有且只有一个正确项！（共4个选项，正确项2个）`
 *   (unknown or blank type, type outside SHEET_QU_TYPES such as 暂不支持导入简答题！, blank
 *   content, blank 所属题库, and the rules of `questionRuleErrors`). Cell text quoted in a message is
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

async function readQuestions(batches: AsyncGenerator<SheetRow[]>, opts: ParseQuestionOptions, limits: ImportLimits): Promise<ParsedImport> {
  const { signal } = opts;
  const questions: ParsedQuestion[] = [];
  const errors = errorList(limits.maxErrors);
  const seen = new Map<string, number[]>();
  let current: Group | undefined;
  let header: string[] = [];
  let dataRows = 0;
  const headerOk = (): boolean => IMPORT_HEADERS.every((h, i) => header[i] === h);

  const finish = (g: Group | undefined): void => {
    if (!g || g.discarded) return;
    const [no, typeText, content, analysis, image, video, repoTitle] = g.first;
    const msgs: string[] = [];
    let detail = '';
    const quType = parseQuType(typeText);
    if (typeText === '') msgs.push('题目类型不能为空！');
    else if (quType === undefined) msgs.push(`题目类型不正确：${shown(typeText)}`);
    else if (!SHEET_QU_TYPES.includes(quType)) msgs.push(`暂不支持导入${QU_TYPE_LABEL[quType]}！`);
    if (content === '') msgs.push('题目内容不能为空！');
    if (opts.repoFromFile && repoTitle === '') msgs.push('所属题库不能为空！');
    if (quType !== undefined && SHEET_QU_TYPES.includes(quType) && !g.rowErrors) {
      const rules = questionRuleErrors({ quType, answerList: g.options });
      if (rules.length > 0) {
        msgs.push(...rules);
        detail = `（共${g.options.length}个选项，正确项${g.options.filter((o) => o.isRight).length}个）`;
      }
    }
    if (msgs.length > 0) {
      const text = msgs.map((m) => (/[！。]$/.test(m) ? m : `${m}！`)).join('');
      errors.add({ row: g.rows[0], msg: `${rowRange(g.rows)}（题目序号 ${shown(no)}）：${text}${detail}` });
    } else if (!g.rowErrors && quType !== undefined) {
      questions.push({ no, rows: g.rows, quType, level: 1, content, analysis, image, video, repoTitle, answerList: g.options });
    }
  };

  const dataRow = (r: number, cells: string[]): void => {
    const no = cells[COL.no - 1];
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
      current = { no, rows: [r], first: cells, options: [], rowErrors: false, discarded: earlier !== undefined };
      if (earlier) {
        errors.add({ row: r, msg: `第${r}行：题目序号重复：${shown(no)}（已在${rowRange(earlier)}使用）` });
        return;
      }
      seen.set(no, current.rows);
    }
    if (current.discarded) return;
    if (tooLong.length > 0) current.rowErrors = true;
    const isRight = cells[COL.isRight - 1];
    const option = {
      content: cells[COL.optContent - 1],
      isRight: isRight === '1',
      analysis: cells[COL.optAnalysis - 1],
      image: cells[COL.optImage - 1],
    };
    if (isRight === '' && option.content === '' && option.analysis === '' && option.image === '') return;
    if (isRight !== '0' && isRight !== '1') {
      errors.add({ row: r, msg: `第${r}行（题目序号 ${shown(no)}）：是否正确项只能填写0或1，当前为：${shown(isRight) || '空'}` });
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
