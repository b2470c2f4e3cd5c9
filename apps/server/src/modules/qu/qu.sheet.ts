/**
 * Question spreadsheets in the import layout of every type (contracts `IMPORT_HEADERS`, qu.import.ts),
 * written with exceljs's STREAMING writer: the import template, and exports of any size (rows are
 * written and flushed as the questions arrive, so memory does not grow with the bank).
 *
 * Layout: sheet 试题数据, title row merged over the header's width, bold header row `IMPORT_HEADERS`
 * with a note on the columns that need one, then one row per option / blank / pair (a question
 * without options gets one row with blank option cells). 题目序号 runs 1…N in the given order; a
 * combined question's sub-questions follow it numbered `N-1`, `N-2`, … with 所属组合题 N. 题目类型 is
 * the numeric code, 是否正确项 `1`/`0` for types 1–3 (blank for the others), 难度 `1`/`2`, and
 * question cells are filled on each question's first row only. Every cell is text. A second sheet
 * 填写说明 (`IMPORT_HELP_SHEET_NAME`) explains each column and each type. `parseQuestionFile` reads
 * the first sheet back unchanged.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import { BLANK_MARK, IMPORT_HEADERS, IMPORT_HELP_SHEET_NAME, IMPORT_SHEET_NAME, type BlankOpts, type QuKeyword } from '@kaopei/contracts/qu';
import { blankOptsCell, COL, COLS, keywordsCell } from './qu.sheet-cells';
import { bufferOf } from '../../lib/stream-buffer';

/** An option / blank / pair to write; missing text fields are written blank. */
export interface SheetOption {
  content: string;
  isRight: boolean;
  analysis?: string;
  image?: string;
  /** 5: the accepted answers `a|b`; 6: the right-hand item. */
  answer?: string;
}

/** A sub-question of a combined question to write (types 1–6). */
export interface SheetSubQuestion {
  quType: number;
  /** 1 普通 (default), 2 较难. */
  level?: number;
  content: string;
  analysis?: string;
  image?: string;
  video?: string;
  /** 4: the reference answer. */
  answer?: string;
  /** 4: the keyword pre-score. */
  keywords?: readonly QuKeyword[];
  /** 5: how answers are compared. */
  blankOpts?: Partial<BlankOpts>;
  answerList: SheetOption[];
}

/** A question to write with `buildQuestionSheet`; missing text fields are written blank. */
export interface SheetQuestion extends SheetSubQuestion {
  repoTitle: string;
  /** Chapter title ('' / absent: none). */
  chapter?: string;
  /** 99: its sub-questions. */
  subList?: SheetSubQuestion[];
}

/** Types whose options carry no 是否正确项 (any other code, even an unknown one, is written as a choice). */
const NOT_CHOICE: readonly number[] = [QuType.SAQ, QuType.FILL, QuType.MATCH, QuType.MIX];
const COL_WIDTHS = [10, 10, 50, 36, 24, 24, 20, 12, 36, 30, 24, 8, 20, 12, 36, 24, 24, 30];

/** Notes on the header cells (hover text in Excel). */
const HEADER_NOTES: Partial<Record<number, string>> = {
  [COL.type]: '1 单选题，2 多选题，3 判断题，4 简答题，5 填空题，6 配伍题，99 组合题（也可填写 单选、多选、判断、简答、填空、配伍、组合）',
  [COL.isRight]: '单选、多选、判断题：1 正确，0 错误；其他题型留空',
  [COL.level]: '1 普通，2 较难；留空为普通',
  [COL.chapter]: '所属题库下的章节名称，没有时自动创建；可留空。小题留空',
  [COL.parent]: '只用于组合题的小题：填写所属组合题的题目序号，小题须紧跟在组合题之后',
  [COL.answer]: '只用于简答题：参考答案，可留空',
  [COL.keywords]: '只用于简答题：关键词:分值，多个用分号分隔，如 惯性:2；静止:1',
  [COL.blankOpts]: '只用于填空题：忽略大小写、全角半角视为相同、各空答案可交换顺序（可填多个，用、分隔）',
  [COL.optAnswer]: '填空题：该空的答案，多个可接受答案用|分隔；配伍题：左侧项对应的右侧答案（只填此列为干扰项）',
};

