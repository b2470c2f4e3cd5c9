/**
 * API tests of question banks (/api/repo/*): paging with counts, save, detail, delete and the
 * "used by an exam" guard.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { repoApi, RepoError, type RepoRecord } from '@kaopei/contracts/repo';
import { testApp, type TestApp } from '../../test/app';
import { contentCounts, createExam, createQu, createRepo, examBody, must, uniq } from '../../test/builders';
import { newId } from '../../lib/ids';
import { quApi } from '@kaopei/contracts/qu';
import { statApi } from '@kaopei/contracts/stat';
import { examApi } from '@kaopei/contracts/exam';

let t: TestApp;
let admin: string;

async function paging(params: Record<string, unknown> = {}, current = 1, size = 10): Promise<Page<RepoRecord>> {
  return must(await t.call<Page<RepoRecord>>(repoApi.paging, { current, size, params }, admin));
}
async function detail(id: string) {
  return t.call<RepoRecord>(repoApi.detail, { id }, admin);
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('paging', () => {
  it('lists the seeded bank with its counts', async () => {
    const page = await paging({ title: '安全生产' });
    expect(page).toMatchObject({ total: 1, pages: 1, current: 1, size: 10 });
    const bank = page.records[0];
    expect(bank).toMatchObject({ title: '安全生产基础知识（演示）', remark: '考培演示题库：安全生产基础知识', quCount: 24, objCount: 24, subjCount: 0 });
    expect(bank.typeCountList).toEqual([
      { quType: 1, count: 12 },
      { quType: 2, count: 6 },
      { quType: 3, count: 6 },
    ]);
    expect(bank.id).toMatch(/^\d{19}$/);
    expect(bank.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by title and pages newest first with current/size/total/pages', async () => {
    const tag = uniq('分页');
    const ids: string[] = [];
    for (const n of ['一', '二', '三']) ids.push(await createRepo(t, admin, `${tag}${n}`));
    const p1 = await paging({ title: tag }, 1, 2);
    expect(p1).toMatchObject({ total: 3, pages: 2, current: 1, size: 2 });
    expect(p1.records.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const p2 = await paging({ title: tag }, 2, 2);
    expect(p2).toMatchObject({ total: 3, pages: 2, current: 2, size: 2 });
    expect(p2.records.map((r) => r.id)).toEqual([ids[0]]);
    expect((await paging({ title: tag }, 3, 2)).records).toEqual([]);
    expect((await paging({ title: `${tag}二` })).records.map((r) => r.id)).toEqual([ids[1]]);
    expect((await paging({ title: tag, excludes: [ids[0], ids[2]] })).records.map((r) => r.id)).toEqual([ids[1]]);
    expect((await paging({ title: uniq('没有这个') })).total).toBe(0);
  });

  it('treats % and _ in the title filter as plain characters', async () => {
    const percent = await createRepo(t, admin, `合格率100%${uniq('')}`);
    const underscore = await createRepo(t, admin, `题库_${uniq('')}`);
    expect((await paging({ title: '100%' })).records.map((r) => r.id)).toEqual([percent]);
    expect((await paging({ title: '库_' })).records.map((r) => r.id)).toEqual([underscore]);
    expect((await paging({ title: '%' })).records.map((r) => r.id)).toEqual([percent]);
  });

  it('refuses bad paging numbers', async () => {
    expect((await t.call(repoApi.paging, { current: 0 }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
    expect((await t.call(repoApi.paging, { size: 5001 }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
    expect((await t.call(repoApi.paging, { params: { title: 5 } }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
  });
});

describe('counts', () => {
  it('counts questions per type, objective and subjective, live ones only', async () => {
    const repoId = await createRepo(t, admin);
    const empty = must(await detail(repoId));
    expect(empty).toMatchObject({ quCount: 0, objCount: 0, subjCount: 0, typeCountList: [] });
    await createQu(t, admin, repoId, 1);
    const gone = await createQu(t, admin, repoId, 1);
    await createQu(t, admin, repoId, 1);
    await createQu(t, admin, repoId, 2);
    await createQu(t, admin, repoId, 3);
    // Short answer (type 4) cannot be authored yet; a stored one counts as subjective.
    const at = Date.now();
    await t.db
      .insertInto('el_qu')
      .values({ id: newId(), repoId, parentId: '', quType: 4, level: 1, content: '简答', analysis: '', image: '', video: '', answer: '', chapterId: '', blankOpts: 0, keywords: '', sort: 0, deleted: 0, createBy: '', createTime: at, updateTime: at })
      .execute();
    must(await t.call(quApi.delete, { ids: [gone] }, admin));
    const expected = {
      quCount: 5,
      objCount: 4,
      subjCount: 1,
      typeCountList: [
        { quType: 1, count: 2 },
        { quType: 2, count: 1 },
        { quType: 3, count: 1 },
        { quType: 4, count: 1 },
      ],
    };
    expect(must(await detail(repoId))).toMatchObject(expected);
    const listed = (await paging({ title: must(await detail(repoId)).title })).records[0];
    expect(listed).toMatchObject({ id: repoId, ...expected });
  });
});

describe('save and detail', () => {
  it('creates and updates a bank', async () => {
    const title = uniq('新建题库');
    const res = await t.call<{ id: string }>(repoApi.save, { title: `  ${title}  `, remark: '备注' }, admin);
    expect(res.code).toBe(0);
    const id = res.data!.id;
    expect(must(await detail(id))).toMatchObject({ id, title, remark: '备注', quCount: 0 });
    const saved = await t.call<{ id: string }>(repoApi.save, { id, title: `${title}改`, remark: '' }, admin);
    expect(saved.data).toEqual({ id });
    expect(must(await detail(id))).toMatchObject({ id, title: `${title}改`, remark: '' });
    expect((await paging({ title })).total).toBe(1);
  });

  it('answers 10010003 when updating a missing bank, and creates nothing', async () => {
    const before = await contentCounts(t);
    const res = await t.call(repoApi.save, { id: '1234567890123456789', title: '不存在' }, admin);
    expect(res).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '题库不存在或已被删除！' });
    expect(await contentCounts(t)).toEqual(before);
    expect((await detail('1234567890123456789')).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('validates the title', async () => {
    const before = await contentCounts(t);
    for (const body of [{}, { title: '' }, { title: '   ' }, { title: null }]) {
      expect(await t.call(repoApi.save, body, admin)).toMatchObject({ status: 200, code: ErrorCode.BAD_PARAMS, msg: '题库名称不能为空！' });
    }
    expect(await t.call(repoApi.save, { title: '长'.repeat(101) }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '题库名称不能超过100个字符' });
    expect(await t.call(repoApi.save, { title: 'ok', remark: '长'.repeat(501) }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '题库描述不能超过500个字符' });
    expect(await t.call(repoApi.detail, {}, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: 'ID不能为空！' });
    expect(await contentCounts(t)).toEqual(before);
  });
});

describe('delete', () => {
  it('deletes a bank with its questions', async () => {
    const repoId = await createRepo(t, admin);
    await createQu(t, admin, repoId, 1);
    await createQu(t, admin, repoId, 3);
    const quBefore = must(await t.call<{ quCount: number }>(statApi.totalNumAll, {}, admin)).quCount;
    expect(await t.call(repoApi.delete, { ids: [repoId] }, admin)).toMatchObject({ code: 0, data: null });
    expect(await detail(repoId)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '题库不存在或已被删除！' });
    expect((await paging({ excludes: [] }, 1, 5000)).records.some((r) => r.id === repoId)).toBe(false);
    expect(must(await t.call<Page<unknown>>(quApi.paging, { params: { repoId } }, admin)).total).toBe(0);
    expect(must(await t.call<{ quCount: number }>(statApi.totalNumAll, {}, admin)).quCount).toBe(quBefore - 2);
    // A deleted bank can no longer be updated or receive questions.
    expect((await t.call(repoApi.save, { id: repoId, title: '复活' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(quApi.save, { repoId, quType: 3, content: '题', answerList: [{ content: '对', isRight: true }, { content: '错' }] }, admin)).code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('refuses to delete a bank whose question is a fixed question of an exam (select method)', async () => {
    const used = await createRepo(t, admin, uniq('固定题在用'));
    const quId = await createQu(t, admin, used, 1);
    const other = await createRepo(t, admin);
    await createQu(t, admin, other, 1);
    const examId = await createExam(t, admin, examBody(other, { paperMethod: 2, ruleList: [], quList: [{ quId, score: 10 }], qualifyScore: 5 }));
    expect((await t.call(repoApi.delete, { ids: [used] }, admin)).code).toBe(RepoError.REPO_IN_USE.code);
    must(await t.call(examApi.delete, { ids: [examId] }, admin));
    expect((await t.call(repoApi.delete, { ids: [used] }, admin)).code).toBe(0);
  });

  it('refuses to delete a bank used by an exam (20010010) and deletes nothing of the batch', async () => {
    const usedTitle = uniq('考试在用');
    const used = await createRepo(t, admin, usedTitle);
    await createQu(t, admin, used, 1);
    const free = await createRepo(t, admin);
    const examId = await createExam(t, admin, examBody(used));
    const before = await contentCounts(t);
    const res = await t.call(repoApi.delete, { ids: [free, used] }, admin);
    expect(res).toMatchObject({ status: 200, code: RepoError.REPO_IN_USE.code, success: false });
    expect(res.msg).toContain(`「${usedTitle}」`);
    expect(await contentCounts(t)).toEqual(before);
    expect(must(await detail(used))).toMatchObject({ quCount: 1 });
    expect((await detail(free)).code).toBe(0);
    // Once the exam is deleted the bank may go.
    must(await t.call(examApi.delete, { ids: [examId] }, admin));
    expect((await t.call(repoApi.delete, { ids: [free, used] }, admin)).code).toBe(0);
    expect((await detail(used)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await detail(free)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('needs at least one id', async () => {
    expect(await t.call(repoApi.delete, { ids: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
    expect(await t.call(repoApi.delete, {}, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
  });
});
