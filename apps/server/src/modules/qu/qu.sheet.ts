/**
 * Question spreadsheets in the import layout (the yf 试题导入模板 layout, see qu.import.ts), written
 * with exceljs's STREAMING writer: the import template, and exports of any size (rows are written
 * and flushed as the questions arrive, so memory does not grow with the bank).
 *
 * Layout: sheet 试题数据, title row merged A1:K1, bold header row `IMPORT_HEADERS`, then one row per
 * option (a question without options gets one row with blank option cells). 题目序号 runs 1…N in
 * the given order, 题目类型 is the numeric code, 是否正确项 `1`/`0`, and question cells are filled on
 * each question's first row only. Every cell is text. `parseQuestionFile` reads it back unchanged.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_HEADERS, IMPORT_SHEET_NAME } from '@kaopei/contracts/qu';
import { COL, COLS } from './qu.import';
import { bufferOf } from '../../lib/stream-buffer';

/** A question to write with `buildQuestionSheet`; missing text fields are written blank. */
export interface SheetQuestion {
  quType: number;
  content: string;
  analysis?: string;
  image?: string;
  video?: string;
  repoTitle: string;
  answerList: { content: string; isRight: boolean; analysis?: string; image?: string }[];
}

const COL_WIDTHS = [10, 10, 50, 36, 24, 24, 20, 12, 36, 30, 24];

/**
 * Writes `questions` (any iterable, also async: e.g. pages read from the database) as an xlsx to
 * `out`, row by row. Resolves when the file is complete; rejects (and leaves `out` to the caller)
 * when reading the questions fails.
 */
export async function writeQuestionSheet(questions: Iterable<SheetQuestion> | AsyncIterable<SheetQuestion>, out: Writable): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(IMPORT_SHEET_NAME);
  ws.columns = COL_WIDTHS.map((width) => ({ width, style: { numFmt: '@' } }));
  ws.mergeCells(1, 1, 1, COLS);
  const titleRow = ws.getRow(1);
  titleRow.getCell(1).value = IMPORT_SHEET_NAME;
  titleRow.getCell(1).font = { bold: true, size: 14 };
  titleRow.getCell(1).alignment = { horizontal: 'center', vertical: 'middle' };
  titleRow.commit();
  const header = ws.getRow(2);
  header.values = [...IMPORT_HEADERS];
  header.font = { bold: true };
  header.getCell(COL.type).note = '1 单选题，2 多选题，3 判断题（也可填写 单选、多选、判断）';
  header.getCell(COL.isRight).note = '1 正确，0 错误';
  header.commit();
  let i = 0;
  for await (const q of questions) {
    i++;
    const head = [String(i), String(q.quType), q.content, q.analysis ?? '', q.image ?? '', q.video ?? '', q.repoTitle];
    const options = q.answerList.length > 0 ? q.answerList : [undefined];
    options.forEach((a, j) => {
      const cells = j === 0 ? head : [String(i), '', '', '', '', '', ''];
      const opt = a ? [a.isRight ? '1' : '0', a.content, a.analysis ?? '', a.image ?? ''] : ['', '', '', ''];
      const row = ws.addRow([...cells, ...opt]);
      row.alignment = { vertical: 'top', wrapText: true };
      row.commit();
    });
  }
  ws.commit();
  await wb.commit();
}

/** The xlsx bytes of `questions` (small sheets: the template, tests). */
export async function buildQuestionSheet(questions: SheetQuestion[]): Promise<Buffer> {
  return bufferOf((out) => writeQuestionSheet(questions, out));
}

/** Example questions of the import template (our own text). */
const TEMPLATE_QUESTIONS: SheetQuestion[] = [
  {
    quType: 1,
    content: '下列城市中，哪一个是中华人民共和国的首都？',
    analysis: '北京是中华人民共和国的首都。',
    repoTitle: '示例题库',
    answerList: [
      { content: '上海', isRight: false },
      { content: '北京', isRight: true },
      { content: '广州', isRight: false },
      { content: '深圳', isRight: false },
    ],
  },
  {
    quType: 2,
    content: '下列数字中，哪些是偶数？',
    analysis: '能被2整除的整数是偶数。',
    repoTitle: '示例题库',
    answerList: [
      { content: '2', isRight: true },
      { content: '3', isRight: false },
      { content: '4', isRight: true },
      { content: '5', isRight: false },
    ],
  },
  {
    quType: 3,
    content: '地球绕太阳公转一周大约需要一年。',
    analysis: '地球的公转周期约为365.25天。',
    repoTitle: '示例题库',
    answerList: [
      { content: '正确', isRight: true },
      { content: '错误', isRight: false },
    ],
  },
];

/**
 * The downloadable 试题导入模板.xlsx (IMPORT_TEMPLATE_FILE): the `buildQuestionSheet` layout with
 * three example questions in bank 示例题库 (one 单选 with 4 options, one 多选 with 4 options of which
 * 2 are right, one 判断 with 正确/错误). Parses back with no errors.
 */
export async function buildImportTemplate(): Promise<Buffer> {
  return buildQuestionSheet(TEMPLATE_QUESTIONS);
}