/** The sheet rows (COLS text cells each) of one question numbered `no` (sub-question: `parentNo` set). */
function questionRows(q: SheetQuestion | SheetSubQuestion, no: string, parentNo: string): string[][] {
  const top = 'repoTitle' in q ? q : undefined;
  const first: string[] = Array.from({ length: COLS }, () => '');
  const set = (row: string[], col: number, v: string | undefined) => (row[col - 1] = v ?? '');
  set(first, COL.no, no);
  set(first, COL.type, String(q.quType));
  set(first, COL.content, q.content);
  set(first, COL.analysis, q.analysis);
  set(first, COL.image, q.image);
  set(first, COL.video, q.video);
  set(first, COL.repo, parentNo ? '' : top?.repoTitle);
  set(first, COL.level, String(q.level ?? 1));
  set(first, COL.chapter, parentNo ? '' : top?.chapter);
  set(first, COL.parent, parentNo);
  if (q.quType === QuType.SAQ) {
    set(first, COL.answer, q.answer);
    set(first, COL.keywords, keywordsCell(q.keywords ?? []));
  }
  if (q.quType === QuType.FILL) set(first, COL.blankOpts, blankOptsCell(q.blankOpts));
  if (q.answerList.length === 0) return [first];
  return q.answerList.map((a, j) => {
    const row = j === 0 ? first : Array.from({ length: COLS }, (_, c) => (c === COL.no - 1 ? no : ''));
    set(row, COL.isRight, NOT_CHOICE.includes(q.quType) ? '' : a.isRight ? '1' : '0');
    set(row, COL.optContent, a.content);
    set(row, COL.optAnalysis, a.analysis);
    set(row, COL.optImage, a.image);
    set(row, COL.optAnswer, q.quType === QuType.FILL || q.quType === QuType.MATCH ? a.answer : '');
    return row;
  });
}

/**
 * Writes `questions` (any iterable, also async: e.g. pages read from the database) as an xlsx to
 * `out`, row by row, followed by the 填写说明 sheet. Resolves when the file is complete; rejects (and
 * leaves `out` to the caller) when reading the questions fails.
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
  for (const [col, note] of Object.entries(HEADER_NOTES)) header.getCell(Number(col)).note = note as string;
  header.commit();
  let i = 0;
  for await (const q of questions) {
    i++;
    const rows = questionRows(q, String(i), '');
    if (q.quType === QuType.MIX) (q.subList ?? []).forEach((sub, j) => rows.push(...questionRows(sub, `${i}-${j + 1}`, String(i))));
    for (const cells of rows) {
      const row = ws.addRow(cells);
      row.alignment = { vertical: 'top', wrapText: true };
      row.commit();
    }
  }
  ws.commit();
  writeHelpSheet(wb.addWorksheet(IMPORT_HELP_SHEET_NAME));
  await wb.commit();
}

/** What each column holds (sheet 填写说明, first table): column letter, header, who uses it, how to fill it. */
export const HELP_COLUMNS: readonly [string, string, string][] = [
  ['题目序号', '全部', '必填。同一道题的各行填写相同的序号；不同题目的序号不能重复（可用 1、2、3… 或 3-1 这样的文字）'],
  ['题目类型', '全部', '必填，写在每道题的第一行：1 单选题，2 多选题，3 判断题，4 简答题，5 填空题，6 配伍题，99 组合题，也可填写 单选、多选、判断、简答、填空、配伍、组合'],
  ['题目内容', '全部', `必填，可以是HTML。填空题用三个或以上的下划线（如 ${BLANK_MARK}）标出每个空的位置；组合题填写题干（材料）`],
  ['整体解析', '全部', '选填，答题后显示的解析'],
  ['题目图片', '全部', '选填，图片地址'],
  ['题目视频', '全部', '选填，视频地址'],
  ['所属题库', '全部（小题除外）', '未在导入时选择题库时必填：题库名称，没有时自动创建；组合题的小题留空（随组合题）'],
  ['是否正确项', '单选、多选、判断', '每个选项一行：1 正确，0 错误。单选、判断题有且只有一个正确项，多选题至少两个；其他题型留空'],
  ['选项内容', '单选、多选、判断、配伍', '选择题：选项的内容；配伍题：左侧项（只填选项答案、不填此列的行是干扰项）；填空题可留空'],
  ['选项解析', '单选、多选、判断', '选填，该选项的解析'],
  ['选项图片', '单选、多选、判断、配伍', '选填，选项的图片地址（选项内容和选项图片至少填一个）'],
  ['难度', '全部', '选填：1 普通，2 较难（也可填写 普通、较难）；留空为普通'],
  ['所属章节', '全部（小题除外）', '选填：所属题库下的章节名称，没有时自动创建；组合题的小题留空'],
  ['所属组合题', '组合题的小题', '只用于小题：填写组合题的题目序号。小题是单选、多选、判断、简答、填空或配伍题，写法与普通题目相同，须紧跟在组合题（或它的上一个小题）之后'],
  ['参考答案', '简答题', '选填：参考答案，阅卷时显示给阅卷人'],
  ['关键词', '简答题', '选填：关键词预评分，格式 关键词:分值，多个用分号分隔，如 惯性:2；静止:1'],
  ['填空选项', '填空题', '选填：忽略大小写、全角半角视为相同、各空答案可交换顺序，可填多个，用、分隔'],
  ['选项答案', '填空、配伍', '填空题：每个空一行，按空的顺序填写该空的答案，多个可接受的答案用 | 分隔（答案中的 | 写作 \\|）；配伍题：左侧项对应的右侧答案'],
];

