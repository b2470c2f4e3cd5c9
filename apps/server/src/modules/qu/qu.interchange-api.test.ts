/**
 * POST /api/qu/qu/import with Moodle XML, GIFT and Aiken files (the background job, real files of
 * `../shared/data/moodle-formats`), and POST /api/qu/qu/export/moodle: what an import writes, what
 * a broken file leaves (nothing), the per-question report, embedded files, and export → import
 * giving back the same questions through the API.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { quApi, type ImportResult, type QuDetail, type QuRecord } from '@kaopei/contracts/qu';
import { testApp, type TestApp } from '../../test/app';
import { createRepo, multipart, must, rowCount, uniq, waitForJob } from '../../test/builders';
import { hasSharedData, sharedDataPath } from '../../test/shared-data';
import { MSG_NEED_REPO } from './qu.import-job';
import { MSG_UNKNOWN_FORMAT } from './qu.interchange-import';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

const fixture = (...p: string[]) => readFileSync(sharedDataPath('moodle-formats', 'question', 'format', ...p));

async function upload(data: Buffer, name: string, fields: Record<string, string> = {}) {
  const { payload, contentType } = await multipart(fields, { name, data });
  const res = await t.app.inject({ method: 'POST', url: quApi.import.path, payload, headers: { 'content-type': contentType, token: admin } });
  return { ...(res.json() as { code: number; msg: string; success: boolean; data: { jobId: string } }), status: res.statusCode };
}

async function importFile(data: Buffer, name: string, fields: Record<string, string> = {}): Promise<ImportResult> {
  const res = await upload(data, name, fields);
  expect(res.code).toBe(0);
  const job = await waitForJob(t, admin, must(res).jobId);
  return job.result as ImportResult;
}

async function questionsOf(repoId: string): Promise<QuDetail[]> {
  const page = must(await t.call<Page<QuRecord>>(quApi.paging, { current: 1, size: 100, params: { repoId }, orders: [{ column: 'createTime', asc: true }] }, admin));
  const list = await Promise.all(page.records.map(async (r) => must(await t.call<QuDetail>(quApi.detail, { id: r.id }, admin))));
  return list.sort((a, b) => a.content.localeCompare(b.content));
}

const banksTitled = async (title: string) => (await t.db.selectFrom('el_repo').select(['id']).where('title', '=', title).where('deleted', '=', 0).execute()).map((r) => r.id);

describe.skipIf(!hasSharedData())('import of Moodle formats (shared data present)', () => {
  it('Moodle XML without a bank chosen: its top category becomes the bank, every question imported', async () => {
    const name = uniq('Iota');
    const data = Buffer.from(fixture('xml', 'tests', 'fixtures', 'nested_categories_with_questions.xml').toString('utf8').replace(/\$course\$\/Iota/g, `$course$/${name}`));
    const result = await importFile(data, 'nested.xml');
    expect(result).toMatchObject({ imported: 5, errors: [], unmapped: [] });
    const [bank] = await banksTitled(name);
    const qs = await questionsOf(bank as string);
    expect(qs.map((q) => q.quType).sort()).toEqual([3, 3, 3, 3, 4]);
    const tf = qs.find((q) => q.content === '<p>Testing Iota Question</p>');
    expect(tf?.answerList.map((o) => [o.content, o.isRight])).toEqual([['正确', true], ['错误', false]]);
  });

  it('a broken file writes nothing and the report says why for each question', async () => {
    const repoId = await createRepo(t, admin);
    const before = await rowCount(t, 'el_qu');
    const result = await importFile(fixture('xml', 'tests', 'fixtures', 'broken_cloze_questions.xml'), 'broken.xml', { repoId });
    expect(result).toMatchObject({ imported: 0, totalErrors: 1, errors: [{ row: 0, msg: '文件中没有可导入的试题，未导入任何试题！' }] });
    expect(result.unmapped).toHaveLength(5);
    expect(result.unmapped[4]).toEqual({ no: 5, type: 'cloze', name: 'Numerical subquestion with buggy answer', reason: '第1个子题的数值答案不正确：zero' });
    const malformed = await importFile(Buffer.from('<quiz><question type="essay"><name><text>x</text></quiz>'), 'bad.xml', { repoId });
    expect(malformed.errors[0]?.msg).toMatch(/^文件不是有效的Moodle XML格式/);
    const latin1 = await importFile(Buffer.from([0x3c, 0x71, 0x75, 0x69, 0x7a, 0x3e, 0xe9, 0xff]), 'latin.xml', { repoId });
    expect(latin1.errors[0]?.msg).toBe('文件编码不是UTF-8，请另存为UTF-8编码后再导入！');
    expect(await rowCount(t, 'el_qu')).toBe(before);
  });

  it('GIFT (.txt) into a chosen bank: 8 of 9 imported, the numerical with a tolerance reported, notes kept', async () => {
    const repoId = await createRepo(t, admin);
    const result = await importFile(fixture('gift', 'tests', 'fixtures', 'questions.gift.txt'), 'questions.gift.txt', { repoId });
    expect(result).toMatchObject({ imported: 8, errors: [] });
    expect(result.unmapped).toEqual([{ no: 5, type: 'gift', name: 'Q5', reason: '数值题的答案带误差范围（3:2），无法转换为填空题' }]);
    expect(result.notes.map((n) => n.no)).toEqual([6, 7]);
    const qs = await questionsOf(repoId);
    const match = qs.find((q) => q.quType === 6);
    expect(match?.answerList.map((o) => [o.content, o.answer])).toEqual([
      ['An activity supporting asynchronous discussions.', 'Forum'],
      ['A teacher asks a question and specifies a choice of multiple responses.', 'Choice'],
      ['A bank of record entries which participants can add to.', 'Database'],
      ['A collection of web pages that anyone can add to or edit.', 'Wiki'],
      ['', 'Chat'],
    ]);
    const fill = qs.find((q) => q.quType === 5);
    expect(fill).toMatchObject({ content: 'Which is the best animal?______', blankOpts: { ignoreCase: true } });
    expect(fill?.answerList.map((o) => o.answer)).toEqual(['Frog']);
  });

  it('Aiken with errors: the 2 good questions import, the 4 bad blocks are reported; the format field wins', async () => {
    const repoId = await createRepo(t, admin);
    const result = await importFile(fixture('aiken', 'tests', 'fixtures', 'aiken_errors.txt'), 'x.txt', { repoId, format: 'aiken' });
    expect(result).toMatchObject({ imported: 2 });
    expect(result.unmapped.map((u) => u.reason)).toEqual(['选项少于两个', '选项前没有题目内容', '答案前没有题目和选项', '缺少ANSWER答案行']);
  });

  it('a cloze with embedded images: a combined question whose images are stored uploads', async () => {
    const repoId = await createRepo(t, admin);
    const result = await importFile(fixture('xml', 'tests', 'fixtures', 'multianswer.xml'), 'multianswer.xml', { repoId });
    expect(result).toMatchObject({ imported: 1, errors: [] });
    const [q] = await questionsOf(repoId);
    expect(q?.quType).toBe(99);
    expect(q?.subList.map((s) => s.quType)).toEqual([1, 1, 1, 1, 5]);
    expect(q?.content).not.toContain('@@PLUGINFILE@@');
    const urls = [...(q?.content ?? '').matchAll(/src="(\/api\/common\/file\/view\/[0-9a-f]{32}\.png)"/g)].map((m) => m[1] as string);
    expect(urls).toHaveLength(2);
    const img = await t.app.inject({ method: 'GET', url: urls[0] as string, headers: { token: admin } });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('export to Moodle XML and import it into another bank: the same questions of every type', async () => {
    const a = await createRepo(t, admin);
    await importFile(fixture('gift', 'tests', 'fixtures', 'questions.gift.txt'), 'q.gift', { repoId: a });
    await importFile(fixture('xml', 'tests', 'fixtures', 'multianswer.xml'), 'm.xml', { repoId: a });
    await importFile(fixture('xml', 'tests', 'fixtures', 'categories_reverse_order.xml'), 'c.xml', { repoId: a });
    const res = await t.app.inject({ method: 'POST', url: quApi.exportMoodle.path, payload: { repoId: a }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('试题导出.xml'));
    const b = await createRepo(t, admin);
    const back = await importFile(res.rawPayload, 'export.xml', { repoId: b });
    expect(back).toMatchObject({ imported: 11, errors: [], unmapped: [] });
    const strip = (q: QuDetail) => ({
      quType: q.quType, level: q.level, content: q.content, analysis: q.analysis, image: q.image, answer: q.answer, blankOpts: q.blankOpts, keywords: q.keywords,
      answerList: q.answerList.map((o) => [o.content, o.isRight, o.answer, o.analysis]),
      subList: q.subList.map((s) => ({ quType: s.quType, content: s.content, answer: s.answer, answerList: s.answerList.map((o) => [o.content, o.isRight, o.answer]) })),
    });
    const before = (await questionsOf(a)).map(strip);
    expect(new Set(before.map((q) => q.quType))).toEqual(new Set([1, 2, 3, 4, 5, 6, 99]));
    expect((await questionsOf(b)).map(strip)).toEqual(before);
  });
});

describe('import refusals of the call itself', () => {
  it('an unknown extension is refused at once; a GIFT file without category needs a bank', async () => {
    expect(await upload(Buffer.from('x'), 'a.doc')).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    const r = await upload(Buffer.from('x'), 'a.csv', { format: 'gift' });
    expect(r.code === 0 || r.msg !== MSG_UNKNOWN_FORMAT).toBe(true);
    const result = await importFile(Buffer.from('::q:: 1+1? {=2 =二}\n'), 'a.gift');
    expect(result.errors).toEqual([{ row: 0, msg: MSG_NEED_REPO }]);
  });
});
