/**
 * API tests of bank chapters (/api/repo/chapter/list, /save, /delete, /sort, /api/repo/chapter-group)
 * and the bank flags isExam / isTrain (bank form and paging params, SPEC §7).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { quApi, QuError } from '@kaopei/contracts/qu';
import { repoApi, type ChapterGroup, type ChapterRecord, type RepoRecord } from '@kaopei/contracts/repo';
import { testApp, type TestApp } from '../../test/app';
import { createQu, createRepo, must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;

const list = async (repoId: string, title?: string) => must(await t.call<ChapterRecord[]>(repoApi.chapterList, { repoId, title }, admin));
const saveChapter = (body: Record<string, unknown>) => t.call<{ id: string }>(repoApi.chapterSave, body, admin);
const group = async (repoIds: string[]) => must(await t.call<ChapterGroup[]>(repoApi.chapterGroup, { repoIds }, admin));

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('chapters', () => {
  it('creates chapters at the end of the order, renames them, filters by title and counts questions', async () => {
    const repoId = await createRepo(t, admin);
    const a = must(await saveChapter({ repoId, title: '第一章 总则' })).id;
    const b = must(await saveChapter({ repoId, title: '第二章 细则', remark: '说明' })).id;
    await createQu(t, admin, repoId, 1, { chapterId: b });
    await createQu(t, admin, repoId, 2, { chapterId: b });
    expect(await list(repoId)).toEqual([
      { id: a, repoId, title: '第一章 总则', remark: '', sort: 0, quCount: 0 },
      { id: b, repoId, title: '第二章 细则', remark: '说明', sort: 1, quCount: 2 },
    ]);
    expect((await list(repoId, '细则')).map((c) => c.id)).toEqual([b]);
    must(await saveChapter({ id: a, repoId, title: '第一章 总纲' }));
    expect((await list(repoId))[0]).toMatchObject({ id: a, title: '第一章 总纲', sort: 0 });
  });

  it('refuses bad chapters with their messages', async () => {
    const repoId = await createRepo(t, admin);
    const other = await createRepo(t, admin);
    const a = must(await saveChapter({ repoId, title: '同名' })).id;
    expect(await saveChapter({ repoId, title: '同名' })).toMatchObject({ code: QuError.CHAPTER_DUP.code, msg: '该题库下已有同名章节！' });
    expect(await saveChapter({ repoId, title: '  ' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '章节名称不能为空！' });
    expect(await saveChapter({ title: 'x' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择题库！' });
    expect(await saveChapter({ repoId: '1234567890', title: 'x' })).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '题库不存在或已被删除！' });
    // A chapter never changes bank through save.
    expect(await saveChapter({ id: a, repoId: other, title: '搬家' })).toMatchObject({ code: QuError.CHAPTER_NOT_IN_REPO.code });
    expect(await list(repoId)).toHaveLength(1);
    expect(await list(other)).toHaveLength(0);
    expect(await t.call(repoApi.chapterList, { repoId: '1234567890' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('deletes only empty chapters; a chapter with questions names its count until they are cleared', async () => {
    const repoId = await createRepo(t, admin);
    const empty = must(await saveChapter({ repoId, title: '空章' })).id;
    const full = must(await saveChapter({ repoId, title: '满章' })).id;
    const q = await createQu(t, admin, repoId, 1, { chapterId: full });
    expect(await t.call(repoApi.chapterDelete, { ids: [empty, full] }, admin)).toMatchObject({
      code: QuError.CHAPTER_NOT_EMPTY.code,
      msg: '章节「满章」下还有1道试题，请先移出或清空章节后再删除！',
    });
    expect((await list(repoId)).map((c) => c.id)).toEqual([empty, full]);
    must(await t.call(quApi.batchChapterClear, { ids: [q] }, admin));
    must(await t.call(repoApi.chapterDelete, { ids: [empty, full] }, admin));
    expect(await list(repoId)).toEqual([]);
    // A deleted question does not keep a chapter alive.
    const again = must(await saveChapter({ repoId, title: '再来' })).id;
    const gone = await createQu(t, admin, repoId, 1, { chapterId: again });
    must(await t.call(quApi.delete, { ids: [gone] }, admin));
    must(await t.call(repoApi.chapterDelete, { ids: [again] }, admin));
  });

  it('sorts the chapters of a bank; a stale list is refused', async () => {
    const repoId = await createRepo(t, admin);
    const ids = [];
    for (const n of ['一', '二', '三']) ids.push(must(await saveChapter({ repoId, title: `第${n}章` })).id);
    const [a, b, c] = ids as [string, string, string];
    must(await t.call(repoApi.chapterSort, { repoId, ids: [c, a, b] }, admin));
    expect((await list(repoId)).map((x) => [x.id, x.sort])).toEqual([[c, 0], [a, 1], [b, 2]]);
    for (const bad of [[c, a], [c, a, b, b], [c, a, '1234567890']]) {
      expect(await t.call(repoApi.chapterSort, { repoId, ids: bad }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '章节列表已变化，请刷新后重试！' });
    }
    expect((await list(repoId)).map((x) => x.id)).toEqual([c, a, b]);
  });

  it('chapter-group: per bank in the order asked, chapters with per-type counts and the questions of no chapter', async () => {
    const r1 = await createRepo(t, admin, uniq('分组甲'));
    const r2 = await createRepo(t, admin, uniq('分组乙'));
    const c1 = must(await saveChapter({ repoId: r1, title: '章一' })).id;
    const c2 = must(await saveChapter({ repoId: r1, title: '章二' })).id;
    await createQu(t, admin, r1, 1, { chapterId: c1 });
    await createQu(t, admin, r1, 1, { chapterId: c1 });
    await createQu(t, admin, r1, 2, { chapterId: c1 });
    await createQu(t, admin, r1, 3);
    await createQu(t, admin, r2, 1);
    const groups = await group([r2, r1, '1234567890']);
    expect(groups.map((g) => g.repoId)).toEqual([r2, r1]);
    expect(groups[1]).toMatchObject({
      quCount: 4,
      noChapterCount: 1,
      noChapterTypeCountList: [{ quType: 3, count: 1 }],
      chapterList: [
        { id: c1, title: '章一', quCount: 3, typeCountList: [{ quType: 1, count: 2 }, { quType: 2, count: 1 }] },
        { id: c2, title: '章二', quCount: 0, typeCountList: [] },
      ],
    });
    expect(groups[0]).toMatchObject({ quCount: 1, noChapterCount: 1, chapterList: [] });
    expect(await t.call(repoApi.chapterGroup, { repoIds: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择题库！' });
  });
});

describe('bank flags isExam / isTrain', () => {
  it('are saved by the bank form (default 1) and filter the bank list', async () => {
    const tag = uniq('标志');
    const both = await createRepo(t, admin, `${tag}都可`);
    const examOnly = must(await t.call<{ id: string }>(repoApi.save, { title: `${tag}仅考试`, isExam: 1, isTrain: 0 }, admin)).id;
    const trainOnly = must(await t.call<{ id: string }>(repoApi.save, { title: `${tag}仅训练`, isExam: 0, isTrain: 1 }, admin)).id;
    expect(must(await t.call<RepoRecord>(repoApi.detail, { id: both }, admin))).toMatchObject({ isExam: 1, isTrain: 1 });
    const ids = async (params: Record<string, unknown>) =>
      must(await t.call<Page<RepoRecord>>(repoApi.paging, { size: 100, params: { title: tag, ...params } }, admin)).records.map((r) => r.id).sort();
    expect(await ids({ isExam: 1 })).toEqual([both, examOnly].sort());
    expect(await ids({ isTrain: 1 })).toEqual([both, trainOnly].sort());
    expect(await ids({ isExam: 0 })).toEqual([trainOnly]);
    expect(await ids({ isExam: 1, isTrain: 1, excludes: [both] })).toEqual([]);
    must(await t.call(repoApi.save, { id: examOnly, title: `${tag}仅考试`, isExam: 1, isTrain: 1 }, admin));
    expect(await ids({ isTrain: 1 })).toEqual([both, examOnly, trainOnly].sort());
    expect(await t.call(repoApi.save, { title: 'x', isExam: 2 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '考试标志不正确！' });
    expect(await t.call(repoApi.paging, { params: { isTrain: true } }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '训练标志不正确！' });
  });
});

describe('parallel chapter saves', () => {
  it('two saves of one new title at once create one chapter; the other is told the title is taken', async () => {
    const repoId = await createRepo(t, admin);
    const results = await Promise.all([saveChapter({ repoId, title: '并发章' }), saveChapter({ repoId, title: '并发章' })]);
    expect(results.map((r) => r.code).sort()).toEqual([0, QuError.CHAPTER_DUP.code].sort());
    expect(await list(repoId)).toHaveLength(1);
  });
});
