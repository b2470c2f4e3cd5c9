/**
 * Offline score spreadsheets (xlsx): reading an import file row by row with the streaming reader of
 * the question and user imports (lib/xlsx-read.ts) and checking each row on its own; writing the
 * template with exceljs. Layout (OFFLINE_IMPORT_HEADERS in row 1 of sheet OFFLINE_SHEET_NAME or the
 * first sheet, one learner per row from row 2): 账号 | 姓名 | 成绩 | 考试时间.
 * - 账号 required (the learner's account name; the database check is the service's);
 * - 姓名 optional, for the reader's eyes (not compared: the account decides);
 * - 成绩 an integer ≥ 0 (the upper bound, the exam's total score, is checked by the service);
 * - 考试时间 optional: `yyyy-MM-dd HH:mm:ss`, `yyyy-MM-dd` (00:00:00) or a date cell, Asia/Shanghai;
 *   blank = the exam's start time (else the import's time).
 */
import ExcelJS from 'exceljs';
import { OFFLINE_IMPORT_HEADERS, OFFLINE_IMPORT_MAX_ROWS, OFFLINE_SHEET_NAME } from '@kaopei/contracts/exam-offline';
import { bufferOf } from '../../lib/stream-buffer';
import { formatTimeStrict, parseTime } from '../../lib/time';
import { DEFAULT_ZIP_LIMITS, openXlsx, type CellValue } from '../../lib/xlsx-read';
import { cellText, MSG_BAD_FILE, MSG_BAD_HEADER, refusalMsg } from '../../lib/xlsx-text';

/** One bad row (row 0: the whole file). */
export interface RowError {
  row: number;
  msg: string;
}

/** A row that passed its own checks; `examTime` null = not given. */
export interface ScoreRow {
  row: number;
  userName: string;
  userScore: number;
  examTime: number | null;
}

export const MSG_NO_ROWS = '文件中没有成绩数据！';
export const MSG_SCORE = '成绩必须是不小于0的整数！';
export const MSG_TIME = '考试时间格式不正确，应为 yyyy-MM-dd HH:mm:ss 或 yyyy-MM-dd！';
export const msgTooManyRows = (n: number) => `文件超过${n}行成绩数据，请拆分后再导入！`;

/** `第N行：a！b！` from the messages of one row. */
export function rowMsg(row: number, msgs: readonly string[]): string {
  return `第${row}行：${msgs.map((m) => (/[！!。]$/.test(m) ? m : `${m}！`)).join('')}`;
}

/**
 * `yyyy-MM-dd HH:mm:ss` or `yyyy-MM-dd` (Asia/Shanghai) → epoch ms when it names a real calendar
 * instant (no 02-30, no 25:00), else null.
 */
