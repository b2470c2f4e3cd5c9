/**
 * `RepoService.ensureChapter` (imports create the chapters they name, issue 8 helper X) and the
 * Moodle category → bank + chapter mapping through POST /api/qu/qu/import, and chapters travelling
 * through the Moodle XML export (`$course$/<bank>/<chapter>`).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { quApi, type ImportResult, type QuRecord } from '@kaopei/contracts/qu';
import { repoApi, type ChapterRecord } from '@kaopei/contracts/repo';
import { testApp, type TestApp } from '../../test/app';
import { createRepo, multipart, must, uniq, waitForJob } from '../../test/builders';
import { hasSharedData, sharedDataPath } from '../../test/shared-data';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

const chapters = async (repoId: string) => must(await t.call<ChapterRecord[]>(repoApi.chapterList, { repoId }, admin));
const chapterRows = (repoId: string) => t.db.selectFrom('el_repo_chapter').select(['id', 'title']).where('repoId', '=', repoId).execute();

async function importFile(data: Buffer, name: string, fields: Record<string, string> = {}): Promise<ImportResult> {
  const { payload, contentType } = await multipart(fields, { name, data });
  const res = await t.app.inject({ method: 'POST', url: quApi.import.path, payload, headers: { 'content-type': contentType, token: admin } });
  const body = res.json() as { code: number; data: { jobId: string } };
  expect(body.code).toBe(0);
  return (await waitForJob(t, admin, body.data.jobId)).result as ImportResult;
}

/** `content → chapter title` of a bank's questions ('' none). */
async function chapterOfEach(repoId: string): Promise<Record<string, string>> {
  const page = must(await t.call<Page<QuRecord>>(quApi.paging, { current: 1, size: 100, params: { repoId } }, admin));
  return Object.fromEntries(page.records.map((r) => [r.content, r.chapterId_dictText]));
}

describe('RepoService.ensureChapter', () => {
  it('creates a chapter once per bank and title, at the end of the order, and finds it afterwards', async () => {
    const repoId = await createRepo(t, admin);
    const other = await createRepo(t, admin);
    must(await t.call(repoApi.chapterSave, { repoId, title: '第一章' }, admin));
    const ensure = (r: string, title: string) => t.db.transaction().execute((trx) => t.services.repo.ensureChapter(trx, r, title));
    const a = await ensure(repoId, '  第二章 ');
    expect(await ensure(repoId, '第二章')).toBe(a);
    const b = await ensure(other, '第二章');
    expect(b).not.toBe(a);
    expect((await chapters(repoId)).map((c) => [c.title, c.sort])).toEqual([['第一章', 0], ['第二章', 1]]);
    await expect(ensure(repoId, '   ')).rejects.toMatchObject({ code: ErrorCode.BAD_PARAMS, message: '章节名称不能为空！' });
  });

  it('parallel imports naming one new chapter end with one chapter row and the same id for both', async () => {
    const repoId = await createRepo(t, admin);
    const ids = await Promise.all(
      Array.from({ length: 4 }, () => t.db.transaction().execute((trx) => t.services.repo.ensureChapter(trx, repoId, '并发章节'))),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await chapterRows(repoId)).toEqual([{ id: ids[0], title: '并发章节' }]);
  });

  it('an import that fails after creating a chapter leaves no chapter (it runs in the import transaction)', async () => {
    const repoId = await createRepo(t, admin);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await t.services.repo.ensureChapter(trx, repoId, '回滚章节');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await chapterRows(repoId)).toEqual([]);
  });
});

const nested = () => readFileSync(sharedDataPath('moodle-formats', 'question', 'format', 'xml', 'tests', 'fixtures', 'nested_categories_with_questions.xml'), 'utf8');

describe.skipIf(!hasSharedData())('Moodle categories become chapters (shared data present)', () => {
  it('$course$/Iota/Kappa/Lambda: bank Iota, chapters Kappa, Kappa/Lambda, Mu; imported again: no new chapter', async () => {
    const bank = uniq('Iota');
    const xml = Buffer.from(nested().replace(/\$course\$\/Iota/g, `$course$/${bank}`));
    expect(await importFile(xml, 'nested.xml')).toMatchObject({ imported: 5, errors: [] });
    const [repo] = await t.db.selectFrom('el_repo').select('id').where('title', '=', bank).where('deleted', '=', 0).execute();
    const repoId = repo?.id as string;
    expect((await chapters(repoId)).map((c) => [c.title, c.quCount])).toEqual([['Kappa', 2], ['Kappa/Lambda', 1], ['Mu', 1]]);
    expect(await chapterOfEach(repoId)).toEqual({
      '<p>Testing Iota Question</p>': '',
      'Testing Kappa Essay Question': 'Kappa',
      '<p>Testing Kappa Question</p>': 'Kappa',
      '<p>Testing Lambda Question</p>': 'Kappa/Lambda',
      '<p>Testing Mu Question</p>': 'Mu',
    });
    expect(await importFile(xml, 'nested.xml', { dupMode: 'import' })).toMatchObject({ imported: 5 });
    expect(await chapterRows(repoId)).toHaveLength(3);
    expect((await chapters(repoId)).map((c) => c.quCount)).toEqual([4, 2, 2]);
  });

  it('into a chosen bank the path below the file\'s top category is the chapter; Moodle export → import keeps chapters', async () => {
    const a = await createRepo(t, admin);
    expect(await importFile(Buffer.from(nested()), 'nested.xml', { repoId: a })).toMatchObject({ imported: 5 });
    expect((await chapters(a)).map((c) => c.title)).toEqual(['Kappa', 'Kappa/Lambda', 'Mu']);
    const res = await t.app.inject({ method: 'POST', url: quApi.exportMoodle.path, payload: { repoId: a }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toContain('Kappa//Lambda');
    const b = await createRepo(t, admin);
    expect(await importFile(res.rawPayload, 'export.xml', { repoId: b })).toMatchObject({ imported: 5, errors: [] });
    expect(await chapterOfEach(b)).toEqual(await chapterOfEach(a));
  });
});
