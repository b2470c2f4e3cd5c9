/**
 * The question spreadsheet of every type (qu.import.ts parser, qu.sheet.ts writer; docs/decisions.md
 * "Spreadsheet of every type"): the template's two sheets and its example per type, each type read
 * from its rows, every bad row of the new columns reported with its row and the spec's words, and
 * files whose header stops after yf's K column or after one of ours.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_HEADERS, IMPORT_HELP_SHEET_NAME, IMPORT_SHEET_NAME } from '@kaopei/contracts/qu';
import { parseQuestionSheet } from './qu.import';
import { parseBlankOptsCell, parseKeywordsCell } from './qu.sheet-cells';
import { buildImportTemplate, buildQuestionSheet, type SheetQuestion } from './qu.sheet';

const parse = (buf: Buffer) => parseQuestionSheet(buf, { repoFromFile: true });

async function load(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as Parameters<typeof wb.xlsx.load>[0]);
  return wb;
}

/** Loads an xlsx, lets `edit` change its 试题数据 sheet, writes it back. */
async function editSheet(buf: Buffer, edit: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = await load(buf);
  edit(wb.getWorksheet(IMPORT_SHEET_NAME) as ExcelJS.Worksheet);
  return Buffer.from((await wb.xlsx.writeBuffer()) as unknown as ArrayBuffer);
}

const R = '库';
const single: SheetQuestion = { quType: 1, content: '一加一？', repoTitle: R, answerList: [{ content: '1', isRight: false }, { content: '2', isRight: true }] };
const saq = (over: Partial<SheetQuestion> = {}): SheetQuestion => ({ quType: 4, content: '简述。', repoTitle: R, answer: '参考', keywords: [{ word: '甲', score: 1 }], answerList: [], ...over });
const fill = (over: Partial<SheetQuestion> = {}): SheetQuestion => ({
  quType: 5, content: '首都是___，河流是______。', repoTitle: R, blankOpts: { fullHalf: true, anyOrder: true },
  answerList: [{ content: '', isRight: false, answer: '北京|Beijing' }, { content: '', isRight: false, answer: 'a\\|b|长江' }], ...over,
});
const match = (over: Partial<SheetQuestion> = {}): SheetQuestion => ({
  quType: 6, content: '配对。', repoTitle: R,
  answerList: [{ content: '左一', isRight: false, answer: '右一' }, { content: '左二', isRight: false, answer: '右二' }, { content: '', isRight: false, answer: '干扰' }], ...over,
});
const mix = (over: Partial<SheetQuestion> = {}): SheetQuestion => ({
  quType: 99, content: '材料。', repoTitle: R, chapter: '第一章', level: 2, answerList: [],
  subList: [{ ...single, level: 2 }, { ...saq(), keywords: [] }, fill({ blankOpts: {} }), match()], ...over,
});

