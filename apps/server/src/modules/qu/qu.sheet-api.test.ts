/**
 * POST /api/qu/qu/import with spreadsheets of every type, and the spreadsheet export → import round
 * trip (issue 8, helper X): banks and chapters the file names are created, every type lands with its
 * per-type fields, a file with any bad row writes nothing (no question, option, bank or chapter), and
 * a bank holding all seven types exported and imported into another bank gives back the same
 * questions (content, options, right flags, alternatives, fill-blank options, pairs, sub-questions,
 * level, analysis, reference answer, keywords, chapter).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@kaopei/contracts';
import { IMPORT_HELP_SHEET_NAME, IMPORT_SHEET_NAME, quApi, type QuDetail, type QuRecord } from '@kaopei/contracts/qu';
import { repoApi, type ChapterRecord } from '@kaopei/contracts/repo';
import { testApp, type TestApp } from '../../test/app';
import { contentCounts, createRepo, importXlsx, must, quBody, uniq } from '../../test/builders';
import { buildQuestionSheet, type SheetQuestion } from './qu.sheet';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

const detail = async (id: string) => must(await t.call<QuDetail>(quApi.detail, { id }, admin));
const chapters = async (repoId: string) => must(await t.call<ChapterRecord[]>(repoApi.chapterList, { repoId }, admin));
const chapterCount = async () => Number((await t.db.selectFrom('el_repo_chapter').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
const bankTitled = async (title: string) => (await t.db.selectFrom('el_repo').select('id').where('title', '=', title).where('deleted', '=', 0).executeTakeFirstOrThrow()).id;

/** Every question of a bank, detailed, sorted by content. */
async function questionsOf(repoId: string): Promise<QuDetail[]> {
  const page = must(await t.call<Page<QuRecord>>(quApi.paging, { current: 1, size: 100, params: { repoId } }, admin));
  const list = await Promise.all(page.records.map((r) => detail(r.id)));
  return list.sort((a, b) => a.content.localeCompare(b.content));
}

/** What a round trip must keep of a question (ids and the bank left out). */
const strip = (q: QuDetail) => ({
  quType: q.quType, level: q.level, content: q.content, analysis: q.analysis, image: q.image, answer: q.answer, blankOpts: q.blankOpts, keywords: q.keywords,
  chapter: q.chapterId_dictText,
  answerList: q.answerList.map((o) => ({ content: o.content, isRight: o.isRight, analysis: o.analysis, image: o.image, answer: o.answer })),
  subList: q.subList.map((s) => ({
    quType: s.quType, level: s.level, content: s.content, analysis: s.analysis, answer: s.answer, blankOpts: s.blankOpts, keywords: s.keywords,
    answerList: s.answerList.map((o) => ({ content: o.content, isRight: o.isRight, answer: o.answer })),
  })),
});

