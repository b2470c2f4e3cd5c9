/**
 * API tests of notices (/api/sys/notice/*): save with the contracts' messages, sanitised content,
 * paging with filters and sort orders, publish/withdraw, delete; and the 通知公告 menu given to the
 * administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { noticeApi, type NoticeDetail, type NoticeRecord } from '@kaopei/contracts/notice';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';

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
    expect(detail).toMatchObject({ id, title, state: 0, state_dictText: '已发布', createBy_dictText: '管理员', content: '<p>明天停电</p>' });
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