describe('the template', () => {
  it('has the 试题数据 sheet with every column and one example per type, and a 填写说明 sheet explaining each column and type', async () => {
    const buf = await buildImportTemplate();
    const wb = await load(buf);
    expect(wb.worksheets.map((w) => w.name)).toEqual([IMPORT_SHEET_NAME, IMPORT_HELP_SHEET_NAME]);
    const ws = wb.getWorksheet(IMPORT_SHEET_NAME) as ExcelJS.Worksheet;
    expect(ws.model.merges).toEqual(['A1:R1']);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual([...IMPORT_HEADERS]);
    expect(ws.getCell('P2').note).toBeDefined();
    const cellTypes = new Set<string>();
    ws.eachRow((row, r) => r >= 3 && row.eachCell((c) => cellTypes.add(typeof c.value)));
    expect([...cellTypes]).toEqual(['string']);

    const help = wb.getWorksheet(IMPORT_HELP_SHEET_NAME) as ExcelJS.Worksheet;
    const rows = Array.from(help.getSheetValues()).slice(1).map((r) => (Array.isArray(r) ? Array.from(r).slice(1).map((v) => String(v ?? '')) : []));
    expect(rows[0]).toEqual(['列', '列名', '适用题型', '填写说明']);
    expect(rows.slice(1, 19).map((r) => [r[0], r[1]])).toEqual(IMPORT_HEADERS.map((h, i) => [String.fromCharCode(65 + i), h]));
    expect(rows.slice(1, 19).every((r) => (r[3] ?? '').length > 5)).toBe(true);
    const typeTable = rows.findIndex((r) => r[0] === '题型');
    expect(rows.slice(typeTable + 1, typeTable + 8).map((r) => [r[0], r[1]])).toEqual([
      ['单选题', '1'], ['多选题', '2'], ['判断题', '3'], ['简答题', '4'], ['填空题', '5'], ['配伍题', '6'], ['组合题', '99'],
    ]);
    expect(rows[typeTable + 5]?.[3]).toContain('北京|Beijing');

    const res = await parse(buf);
    expect(res.errors).toEqual([]);
    expect(res.questions.map((q) => [q.quType, q.answerList.length, q.subList.length, q.repoTitle])).toEqual([
      [1, 4, 0, '示例题库'], [2, 4, 0, '示例题库'], [3, 2, 0, '示例题库'], [4, 0, 0, '示例题库'], [5, 2, 0, '示例题库'], [6, 3, 0, '示例题库'], [99, 0, 2, '示例题库'],
    ]);
    const [, , , s, f, m, c] = res.questions;
    expect(s).toMatchObject({ level: 2, chapter: '物理', keywords: [{ word: '静止', score: 2 }, { word: '匀速直线运动', score: 2 }] });
    expect(s?.answer).toContain('匀速直线运动状态');
    expect(f).toMatchObject({ blankOpts: { ignoreCase: true, fullHalf: false, anyOrder: false } });
    expect(f?.answerList.map((o) => o.answer)).toEqual(['北京|Beijing', '长江|扬子江']);
    expect(m?.answerList.map((o) => [o.content, o.answer])).toEqual([['鲁迅', '《呐喊》'], ['曹雪芹', '《红楼梦》'], ['', '《围城》']]);
    expect(c?.subList.map((x) => [x.no, x.quType])).toEqual([['7-1', 1], ['7-2', 5]]);
  });
});

