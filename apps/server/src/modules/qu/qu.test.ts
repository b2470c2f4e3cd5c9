/**
 * API tests of questions (/api/qu/qu/*): save with the option rules, paging filters, detail, update
 * keeping option ids, delete; the spreadsheet import through HTTP as a background job (all or
 * nothing, banks by 所属题库, duplicates asked about, skipped or imported again, rich text sanitised)
 * and the template download. The parser itself is unit-tested in qu.import.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { IMPORT_HEADERS, IMPORT_MAX_BYTES, IMPORT_SHEET_NAME, quApi, type QuDetail, type QuRecord } from '@kaopei/contracts/qu';
import { jobApi, JobState } from '@kaopei/contracts/sys-job';
import { repoApi, type RepoRecord } from '@kaopei/contracts/repo';
import { testApp, type TestApp } from '../../test/app';
import { contentCounts, createQu, createRepo, importXlsx, must, quBody, uniq, waitForJob, xlsxUpload } from '../../test/builders';
import { hasSharedData, sharedDataPath } from '../../test/shared-data';
import { buildImportTemplate, buildQuestionSheet, type SheetQuestion } from './qu.sheet';
import { HEADER, NS, repeated, row, writeZip, xlsxEntries } from './qu.test-zips';
import { parseQuestionFile } from './qu.import';

let t: TestApp;
let admin: string;

const detail = (id: string) => t.call<QuDetail>(quApi.detail, { id }, admin);
const paging = async (params: Record<string, unknown>, size = 100) => must(await t.call<Page<QuRecord>>(quApi.paging, { current: 1, size, params }, admin));
const repoDetail = async (id: string) => must(await t.call<RepoRecord>(repoApi.detail, { id }, admin));
/** Live banks with exactly this title. */
const banksTitled = async (title: string) => (await t.db.selectFrom('el_repo').select(['id']).where('title', '=', title).where('deleted', '=', 0).execute()).map((r) => r.id);

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('save and detail', () => {
  it('saves single, multiple and true/false questions with their options', async () => {
    const repoTitle = uniq('试题库');
    const repoId = await createRepo(t, admin, repoTitle);
    const cases = [
      { quType: 1, label: '单选题', right: [false, true, false, false] },
      { quType: 2, label: '多选题', right: [true, false, true, true] },
      { quType: 3, label: '判断题', right: [false, true] },
    ];
    for (const c of cases) {
      const answerList = c.right.map((isRight, i) => ({ content: `选项${i}`, isRight, analysis: `解析${i}`, image: i === 0 ? '/img/a.png' : '' }));
      const id = await createQu(t, admin, repoId, c.quType, { content: `${c.label}内容`, analysis: '整体解析', level: 2, answerList });
      const d = must(await detail(id));
      expect(d).toMatchObject({ id, repoId, repoId_dictText: repoTitle, quType: c.quType, quType_dictText: c.label, level: 2, content: `${c.label}内容`, analysis: '整体解析', image: '' });
      expect(d.answerList.map(({ content, isRight, analysis, image }) => ({ content, isRight, analysis, image }))).toEqual(answerList);
      expect(new Set(d.answerList.map((o) => o.id)).size).toBe(c.right.length);
    }
    expect((await repoDetail(repoId)).typeCountList).toEqual([1, 2, 3].map((quType) => ({ quType, count: 1 })));
  });

  it('refuses questions that break the option rules, with the contracts message, and writes nothing', async () => {
    const repoId = await createRepo(t, admin);
    const opts = (...right: boolean[]) => right.map((isRight, i) => ({ content: `项${i}`, isRight }));
    const cases: [Record<string, unknown>, string][] = [
      [quBody(repoId, 1, { answerList: opts(true, true, false) }), '单选题必须有且只有一个正确项！'],
      [quBody(repoId, 1, { answerList: opts(false, false, false) }), '单选题必须有且只有一个正确项！'],
      [quBody(repoId, 3, { answerList: opts(false, false) }), '判断题必须有且只有一个正确项！'],
      [quBody(repoId, 2, { answerList: opts(true, false, false) }), '多选题至少要有两个正确项！'],
      [quBody(repoId, 1, { answerList: opts(true) }), '至少需要两个选项！'],
      [quBody(repoId, 3, { answerList: [] }), '至少需要两个选项！ 判断题必须有且只有一个正确项！'],
      [quBody(repoId, 1, { answerList: [{ content: '对', isRight: true }, { content: '  ', isRight: false }] }), '选项内容不能为空！'],
      [quBody(repoId, 7), '暂不支持该题型！'],
      [quBody(repoId, 0), '暂不支持该题型！'],
      [quBody('', 1), '请选择所属题库！'],
      [quBody(repoId, 1, { repoId: undefined }), '请选择所属题库！'],
      [quBody(repoId, 1, { content: '  ' }), '题目内容不能为空！'],
      [quBody(repoId, 1, { content: undefined }), '题目内容不能为空！'],
      [quBody(repoId, 1, { quType: undefined }), '题目类型不能为空！'],
      [quBody(repoId, 1, { quType: '1' }), '题目类型不能为空！'],
    ];
    const before = await contentCounts(t);
    for (const [body, msg] of cases) {
      expect(await t.call(quApi.save, body, admin), msg).toMatchObject({ status: 200, code: ErrorCode.BAD_PARAMS, msg, success: false });
    }
    expect((await t.call(quApi.save, quBody(repoId, 1, { level: 3 }), admin)).code).toBe(ErrorCode.BAD_PARAMS);
    expect(await t.call(quApi.save, quBody('1234567890123456789', 1), admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '题库不存在或已被删除！' });
    expect(await contentCounts(t)).toEqual(before);
    expect((await repoDetail(repoId)).quCount).toBe(0);
  });
});