export function parseExamTime(text: string): number | null {
  const full = /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text} 00:00:00` : text;
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(full)) return null;
  try {
    const ms = parseTime(full);
    return ms !== null && formatTimeStrict(ms) === full ? ms : null;
  } catch {
    return null;
  }
}

/** Checks one data row on its own; answers the row or its messages. */
export function checkRow(row: number, raw: readonly CellValue[]): ScoreRow | string[] {
  const [userName, , score, time] = OFFLINE_IMPORT_HEADERS.map((_, i) => cellText(raw[i] ?? null)) as [string, string, string, string];
  const msgs: string[] = [];
  if (userName === '') msgs.push('账号不能为空！');
  if (!/^\d{1,7}$/.test(score)) msgs.push(score === '' ? '成绩不能为空！' : MSG_SCORE);
  const examTime = time === '' ? null : parseExamTime(time);
  if (time !== '' && examTime === null) msgs.push(MSG_TIME);
  if (msgs.length) return msgs;
  return { row, userName, userScore: Number(score), examTime };
}

/**
 * Reads an import file from disk: the header (row 1 must be OFFLINE_IMPORT_HEADERS), then every
 * non-blank row, each checked by `checkRow`. Whole-file refusals answer one error: not an xlsx or too
 * big (row 0), a wrong header (row 1), no data (row 2), more than OFFLINE_IMPORT_MAX_ROWS rows (row 0).
 */
export async function readScoreFile(file: string, opts: { signal?: AbortSignal; maxRows?: number } = {}): Promise<{ rows: ScoreRow[]; errors: RowError[] }> {
  const maxRows = opts.maxRows ?? OFFLINE_IMPORT_MAX_ROWS;
  const refused = (row: number, msg: string) => ({ rows: [], errors: [{ row, msg }] });
  const opened = await openXlsx(file, { limits: DEFAULT_ZIP_LIMITS, sheetName: OFFLINE_SHEET_NAME, signal: opts.signal });
  if (!opened.ok) return refused(0, refusalMsg(opened.reason, DEFAULT_ZIP_LIMITS));
  const { book } = opened;
  if (book.sheetName === undefined) {
    book.close();
    return refused(1, MSG_BAD_HEADER);
  }
  const batches = book.rows(OFFLINE_IMPORT_HEADERS.length);
  const out: { rows: ScoreRow[]; errors: RowError[] } = { rows: [], errors: [] };
  let header = false;
  let count = 0;
  try {
    for (;;) {
      let next: IteratorResult<{ r: number; cells: CellValue[] }[]>;
      try {
        next = await batches.next();
      } catch {
        opts.signal?.throwIfAborted();
        return refused(0, MSG_BAD_FILE);
      }
      if (next.done) break;
      for (const { r, cells } of next.value) {
        if (r === 1) {
          header = OFFLINE_IMPORT_HEADERS.every((h, i) => cellText(cells[i] ?? null) === h);
          if (!header) return refused(1, MSG_BAD_HEADER);
          continue;
        }
        if (!header) return refused(1, MSG_BAD_HEADER);
        if (cells.every((c) => cellText(c) === '')) continue;
        if (++count > maxRows) return refused(0, msgTooManyRows(maxRows));
        const res = checkRow(r, cells);
        if (Array.isArray(res)) out.errors.push({ row: r, msg: rowMsg(r, res) });
        else out.rows.push(res);
      }
    }
  } finally {
    await batches.return(undefined);
    book.close();
  }
  if (!header) return refused(1, MSG_BAD_HEADER);
  if (count === 0) return refused(2, MSG_NO_ROWS);
  return out;
}

const NOTES: Record<(typeof OFFLINE_IMPORT_HEADERS)[number], string> = {
  账号: '必填，学员的登录账号',
  姓名: '选填，仅供核对，以账号为准',
  成绩: '必填，0到试卷总分之间的整数',
  考试时间: '选填，格式 yyyy-MM-dd HH:mm:ss 或 yyyy-MM-dd；不填为考试开始时间',
};

/**
 * The template, or a sheet of `rows` (tests): sheet OFFLINE_SHEET_NAME with the bold header (a note
 * on each column), every column text; a second sheet 填写说明 explains each column.
 */
export function scoreSheetBuffer(rows: (string | number | Date)[][] = []): Promise<Buffer> {
  return bufferOf(async (out) => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(OFFLINE_SHEET_NAME);
    ws.columns = OFFLINE_IMPORT_HEADERS.map((h) => ({ width: h === '考试时间' ? 22 : 16, style: { numFmt: '@' } }));
    const head = ws.getRow(1);
    head.values = [...OFFLINE_IMPORT_HEADERS];
    head.font = { bold: true };
    OFFLINE_IMPORT_HEADERS.forEach((h, i) => {
      head.getCell(i + 1).note = NOTES[h];
    });
    head.commit();
    for (const values of rows) ws.addRow(values).commit();
    ws.commit();
    const help = wb.addWorksheet('填写说明');
    help.columns = [{ width: 12 }, { width: 70 }];
    help.addRow(['列', '说明']).commit();
    for (const h of OFFLINE_IMPORT_HEADERS) help.addRow([h, NOTES[h]]).commit();
    help.addRow(['', '任何一行有误则整个文件不导入；同一学员重复导入相同成绩不变，成绩不同则更新。']).commit();
    help.commit();
    await wb.commit();
  });
}