/** How each type is laid out (sheet 填写说明, second table): type, its rows, an example. */
export const HELP_TYPES: readonly [number, string, string][] = [
  [QuType.SINGLE, '每个选项一行，是否正确项填1或0，有且只有一个1', '题目内容：下列城市中，哪一个是中华人民共和国的首都？ 选项：上海 0、北京 1、广州 0、深圳 0'],
  [QuType.MULTI, '每个选项一行，至少两个选项的是否正确项为1', '题目内容：下列数字中，哪些是偶数？ 选项：2 1、3 0、4 1、5 0'],
  [QuType.JUDGE, '两行：正确、错误，正确的一项填1', '题目内容：地球绕太阳公转一周大约需要一年。 选项：正确 1、错误 0'],
  [QuType.SAQ, '只有一行，不填选项；参考答案、关键词选填', '题目内容：简述牛顿第一定律。 参考答案：一切物体在没有受到力的作用时，总保持静止或匀速直线运动状态。 关键词：静止:2；匀速直线运动:2'],
  [QuType.FILL, `题目内容中每个空用 ${BLANK_MARK} 标出；每个空一行，在选项答案中填写该空的答案，多个用|分隔`, `题目内容：中国的首都是${BLANK_MARK}，最长的河流是${BLANK_MARK}。 第一行选项答案：北京|Beijing，第二行：长江；填空选项：忽略大小写`],
  [QuType.MATCH, '每组配对一行：选项内容填左侧项，选项答案填右侧答案；只填选项答案的行是干扰项', '题目内容：将作者与作品配对。 行：鲁迅→《呐喊》、曹雪芹→《红楼梦》、（干扰项）→《围城》'],
  [QuType.MIX, '题干一行（不填选项）；其后每个小题按各自题型填写，题目序号各不相同，所属组合题填写题干的题目序号', '题目序号 7：组合题，题目内容为材料；题目序号 7-1：单选题，所属组合题 7；题目序号 7-2：填空题，所属组合题 7'],
];

function writeHelpSheet(help: ExcelJS.Worksheet): void {
  help.columns = [{ width: 14 }, { width: 22 }, { width: 60 }, { width: 80 }];
  const add = (values: string[], bold = false) => {
    const row = help.addRow(values);
    row.alignment = { vertical: 'top', wrapText: true };
    if (bold) row.font = { bold: true };
    row.commit();
  };
  add(['列', '列名', '适用题型', '填写说明'], true);
  HELP_COLUMNS.forEach(([name, types, text], i) => add([String.fromCharCode(65 + i), name, types, text]));
  add([]);
  add(['题型', '代码', '怎样填写', '示例（第一个工作表“试题数据”中每种题型都有一道示例题）'], true);
  HELP_TYPES.forEach(([quType, how, example]) => add([QU_TYPE_LABEL[quType] ?? '', String(quType), how, example]));
  add([]);
  add(['说明', '', '每道题第一行填写题目的各列，其后各行只填写题目序号和选项各列。整行空白的行会被跳过。导入时任何一行有错误都不会导入任何试题，并列出每个错误所在的行。'], false);
  help.commit();
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
  {
    quType: 4,
    level: 2,
    content: '简述牛顿第一定律。',
    analysis: '牛顿第一定律又称惯性定律。',
    repoTitle: '示例题库',
    chapter: '物理',
    answer: '一切物体在没有受到力的作用时，总保持静止状态或匀速直线运动状态。',
    keywords: [
      { word: '静止', score: 2 },
      { word: '匀速直线运动', score: 2 },
    ],
    answerList: [],
  },
  {
    quType: 5,
    content: `中国的首都是${BLANK_MARK}，中国最长的河流是${BLANK_MARK}。`,
    repoTitle: '示例题库',
    blankOpts: { ignoreCase: true },
    answerList: [
      { content: '', isRight: false, answer: '北京|Beijing' },
      { content: '', isRight: false, answer: '长江|扬子江' },
    ],
  },
  {
    quType: 6,
    content: '将作者与其作品配对。',
    repoTitle: '示例题库',
    answerList: [
      { content: '鲁迅', isRight: false, answer: '《呐喊》' },
      { content: '曹雪芹', isRight: false, answer: '《红楼梦》' },
      { content: '', isRight: false, answer: '《围城》' },
    ],
  },
  {
    quType: 99,
    content: '阅读材料：小明从家出发，以每小时5千米的速度步行2小时到达公园。',
    repoTitle: '示例题库',
    answerList: [],
    subList: [
      {
        quType: 1,
        content: '小明家到公园的距离是多少千米？',
        answerList: [
          { content: '5', isRight: false },
          { content: '10', isRight: true },
          { content: '20', isRight: false },
        ],
      },
      { quType: 5, content: `速度乘以时间等于${BLANK_MARK}。`, answerList: [{ content: '', isRight: false, answer: '路程|距离' }] },
    ],
  },
];

/**
 * The downloadable 试题导入模板.xlsx (IMPORT_TEMPLATE_FILE): the `buildQuestionSheet` layout with one
 * example question of each type in bank 示例题库 (单选 with 4 options; 多选 with 4 options, 2 right;
 * 判断 正确/错误; 简答 较难 in chapter 物理 with a reference answer and two keywords; 填空 with two
 * blanks and 忽略大小写; 配伍 with two pairs and a distractor; 组合 with a 单选 and a 填空 sub-question)
 * and the 填写说明 sheet. Parses back with no errors.
 */
export async function buildImportTemplate(): Promise<Buffer> {
  return buildQuestionSheet(TEMPLATE_QUESTIONS);
}
