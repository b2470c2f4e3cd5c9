/**
 * API tests of the menu editor (/api/sys/menu/tree, /detail, /save, /delete, /sort; SPEC §3 menu
 * sort, §4 menu types, §7): the tree of every menu type, save with the contracts' messages and the
 * editor's rules (route names unique, parents valid, built-in types and codes fixed), delete with the
 * subtree and its grants (never the last role-authorisation function), sort; grants and codes change
 * at once for every session; and across a restart on the same database the administrator's renames,
 * additions and deletions stay (the start-up reconciliation never re-adds a deleted built-in menu).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { menuApi, type MenuNode, type RouteNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import { buildApp } from '../../app';
import { testApp, type TestApp } from '../../test/app';
import { must, rowCount, uniq } from '../../test/builders';
import { ROLE_ADMIN_ID } from '../sys-role/sys-role.constants';

let t: TestApp;
let admin: string;

const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const tree = async () => must(await t.call<MenuNode[]>(menuApi.tree, {}, admin));
const find = async (pred: (m: MenuNode) => boolean) => {
  const m = flat(await tree()).find(pred);
  if (!m) throw new Error('no such menu');
  return m;
};
const save = async (body: object) => must(await t.call<{ id: string }>(menuApi.save, body, admin)).id;
const detail = async (id: string) => must(await t.call<MenuNode>(menuApi.detail, { id }, admin));
const permissions = async (token: string) => must(await t.call<SessionUser>(userApi.info, {}, token)).permissions;

/** The fields of a detail that a save takes. */
function saveBody(m: MenuNode): Record<string, unknown> {
  const { menuType_dictText: _l, builtIn: _b, children: _c, ...body } = m;
  return body;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('the menu tree', () => {
  it('holds every menu type with labels, children by sort, built-in menus marked', async () => {
    const all = flat(await tree());
    expect(new Set(all.map((m) => m.menuType))).toEqual(new Set([1, 2, 3]));
    expect(all.every((m) => m.menuType_dictText === { 1: '菜单', 2: '功能', 3: '路由' }[m.menuType])).toBe(true);
    const role = all.find((m) => m.name === 'ListRole');
    expect(role).toMatchObject({ menuType: 1, path: '/admin/sys/role', component: 'ListRole', icon: 'TeamOutlined', sort: 2, builtIn: true, hidden: false });
    expect(role?.children?.map((c) => [c.menuType, c.permission])).toEqual([[2, 'sys:role:list'], [2, 'sys:role:add'], [2, 'sys:role:update'], [2, 'sys:role:delete'], [2, 'sys:role:menu']]);
    expect(all.find((m) => m.name === 'ListMenu')?.children?.map((c) => c.permission)).toEqual(['sys:menu:list', 'sys:menu:add', 'sys:menu:update', 'sys:menu:delete']);
    expect(all.find((m) => m.name === 'UpdateQu')).toMatchObject({ menuType: 3, hidden: true, noCache: true, activeMenu: '/admin/exam/qu' });
    for (const m of all) for (const c of m.children ?? []) expect(c.parentId).toBe(m.id);
    const sys = all.find((m) => m.name === 'SysMgr');
    const sorts = sys?.children?.map((c) => c.sort) ?? [];
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
  });

  it('takes every built-in menu back unchanged (the editor can save what the modules declare)', async () => {
    const before = flat(await tree());
    for (const m of before) expect(await t.call(menuApi.save, saveBody(m), admin), `${m.title}`).toMatchObject({ code: 0 });
    expect(flat(await tree()).map(saveBody)).toEqual(before.map(saveBody));
  });
});

describe('saving menus', () => {
  it('adds a menu with a function and a route under 系统管理, granted to nobody until authorised', async () => {
    const sys = await find((m) => m.name === 'SysMgr');
    const name = uniq('Report');
    const id = await save({ parentId: sys.id, menuType: 1, title: ' 报表 ', path: `/admin/sys/${name}`, name, component: 'ListReport', icon: 'BarChartOutlined', sort: 7, permission: 'ignored:code' });
    const fnId = await save({ parentId: id, menuType: 2, title: '导出报表', permission: 'sys:report:export', path: '/ignored', hidden: true });
    const routeId = await save({ parentId: id, menuType: 3, title: '报表详情', path: `/admin/sys/${name}/:id`, name: `${name}Detail`, component: 'ReportDetail', hidden: true, activeMenu: `/admin/sys/${name}` });
    expect(await detail(id)).toMatchObject({ id, parentId: sys.id, title: '报表', permission: '', builtIn: false, menuType_dictText: '菜单' });
    expect(await detail(fnId)).toMatchObject({ menuType: 2, permission: 'sys:report:export', path: '', name: '', hidden: false, builtIn: false });
    expect(await detail(routeId)).toMatchObject({ menuType: 3, hidden: true, activeMenu: `/admin/sys/${name}` });
    expect((await t.db.selectFrom('sys_menu').select('menuKey').where('id', 'in', [id, fnId, routeId]).execute()).map((r) => r.menuKey)).toEqual(['', '', '']);
    const names = async () => flat(must(await t.call<RouteNode[]>(menuApi.routes, {}, admin))).map((n) => n.name);
    expect(await names()).not.toContain(name);
    expect(await permissions(admin)).not.toContain('sys:report:export');
    const granted = must(await t.call<string[]>(roleApi.listMenus, { id: ROLE_ADMIN_ID }, admin));
    await t.call(roleApi.saveMenus, { id: ROLE_ADMIN_ID, menuIds: [...granted, fnId, routeId] }, admin);
    expect(await names()).toEqual(expect.arrayContaining([name, `${name}Detail`]));
    expect(await permissions(admin)).toContain('sys:report:export');
    // Editing the code of a granted function shows at once in the session.
    await save({ ...saveBody(await detail(fnId)), permission: 'sys:report:download' });
    expect(await permissions(admin)).toEqual(expect.arrayContaining(['sys:report:download']));
    expect(await permissions(admin)).not.toContain('sys:report:export');
  });

  it('refuses bad input with the contracts messages and the editor rules, writing nothing', async () => {
    const sys = await find((m) => m.name === 'SysMgr');
    const notice = await find((m) => m.name === 'ListNotice');
    const listFn = await find((m) => m.permission === 'sys:notice:list');
    const mine = await save({ parentId: sys.id, menuType: 1, title: uniq('我的'), path: '/admin/sys/mine', name: uniq('Mine') });
    const child = await save({ parentId: mine, menuType: 1, title: '子菜单', path: '/admin/sys/mine/child', name: uniq('MineChild') });
    const page = { parentId: sys.id, menuType: 1, title: '页面', path: '/admin/sys/x', name: uniq('X') };
    const count = await rowCount(t, 'sys_menu');
    const cases: [object, number, string][] = [
      [{ ...page, title: ' ' }, ErrorCode.BAD_PARAMS, '菜单名称不能为空！'],
      [{ ...page, path: '' }, ErrorCode.BAD_PARAMS, '路由地址不能为空！'],
      [{ ...page, path: 'admin/x' }, ErrorCode.BAD_PARAMS, '路由地址必须以/开头，且不能包含空格！'],
      [{ ...page, menuType: 3, name: undefined }, ErrorCode.BAD_PARAMS, '路由名称不能为空！'],
      [{ ...page, name: '1abc' }, ErrorCode.BAD_PARAMS, '路由名称须以字母开头，只能包含字母、数字、下划线和-！'],
      [{ ...page, name: 'ListNotice' }, 90030011, '路由名称已存在！'],
      [{ ...page, menuType: 2, permission: '' }, ErrorCode.BAD_PARAMS, '权限标识不能为空！'],
      [{ ...page, menuType: 2, permission: 'nocolon' }, ErrorCode.BAD_PARAMS, '权限标识格式不正确，例如 sys:user:add'],
      [{ ...page, menuType: 4 }, ErrorCode.BAD_PARAMS, '菜单类型不正确！'],
      [{ ...page, sort: -1 }, ErrorCode.BAD_PARAMS, '排序必须是0-99999之间的整数！'],
      [{ ...page, icon: 'bad icon' }, ErrorCode.BAD_PARAMS, '图标名称不正确！'],
      [{ ...page, redirect: 'x' }, ErrorCode.BAD_PARAMS, '重定向地址必须以/开头，且不能包含空格！'],
      [{ ...page, parentId: '1234567890123456789' }, 90030012, '上级菜单不存在或已被删除！'],
      [{ ...page, parentId: listFn.id }, 90030014, '功能按钮下不能添加子菜单！'],
      [{ ...page, id: '1234567890123456789' }, ErrorCode.NOT_FOUND, '菜单不存在或已被删除！'],
      [{ ...page, id: mine, name: uniq('Mine'), parentId: child }, 90030013, '上级菜单不能是当前菜单或其下级菜单！'],
      [{ ...page, id: mine, name: uniq('Mine'), parentId: mine }, 90030013, '上级菜单不能是当前菜单或其下级菜单！'],
      [{ ...page, id: mine, menuType: 2, permission: 'a:b' }, 90030018, '该菜单下还有子菜单，不能改为功能按钮！'],
      [{ ...saveBody(notice), menuType: 3 }, 90030015, '内置菜单的类型和权限标识不能修改！'],
      [{ ...saveBody(listFn), permission: 'sys:notice:other' }, 90030015, '内置菜单的类型和权限标识不能修改！'],
    ];
    for (const [body, code, msg] of cases) expect(await t.call(menuApi.save, body, admin), JSON.stringify(body)).toMatchObject({ code, msg, success: false });
    expect(await rowCount(t, 'sys_menu')).toBe(count);
    expect(await detail(mine)).toMatchObject({ parentId: sys.id, menuType: 1 });
    expect(await detail(notice.id)).toEqual({ ...notice, children: undefined });
    expect(await t.call(menuApi.detail, { id: '1234567890123456789' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '菜单不存在或已被删除！' });
  });

  it('moves a menu under another parent and sorts it', async () => {
    const sys = await find((m) => m.name === 'SysMgr');
    const exam = await find((m) => m.name === 'ExamMgr');
    const name = uniq('Mv');
    const id = await save({ parentId: sys.id, menuType: 1, title: '移动', path: '/admin/mv', name, sort: 50 });
    await save({ ...saveBody(await detail(id)), parentId: exam.id });
    expect((await find((m) => m.name === 'ExamMgr')).children?.map((c) => c.id)).toContain(id);
    expect(await t.call(menuApi.sort, { id, sort: 0 }, admin)).toMatchObject({ code: 0 });
    const kids = (await find((m) => m.name === 'ExamMgr')).children ?? [];
    const at = kids.findIndex((c) => c.id === id);
    expect(kids.slice(0, at).every((c) => c.sort === 0)).toBe(true);
    expect(kids.slice(at + 1).every((c) => c.sort >= 0)).toBe(true);
    expect(kids.findIndex((c) => c.sort > 0)).toBeGreaterThan(at);
    expect(await t.call(menuApi.sort, { id, sort: 1.5 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '排序必须是0-99999之间的整数！' });
    expect(await t.call(menuApi.sort, { id: '1234567890123456789', sort: 1 }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await detail(id)).sort).toBe(0);
  });
});

describe('deleting menus', () => {
  it('deletes a menu with its subtree and grants; the sessions lose the codes at once', async () => {
    const sys = await find((m) => m.name === 'SysMgr');
    const top = await save({ parentId: sys.id, menuType: 1, title: '待删', path: '/admin/del', name: uniq('Del') });
    const mid = await save({ parentId: top, menuType: 1, title: '待删子', path: '/admin/del/sub', name: uniq('DelSub') });
    const leaf = await save({ parentId: mid, menuType: 2, title: '待删功能', permission: 'del:leaf:code' });
    const granted = must(await t.call<string[]>(roleApi.listMenus, { id: ROLE_ADMIN_ID }, admin));
    await t.call(roleApi.saveMenus, { id: ROLE_ADMIN_ID, menuIds: [...granted, leaf] }, admin);
    expect(await permissions(admin)).toContain('del:leaf:code');
    const count = await rowCount(t, 'sys_menu');
    expect(await t.call(menuApi.delete, { ids: [top, '1234567890123456789'] }, admin)).toMatchObject({ code: 0 });
    expect(await rowCount(t, 'sys_menu')).toBe(count - 3);
    expect(await t.db.selectFrom('sys_role_menu').select('id').where('menuId', 'in', [top, mid, leaf]).execute()).toEqual([]);
    expect(await permissions(admin)).not.toContain('del:leaf:code');
    expect(must(await t.call<string[]>(roleApi.listMenus, { id: ROLE_ADMIN_ID }, admin)).sort()).toEqual([...granted].sort());
  });

  it('deletes built-in menus, but never the last menus that grant roles their menus', async () => {
    const count = await rowCount(t, 'sys_menu');
    for (const pred of [(m: MenuNode) => m.name === 'SysMgr', (m: MenuNode) => m.name === 'ListRole', (m: MenuNode) => m.permission === 'sys:role:menu', (m: MenuNode) => m.permission === 'sys:role:list']) {
      const m = await find(pred);
      expect(await t.call(menuApi.delete, { ids: [m.id] }, admin), m.title).toMatchObject({ code: 90030016, msg: '该菜单包含角色管理或菜单授权功能，删除后将无法再授权，不能删除！' });
    }
    expect(await rowCount(t, 'sys_menu')).toBe(count);
    const del = await find((m) => m.permission === 'sys:notice:delete');
    expect(await permissions(admin)).toContain('sys:notice:delete');
    expect(await t.call(menuApi.delete, { ids: [del.id] }, admin)).toMatchObject({ code: 0 });
    expect(await permissions(admin)).not.toContain('sys:notice:delete');
  });
});

describe('a restart on the same database', () => {
  it("keeps the administrator's renames, additions and deletions; a deleted built-in menu is not re-added", async () => {
    const notice = await find((m) => m.name === 'ListNotice');
    await save({ ...saveBody(notice), title: '公告维护', icon: 'SoundOutlined', sort: 1 });
    const exam = await find((m) => m.name === 'ListExam');
    await t.call(menuApi.delete, { ids: [exam.id] }, admin);
    const added = await save({ parentId: notice.parentId, menuType: 1, title: '自建菜单', path: '/admin/sys/own', name: uniq('Own') });
    const before = flat(await tree()).map(saveBody);

    const again = await buildApp(t.config);
    try {
      await again.app.ready();
      const res = await again.app.inject({ method: 'POST', url: menuApi.tree.path, payload: {}, headers: { token: admin } });
      const after = flat((res.json() as { data: MenuNode[] }).data);
      expect(after.map(saveBody)).toEqual(before);
      expect(after.find((m) => m.id === notice.id)).toMatchObject({ title: '公告维护', icon: 'SoundOutlined', sort: 1, builtIn: true });
      expect(after.some((m) => m.name === 'ListExam' || m.permission === 'exam:add')).toBe(false);
      expect(after.find((m) => m.id === added)).toMatchObject({ title: '自建菜单', builtIn: false });
    } finally {
      await again.app.close();
    }
  });
});
