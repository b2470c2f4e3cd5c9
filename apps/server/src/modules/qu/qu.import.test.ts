import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, it, expect } from 'vitest';
import { IMPORT_HEADERS, IMPORT_SHEET_NAME } from '@kaopei/contracts/qu';
import { SHARED_DATA_DIR, hasSharedData, sharedDataPath } from '../../test/shared-data';
import { parseQuestionFile, parseQuestionSheet, type ParsedQuestion } from './qu.import';
import { buildQuestionSheet, type SheetQuestion } from './qu.sheet';

interface JsonOption { content: string; isRight: boolean; analysis: string; image: string }
interface JsonQuestion { type: number; level: number; content: string; analysis: string; image: string; options: JsonOption[] }
interface JsonBank { title: string; questions: JsonQuestion[] }

const BANKS = ['yf-lite-demo', 'yf-v2-demo', 'yf-ddout-iq-geo'];
const JIAO = '角对于元相当于小时对于';

if (!hasSharedData()) {
  console.warn(`[qu.import.test] shared data absent at ${SHARED_DATA_DIR}: skipping the real-file import tests (${BANKS.join(', ')}).`);
}

const readBanks = (name: string): JsonBank[] => JSON.parse(readFileSync(sharedDataPath('question-banks', `${name}.json`), 'utf8'));
const xlsxPath = (name: string): string => sharedDataPath('question-banks', `${name}.xlsx`);
const readXlsx = (name: string): Buffer => readFileSync(xlsxPath(name));
const countBy = <T>(xs: T[], key: (x: T) => string | number): Record<string, number> =>
  xs.reduce<Record<string, number>>((acc, x) => ((acc[key(x)] = (acc[key(x)] ?? 0) + 1), acc), {});

/** A parsed question in the JSON shape (the importer trims cell ends, so the JSON is compared trimmed). */
const asJson = (q: ParsedQuestion) => ({
  type: q.quType,
  content: q.content,
  analysis: q.analysis,
  image: q.image,
  options: q.answerList.map((a) => ({ content: a.content, isRight: a.isRight, analysis: a.analysis, image: a.image })),
});
const trimmed = (q: JsonQuestion) => ({
  type: q.type,
  content: q.content.trim(),
  analysis: q.analysis.trim(),
  image: q.image.trim(),
  options: q.options.map((o) => ({ content: o.content.trim(), isRight: o.isRight, analysis: o.analysis.trim(), image: o.image.trim() })),
});

/** Loads an xlsx buffer, lets `edit` change its first sheet, and writes it back. */
async function editSheet(buf: Buffer, edit: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as Parameters<typeof wb.xlsx.load>[0]);
  edit(wb.worksheets[0]);
  return Buffer.from((await wb.xlsx.writeBuffer()) as unknown as ArrayBuffer);
}

const single = (over: Partial<SheetQuestion> = {}): SheetQuestion => ({
  quType: 1,
  content: '一加一等于几？',
  analysis: '',
  image: '',
  repoTitle: '测试题库',
  answerList: [
    { content: '1', isRight: false },
    { content: '2', isRight: true },
    { content: '3', isRight: false },
    { content: '4', isRight: false },
  ],
  ...over,
});

