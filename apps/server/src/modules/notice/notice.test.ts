/**
 * API tests of notices (/api/sys/notice/*): save with the contracts' messages, sanitised content,
 * publish time and top flag, paging with filters and sort orders, publish/withdraw, delete; the
 * 通知公告 menu given to the administrator; the learner calls web-paging / web-detail (published and
 * due only, top first, then the newest publish time) and the learner pages 系统公告 / 公告详情.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { noticeApi, type NoticeDetail, type NoticeRecord, type NoticeWebDetail, type NoticeWebRecord } from '@kaopei/contracts/notice';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import { advanceClock } from '../../lib/time';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { must, shanghaiTime, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;

const page = async (body: object) => must(await t.call<Page<NoticeRecord>>(noticeApi.paging, body, admin));
const save = async (body: object) => must(await t.call<{ id: string }>(noticeApi.save, body, admin)).id;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('notices', () => {
  it('saves, details and lists a notice with its labels; content is sanitised', async () => {
    const title = uniq('停电通知');
    const id = await save({ title, content: '<p onclick="x()">明天<script>alert(1)</script>停电</p>' });
    const detail = must(await t.call<NoticeDetail>(noticeApi.detail, { id }, admin));
    expect(detail).toMatchObject({ id, title, state: 0, state_dictText: '已发布', isTop: 0, publishTime: null, createBy_dictText: '管理员', content: '<p>明天停电</p>' });
    expect(detail.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const list = await page({ params: { title } });
    expect(list).toMatchObject({ total: 1, records: [{ id, title, state_dictText: '已发布', createBy_dictText: '管理员' }] });
    expect(list.records[0]).not.toHaveProperty('content');
    await save({ id, title: `${title}（改）`, content: '改过', state: 1 });
    expect(must(await t.call<NoticeDetail>(noticeApi.detail, { id }, admin))).toMatchObject({ title: `${title}（改）`, content: '改过', state: 1, state_dictText: '已撤回' });
  });

  it('refuses bad input with the contracts messages and writes nothing', async () => {
    const before = (await page({})).total;
    expect(await t.call(noticeApi.save, { title: ' ', content: 'x' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '公告标题不能为空！' });
    expect(await t.call(noticeApi.save, { title: 'x', content: '' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '公告内容不能为空！' });
    expect(await t.call(noticeApi.save, { id: '1234567890123456789', title: 'x', content: 'y' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await page({})).total).toBe(before);
  });

  it('filters by state, sorts by the allowed columns only, publishes, withdraws and deletes', async () => {
    const tag = uniq('排序');
    const ids = [await save({ title: `${tag}B`, content: '1' }), await save({ title: `${tag}A`, content: '2' }), await save({ title: `${tag}C`, content: '3', state: 1 })];
    const titles = async (body: object) => (await page({ ...body, params: { title: tag, ...(body as { params?: object }).params } })).records.map((r) => r.title.slice(tag.length));
    expect(await titles({ orders: [{ column: 'title', asc: true }] })).toEqual(['A', 'B', 'C']);
    expect(await titles({ orders: [{ column: 'title', asc: false }] })).toEqual(['C', 'B', 'A']);
    expect(await titles({ params: { state: 1 } })).toEqual(['C']);
    expect(await t.call(noticeApi.paging, { orders: [{ column: 'content', asc: true }] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '只能按以下字段排序：title、createTime、updateTime' });
    expect(await t.call(noticeApi.state, { ids: [ids[2]], state: 0 }, admin)).toMatchObject({ code: 0 });
    expect(await titles({ params: { state: 1 } })).toEqual([]);
    expect(await t.call(noticeApi.delete, { ids: ids.slice(0, 2) }, admin)).toMatchObject({ code: 0 });
    expect(await titles({})).toEqual(['C']);
  });

  it('gives the administrator the 通知公告 page under 系统管理, and learners nothing of it', async () => {
    const flat = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const adminTree = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin));
    expect(adminTree.find((n) => n.name === 'SysMgr')).toMatchObject({ path: '/admin/sys', component: 'Layout', children: expect.arrayContaining([expect.objectContaining({ name: 'ListNotice', path: '/admin/sys/notice', component: 'ListNotice' })]) });
    const learner = await t.login(LEARNER);
    expect(flat(must(await t.call<RouteNode[]>(menuApi.routes, {}, learner))).some((n) => n.name === 'ListNotice')).toBe(false);
    expect((await t.call(noticeApi.paging, {}, learner)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('publish time and top flag (admin side)', () => {
  it('saves, shows and clears the publish time and the top flag', async () => {
    const title = uniq('定时');
    const at = shanghaiTime(3_600_000);
    const id = await save({ title, content: 'x', publishTime: at, isTop: 1 });
    expect(must(await t.call<NoticeDetail>(noticeApi.detail, { id }, admin))).toMatchObject({ publishTime: at, isTop: 1 });
    expect((await page({ params: { title } })).records[0]).toMatchObject({ id, publishTime: at, isTop: 1 });
    // An empty publish time means "at once" (stored as none).
    await save({ id, title, content: 'x', publishTime: '', isTop: 0 });
    expect(must(await t.call<NoticeDetail>(noticeApi.detail, { id }, admin))).toMatchObject({ publishTime: null, isTop: 0 });
  });

  it('refuses a malformed or impossible publish time and a bad top flag, and writes nothing', async () => {
    const title = uniq('坏时间');
    expect(await t.call(noticeApi.save, { title, content: 'x', publishTime: '2026/01/01 10:00' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '发布时间格式应为 yyyy-MM-dd HH:mm:ss' });
    expect(await t.call(noticeApi.save, { title, content: 'x', publishTime: '2026-02-30 10:00:00' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '发布时间不正确！' });
    expect(await t.call(noticeApi.save, { title, content: 'x', publishTime: 1767225600000 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '发布时间格式应为 yyyy-MM-dd HH:mm:ss' });
    expect(await t.call(noticeApi.save, { title, content: 'x', isTop: 2 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '置顶标志不正确！' });
    expect((await page({ params: { title } })).total).toBe(0);
  });
});

describe('learner notices (web-paging, web-detail)', () => {
  let learner: string;
  const webPage = async (body: object, token = learner) => must(await t.call<Page<NoticeWebRecord>>(noticeApi.webPaging, body, token));
  const webTitles = async (tag: string) => (await webPage({ size: 50, params: { title: tag } })).records.map((r) => r.title.slice(tag.length));

  beforeAll(async () => {
    learner = await t.login(LEARNER);
  });

  it('lists top notices first, then the newest publish time; rows carry id, title, isTop, publishTime only', async () => {
    const tag = uniq('排序公告');
    const old = await save({ title: `${tag}旧`, content: 'a', publishTime: shanghaiTime(-3 * 86_400_000) });
    await save({ title: `${tag}新`, content: 'b', publishTime: shanghaiTime(-86_400_000) });
    await save({ title: `${tag}置顶旧`, content: 'c', publishTime: shanghaiTime(-5 * 86_400_000), isTop: 1 });
    // No publish time: visible at once, counted from its creation (now), so newest of the non-top ones.
    await save({ title: `${tag}立即`, content: 'd' });
    expect(await webTitles(tag)).toEqual(['置顶旧', '立即', '新', '旧']);

    const res = await webPage({ params: { title: tag } });
    const row = res.records.find((r) => r.id === old);
    expect(Object.keys(row ?? {}).sort()).toEqual(['id', 'isTop', 'publishTime', 'title']);
    expect(row).toMatchObject({ title: `${tag}旧`, isTop: 0 });
    expect(row?.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.records[0]).toMatchObject({ title: `${tag}置顶旧`, isTop: 1 });

    // Pages do not overlap and count every visible notice.
    const p1 = await webPage({ current: 1, size: 2, params: { title: tag } });
    const p2 = await webPage({ current: 2, size: 2, params: { title: tag } });
    expect(p1).toMatchObject({ total: 4, pages: 2 });
    expect([...p1.records, ...p2.records].map((r) => r.title.slice(tag.length))).toEqual(['置顶旧', '立即', '新', '旧']);
  });

  it('hides withdrawn and future notices on both calls, as if they did not exist; a due one appears by the server clock', async () => {
    const tag = uniq('可见');
    const shown = await save({ title: `${tag}已发布`, content: '<p>正文<img src=x onerror="alert(1)"></p>' });
    const withdrawn = await save({ title: `${tag}已撤回`, content: 'w', state: 1 });
    const future = await save({ title: `${tag}未到时间`, content: 'f', publishTime: shanghaiTime(2 * 3_600_000), isTop: 1 });
    expect(await webTitles(tag)).toEqual(['已发布']);

    const detail = must(await t.call<NoticeWebDetail>(noticeApi.webDetail, { id: shown }, learner));
    expect(detail).toMatchObject({ id: shown, title: `${tag}已发布`, isTop: 0, content: '<p>正文<img src="x"></p>' });
    expect(Object.keys(detail).sort()).toEqual(['content', 'id', 'isTop', 'publishTime', 'title']);
    const missing = await t.call(noticeApi.webDetail, { id: '1234567890123456789' }, learner);
    expect(missing).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '公告不存在或已被删除！' });
    for (const id of [withdrawn, future]) expect(await t.call(noticeApi.webDetail, { id }, learner)).toEqual(missing);

    // The future notice becomes visible once the server clock passes its publish time.
    advanceClock(2 * 3_600_000 + 60_000);
    expect(await webTitles(tag)).toEqual(['未到时间', '已发布']);
    expect(must(await t.call<NoticeWebDetail>(noticeApi.webDetail, { id: future }, learner))).toMatchObject({ id: future, isTop: 1 });

    // Withdrawing hides it again on both calls; republishing shows it.
    must(await t.call(noticeApi.state, { ids: [shown, future], state: 1 }, admin));
    expect(await webTitles(tag)).toEqual([]);
    expect(await t.call(noticeApi.webDetail, { id: shown }, learner)).toEqual(missing);
    must(await t.call(noticeApi.state, { ids: [withdrawn], state: 0 }, admin));
    expect(await webTitles(tag)).toEqual(['已撤回']);
    must(await t.call(noticeApi.delete, { ids: [withdrawn] }, admin));
    expect(await t.call(noticeApi.webDetail, { id: withdrawn }, learner)).toEqual(missing);
  });

  it('refuses bad input and callers without a login; learners cannot call the admin calls', async () => {
    expect(await t.call(noticeApi.webPaging, { size: 0 }, learner)).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(await t.call(noticeApi.webPaging, { params: { title: 'x'.repeat(201) } }, learner)).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(await t.call(noticeApi.webPaging, { orders: [{ column: 'title', asc: true }] }, learner)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '该列表不支持排序！' });
    expect(await t.call(noticeApi.webDetail, {}, learner)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: 'ID不能为空！' });
    expect((await t.call(noticeApi.webPaging, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await t.call(noticeApi.webDetail, { id: '1' })).code).toBe(ErrorCode.NOT_LOGGED_IN);
    for (const [ep, body] of [[noticeApi.detail, { id: '1' }], [noticeApi.save, { title: 'x', content: 'y' }], [noticeApi.state, { ids: ['1'], state: 1 }], [noticeApi.delete, { ids: ['1'] }]] as const) {
      expect((await t.call(ep, body, learner)).code).toBe(ErrorCode.NO_PERMISSION);
    }
  });

  it('gives every learner the 系统公告 page and its hidden detail route', async () => {
    const flat = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const fresh = await t.newLearner('notice');
    const nodes = flat(must(await t.call<RouteNode[]>(menuApi.routes, {}, fresh.token)));
    expect(nodes.find((n) => n.name === 'WebNotice')).toMatchObject({ path: '/web/notice', component: 'WebNotice' });
    const detail = nodes.find((n) => n.name === 'WebNoticeDetail');
    expect(detail).toMatchObject({ path: '/web/notice/detail/:id', component: 'WebNoticeDetail' });
    expect(detail?.hidden).toBe(true);
  });
});
