/**
 * The import parser's caps and its xlsx reader on hostile and hand-written files. Every file is
 * built at test time in a temp folder (big ones streamed through yazl, so the test never holds them
 * whole) and removed afterwards. Assertions are on results only, never on time or memory (see
 * bench/import-memory.mts for those).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_HEADERS } from '@kaopei/contracts/qu';
import { col, type Data, HEADER, lieAboutSizes, NS, questionRows, repeated, row, SHEET, sheetXml, writeZip, xlsxEntries } from './qu.test-zips';
import { MSG_BAD_FILE } from '../../lib/xlsx-text';
import { DEFAULT_IMPORT_LIMITS, parseQuestionFile, parseQuestionSheet, type ParseQuestionOptions } from './qu.import';
import { buildQuestionSheet } from './qu.sheet';

const MiB = 1024 * 1024;
const BAD_FILE = { questions: [], errors: [{ row: 0, msg: MSG_BAD_FILE }], totalErrors: 1 };
const refusal = (row: number, msg: string) => ({ questions: [], errors: [{ row, msg }], totalErrors: 1 });

let dir: string;
let n = 0;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-import-limits-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const tmpFile = (ext = 'xlsx') => path.join(dir, `f${++n}.${ext}`);

const writeXlsx = async (parts: Parameters<typeof xlsxEntries>[0]) => writeZip(tmpFile(), xlsxEntries(parts));
const parse = (file: string, more: Partial<ParseQuestionOptions> = {}) => parseQuestionFile(file, { repoFromFile: true, ...more });


describe('parseQuestionFile refuses zip bombs and broken zips', () => {
  const BOMB_ROW = '<row><c t="inlineStr"><is><t>炸弹炸弹炸弹</t></is></c></row>';
  let bomb: string;
  beforeAll(async () => {
    // 300 MB of sheet XML deflated into a file of about 2 MB
    bomb = await writeXlsx({ sheet: () => repeated(`<worksheet ${NS}><sheetData>${HEADER}`, BOMB_ROW, '</sheetData></worksheet>', 300 * MiB) });
  });

  it('refuses a zip bomb (300 MB of sheet XML in a small file) with the size message', async () => {
    expect(fs.statSync(bomb).size).toBeLessThan(10 * MiB);
    expect(DEFAULT_IMPORT_LIMITS.maxUncompressedBytes).toBe(64 * MiB);
    expect(await parse(bomb)).toEqual(refusal(0, '文件解压后超过64MB，请拆分后再导入！'));
    expect(await parse(bomb, { limits: { maxUncompressedBytes: 1.5 * MiB } })).toEqual(refusal(0, '文件解压后超过1.5MB，请拆分后再导入！'));
  });

  it('refuses a zip whose headers lie about the uncompressed sizes', async () => {
    const lying = tmpFile();
    fs.copyFileSync(bomb, lying);
    lieAboutSizes(lying, SHEET, 1000); // the sheet claims 1000 bytes: inflating shows more
    expect(await parse(lying)).toEqual(BAD_FILE);
    // claims more than it holds, under the cap: inflating shows less
    const small = await writeXlsx({ sheet: sheetXml(questionRows(1)) });
    lieAboutSizes(small, SHEET, 40_000);
    expect(await parse(small)).toEqual(BAD_FILE);
  });

  it('refuses a file that is not a zip, an empty zip, a zip without a workbook and duplicate entries', async () => {
    const text = tmpFile('csv');
    fs.writeFileSync(text, '题目序号,题目类型\n1,单选\n');
    expect(await parse(text)).toEqual(BAD_FILE);
    expect(await parse(await writeZip(tmpFile(), []))).toEqual(BAD_FILE);
    expect(await parse(await writeZip(tmpFile(), [['readme.txt', 'hello']]))).toEqual(BAD_FILE);
    const entries = xlsxEntries({ sheet: sheetXml(questionRows(1)) });
    expect((await parse(await writeZip(tmpFile(), entries))).questions).toHaveLength(1);
    expect(await parse(await writeZip(tmpFile(), [...entries, [SHEET, sheetXml('')]]))).toEqual(BAD_FILE);
    // the workbook names a sheet part that is not in the zip
    expect(await parse(await writeZip(tmpFile(), entries.filter(([name]) => !name.includes('worksheets'))))).toEqual(BAD_FILE);
    expect(await parse(path.join(dir, 'missing.xlsx'))).toEqual(BAD_FILE);
  });

  it('refuses more zip entries than maxEntries', async () => {
    const entries = [...xlsxEntries({ sheet: sheetXml(questionRows(1)) }), ...Array.from({ length: 30 }, (_, i): [string, Data] => [`xl/media/image${i}.png`, 'x'])];
    const file = await writeZip(tmpFile(), entries);
    expect((await parse(file)).questions).toHaveLength(1);
    expect(await parse(file, { limits: { maxEntries: 20 } })).toEqual(refusal(0, '文件格式不正确（压缩包内超过20个文件），请上传.xlsx文件！'));
  });

  it('refuses malformed or hostile XML as a bad file', async () => {
    const deep = await writeXlsx({ sheet: () => repeated(`<worksheet ${NS}>`, '<a>', '', 4 * MiB) });
    expect(await parse(deep)).toEqual(BAD_FILE);
    // well-formed, but nested deeper than any OOXML (the parser keeps every open element)
    const nested = (depth: number) => sheetXml(questionRows(1)).replace('</worksheet>', `<extLst>${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</extLst></worksheet>`);
    expect((await parse(await writeXlsx({ sheet: nested(50) }))).questions).toHaveLength(1);
    expect(await parse(await writeXlsx({ sheet: nested(100) }))).toEqual(BAD_FILE);
    const attributes = Array.from({ length: 600 }, (_, i) => `a${i}="1"`).join(' ');
    expect(await parse(await writeXlsx({ sheet: sheetXml(`<row r="3" ${attributes}/>`) }))).toEqual(BAD_FILE);
    expect(await parse(await writeXlsx({ sheet: `<worksheet ${NS}><sheetData>${HEADER}${questionRows(2)}<row r="20"><c>` }))).toEqual(BAD_FILE);
    expect(await parse(await writeXlsx({ sheet: sheetXml(questionRows(1)), sharedStrings: '<sst><si><t>&bomb;</t></si></sst>' }))).toEqual(BAD_FILE);
  });
});

describe('parseQuestionFile caps cells, rows and errors', () => {
  it('reports a 30 MB cell as a row error under the default cap, and refuses it under a 16 MB cap', async () => {
    // question 1 (rows 3-5) has a 30 MB 题目内容; question 2 (rows 6-9) is fine
    const head = `<worksheet ${NS}><sheetData>${HEADER}<row r="3"><c r="A3" t="inlineStr"><is><t>1</t></is></c><c r="B3" t="inlineStr"><is><t>单选</t></is></c><c r="C3" t="inlineStr"><is><t>`;
    const tail = `</t></is></c></row>${row(4, ['1', '', '', '', '', '', '', '1', '对'])}${row(5, ['1', '', '', '', '', '', '', '0', '错'])}${questionRows(1, 6, 2)}</sheetData></worksheet>`;
    const big = await writeXlsx({ sheet: () => repeated(head, 'x', tail, 30 * MiB) });
    const res = await parse(big, { repoFromFile: false });
    expect(res.errors).toEqual([{ row: 3, msg: `第3行（题目序号 1）：题目内容不能超过20000个字符（当前${30 * MiB}个字符）！` }]);
    expect(res.questions.map((q) => [q.no, q.rows])).toEqual([['2', [6, 7, 8, 9]]]);
    expect(await parse(big, { limits: { maxUncompressedBytes: 16 * MiB } })).toEqual(refusal(0, '文件解压后超过16MB，请拆分后再导入！'));
  });

  it('names every over-long cell of a row and skips only that question', async () => {
    const long = 'x'.repeat(11);
    const file = await writeXlsx({
      sheet: sheetXml(
        questionRows(1) +
          row(7, ['2', '单选', long, '', '', '', '测试题库', '1', long]) +
          row(8, ['2', '', '', '', '', '', '', '0', 'B']) +
          row(9, ['', '', '', '', '', '', '', '0', ` ${'y'.repeat(10)} `]),
      ),
    });
    const res = await parse(file, { limits: { maxCellChars: 10 } });
    expect(res.errors).toEqual([
      { row: 7, msg: '第7行（题目序号 2）：题目内容不能超过10个字符（当前11个字符）！选项内容不能超过10个字符（当前11个字符）！' },
      { row: 9, msg: '第9行：题目序号不能为空！' },
    ]);
    expect(res.totalErrors).toBe(2);
    expect(res.questions.map((q) => q.no)).toEqual(['1']);
    const blankNo = await writeXlsx({ sheet: sheetXml(row(3, ['', '单选', long])) });
    expect((await parse(blankNo, { limits: { maxCellChars: 10 } })).errors).toEqual([
      { row: 3, msg: '第3行：题目内容不能超过10个字符（当前11个字符）！' },
      { row: 3, msg: '第3行：题目序号不能为空！' },
    ]);
  });

  it('stops past maxRows data rows with one whole-file error', async () => {
    const atCap = await writeXlsx({ sheet: sheetXml(questionRows(5000)) });
    const full = await parse(atCap);
    expect(full.errors).toEqual([]);
    expect(full.questions).toHaveLength(5000);
    const over = await writeXlsx({ sheet: sheetXml(questionRows(5000) + row(20_003, ['5001', '判断', '对吗？', '', '', '', '测试题库', '1', '对'])) });
    expect(await parse(over)).toEqual(refusal(0, '文件超过20000行试题数据，请拆分后再导入！'));
    // blank rows do not count
    const blanks = await writeXlsx({ sheet: sheetXml(questionRows(2) + Array.from({ length: 50 }, (_, i) => `<row r="${20 + i}"><c r="A${20 + i}"/></row>`).join('')) });
    expect((await parse(blanks, { limits: { maxRows: 8 } })).questions).toHaveLength(2);
    expect(await parse(blanks, { limits: { maxRows: 7 } })).toEqual(refusal(0, '文件超过7行试题数据，请拆分后再导入！'));
  });

  it('cuts the error list at maxErrors with a summary entry, and counts them all', async () => {
    const bad = (count: number) =>
      writeXlsx({ sheet: sheetXml(Array.from({ length: count }, (_, i) => row(3 + i, [String(i + 1), '单选', '题', '', '', '', '库', '2', 'A'])).join('')) });
    const msg = (r: number) => `第${r}行（题目序号 ${r - 2}）：是否正确项只能填写0或1，当前为：2`;
    const many = await parse(await bad(250));
    expect(many.totalErrors).toBe(250);
    expect(many.errors).toHaveLength(201);
    expect(many.errors.slice(0, 200)).toEqual(Array.from({ length: 200 }, (_, i) => ({ row: 3 + i, msg: msg(3 + i) })));
    expect(many.errors[200]).toEqual({ row: 203, msg: '……另有50处错误未列出' });
    const few = await parse(await bad(250), { limits: { maxErrors: 5 } });
    expect(few.errors.map((e) => e.msg)).toEqual([...[3, 4, 5, 6, 7].map(msg), '……另有245处错误未列出']);
    expect(few.totalErrors).toBe(250);
    const exact = await parse(await bad(200));
    expect([exact.errors.length, exact.totalErrors]).toEqual([200, 200]);
  });

  it('keeps the first errors by row when a question error comes after the rows it covers', async () => {
    // question 1 spans rows 3-12 with 2 right options (its error is found after rows 4-12 reported theirs)
    const rows = [row(3, ['1', '单选', '题', '', '', '', '库', '1', 'A'])];
    for (let r = 4; r <= 12; r++) rows.push(row(r, ['1', '', '', '', '', '', '', r === 4 ? '1' : '0', `选项${r}`]));
    // then 100 rows without a number: the list is compacted (sorted, cut) several times before question 1 ends
    for (let r = 13; r < 113; r++) rows.push(row(r, ['', '', '', '', '', '', '', '0', 'x']));
    const res = await parse(await writeXlsx({ sheet: sheetXml(rows.join('')) }), { limits: { maxErrors: 3 } });
    expect(res.errors).toEqual([
      { row: 3, msg: '第3-12行（题目序号 1）：单选题必须有且只有一个正确项！（共10个选项，正确项2个）' },
      { row: 13, msg: '第13行：题目序号不能为空！' },
      { row: 14, msg: '第14行：题目序号不能为空！' },
      { row: 15, msg: '……另有98处错误未列出' },
    ]);
    expect(res.totalErrors).toBe(101);
  });
});

describe('parseQuestionFile progress and abort', () => {
  let file: string;
  beforeAll(async () => {
    file = await writeXlsx({ sheet: sheetXml(questionRows(250)) }); // 1000 data rows
  });

  it('reports progress every 200 data rows and at the end', async () => {
    const seen: number[] = [];
    expect((await parse(file, { onProgress: (p) => seen.push(p.rows) })).questions).toHaveLength(250);
    expect(seen).toEqual([200, 400, 600, 800, 1000]);
    const odd = await writeXlsx({ sheet: sheetXml(questionRows(51)) });
    const seenOdd: number[] = [];
    await parse(odd, { onProgress: (p) => seenOdd.push(p.rows) });
    expect(seenOdd).toEqual([200, 204]);
  });

  it('stops reading when the signal fires', async () => {
    const before = new AbortController();
    before.abort();
    await expect(parse(file, { signal: before.signal })).rejects.toMatchObject({ name: 'AbortError' });
    const during = new AbortController();
    const seen: number[] = [];
    const reason = new Error('stopped by the test');
    await expect(parse(file, { signal: during.signal, onProgress: (p) => (seen.push(p.rows), during.abort(reason)) })).rejects.toBe(reason);
    expect(seen).toEqual([200]);
    // the parser still works afterwards (nothing left half-open)
    expect((await parse(file)).questions).toHaveLength(250);
  });
});

describe('parseQuestionFile reads cells as exceljs does', () => {
  it('reads shared and inline strings, rich runs without phonetics, escapes, formulas, dates, booleans and prefixed XML', async () => {
    const X = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const sharedStrings =
      `<x:sst ${X}><x:si><x:t>单选</x:t></x:si>` +
      '<x:si><x:r><x:t xml:space="preserve"> 东京</x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>是首都 </x:t></x:r><x:rPh sb="0" eb="2"><x:t>とうきょう</x:t></x:rPh></x:si>' +
      '<x:si><x:t>第一行_x000D_第二行</x:t></x:si><x:si><x:t><![CDATA[<p>甲 & 乙</p>]]></x:t></x:si></x:sst>';
    const styles =
      '<styleSheet><numFmts><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="165" formatCode="0.00&quot;分&quot;"/></numFmts>' +
      '<cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/><xf numFmtId="165"/></cellXfs></styleSheet>';
    const c = (ref: string, attrs: string, inner: string) => `<x:c${ref ? ` r="${ref}"` : ''} ${attrs}>${inner}</x:c>`;
    const sheet =
      `<x:worksheet ${X}><x:sheetData>` +
      `<x:row r="2">${IMPORT_HEADERS.map((h, i) => c(`${col(i)}2`, 't="inlineStr"', `<x:is><x:t>${h}</x:t></x:is>`)).join('')}</x:row>` +
      // a row without r follows the previous row; cells without r follow the previous cell
      `<x:row>${c('A3', '', '<x:v>1</x:v>')}${c('', 't="s"', '<x:v>0</x:v>')}${c('', 't="s"', '<x:v>1</x:v>')}${c('', 't="s"', '<x:v>2</x:v>')}` +
      `${c('E3', 't="str"', '<x:f>"a"&amp;"b"</x:f><x:v>ab</x:v>')}${c('F3', 't="s"', '<x:v>99</x:v>')}` +
      `${c('G3', 't="inlineStr"', '<x:is><x:r><x:t>地理</x:t></x:r><x:r><x:t>题库</x:t></x:r></x:is>')}` +
      `${c('H3', '', '<x:f>1-1</x:f><x:v>0</x:v>')}${c('I3', 's="1"', '<x:v>45413</x:v>')}${c('J3', 't="b"', '<x:v>1</x:v>')}${c('K3', 't="e"', '<x:v>#N/A</x:v>')}</x:row>` +
      `<x:row r="4">${c('A4', '', '<x:v>1</x:v>')}${c('H4', '', '<x:v>1</x:v>')}${c('I4', 's="2"', '<x:v>45413.5</x:v>')}${c('J4', 's="3"', '<x:v>3.5</x:v>')}${c('K4', 't="s"', '<x:v>3</x:v>')}</x:row>` +
      `<x:row r="5">${c('A5', '', '<x:v>1</x:v>')}${c('H5', 't="inlineStr"', '<x:is><x:t>0</x:t></x:is>')}${c('I5', 't="inlineStr"', '<x:is><x:t>第三项</x:t></x:is>')}` +
      `${c('L5', 't="inlineStr"', '<x:is><x:t>第12列不读</x:t></x:is>')}</x:row>` +
      '</x:sheetData></x:worksheet>';
    const res = await parse(await writeXlsx({ sheet, sharedStrings, styles }));
    expect(res.errors).toEqual([]);
    expect(res.questions).toEqual([
      {
        no: '1',
        rows: [3, 4, 5],
        quType: 1,
        level: 1,
        content: '东京是首都',
        analysis: '第一行\r第二行',
        image: 'ab',
        video: '',
        repoTitle: '地理题库',
        chapter: '',
        answer: '',
        keywords: [],
        blankOpts: { ignoreCase: false, fullHalf: false, anyOrder: false },
        subList: [],
        answerList: [
          // a formula's cached 0 is read (exceljs's own loader dropped it)
          { content: '2024-05-01', isRight: false, analysis: 'TRUE', image: '', answer: '' },
          { content: '2024-05-01 12:00:00', isRight: true, analysis: '3.5', image: '<p>甲 & 乙</p>', answer: '' },
          { content: '第三项', isRight: false, analysis: '', image: '', answer: '' },
        ],
      },
    ]);
  });

  it('reads a shared strings table of many chunks', async () => {
    const sharedStrings = `<sst>${Array.from({ length: 10_000 }, (_, i) => (i % 7 === 0 ? '<si/>' : `<si><t>串${i}</t></si>`)).join('')}</sst>`;
    const indexes = [0, 1, 4095, 4096, 4097, 8191, 8192, 9999, 10_000];
    const text = (ref: string, t: string) => `<c r="${ref}" t="inlineStr"><is><t>${t}</t></is></c>`;
    const rows = indexes.map((index, k) => {
      const r = 3 + k;
      const head = k === 0 ? text(`B${r}`, '多选') + text(`C${r}`, '哪些是串？') + text(`G${r}`, '库') : '';
      return `<row r="${r}">${text(`A${r}`, '1')}${head}${text(`H${r}`, '1')}${text(`I${r}`, `选项${k}`)}<c r="J${r}" t="s"><v>${index}</v></c></row>`;
    });
    const res = await parse(await writeXlsx({ sheet: sheetXml(rows.join('')), sharedStrings }));
    expect(res.errors).toEqual([]);
    // chunks of 4096 strings: the first and last of each, empty strings, and an index past the end
    expect(res.questions[0].answerList.map((a) => a.analysis)).toEqual(['', '串1', '', '串4096', '串4097', '串8191', '串8192', '串9999', '']);
  });

  it('reads dates in the 1904 date system', async () => {
    const styles = '<styleSheet><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>';
    const workbook = `<workbook ${NS}><workbookPr date1904="1"/><sheets><sheet name="试题数据" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    // option B of the question is a date cell (serial 43951 counts from 1904-01-01)
    const rows = questionRows(1).replace('<c r="I4" t="inlineStr"><is><t>B</t></is></c>', '<c r="I4" s="1"><v>43951</v></c>');
    const res = await parse(await writeXlsx({ sheet: sheetXml(rows), styles, workbook }));
    expect(res.questions[0].answerList.map((a) => a.content)).toEqual(['A', '2024-05-01', 'C', 'D']);
  });

  it('reads the sheet named 试题数据 wherever it is, else the first worksheet', async () => {
    const data = await buildQuestionSheet([{ quType: 3, content: '地球是圆的。', repoTitle: '常识', answerList: [{ content: '对', isRight: true }, { content: '错', isRight: false }] }]);
    const source = new ExcelJS.Workbook();
    await source.xlsx.load(data as unknown as Parameters<typeof source.xlsx.load>[0]);
    const copy = (to: ExcelJS.Worksheet) => source.worksheets[0].eachRow((r, i) => (to.getRow(i).values = r.values as ExcelJS.CellValue[]));
    const second = new ExcelJS.Workbook();
    second.addWorksheet('封面').getCell('A1').value = '说明';
    copy(second.addWorksheet('试题数据'));
    const res = await parseQuestionSheet(Buffer.from((await second.xlsx.writeBuffer()) as unknown as ArrayBuffer), { repoFromFile: true });
    expect(res.questions.map((q) => q.content)).toEqual(['地球是圆的。']);
    const unnamed = new ExcelJS.Workbook();
    copy(unnamed.addWorksheet('Sheet1'));
    unnamed.addWorksheet('Sheet2').getCell('B2').value = '题目类型';
    expect((await parseQuestionSheet(Buffer.from((await unnamed.xlsx.writeBuffer()) as unknown as ArrayBuffer), { repoFromFile: true })).questions).toHaveLength(1);
    const wrongFirst = new ExcelJS.Workbook();
    wrongFirst.addWorksheet('Sheet1').getCell('B2').value = '题目类型';
    copy(wrongFirst.addWorksheet('Sheet2'));
    expect((await parseQuestionSheet(Buffer.from((await wrongFirst.xlsx.writeBuffer()) as unknown as ArrayBuffer), { repoFromFile: true })).errors).toEqual([
      { row: 2, msg: '表头不正确，请下载并使用导入模板！' },
    ]);
  });
});