describe('paging', () => {
  it('filters by bank, type and content and labels the records', async () => {
    const repoTitle = uniq('筛选库');
    const repoId = await createRepo(t, admin, repoTitle);
    const tag = uniq('关键字');
    const s1 = await createQu(t, admin, repoId, 1, { content: `${tag}单选一` });
    const s2 = await createQu(t, admin, repoId, 1, { content: `其他单选二` });
    const m = await createQu(t, admin, repoId, 2, { content: `${tag}多选` });
    const j = await createQu(t, admin, repoId, 3, { content: `判断_100%` });
    const all = await paging({ repoId });
    expect(all.total).toBe(4);
    expect(all.records.map((r) => r.id)).toEqual([j, m, s2, s1]); // newest first
    expect(all.records.find((r) => r.id === m)).toMatchObject({ repoId, repoId_dictText: repoTitle, quType: 2, quType_dictText: '多选题', level: 1, level_dictText: '普通', content: `${tag}多选` });
    expect((await paging({ repoId, quType: 1 })).records.map((r) => r.id)).toEqual([s2, s1]);
    expect((await paging({ content: tag })).records.map((r) => r.id)).toEqual([m, s1]);
    expect((await paging({ repoId, quType: 2, content: tag })).records.map((r) => r.id)).toEqual([m]);
    expect((await paging({ repoId, content: '_100%' })).records.map((r) => r.id)).toEqual([j]);
    expect((await paging({ repoId, content: '%' })).records.map((r) => r.id)).toEqual([j]);
    const page2 = must(await t.call<Page<QuRecord>>(quApi.paging, { current: 2, size: 3, params: { repoId } }, admin));
    expect(page2).toMatchObject({ total: 4, pages: 2, current: 2, size: 3 });
    expect(page2.records.map((r) => r.id)).toEqual([s1]);
    expect((await paging({ quType: 1 }, 5000)).records.every((r) => r.quType === 1)).toBe(true);
  });
});