describe.skipIf(!hasSharedData())('parseQuestionFile on the shared yf banks', () => {
  it.each([
    ['yf-lite-demo', '【云帆】演示题库', 29, { 1: 16, 2: 6, 3: 7 }, 109],
    ['yf-v2-demo', '云帆演示题库', 61, { 1: 18, 2: 17, 3: 26 }, 192],
  ])('%s imports whole and equal to its JSON', async (name, bank, total, byType, options) => {
    const banks = readBanks(name);
    expect(banks.map((b) => b.title)).toEqual([bank]);
    const json = banks[0].questions;
    const res = await parseQuestionFile(xlsxPath(name), { repoFromFile: true });
    expect(res.errors).toEqual([]);
    expect(res.totalErrors).toBe(0);
    expect(res.questions).toHaveLength(total);
    expect(json).toHaveLength(total);
    expect(countBy(res.questions, (q) => q.quType)).toEqual(byType);
    expect(res.questions.reduce((n, q) => n + q.answerList.length, 0)).toBe(options);
    expect(new Set(res.questions.map((q) => q.repoTitle))).toEqual(new Set([bank]));
    expect(res.questions.every((q) => q.level === 1)).toBe(true);
    expect(res.questions.map((q) => q.no)).toEqual(json.map((_, i) => String(i + 1)));
    // lite and v2 have no cell with blanks at its ends: the text is exactly the JSON's
    expect(res.questions.map(asJson)).toEqual(json.map(({ type, content, analysis, image, options: o }) => ({ type, content, analysis, image, options: o })));
  });

  it('yf-lite-demo round-trips through buildQuestionSheet', async () => {
    const first = await parseQuestionFile(xlsxPath('yf-lite-demo'), { repoFromFile: true });
    const again = await parseQuestionSheet(await buildQuestionSheet(first.questions), { repoFromFile: true });
    expect(again.errors).toEqual([]);
    expect(again.questions.map(asJson)).toEqual(first.questions.map(asJson));
    expect(again.questions.map((q) => q.rows)).toEqual(first.questions.map((q) => q.rows));
  });

  /** Sheet rows of the question whose first row has `content`, read with exceljs directly. */
  async function rowsOf(buf: Buffer, content: string): Promise<number[]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.worksheets[0];
    const no = ws.getColumn(3).values.indexOf(content);
    const key = ws.getCell(no, 1).value;
    const rows: number[] = [];
    ws.eachRow((row, r) => r >= 3 && row.getCell(1).value === key && rows.push(r));
    return rows;
  }

  it('yf-ddout-iq-geo is refused only for the 单选 without a right option; its 9 简答 are read', async () => {
    const buf = readXlsx('yf-ddout-iq-geo');
    const jiaoRows = await rowsOf(buf, JIAO);
    expect(jiaoRows).toHaveLength(5);
    expect(jiaoRows[4] - jiaoRows[0]).toBe(4);
    const json = readBanks('yf-ddout-iq-geo').flatMap((b) => b.questions);
    expect(json.filter((q) => q.content === JIAO).map((q) => q.options.filter((o) => o.isRight).length)).toEqual([0]);
    const res = await parseQuestionFile(xlsxPath('yf-ddout-iq-geo'), { repoFromFile: true });
    expect(res.errors).toEqual([
      { row: jiaoRows[0], msg: `第${jiaoRows[0]}-${jiaoRows[4]}行（题目序号 26）：单选题必须有且只有一个正确项！（共5个选项，正确项0个）` },
    ]);
    expect(res.totalErrors).toBe(1);
    // the valid questions are still listed, but the caller imports nothing
    expect(res.questions).toHaveLength(64 - 1);
    const saq = res.questions.filter((q) => q.quType === 4);
    expect(json.filter((q) => q.type === 4)).toHaveLength(9);
    expect(saq.map((q) => q.rows)).toEqual([174, 175, 176, 177, 178, 200, 249, 250, 251].map((r) => [r]));
    expect(saq.every((q) => q.answerList.length === 0 && q.answer === '' && q.keywords.length === 0)).toBe(true);
  });

  it('yf-ddout-iq-geo without 「角对于元相当于小时对于」 reads whole and equal to its JSON, 简答 included', async () => {
    const buf = readXlsx('yf-ddout-iq-geo');
    const jiaoRows = await rowsOf(buf, JIAO);
    const dropped = await editSheet(buf, (ws) => ws.spliceRows(jiaoRows[0], jiaoRows.length));
    const res = await parseQuestionSheet(dropped, { repoFromFile: true });
    expect(res.errors).toEqual([]);
    const banks = readBanks('yf-ddout-iq-geo');
    expect(banks.map((b) => [b.title, b.questions.length])).toEqual([['智商测试题', 41], ['地理知识竞赛试题2020', 23]]);
    const kept = banks.map((b) => ({ ...b, questions: b.questions.filter((q) => q.content !== JIAO) }));
    expect(kept.map((b) => b.questions.length)).toEqual([40, 23]);
    expect(countBy(res.questions, (q) => q.quType)).toEqual({ 1: 44, 2: 4, 3: 6, 4: 9 });
    expect(countBy(res.questions, (q) => q.repoTitle)).toEqual({ 智商测试题: 40, 地理知识竞赛试题2020: 23 });
    expect(res.questions.reduce((n, q) => n + q.answerList.length, 0)).toBe(235);
    for (const b of kept) {
      expect(res.questions.filter((q) => q.repoTitle === b.title).map(asJson)).toEqual(b.questions.map(trimmed));
    }
    // four ddout option texts end with a blank or a newline in the dump; the importer trims them
    const untrimmed = kept.flatMap((b) => b.questions.flatMap((q) => q.options)).filter((o) => o.content !== o.content.trim());
    expect(untrimmed.map((o) => o.content)).toEqual(['脚趾\n', '无法确定麦瑞与乔丹谁大 ', '25% ', '领航员\n']);
    expect(res.questions.some((q) => q.answerList.some((a) => a.content === '领航员'))).toBe(true);
  });
});