describe('every type through the sheet', () => {
  it('writes and reads back short answer, fill blank, matching and combined with every field', async () => {
    const res = await parse(await buildQuestionSheet([saq({ level: 2, chapter: '章' }), fill(), match(), mix()]));
    expect(res.errors).toEqual([]);
    const [s, f, m, c] = res.questions;
    expect(s).toMatchObject({ quType: 4, level: 2, chapter: '章', answer: '参考', keywords: [{ word: '甲', score: 1 }], answerList: [] });
    expect(f).toMatchObject({ quType: 5, content: '首都是___，河流是______。', blankOpts: { ignoreCase: false, fullHalf: true, anyOrder: true } });
    expect(f?.answerList.map((o) => o.answer)).toEqual(['北京|Beijing', 'a\\|b|长江']);
    expect(m?.answerList.map((o) => [o.content, o.answer, o.isRight])).toEqual([['左一', '右一', false], ['左二', '右二', false], ['', '干扰', false]]);
    expect(c).toMatchObject({ quType: 99, no: '4', level: 2, chapter: '第一章', answerList: [] });
    expect(c?.subList.map((x) => [x.no, x.quType, x.level, x.answerList.length])).toEqual([['4-1', 1, 2, 2], ['4-2', 4, 1, 0], ['4-3', 5, 1, 2], ['4-4', 6, 1, 3]]);
    expect(c?.subList[1]).toMatchObject({ answer: '参考', keywords: [] });
    expect(c?.rows).toEqual([9]);
    expect(c?.subList[3]?.rows).toEqual([15, 16, 17]);
  });

  it('reads labels and a sub-question numbered freely; 是否正确项 of blanks and pairs may be blank, 0 or 1', async () => {
    const buf = await editSheet(await buildQuestionSheet([fill(), mix({ subList: [single] })]), (ws) => {
      ws.getCell('B3').value = '填空';
      ws.getCell('L3').value = '较难';
      ws.getCell('H3').value = '1';
      ws.getCell('H4').value = '0';
      ws.getCell('A6').value = '甲';
      ws.getCell('A7').value = '甲';
      ws.getCell('N6').value = '2';
    });
    const res = await parse(buf);
    expect(res.errors).toEqual([]);
    expect(res.questions.map((q) => [q.quType, q.level])).toEqual([[5, 2], [99, 2]]);
    expect(res.questions[1]?.subList.map((x) => x.no)).toEqual(['甲']);
  });

  it('reports every bad row of the new types with its rows and nothing else', async () => {
    const buf = await buildQuestionSheet([
      saq({ answerList: [{ content: '不该有', isRight: false }] }), // 3-? one option row
      saq({ keywords: [{ word: '甲', score: 1 }, { word: '甲', score: 2 }] }),
      fill({ content: '只有一个空___' }),
      fill({ answerList: [{ content: '', isRight: false, answer: '北京' }, { content: '', isRight: false, answer: ' | ' }] }),
      match({ answerList: [{ content: '左', isRight: false, answer: '右' }] }),
      mix({ subList: [] }),
      single,
    ]);
    const res = await parse(buf);
    expect(res.errors).toEqual([
      { row: 3, msg: '第3行（题目序号 1）：简答题不能有选项，请填写参考答案！' },
      { row: 4, msg: '第4行（题目序号 2）：关键词不能重复！' },
      { row: 5, msg: '第5-6行（题目序号 3）：题目内容中有1个空（___），但填写了2个空的答案！' },
      { row: 7, msg: '第7-8行（题目序号 4）：第2个空至少需要一个答案！' },
      { row: 9, msg: '第9行（题目序号 5）：配伍题至少需要两组配对！' },
      { row: 10, msg: '第10行（题目序号 6）：组合题至少需要一个小题（小题的所属组合题填写本题的题目序号）！' },
    ]);
    expect(res.questions.map((q) => q.no)).toEqual(['7']);
  });

  it('reports bad cells: 难度, 关键词, 填空选项, cells of another type, 选项答案 on a choice, 是否正确项 of a blank', async () => {
    const buf = await editSheet(await buildQuestionSheet([saq(), fill(), single, match()]), (ws) => {
      ws.getCell('L3').value = '3';
      ws.getCell('P3').value = '甲；乙:0';
      ws.getCell('Q4').value = '忽略大小写、不区分';
      ws.getCell('H5').value = '2';
      ws.getCell('R7').value = '2';
      ws.getCell('O6').value = '不该有';
      ws.getCell('Q8').value = '忽略大小写';
    });
    const res = await parse(buf);
    expect(res.errors).toEqual([
      { row: 3, msg: '第3行（题目序号 1）：难度只能填写1（普通）或2（较难），当前为：3！关键词格式不正确：甲（应为 关键词:分值，多个用分号分隔）！' },
      { row: 4, msg: '第4-5行（题目序号 2）：填空选项不正确：不区分（可填写：忽略大小写、全角半角视为相同、各空答案可交换顺序）！' },
      { row: 5, msg: '第5行（题目序号 2）：是否正确项只能填写0或1，当前为：2' },
      { row: 6, msg: '第6-7行（题目序号 3）：参考答案只用于简答题！' },
      { row: 7, msg: '第7行（题目序号 3）：选项答案只用于填空题和配伍题，单选题请用是否正确项标出正确选项！' },
      { row: 8, msg: '第8-10行（题目序号 4）：填空选项只用于填空题！' },
    ]);
    expect(res.questions).toEqual([]);
    const noMarks = await parse(await buildQuestionSheet([fill({ content: '首都是哪里？' })]));
    expect(noMarks.errors).toEqual([{ row: 3, msg: '第3-4行（题目序号 1）：填空题的题目内容中没有标出空的位置（用三个或以上下划线 ___ 表示每个空）！' }]);
  });

  it('a sub-question must follow its combined question; a bad sub-question is reported on its rows and keeps its stem out', async () => {
    const buf = await editSheet(await buildQuestionSheet([mix({ subList: [single, { ...single, quType: 3 }] }), single, mix({ subList: [single] })]), (ws) => {
      // rows: 3 stem 1, 4-5 sub 1-1, 6-7 sub 1-2 (a 判断, now without a right option), 8-9 question 2,
      // 10 stem 3, 11-12 sub 3-1 (now naming stem 1, which is not just before it)
      ws.getCell('H7').value = '0';
      ws.getCell('N11').value = '1';
    });
    const res = await parse(buf);
    expect(res.errors).toEqual([
      { row: 6, msg: '第6-7行（题目序号 1-2）：判断题必须有且只有一个正确项！（共2个选项，正确项0个）' },
      { row: 11, msg: '第11-12行（题目序号 3-1）：所属组合题「1」不是写在本题之前的组合题（小题须紧跟在其组合题之后）！' },
    ]);
    expect(res.questions.map((q) => q.no)).toEqual(['2']);
    const nested = await parse(await buildQuestionSheet([mix({ subList: [{ quType: 99, content: '小材料', answerList: [] }] })]));
    expect(nested.errors).toEqual([{ row: 4, msg: '第4行（题目序号 1-1）：组合题的小题不能是组合题！' }]);
    const withOptions = await parse(await buildQuestionSheet([mix({ answerList: [{ content: 'x', isRight: false }], subList: [single] })]));
    expect(withOptions.errors[0]?.msg).toBe('第3行（题目序号 1）：组合题不能有选项，请在小题中填写！');
  });
});