describe('spreadsheet import of every type', () => {
  it('without a bank chosen: creates the bank and its chapters and stores each type with its fields', async () => {
    const bank = uniq('表格题库');
    const sheet: SheetQuestion[] = [
      { quType: 4, level: 2, content: '简述燃烧三要素。', repoTitle: bank, chapter: '第一章', answer: '可燃物、助燃物、点火源', keywords: [{ word: '可燃物', score: 2 }, { word: '点火源', score: 1.5 }], answerList: [] },
      {
        quType: 5, content: '中国的首都是______，最长的河流是___。', repoTitle: bank, chapter: '第一章', blankOpts: { ignoreCase: true, anyOrder: true },
        answerList: [{ content: '', isRight: false, answer: '北京|Beijing' }, { content: '', isRight: false, answer: 'a\\|b|长江' }],
      },
      {
        quType: 6, content: '药物与作用配对。', repoTitle: bank, chapter: '第二章',
        answerList: [{ content: '阿司匹林', isRight: false, answer: '解热镇痛' }, { content: '青霉素', isRight: false, answer: '抗感染' }, { content: '', isRight: false, answer: '降血压' }],
      },
      {
        quType: 99, content: '阅读材料。', repoTitle: bank, answerList: [],
        subList: [
          { quType: 2, content: '小题一', answerList: [{ content: 'A', isRight: true }, { content: 'B', isRight: true }, { content: 'C', isRight: false }] },
          { quType: 4, content: '小题二', answer: '参考', answerList: [] },
        ],
      },
    ];
    const { result } = await importXlsx(t, admin, await buildQuestionSheet(sheet), 'all.xlsx');
    expect(result).toMatchObject({ imported: 4, errors: [], totalErrors: 0 });
    const repoId = await bankTitled(bank);
    expect((await chapters(repoId)).map((c) => [c.title, c.quCount])).toEqual([['第一章', 2], ['第二章', 1]]);
    const qs = await questionsOf(repoId);
    const [saq, fill, match, mix] = [4, 5, 6, 99].map((quType) => qs.find((q) => q.quType === quType));
    expect(saq).toMatchObject({ quType: 4, level: 2, chapterId_dictText: '第一章', answer: '可燃物、助燃物、点火源', keywords: [{ word: '可燃物', score: 2 }, { word: '点火源', score: 1.5 }], answerList: [] });
    expect(fill).toMatchObject({ quType: 5, blankOpts: { ignoreCase: true, fullHalf: false, anyOrder: true } });
    expect(fill?.answerList.map((o) => o.answer)).toEqual(['北京|Beijing', 'a\\|b|长江']);
    expect(match?.answerList.map((o) => [o.content, o.answer])).toEqual([['阿司匹林', '解热镇痛'], ['青霉素', '抗感染'], ['', '降血压']]);
    expect(mix).toMatchObject({ quType: 99, chapterId: '', answerList: [] });
    expect(mix?.subList.map((s) => [s.quType, s.content, s.answer, s.answerList.map((o) => o.isRight)])).toEqual([
      [2, '小题一', '', [true, true, false]],
      [4, '小题二', '参考', []],
    ]);
  });

  it('a file with any bad row imports nothing: no question, option, bank or chapter', async () => {
    const bank = uniq('坏表格');
    const good: SheetQuestion = { quType: 4, content: '好题', repoTitle: bank, chapter: uniq('章'), answerList: [] };
    const sheet = await buildQuestionSheet([
      good,
      { quType: 5, content: '两个空___和___', repoTitle: bank, chapter: uniq('章'), answerList: [{ content: '', isRight: false, answer: '甲' }] },
      { quType: 99, content: '材料', repoTitle: bank, answerList: [], subList: [{ quType: 6, content: '配', answerList: [{ content: '左', isRight: false, answer: '右' }] }] },
    ]);
    const before = { ...(await contentCounts(t)), chapters: await chapterCount() };
    const { result } = await importXlsx(t, admin, sheet, 'bad.xlsx');
    expect(result).toMatchObject({ imported: 0, totalErrors: 2 });
    expect(result?.errors).toEqual([
      { row: 4, msg: '第4行（题目序号 2）：题目内容中有2个空（___），但填写了1个空的答案！' },
      { row: 6, msg: '第6行（题目序号 3-1）：配伍题至少需要两组配对！' },
    ]);
    expect({ ...(await contentCounts(t)), chapters: await chapterCount() }).toEqual(before);
  });

  it('into a chosen bank: chapters are created in that bank, once, and found again by the next import', async () => {
    const repoId = await createRepo(t, admin);
    const sheet = (content: string) => buildQuestionSheet([{ quType: 4, content, repoTitle: '不用的题库名', chapter: '共用章节', answerList: [] }]);
    expect((await importXlsx(t, admin, await sheet('一'), 'a.xlsx', repoId)).result).toMatchObject({ imported: 1 });
    expect((await importXlsx(t, admin, await sheet('二'), 'b.xlsx', repoId)).result).toMatchObject({ imported: 1 });
    expect((await chapters(repoId)).map((c) => [c.title, c.quCount])).toEqual([['共用章节', 2]]);
  });

  it('the template download has the 试题数据 and 填写说明 sheets', async () => {
    const res = await t.app.inject({ method: 'GET', url: quApi.template.path, headers: { token: admin } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    expect(wb.worksheets.map((w) => w.name)).toEqual([IMPORT_SHEET_NAME, IMPORT_HELP_SHEET_NAME]);
  });
});

describe('spreadsheet export → import round trip', () => {
  it('a bank of all seven types comes back the same in another bank', async () => {
    const a = await createRepo(t, admin);
    const ch = must(await t.call<{ id: string }>(repoApi.chapterSave, { repoId: a, title: '第一章 基础' }, admin)).id;
    const save = async (body: Record<string, unknown>) => must(await t.call<{ id: string }>(quApi.save, body, admin));
    await save(quBody(a, 1, { content: '<p>单选<strong>题</strong></p>', analysis: '<p>解析</p>', image: '/api/common/file/view/a.png', chapterId: ch, level: 2 }));
    await save(quBody(a, 2, { answerList: [{ content: 'A', isRight: true, analysis: '对' }, { content: 'B', isRight: true }, { content: 'C', isRight: false, image: '/x.png' }] }));
    await save(quBody(a, 3, { content: '判断题' }));
    await save(quBody(a, 4, { content: '简答题', answerList: [], answer: '<p>参考：<strong>三要素</strong></p>', keywords: [{ word: '可燃物', score: 2 }, { word: '助燃物', score: 1.5 }], chapterId: ch }));
    await save(quBody(a, 5, {
      content: '中国的首都是____，最大的城市是____。', answerList: [{ answer: '北京|Beijing|北京市' }, { answer: ' 上海 | Shanghai|a\\|b ' }],
      blankOpts: { ignoreCase: true, fullHalf: true, anyOrder: false },
    }));
    await save(quBody(a, 6, { answerList: [{ content: '阿司匹林', answer: '解热镇痛' }, { content: '青霉素', answer: '抗感染' }, { content: '', answer: '降血压' }] }));
    await save(quBody(a, 99, {
      content: '<p>阅读材料，回答问题。</p>', answerList: [], level: 2, chapterId: ch,
      subList: [
        { quType: 1, content: '小题一', level: 2, answerList: [{ content: 'A', isRight: true }, { content: 'B', isRight: false }] },
        { quType: 5, content: '小题二____', answerList: [{ answer: '甲|乙' }], blankOpts: { anyOrder: true } },
        { quType: 4, content: '小题三', answer: '参考答案', keywords: [{ word: '关键', score: 3 }] },
        { quType: 6, content: '小题四', answerList: [{ content: '左1', answer: '右1' }, { content: '左2', answer: '右2' }] },
        { quType: 2, content: '小题五', answerList: [{ content: 'x', isRight: true }, { content: 'y', isRight: true }] },
        { quType: 3, content: '小题六', answerList: [{ content: '对', isRight: false }, { content: '错', isRight: true }] },
      ],
    }));
    const res = await t.app.inject({ method: 'POST', url: quApi.export.path, payload: { repoId: a }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const b = await createRepo(t, admin);
    const { result } = await importXlsx(t, admin, res.rawPayload, '试题导出.xlsx', b);
    expect(result).toMatchObject({ imported: 7, errors: [] });
    const before = (await questionsOf(a)).map(strip);
    expect(before.map((q) => q.quType).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 99]);
    expect(before.find((q) => q.quType === 99)?.subList).toHaveLength(6);
    expect((await questionsOf(b)).map(strip)).toEqual(before);
    expect((await chapters(b)).map((c) => [c.title, c.quCount])).toEqual([['第一章 基础', 3]]);
  });
});