describe('parseQuestionSheet on bad input', () => {
  const parse = (buf: Buffer | Uint8Array, repoFromFile = true) => parseQuestionSheet(buf, { repoFromFile });

  it('refuses a buffer that is not an xlsx', async () => {
    const bad = { questions: [], errors: [{ row: 0, msg: '文件格式不正确，请上传.xlsx文件！' }], totalErrors: 1 };
    expect(await parse(Buffer.from('题目序号,题目类型\n1,单选\n'))).toEqual(bad);
    expect(await parse(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0, 9, 9]))).toEqual(bad);
    expect(await parse(Buffer.alloc(0))).toEqual(bad);
  });

  it('refuses a wrong header and an empty sheet', async () => {
    const swapped = await editSheet(await buildQuestionSheet([single()]), (ws) => {
      ws.getCell('B2').value = IMPORT_HEADERS[2];
      ws.getCell('C2').value = IMPORT_HEADERS[1];
    });
    const header = [{ row: 2, msg: '表头不正确，请下载并使用导入模板！' }];
    expect((await parse(swapped)).errors).toEqual(header);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet(IMPORT_SHEET_NAME);
    expect((await parse(Buffer.from((await wb.xlsx.writeBuffer()) as unknown as ArrayBuffer))).errors).toEqual(header);
    expect(await parse(await buildQuestionSheet([]))).toEqual({ questions: [], errors: [{ row: 3, msg: '文件中没有试题数据！' }], totalErrors: 1 });
  });

  it('checks the right options of single and multiple questions', async () => {
    const two = single({ answerList: single().answerList.map((a, i) => ({ ...a, isRight: i < 2 })) });
    expect((await parse(await buildQuestionSheet([two]))).errors).toEqual([
      { row: 3, msg: '第3-6行（题目序号 1）：单选题必须有且只有一个正确项！（共4个选项，正确项2个）' },
    ]);
    const multi = single({ quType: 2 });
    const res = await parse(await buildQuestionSheet([single(), multi]));
    expect(res.errors).toEqual([{ row: 7, msg: '第7-10行（题目序号 2）：多选题至少要有两个正确项！（共4个选项，正确项1个）' }]);
    expect(res.questions.map((q) => q.no)).toEqual(['1']);
    const lonely = single({ quType: 3, answerList: [{ content: '正确', isRight: true }] });
    expect((await parse(await buildQuestionSheet([lonely]))).errors[0].msg).toBe('第3行（题目序号 1）：至少需要两个选项！（共1个选项，正确项1个）');
  });

  it('accepts only 0 or 1 in 是否正确项', async () => {
    const buf = await editSheet(await buildQuestionSheet([single()]), (ws) => {
      ws.getCell('H4').value = '2';
      ws.getCell('H6').value = null;
    });
    const res = await parse(buf);
    expect(res.errors).toEqual([
      { row: 4, msg: '第4行（题目序号 1）：是否正确项只能填写0或1，当前为：2' },
      { row: 6, msg: '第6行（题目序号 1）：是否正确项只能填写0或1，当前为：空' },
    ]);
    expect(res.questions).toEqual([]);
  });

  it('requires content, a known type and (when asked) 所属题库', async () => {
    const buf = await buildQuestionSheet([single({ content: '   ' }), single({ repoTitle: '' }), single({ quType: 7 })]);
    const res = await parse(buf);
    expect(res.errors).toEqual([
      { row: 3, msg: '第3-6行（题目序号 1）：题目内容不能为空！' },
      { row: 7, msg: '第7-10行（题目序号 2）：所属题库不能为空！' },
      { row: 11, msg: '第11-14行（题目序号 3）：题目类型不正确：7！' },
    ]);
    const loose = await parse(await buildQuestionSheet([single({ repoTitle: '' })]), false);
    expect(loose.errors).toEqual([]);
    expect(loose.questions[0].repoTitle).toBe('');
  });

  it('accepts numeric codes and Chinese labels for 题目类型, blank or 0 on continuation rows', async () => {
    const buf = await editSheet(await buildQuestionSheet([single(), single({ quType: 2 }), single(), single({ quType: 3 })]), (ws) => {
      ws.getCell('B3').value = 1; // a real number cell
      ws.getCell('B4').value = 0; // yf's export writes 0 on continuation rows
      ws.getCell('B5').value = '0';
      ws.getCell('B7').value = '多选';
      ws.getCell('B11').value = '单选题';
      ws.getCell('B15').value = '判断';
      ws.getCell('H7').value = '1';
    });
    const res = await parse(buf);
    expect(res.errors).toEqual([]);
    expect(res.questions.map((q) => q.quType)).toEqual([1, 2, 1, 3]);
  });

  it('reads rich text, hyperlinks, formulas, numbers and dates; keeps HTML and inner newlines', async () => {
    const buf = await editSheet(await buildQuestionSheet([single()]), (ws) => {
      ws.getCell('A3').value = 1;
      ws.getCell('C3').value = { richText: [{ text: '  <p>第一行\n' }, { font: { bold: true }, text: '第二行</p>  ' }] };
      ws.getCell('D3').value = new Date(Date.UTC(2024, 4, 1));
      ws.getCell('D3').style = { ...ws.getCell('D3').style, numFmt: 'yyyy-mm-dd' }; // styles are shared objects
      ws.getCell('E3').value = { text: 'http://example.com/a.png', hyperlink: 'http://example.com/a.png' };
      ws.getCell('H3').value = 0; // a number cell (exceljs drops a formula's result when it is 0)
      ws.getCell('H4').value = { formula: '2-1', result: 1 };
      ws.getCell('I5').value = 3.5;
    });
    const res = await parse(buf);
    expect(res.errors).toEqual([]);
    expect(res.questions[0]).toMatchObject({ no: '1', content: '<p>第一行\n第二行</p>', analysis: '2024-05-01', image: 'http://example.com/a.png' });
    expect(res.questions[0].answerList.map((a) => [a.content, a.isRight])).toEqual([['1', false], ['2', true], ['3.5', false], ['4', false]]);
  });

  it('reports every bad question and reused numbers, skips blank rows, reads the first sheet by default', async () => {
    const bad = await parse(await buildQuestionSheet([single({ quType: 2 }), single(), single({ content: '' })]));
    expect(bad.errors.map((e) => e.row)).toEqual([3, 11]);
    expect(bad.questions).toHaveLength(1);

    const reused = await editSheet(await buildQuestionSheet([single(), single(), single()]), (ws) => {
      for (const r of [11, 12, 13, 14]) ws.getCell(`A${r}`).value = '1';
      ws.spliceRows(5, 0, []);
    });
    const res = await parse(reused);
    expect(res.errors).toEqual([{ row: 12, msg: '第12行：题目序号重复：1（已在第3-7行使用）' }]);
    expect(res.questions.map((q) => q.rows)).toEqual([[3, 4, 6, 7], [8, 9, 10, 11]]);

    const renamed = await editSheet(await buildQuestionSheet([single()]), (ws) => (ws.name = 'Sheet1'));
    expect((await parse(renamed)).questions).toHaveLength(1);
  });
});

