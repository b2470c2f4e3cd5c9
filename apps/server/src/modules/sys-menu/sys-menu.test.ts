/**
 * API tests of /api/sys/menu/routes (route trees per role, SPEC §2) and of the permission check on
 * every admin call (SPEC §6): a learner gets 10010004 and nothing changes.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { buildImportTemplate } from '../qu/qu.sheet';
import { contentCounts, must, xlsxUpload } from '../../test/builders';
import { repoApi } from '@kaopei/contracts/repo';
import { examApi } from '@kaopei/contracts/exam';
import { statApi } from '@kaopei/contracts/stat';
import { quApi } from '@kaopei/contracts/qu';

const NODE_KEYS = ['path', 'name', 'component', 'redirect', 'alwaysShow', 'hidden', 'meta', 'children'];
const META_KEYS = ['title', 'icon', 'noCache', 'affix', 'activeMenu'];

let t: TestApp;
let admin: string;
let learner: string;
let repoId: string;

const flatten = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** SPEC §2 node shape: required path/name/component/meta.title, optional fields of the right type, nothing else. */
function expectNodeShape(n: RouteNode): void {
  for (const k of Object.keys(n)) expect(NODE_KEYS, `key ${k} of ${n.name}`).toContain(k);
  for (const k of Object.keys(n.meta)) expect(META_KEYS, `meta.${k} of ${n.name}`).toContain(k);
  expect(n.path).toMatch(/^\//);
  expect(n.name).not.toBe('');
  expect(n.component).not.toBe('');
  expect(typeof n.meta.title).toBe('string');
  expect(n.meta.title).not.toBe('');
  if ('redirect' in n) expect(typeof n.redirect).toBe('string');
  if ('alwaysShow' in n) expect(n.alwaysShow).toBe(true);
  if ('hidden' in n) expect(n.hidden).toBe(true);
  if ('children' in n) {
    expect(n.children?.length).toBeGreaterThan(0);
    n.children?.forEach(expectNodeShape);
  }
}

async function routes(token: string): Promise<RouteNode[]> {
  return must(await t.call<RouteNode[]>(menuApi.routes, {}, token));
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  learner = await t.login(LEARNER);
  const repos = must(await t.call<{ records: { id: string }[] }>(repoApi.paging, {}, admin));
  repoId = repos.records[0].id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/sys/menu/routes', () => {
  it('gives an admin the Layout trees with the admin views and the WebLayout tree', async () => {
    const tree = await routes(admin);
    tree.forEach(expectNodeShape);
    const layouts = tree.filter((n) => n.component === 'Layout');
    // The admin roots in their sort order: 首页 first, 考试管理 next, then whatever other domains add.
    expect(layouts.slice(0, 2).map((n) => n.path)).toEqual(['/admin', '/admin/exam']);
    expect(layouts.every((n) => n.path.startsWith('/admin'))).toBe(true);
    expect(layouts[0]).toMatchObject({ name: 'Admin', redirect: '/admin/dashboard' });
    expect(layouts[1]).toMatchObject({ name: 'ExamMgr', alwaysShow: true, redirect: '/admin/exam/repo' });
    const views = layouts.flatMap((n) => n.children ?? []);
    expect(views.map((n) => n.name)).toEqual(expect.arrayContaining(['Dashboard', 'ListRepo', 'QuList', 'ListExam']));
    expect(views.find((n) => n.name === 'Dashboard')).toMatchObject({ path: '/admin/dashboard', component: 'Dashboard', meta: { title: '控制台', affix: true } });
    // Hidden form routes (type 3) come along, marked hidden with their active menu.
    expect(views.find((n) => n.name === 'UpdateQu')).toMatchObject({ path: '/admin/exam/qu/update/:id', component: 'QuForm', hidden: true, meta: { noCache: true, activeMenu: '/admin/exam/qu' } });
    const web = tree.filter((n) => n.component === 'WebLayout');
    expect(web).toHaveLength(1);
    expect(web[0]).toMatchObject({ path: '/web', redirect: '/web/home' });
    // Function menus (permission codes) are not routes.
    const all = flatten(tree);
    expect(all.some((n) => n.meta.title === '查看统计' || n.meta.title === '导入试题')).toBe(false);
    expect(all.every((n) => !n.children || n.children.length > 0)).toBe(true);
  });

  it('gives a learner only the WebLayout tree, without any /admin path', async () => {
    for (const token of [learner, (await t.newLearner('menu')).token]) {
      const tree = await routes(token);
      tree.forEach(expectNodeShape);
      expect(tree).toHaveLength(1);
      expect(tree[0]).toMatchObject({ path: '/web', name: 'Web', component: 'WebLayout', redirect: '/web/home', meta: { title: '学员端' } });
      const all = flatten(tree);
      expect(all.filter((n) => n.path.startsWith('/admin'))).toEqual([]);
      expect(all.filter((n) => n.component === 'Layout')).toEqual([]);
      expect(tree[0].children?.filter((n) => !n.hidden).map((n) => n.name).slice(0, 3)).toEqual(['WebHome', 'OnlineExam', 'MyPaper']);
      expect(tree[0].children?.find((n) => n.name === 'ExamCheck')).toMatchObject({ path: '/web/exam/check/:id', hidden: true, meta: { activeMenu: '/web/index' } });
    }
  });

  it('needs a login', async () => {
    expect(await t.call(menuApi.routes)).toMatchObject({ status: 200, code: ErrorCode.NOT_LOGGED_IN, data: null });
  });
});

describe('permission enforcement on admin calls', () => {
  // Every admin call answering 10010004 to a learner is checked by the generated permission matrix
  // (platform/permission-matrix.test.ts), from the routes the modules register.

  it('answers 10010004 to a learner on the import and the template download', async () => {
    const before = await contentCounts(t);
    const res = await xlsxUpload(t, learner, await buildImportTemplate(), '模板.xlsx', repoId);
    expect(res).toMatchObject({ status: 200, code: ErrorCode.NO_PERMISSION, success: false });
    expect(await contentCounts(t)).toEqual(before);
    const tpl = await t.app.inject({ method: 'GET', url: '/api/qu/qu/import/template', headers: { token: learner } });
    expect(tpl.statusCode).toBe(200);
    expect(tpl.json()).toMatchObject({ code: ErrorCode.NO_PERMISSION, success: false });
  });

  it('checks login and permission before the body: invalid payloads reveal nothing', async () => {
    for (const body of [{}, { title: 123 }, 'not json object']) {
      expect((await t.call(repoApi.save, body)).code).toBe(ErrorCode.NOT_LOGGED_IN);
      expect((await t.call(repoApi.save, body, learner)).code).toBe(ErrorCode.NO_PERMISSION);
      expect((await t.call(examApi.save, body, learner)).code).toBe(ErrorCode.NO_PERMISSION);
    }
    expect((await t.call(repoApi.save, {}, admin)).code).toBe(ErrorCode.BAD_PARAMS);
  });

  it('lets the admin make the same calls (the refusal is about the role, not the call)', async () => {
    expect((await t.call(statApi.totalNumAll, {}, admin)).code).toBe(0);
    expect((await t.call(repoApi.detail, { id: repoId }, admin)).code).toBe(0);
    expect((await t.call(quApi.paging, {}, admin)).code).toBe(0);
    expect((await t.call(examApi.paging, {}, admin)).code).toBe(0);
  });

  it('checks the learner-side calls against the login only', async () => {
    expect((await t.call(examApi.onlinePaging, {}, learner)).code).toBe(0);
    expect((await t.call(examApi.onlinePaging, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});