describe('update and delete', () => {
  it('keeps the ids of options that remain, adds new ones and removes the others', async () => {
    const repoId = await createRepo(t, admin);
    const id = await createQu(t, admin, repoId, 1);
    const [a, b] = must(await detail(id)).answerList;
    const res = await t.call(quApi.save, quBody(repoId, 1, {
      id,
      content: '修改后的题目',
      answerList: [
        { id: b.id, content: 'B改', isRight: true },
        { content: '新选项', isRight: false },
        { id: a.id, content: a.content, isRight: false },
      ],
    }), admin);
    expect(res).toMatchObject({ code: 0, data: { id } });
    const d = must(await detail(id));
    expect(d.content).toBe('修改后的题目');
    expect(d.answerList.map((o) => [o.content, o.isRight])).toEqual([['B改', true], ['新选项', false], [a.content, false]]);
    expect(d.answerList[0].id).toBe(b.id);
    expect(d.answerList[2].id).toBe(a.id);
    expect([a.id, b.id]).not.toContain(d.answerList[1].id);
    expect(await t.db.selectFrom('el_qu_answer').select('id').where('quId', '=', id).execute()).toHaveLength(3);
  });

  it('refuses an invalid update and leaves the question as it was', async () => {
    const repoId = await createRepo(t, admin);
    const id = await createQu(t, admin, repoId, 2);
    const before = must(await detail(id));
    const res = await t.call(quApi.save, quBody(repoId, 2, { id, answerList: before.answerList.map((o, i) => ({ ...o, isRight: i === 0 })) }), admin);
    expect(res).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '多选题至少要有两个正确项！' });
    expect(must(await detail(id))).toEqual(before);
    expect(await t.call(quApi.save, quBody(repoId, 1, { id: '1234567890123456789' }), admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '试题不存在或已被删除！' });
  });

  it('delete hides the question from paging, detail and the bank counts', async () => {
    const repoId = await createRepo(t, admin);
    const keep = await createQu(t, admin, repoId, 1);
    const gone = await createQu(t, admin, repoId, 1);
    expect(await t.call(quApi.delete, { ids: [gone] }, admin)).toMatchObject({ code: 0, data: null });
    expect((await paging({ repoId })).records.map((r) => r.id)).toEqual([keep]);
    expect(await detail(gone)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '试题不存在或已被删除！' });
    expect(await repoDetail(repoId)).toMatchObject({ quCount: 1, objCount: 1, typeCountList: [{ quType: 1, count: 1 }] });
    expect((await t.call(quApi.save, quBody(repoId, 1, { id: gone }), admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await t.call(quApi.delete, { ids: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
  });
});

describe('import template', () => {
  it('downloads an xlsx in the import layout', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/qu/qu/import/template', headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('试题导入模板.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.getWorksheet(IMPORT_SHEET_NAME);
    expect(ws).toBeDefined();
    expect(ws?.getCell(1, 1).value).toBe(IMPORT_SHEET_NAME);
    expect(IMPORT_HEADERS.map((_, i) => ws?.getRow(2).getCell(i + 1).value)).toEqual([...IMPORT_HEADERS]);
    expect(ws?.rowCount).toBeGreaterThan(2);
    const anon = await t.app.inject({ method: 'GET', url: '/api/qu/qu/import/template' });
    expect(anon.json()).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
  });
});

describe('export (a streamed download in the import layout)', () => {
  it('exports the questions of the list filters as a spreadsheet that imports back unchanged', async () => {
    const demo = (await t.db.selectFrom('el_repo').select(['id', 'title']).where('title', '=', '安全生产基础知识（演示）').executeTakeFirstOrThrow());
    const res = await t.app.inject({ method: 'POST', url: quApi.export.path, payload: { repoId: demo.id }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('试题导出.xlsx')}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kaopei-export-'));
    try {
      const file = path.join(dir, 'export.xlsx');
      writeFileSync(file, res.rawPayload);
      const parsed = await parseQuestionFile(file, { repoFromFile: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.questions).toHaveLength(24);
      expect(new Set(parsed.questions.map((q) => q.repoTitle))).toEqual(new Set([demo.title]));
      const first = (await paging({ repoId: demo.id }, 100)).records.find((r) => r.content === parsed.questions[0]?.content);
      const original = must(await detail(first?.id as string));
      expect(parsed.questions[0]?.answerList.map((o) => [o.content, o.isRight])).toEqual(original.answerList.map((o) => [o.content, o.isRight]));
      // The list's filters apply: only the 6 multiple-choice questions.
      const multi = await t.app.inject({ method: 'POST', url: quApi.export.path, payload: { repoId: demo.id, quType: 2 }, headers: { token: admin } });
      writeFileSync(file, multi.rawPayload);
      expect((await parseQuestionFile(file, { repoFromFile: true })).questions.map((q) => q.quType)).toEqual([2, 2, 2, 2, 2, 2]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a refused export with the envelope, never a file', async () => {
    const learner = await t.newLearner('exp');
    const res = await t.app.inject({ method: 'POST', url: quApi.export.path, payload: {}, headers: { token: learner.token } });
    expect(res.json()).toMatchObject({ code: ErrorCode.NO_PERMISSION, success: false });
    const bad = await t.app.inject({ method: 'POST', url: quApi.export.path, payload: { quType: 'x' }, headers: { token: admin } });
    expect(bad.json()).toMatchObject({ code: ErrorCode.BAD_PARAMS, success: false });
  });
});

describe('import (a background job)', () => {
  it('imports the template into the given bank without creating the banks it names', async () => {
    const repoId = await createRepo(t, admin);
    const { job, result } = await importXlsx(t, admin, await buildImportTemplate(), '试题导入模板.xlsx', repoId);
    expect(job).toMatchObject({ type: 'qu.import', state: JobState.DONE, state_dictText: '已完成', progress: 100 });
    expect(result).toMatchObject({ imported: 7, skipped: 0, duplicates: 0, needConfirm: false, errors: [], totalErrors: 0 });
    expect(await repoDetail(repoId)).toMatchObject({ quCount: 7, typeCountList: [1, 2, 3, 4, 5, 6, 99].map((quType) => ({ quType, count: 1 })) });
    expect(await banksTitled('示例题库')).toEqual([]);
    const multi = (await paging({ repoId, quType: 2 })).records[0];
    expect(must(await detail(multi.id)).answerList.map((o) => [o.content, o.isRight])).toEqual([['2', true], ['3', false], ['4', true], ['5', false]]);
  });

  it('answers the job id at once, and only its owner sees the job', async () => {
    const repoId = await createRepo(t, admin);
    const res = await xlsxUpload(t, admin, await buildImportTemplate(), 'a.xlsx', repoId);
    expect(res).toMatchObject({ status: 200, code: 0, data: { jobId: expect.stringMatching(/^\d{19}$/) } });
    const jobId = must(res).jobId;
    await waitForJob(t, admin, jobId);
    const other = await t.newLearner('job');
    expect(await t.call(jobApi.detail, { id: jobId }, other.token)).toMatchObject({ code: ErrorCode.NOT_FOUND, data: null });
    expect(await t.call(jobApi.detail, { id: jobId })).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
  });

  it('without repoId, creates the bank named in 所属题库; a second import of the same file finds the duplicates', async () => {
    const title = uniq('按名建库');
    const sheet = await buildQuestionSheet([
      { quType: 1, content: '一', repoTitle: title, answerList: [{ content: 'a', isRight: true }, { content: 'b', isRight: false }] },
      { quType: 3, content: '二', repoTitle: title, answerList: [{ content: '对', isRight: false }, { content: '错', isRight: true }] },
    ]);
    expect((await importXlsx(t, admin, sheet, 'bank.XLSX')).result).toMatchObject({ imported: 2, errors: [] });
    const [bank] = await banksTitled(title);
    // Same file again: nothing imported, the duplicates reported with their rows, the dialog asks.
    const again = await importXlsx(t, admin, sheet, 'bank.xlsx');
    expect(again.result).toMatchObject({ imported: 0, duplicates: 2, needConfirm: true, duplicateList: [{ row: 3, content: '一', repoTitle: title }, { row: 5, content: '二', repoTitle: title }] });
    expect(await repoDetail(bank)).toMatchObject({ quCount: 2 });
    // 'skip' from the confirmation: nothing new; the confirmation cannot be given twice.
    const skip = must(await t.call<{ jobId: string }>(quApi.importConfirm, { jobId: again.jobId, dupMode: 'skip' }, admin));
    expect((await waitForJob(t, admin, skip.jobId)).result).toMatchObject({ imported: 0, skipped: 2, duplicates: 2, needConfirm: false });
    expect(await t.call(quApi.importConfirm, { jobId: skip.jobId, dupMode: 'import' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '该导入任务无需确认！' });
    // 'import' on an upload: the duplicates are imported again, into the one bank of that title.
    expect((await importXlsx(t, admin, sheet, 'bank.xlsx', undefined, 'import')).result).toMatchObject({ imported: 2, duplicates: 2, skipped: 0 });
    expect(await banksTitled(title)).toHaveLength(1);
    expect(await repoDetail(bank)).toMatchObject({ title, quCount: 4 });
  });

  it('skips only the duplicates of a mixed file with dupMode skip, and a confirmation is only for its owner', async () => {
    const repoId = await createRepo(t, admin);
    const one = (content: string): SheetQuestion => ({ quType: 1, content, repoTitle: 'x', answerList: [{ content: 'a', isRight: true }, { content: 'b', isRight: false }] });
    expect((await importXlsx(t, admin, await buildQuestionSheet([one('甲'), one('乙')]), 'a.xlsx', repoId)).result).toMatchObject({ imported: 2 });
    const mixed = await buildQuestionSheet([one('甲'), one('丙'), one('乙'), one('丁')]);
    const asked = await importXlsx(t, admin, mixed, 'b.xlsx', repoId);
    expect(asked.result).toMatchObject({ needConfirm: true, duplicates: 2 });
    const learner = await t.newLearner('cfm');
    expect((await t.call(quApi.importConfirm, { jobId: asked.jobId, dupMode: 'skip' }, learner.token)).code).toBe(ErrorCode.NO_PERMISSION);
    const skip = must(await t.call<{ jobId: string }>(quApi.importConfirm, { jobId: asked.jobId, dupMode: 'skip' }, admin));
    expect((await waitForJob(t, admin, skip.jobId)).result).toMatchObject({ imported: 2, skipped: 2 });
    expect((await repoDetail(repoId)).quCount).toBe(4);
  });

  it('refuses a file with invalid questions as a whole, lists every bad row and writes nothing', async () => {
    const title = uniq('坏文件库');
    const ok = (content: string): SheetQuestion => ({ quType: 1, content, repoTitle: title, answerList: ['a', 'b', 'c', 'd'].map((c, i) => ({ content: c, isRight: i === 1 })) });
    const sheet = await buildQuestionSheet([
      ok('好题一'),
      { ...ok('两个正确项'), answerList: ['a', 'b', 'c', 'd'].map((c, i) => ({ content: c, isRight: i < 2 })) },
      { quType: 3, content: '判断好题', repoTitle: title, answerList: [{ content: '对', isRight: true }, { content: '错', isRight: false }] },
      { quType: 2, content: '一个正确项', repoTitle: title, answerList: ['a', 'b', 'c', 'd'].map((c, i) => ({ content: c, isRight: i === 0 })) },
    ]);
    const target = await createRepo(t, admin);
    const before = await contentCounts(t);
    for (const repoId of [undefined, target]) {
      const { result } = await importXlsx(t, admin, sheet, 'bad.xlsx', repoId);
      expect(result).toMatchObject({ imported: 0, totalErrors: 2 });
      expect(result?.errors.map((e) => e.row)).toEqual([7, 13]);
      expect(result?.errors[0].msg).toMatch(/^第7-10行（题目序号 2）：单选题必须有且只有一个正确项！/);
      expect(result?.errors[1].msg).toMatch(/^第13-16行（题目序号 4）：多选题至少要有两个正确项！/);
    }
    expect(await contentCounts(t)).toEqual(before);
    expect(await banksTitled(title)).toEqual([]);
    expect((await repoDetail(target)).quCount).toBe(0);
  });

  it('refuses wrong uploads with their messages and writes nothing', async () => {
    const before = await contentCounts(t);
    const template = await buildImportTemplate();
    for (const name of ['试题.xls', '试题.csv', '试题']) {
      expect(await xlsxUpload(t, admin, template, name), name).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '文件格式不正确，请上传.xlsx/.xml/.gift/.txt文件！' });
    }
    const notXlsx = await importXlsx(t, admin, Buffer.from('题目序号,题目类型\n1,单选'), 'fake.xlsx');
    expect(notXlsx.result).toMatchObject({ imported: 0, errors: [{ row: 0, msg: '文件格式不正确，请上传.xlsx文件！' }] });
    const empty = await importXlsx(t, admin, await buildQuestionSheet([]), 'empty.xlsx');
    expect(empty.result).toMatchObject({ imported: 0, errors: [{ row: 3, msg: '文件中没有试题数据！' }] });
    expect(await xlsxUpload(t, admin, template, 'ok.xlsx', '1234567890123456789')).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '题库不存在或已被删除！' });
    expect(await xlsxUpload(t, admin, template, 'ok.xlsx', undefined, 'maybe' as never)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '重复试题处理方式不正确！' });
    expect(await xlsxUpload(t, undefined, template, 'ok.xlsx')).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
    expect(await t.call(quApi.import, { file: 'x' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请上传.xlsx/.xml/.gift/.txt文件！' });
    expect(await contentCounts(t)).toEqual(before);
  });

  it('refuses a file over 20 MB while it streams in, and removes what it received', async () => {
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1024, 0x50);
    expect(await xlsxUpload(t, admin, big, 'big.xlsx')).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '文件不能超过20MB！' });
    expect(readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('survives two zip bombs uploaded at once: both imports are refused with the size message, nothing is written', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kaopei-bomb-'));
    try {
      // 300 MB of sheet XML deflated into a file of a few hundred KB (streamed: never held whole).
      const rowXml = row(3, ['1', '单选', '题', '', '', '', '库', '1', 'A']);
      const file = await writeZip(path.join(dir, 'bomb.xlsx'), xlsxEntries({ sheet: () => repeated(`<worksheet ${NS}><sheetData>${HEADER}`, rowXml, '</sheetData></worksheet>', 300 * 1024 * 1024) }));
      const bomb = readFileSync(file);
      expect(bomb.length).toBeLessThan(IMPORT_MAX_BYTES);
      const before = await contentCounts(t);
      const [a, b] = await Promise.all([importXlsx(t, admin, bomb, 'a.xlsx'), importXlsx(t, admin, bomb, 'b.xlsx')]);
      for (const r of [a, b]) expect(r.result).toMatchObject({ imported: 0, errors: [{ row: 0, msg: '文件解压后超过64MB，请拆分后再导入！' }] });
      expect(await contentCounts(t)).toEqual(before);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stores question text sanitised: the stored-XSS payload of the review loses its script', async () => {
    const repoId = await createRepo(t, admin);
    const payload = '<svg><a><animate attributeName="href" values="javascript:alert(4)"/><text x="20" y="20">CLICKME4</text></a></svg>题干';
    const sheet = await buildQuestionSheet([{ quType: 1, content: payload, repoTitle: 'x', answerList: [{ content: '<img src=x onerror=alert(1)>A', isRight: true }, { content: 'B', isRight: false }] }]);
    expect((await importXlsx(t, admin, sheet, 'xss.xlsx', repoId)).result).toMatchObject({ imported: 1 });
    const saved = must(await detail((await paging({ repoId })).records[0].id));
    expect(saved.content).toBe('题干');
    expect(saved.answerList[0].content).toBe('<img src="x">A');
    const id = await createQu(t, admin, repoId, 1, { content: payload, analysis: '<a href="javascript:alert(1)">解析</a>' });
    const byForm = must(await detail(id));
    expect(byForm.content).toBe('题干');
    expect(byForm.analysis).toBe('<a>解析</a>');
  });
});

interface JsonBank { title: string; questions: { type: number; content: string; options: { content: string; isRight: boolean }[] }[] }
const readBanks = (name: string): JsonBank[] => JSON.parse(readFileSync(sharedDataPath('question-banks', `${name}.json`), 'utf8'));
const readXlsx = (name: string): Buffer => readFileSync(sharedDataPath('question-banks', `${name}.xlsx`));

/** Every live question of a bank with its options, as sorted comparable strings. */
async function bankContent(repoId: string): Promise<string[]> {
  const qus = await t.db.selectFrom('el_qu').select(['id', 'quType', 'content']).where('repoId', '=', repoId).where('deleted', '=', 0).execute();
  const opts = await t.db.selectFrom('el_qu_answer').select(['quId', 'content', 'isRight', 'sort']).where('quId', 'in', qus.map((q) => q.id)).orderBy('sort').execute();
  return qus
    .map((q) => JSON.stringify([q.quType, q.content, opts.filter((o) => o.quId === q.id).map((o) => [o.content, o.isRight === 1])]))
    .sort();
}
const jsonContent = (bank: JsonBank): string[] =>
  bank.questions.map((q) => JSON.stringify([q.type, q.content.trim(), q.options.map((o) => [o.content.trim(), o.isRight])])).sort();

describe.skipIf(!hasSharedData())('import of the shared question banks (../shared/data/question-banks)', () => {
  const accepted = [
    { file: 'yf-lite-demo', title: '【云帆】演示题库', total: 29, types: [16, 6, 7], options: 109 },
    { file: 'yf-v2-demo', title: '云帆演示题库', total: 61, types: [18, 17, 26], options: 192 },
  ];
  for (const f of accepted) {
    it(`${f.file}.xlsx is accepted: ${f.total} questions in bank ${f.title}`, async () => {
      const { result } = await importXlsx(t, admin, readXlsx(f.file), `${f.file}.xlsx`);
      expect(result).toMatchObject({ imported: f.total, errors: [] });
      const [repoId] = await banksTitled(f.title);
      expect(await repoDetail(repoId)).toMatchObject({ quCount: f.total, objCount: f.total, subjCount: 0, typeCountList: f.types.map((count, i) => ({ quType: i + 1, count })) });
      const content = await bankContent(repoId);
      expect(content.reduce((n, q) => n + (JSON.parse(q) as unknown[][])[2].length, 0)).toBe(f.options);
      expect(content).toEqual(jsonContent(readBanks(f.file)[0]));
    });
  }

  it('yf-ddout-iq-geo.xlsx is refused as a whole for its 单选 without a right option; without it every question imports, the 9 简答 too', async () => {
    const buf = readXlsx('yf-ddout-iq-geo');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.getWorksheet(IMPORT_SHEET_NAME)!;
    const rowsOf = (no: string) => ws.getRows(3, ws.rowCount - 2)!.filter((r) => String(r.getCell(1).value) === no).map((r) => r.number);
    const jiaoNo = String(ws.getRows(3, ws.rowCount - 2)!.find((r) => String(r.getCell(3).value).includes('角对于元相当于小时对于'))!.getCell(1).value);
    const jiaoRows = rowsOf(jiaoNo);
    const saqFirstRows = ws.getRows(3, ws.rowCount - 2)!.filter((r) => ['4', '简答', '简答题'].includes(String(r.getCell(2).value ?? ''))).map((r) => r.number);
    expect(saqFirstRows).toHaveLength(9);
    const before = await contentCounts(t);
    const { result } = await importXlsx(t, admin, buf, 'yf-ddout-iq-geo.xlsx');
    expect(result).toMatchObject({ imported: 0, totalErrors: 1 });
    expect(result!.errors).toEqual([
      { row: jiaoRows[0], msg: `第${jiaoRows[0]}-${jiaoRows[jiaoRows.length - 1]}行（题目序号 ${jiaoNo}）：单选题必须有且只有一个正确项！（共5个选项，正确项0个）` },
    ]);
    expect(await contentCounts(t)).toEqual(before);
    expect([...(await banksTitled('智商测试题')), ...(await banksTitled('地理知识竞赛试题2020'))]).toEqual([]);

    // Without that question (blanked in memory) the rest imports into the two banks, 简答 included.
    for (const r of rowsOf(jiaoNo)) ws.getRow(r).values = [];
    const rest = Buffer.from((await wb.xlsx.writeBuffer()) as unknown as ArrayBuffer);
    expect((await importXlsx(t, admin, rest, 'rest.xlsx')).result).toMatchObject({ imported: 63, errors: [] });
    const [iq] = await banksTitled('智商测试题');
    const [geo] = await banksTitled('地理知识竞赛试题2020');
    expect(await repoDetail(iq)).toMatchObject({
      quCount: 40, typeCountList: [{ quType: 1, count: 32 }, { quType: 2, count: 2 }, { quType: 3, count: 1 }, { quType: 4, count: 5 }],
    });
    expect(await repoDetail(geo)).toMatchObject({
      quCount: 23, typeCountList: [{ quType: 1, count: 12 }, { quType: 2, count: 2 }, { quType: 3, count: 5 }, { quType: 4, count: 4 }],
    });
    const saq = (await paging({ repoId: geo, quType: 4 })).records[0];
    expect(must(await detail(saq.id))).toMatchObject({ quType: 4, answerList: [], answer: '' });
  });
});