describe('header width', () => {
  it('reads a file whose header stops after K (yf) or after any of L–R; other headers are refused', async () => {
    const cut = async (n: number) =>
      editSheet(await buildQuestionSheet([single, saq({ answer: '', keywords: [] })]), (ws) => {
        for (let c = n + 1; c <= IMPORT_HEADERS.length; c++) ws.getColumn(c).eachCell((cell) => (cell.value = null));
      });
    const yf = await parse(await cut(11));
    expect(yf.errors).toEqual([]);
    expect(yf.questions.map((q) => [q.quType, q.level])).toEqual([[1, 1], [4, 1]]);
    expect((await parse(await cut(13))).errors).toEqual([]);
    const wrong = await editSheet(await buildQuestionSheet([single]), (ws) => (ws.getCell('M2').value = '章节'));
    expect((await parse(wrong)).errors).toEqual([{ row: 2, msg: '表头不正确，请下载并使用导入模板！' }]);
    const gap = await editSheet(await buildQuestionSheet([single]), (ws) => (ws.getCell('L2').value = null));
    expect((await parse(gap)).errors).toEqual([{ row: 2, msg: '表头不正确，请下载并使用导入模板！' }]);
  });
});

describe('cell formats', () => {
  it('关键词: 词:分值 separated by semicolons or new lines, full-width colons too', () => {
    expect(parseKeywordsCell('惯性:2；静止：1.5\n 力 : 3 ;')).toEqual({ keywords: [{ word: '惯性', score: 2 }, { word: '静止', score: 1.5 }, { word: '力', score: 3 }] });
    expect(parseKeywordsCell('')).toEqual({ keywords: [] });
    expect(parseKeywordsCell('a:b:2')).toEqual({ keywords: [{ word: 'a:b', score: 2 }] });
    expect(parseKeywordsCell('惯性:0')).toEqual({ error: '关键词分值必须大于0！（惯性:0）' });
    expect(parseKeywordsCell('惯性:x')).toMatchObject({ error: expect.stringContaining('关键词格式不正确：惯性:x') });
  });

  it('填空选项: the form\'s labels separated by 、 , or blanks', () => {
    expect(parseBlankOptsCell('忽略大小写、各空答案可交换顺序')).toEqual({ opts: { ignoreCase: true, fullHalf: false, anyOrder: true } });
    expect(parseBlankOptsCell(' 全角半角视为相同 ,忽略大小写')).toEqual({ opts: { ignoreCase: true, fullHalf: true, anyOrder: false } });
    expect(parseBlankOptsCell('')).toEqual({ opts: { ignoreCase: false, fullHalf: false, anyOrder: false } });
  });
});
