/**
 * API tests of training news (/api/trainClass/news/*; issue 13 "Training news", SPEC §2 /web/state
 * public pages): validation (nothing written), sanitised content, anonymous public paging and detail
 * without a token that never show drafts (nor withdrawn articles), top first, the view count under
 * 10 parallel detail calls, class articles of a class not open to everybody hidden from visitors
 * and non-members and shown to its enrolled learners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { classNewsApi, NEWS_GONE_MSG, type NewsDetail, type NewsPublicDetail, type NewsPublicRecord } from '@kaopei/contracts/class-news';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { testApp, type TestApp } from '../../test/app';
import { must, shanghaiTime, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

const save = async (over: Record<string, unknown> = {}) => must(await t.call<{ id: string }>(classNewsApi.save, { title: uniq('资讯'), content: '<p>正文</p>', state: 1, ...over }, admin)).id;
const publicPage = (params: Record<string, unknown>, token?: string) => t.call<Page<NewsPublicRecord>>(classNewsApi.publicPaging, { params }, token);
const publicDetail = (id: string, token?: string) => t.call<NewsPublicDetail>(classNewsApi.publicDetail, { id }, token);
const createClass = async (over: Record<string, unknown> = {}) =>
  must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, { title: uniq('培训班'), classType: 1, startTime: shanghaiTime(2 * DAY), endTime: shanghaiTime(30 * DAY), ...over }, admin)).id;

describe('admin', () => {
  it('validates in Chinese and writes nothing on bad input; sanitises the content', async () => {
    const count = async () => (await t.db.selectFrom('el_class_news').select('id').execute()).length;
    const before = await count();
    expect(await t.call(classNewsApi.save, { title: ' ', content: 'x' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '资讯标题不能为空！' });
    expect(await t.call(classNewsApi.save, { title: '标题', content: ' ' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '资讯内容不能为空！' });
    expect(await t.call(classNewsApi.save, { title: '标题', content: 'x', classId: '1234567890123456789' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await count()).toBe(before);
    const id = await save({ content: '<p>介绍<script>alert(1)</script></p>', state: 0 });
    const d = must(await t.call<NewsDetail>(classNewsApi.detail, { id }, admin));
    expect(d.content).not.toContain('script');
    expect(d).toMatchObject({ state: 0, state_dictText: '草稿', publishTime: null, viewCount: 0 });
    must(await t.call(classNewsApi.state, { ids: [id], state: 1 }, admin));
    expect(must(await t.call<NewsDetail>(classNewsApi.detail, { id }, admin)).publishTime).not.toBeNull();
    must(await t.call(classNewsApi.delete, { ids: [id] }, admin));
    expect((await t.call(classNewsApi.detail, { id }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('refuses the admin calls without a token and to learners', async () => {
    expect((await t.call(classNewsApi.paging, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
    const u = await t.newLearner();
    expect((await t.call(classNewsApi.save, { title: 'x', content: 'x' }, u.token)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('public', () => {
  it('lists and opens published articles without a token, never drafts; top first', async () => {
    const tag = uniq('公开');
    const old = await save({ title: `${tag}旧`, cover: '/upload/a.png', summary: '摘要' });
    const top = await save({ title: `${tag}置顶`, isTop: 1 });
    const fresh = await save({ title: `${tag}新` });
    const draft = await save({ title: `${tag}草稿`, state: 0 });
    const withdrawn = await save({ title: `${tag}撤回` });
    must(await t.call(classNewsApi.state, { ids: [withdrawn], state: 0 }, admin));

    const page = must(await publicPage({ title: tag }));
    expect(page.records.map((r) => r.id)).toEqual([top, fresh, old]);
    expect(page.records.find((r) => r.id === old)).toMatchObject({ cover: '/upload/a.png', summary: '摘要' });

    const d = must(await publicDetail(old));
    expect(d).toMatchObject({ id: old, content: '<p>正文</p>', viewCount: 1 });
    for (const id of [draft, withdrawn, '1234567890123456789']) expect(await publicDetail(id)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: NEWS_GONE_MSG });
    expect((await t.db.selectFrom('el_class_news').select('viewCount').where('id', '=', draft).executeTakeFirstOrThrow()).viewCount).toBe(0);
  });

  it('counts each of 10 parallel views once', async () => {
    const id = await save();
    const res = await Promise.all(Array.from({ length: 10 }, () => publicDetail(id)));
    expect(res.every((r) => r.code === 0)).toBe(true);
    const row = await t.db.selectFrom('el_class_news').select('viewCount').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.viewCount)).toBe(10);
  });

  it("shows a class's articles to everybody when the class is open to all, else to its enrolled learners only", async () => {
    const member = await t.newLearner();
    const stranger = await t.newLearner();
    const openClass = await createClass();
    const closedClass = await createClass({ openType: 3, userIds: [member.userId, stranger.userId] });
    const openNews = await save({ classId: openClass });
    const closedNews = await save({ classId: closedClass });

    // Site-wide list: class articles are on their class's page, not here.
    expect(must(await publicPage({})).records.map((r) => r.id)).not.toContain(closedNews);
    expect(must(await publicPage({ classId: openClass })).records.map((r) => r.id)).toEqual([openNews]);
    must(await publicDetail(openNews));

    expect(must(await publicPage({ classId: closedClass })).records).toEqual([]);
    expect(must(await publicPage({ classId: closedClass }, stranger.token)).records).toEqual([]);
    expect(await publicDetail(closedNews)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: NEWS_GONE_MSG });
    expect(await publicDetail(closedNews, stranger.token)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: NEWS_GONE_MSG });

    must(await t.call(trainClassApi.assign, { classId: closedClass, userIds: [member.userId] }, admin));
    expect(must(await publicPage({ classId: closedClass }, member.token)).records.map((r) => r.id)).toEqual([closedNews]);
    expect(must(await publicDetail(closedNews, member.token))).toMatchObject({ id: closedNews, viewCount: 1 });
    // The stranger is still refused (he is open-to but not enrolled).
    expect((await publicDetail(closedNews, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
  });
});
