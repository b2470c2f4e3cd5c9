/**
 * API tests of topics (/api/zt/*; issue 13 "Class content"): validation (nothing written), CRUD with
 * items (sanitised description, checked references), the learner view showing only courses visible
 * to him and published news, class topics for enrolled learners only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { classNewsApi } from '@kaopei/contracts/class-news';
import { courseApi } from '@kaopei/contracts/course';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { ztApi, type ZtDetail, type ZtListRecord, type ZtRecord, type ZtView } from '@kaopei/contracts/zt';
import { testApp, type TestApp } from '../../test/app';
import { must, shanghaiTime, uniq } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;
let fileId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  fileId = await insertCourseFile(t, { title: uniq('课件'), fileType: 11 });
});
afterAll(async () => {
  await t?.close();
});

const course = async (over: Record<string, unknown>) => must(await t.call<{ id: string }>(courseApi.save, { title: uniq('课程'), fileList: [{ fileId }], ...over }, admin)).id;
const news = async (state: number) => must(await t.call<{ id: string }>(classNewsApi.save, { title: uniq('资讯'), content: '<p>x</p>', state }, admin)).id;
const save = async (body: Record<string, unknown>) => must(await t.call<{ id: string }>(ztApi.save, { title: uniq('专题'), ...body }, admin)).id;

describe('zt', () => {
  it('validates in Chinese and writes nothing on bad input', async () => {
    const count = async () => (await t.db.selectFrom('el_zt').select('id').execute()).length;
    const before = await count();
    expect(await t.call(ztApi.save, { title: ' ' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '专题标题不能为空！' });
    expect(await t.call(ztApi.save, { title: 'x', items: [{ itemType: 'link', url: 'javascript:alert(1)', title: 'x' }] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请输入以 http:// 或 https:// 开头的链接地址！' });
    expect(await t.call(ztApi.save, { title: 'x', items: [{ itemType: 'course' }] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择关联的课程或资讯！' });
    expect(await t.call(ztApi.save, { title: 'x', items: [{ itemType: 'course', refId: '1234567890123456789' }] }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '课程不存在！' });
    expect(await count()).toBe(before);
  });

  it('saves, lists, updates items and deletes', async () => {
    const c = await course({ openType: 1 });
    const title = uniq('安全专题');
    const id = await save({ title, content: '<p>介绍<script>x</script></p>', items: [{ itemType: 'course', refId: c }, { itemType: 'link', url: 'https://example.com', title: '外链' }] });
    const d = must(await t.call<ZtDetail>(ztApi.detail, { id }, admin));
    expect(d.content).not.toContain('script');
    expect(d.items.map((i) => [i.itemType, i.sort])).toEqual([['course', 1], ['link', 2]]);
    expect(d.items[0]!.title).not.toBe('');
    expect(must(await t.call<Page<ZtRecord>>(ztApi.paging, { params: { title } }, admin)).records).toEqual([expect.objectContaining({ id, itemCount: 2 })]);
    must(await t.call(ztApi.save, { id, title, items: [{ itemType: 'link', url: 'https://example.org', title: '另一个' }] }, admin));
    expect(must(await t.call<ZtDetail>(ztApi.detail, { id }, admin)).items.map((i) => i.url)).toEqual(['https://example.org']);
    must(await t.call(ztApi.delete, { ids: [id] }, admin));
    expect((await t.call(ztApi.detail, { id }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await t.db.selectFrom('el_zt_item').select('id').where('ztId', '=', id).execute()).toEqual([]);
  });

  it('shows a learner only the courses he may see and the published news', async () => {
    const u = await t.newLearner();
    const other = await t.newLearner();
    const open = await course({ openType: 1 });
    const closed = await course({ openType: 3, userIds: [other.userId] });
    const mine = await course({ openType: 3, userIds: [u.userId] });
    const published = await news(1);
    const draft = await news(0);
    const id = await save({
      items: [
        { itemType: 'course', refId: open }, { itemType: 'course', refId: closed }, { itemType: 'course', refId: mine },
        { itemType: 'news', refId: published }, { itemType: 'news', refId: draft }, { itemType: 'link', url: 'https://example.com', title: '链接' },
      ],
    });
    const v = must(await t.call<ZtView>(ztApi.view, { id }, u.token));
    expect(v.items.map((i) => i.refId || i.url)).toEqual([open, mine, published, 'https://example.com']);
    expect(must(await t.call<ZtView>(ztApi.view, { id }, other.token)).items.map((i) => i.refId || i.url)).toEqual([open, closed, published, 'https://example.com']);
    expect(must(await t.call<Page<ZtListRecord>>(ztApi.list, {}, u.token)).records.map((r) => r.id)).toContain(id);
  });

  it("lists and opens a class's topics for its enrolled learners only", async () => {
    const u = await t.newLearner();
    const stranger = await t.newLearner();
    const classId = must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, { title: uniq('培训班'), classType: 1, startTime: shanghaiTime(2 * DAY), endTime: shanghaiTime(30 * DAY) }, admin)).id;
    const id = await save({ classId });
    must(await t.call(trainClassApi.assign, { classId, userIds: [u.userId] }, admin));
    expect(must(await t.call<Page<ZtListRecord>>(ztApi.list, { params: { classId } }, u.token)).records.map((r) => r.id)).toEqual([id]);
    must(await t.call(ztApi.view, { id }, u.token));
    expect(must(await t.call<Page<ZtListRecord>>(ztApi.list, { params: { classId } }, stranger.token)).records).toEqual([]);
    expect((await t.call(ztApi.view, { id }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    // Site-wide list leaves class topics out.
    expect(must(await t.call<Page<ZtListRecord>>(ztApi.list, {}, u.token)).records.map((r) => r.id)).not.toContain(id);
  });
});
