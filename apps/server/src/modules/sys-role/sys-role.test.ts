/**
 * API tests of roles (/api/sys/role/*, SPEC §3 Role, §6, §7): list and detail with labels, save
 * with the contracts' messages, delete refused for built-in roles and roles given to users, the
 * menus of a role replaced by save-menus (with their parents), and a role lacking a code: its users
 * get exactly the codes and routes of its menus, at once after every change (the role cache is
 * dropped), and are refused (10010004) on the calls that need another code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { noticeApi } from '@kaopei/contracts/notice';
import { menuApi, type MenuNode, type RouteNode } from '@kaopei/contracts/sys-menu';
import { roleApi, type RoleRecord } from '@kaopei/contracts/sys-role';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { newId } from '../../lib/ids';
import { ROLE_ADMIN_ID, ROLE_STUDENT_ID } from './sys-role.constants';

let t: TestApp;
let admin: string;
let tree: MenuNode[];

const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const list = async () => must(await t.call<RoleRecord[]>(roleApi.list, {}, admin));
const save = async (body: object) => must(await t.call<{ id: string }>(roleApi.save, body, admin)).id;
const menusOf = async (id: string) => must(await t.call<string[]>(roleApi.listMenus, { id }, admin));
const menuByKey = (pred: (m: MenuNode) => boolean) => {
  const m = flat(tree).find(pred);
  if (!m) throw new Error('no such menu');
  return m;
};
const fnMenu = (code: string) => menuByKey((m) => m.permission === code);
const grantRows = async (roleId: string) => Number((await t.db.selectFrom('sys_role_menu').select((eb) => eb.fn.countAll<number>().as('n')).where('roleId', '=', roleId).executeTakeFirst())?.n ?? 0);

/** A new user holding only `roleId` (registered as a learner, then its role replaced directly) and its token. */
async function userWithRole(roleId: string): Promise<{ token: string; userId: string }> {
  const u = await t.newLearner('role');
  await t.db.deleteFrom('sys_user_role').where('userId', '=', u.userId).execute();
  await t.db.insertInto('sys_user_role').values({ id: newId(), userId: u.userId, roleId }).execute();
  return { token: u.token, userId: u.userId };
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  tree = must(await t.call<MenuNode[]>(menuApi.tree, {}, admin));
});
afterAll(async () => {
  await t.close();
});

describe('roles: list, detail, save', () => {
  it('lists the built-in roles with their labels, and gives the administrator 角色管理 under 系统管理', async () => {
    const roles = await list();
    expect(roles.find((r) => r.id === ROLE_ADMIN_ID)).toEqual({ id: ROLE_ADMIN_ID, roleName: 'sa', roleLevel: 9, roleType: 2, roleType_dictText: '管理员', dataScope: 0, dataScope_dictText: '全部数据', builtIn: true });
    expect(roles.find((r) => r.id === ROLE_STUDENT_ID)).toEqual({ id: ROLE_STUDENT_ID, roleName: 'student', roleLevel: 1, roleType: 1, roleType_dictText: '学员', dataScope: 0, dataScope_dictText: '全部数据', builtIn: true });
    const routes = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin));
    const sys = routes.find((n) => n.name === 'SysMgr');
    // Other domains add their pages under 系统管理 too: 角色管理 (sort 2) comes before 菜单管理 (sort 3).
    const names = sys?.children?.map((c) => c.name) ?? [];
    expect(names.indexOf('ListRole')).toBeGreaterThanOrEqual(0);
    expect(names.indexOf('ListRole')).toBeLessThan(names.indexOf('ListMenu'));
    expect(sys?.children?.find((c) => c.name === 'ListRole')).toMatchObject({ path: '/admin/sys/role', component: 'ListRole', meta: { title: '角色管理', icon: 'TeamOutlined' } });
    const info = must(await t.call<SessionUser>(userApi.info, {}, admin));
    expect(info.permissions).toEqual(expect.arrayContaining(['sys:role:list', 'sys:role:add', 'sys:role:update', 'sys:role:delete', 'sys:role:menu']));
  });

  it('creates, details and updates a role', async () => {
    const roleName = uniq('阅卷老师');
    const id = await save({ roleName: ` ${roleName} `, roleLevel: 5, roleType: 2 });
    expect(must(await t.call<RoleRecord>(roleApi.detail, { id }, admin))).toEqual({ id, roleName, roleLevel: 5, roleType: 2, roleType_dictText: '管理员', dataScope: 0, dataScope_dictText: '全部数据', builtIn: false });
    expect(await save({ id, roleName: `${roleName}2`, roleLevel: 0, roleType: 1 })).toBe(id);
    expect((await list()).find((r) => r.id === id)).toMatchObject({ roleName: `${roleName}2`, roleLevel: 0, roleType: 1, roleType_dictText: '学员' });
    // The built-in roles may be renamed and relevelled, but keep their type.
    expect(await save({ id: ROLE_STUDENT_ID, roleName: 'student', roleLevel: 2, roleType: 1 })).toBe(ROLE_STUDENT_ID);
    expect(await t.call(roleApi.save, { id: ROLE_ADMIN_ID, roleName: 'sa', roleLevel: 9, roleType: 1 }, admin)).toMatchObject({ code: 90030004, msg: '内置角色的类型不能修改！' });
  });

  it('refuses bad input with the contracts messages and writes nothing', async () => {
    const before = await list();
    const taken = before[0] as RoleRecord;
    const cases: [object, number, string][] = [
      [{ roleName: ' ', roleLevel: 1, roleType: 2 }, ErrorCode.BAD_PARAMS, '角色名称不能为空！'],
      [{ roleLevel: 1, roleType: 2 }, ErrorCode.BAD_PARAMS, '角色名称不能为空！'],
      [{ roleName: 'x', roleLevel: 1.5, roleType: 2 }, ErrorCode.BAD_PARAMS, '角色级别必须是0-9999之间的整数！'],
      [{ roleName: 'x', roleLevel: -1, roleType: 2 }, ErrorCode.BAD_PARAMS, '角色级别必须是0-9999之间的整数！'],
      [{ roleName: 'x', roleLevel: '1', roleType: 2 }, ErrorCode.BAD_PARAMS, '角色级别不能为空！'],
      [{ roleName: 'x', roleLevel: 1, roleType: 3 }, ErrorCode.BAD_PARAMS, '请选择角色类型！'],
      [{ roleName: 'x', roleLevel: 1 }, ErrorCode.BAD_PARAMS, '请选择角色类型！'],
      [{ roleName: 'x'.repeat(65), roleLevel: 1, roleType: 2 }, ErrorCode.BAD_PARAMS, '角色名称不能超过64个字符'],
      [{ roleName: taken.roleName, roleLevel: 1, roleType: 2 }, 90030003, '角色名称已存在！'],
      [{ id: '1234567890123456789', roleName: uniq('无'), roleLevel: 1, roleType: 2 }, ErrorCode.NOT_FOUND, '角色不存在或已被删除！'],
    ];
    for (const [body, code, msg] of cases) expect(await t.call(roleApi.save, body, admin), JSON.stringify(body)).toMatchObject({ code, msg, success: false });
    expect(await list()).toEqual(before);
    expect(await t.call(roleApi.detail, { id: '1234567890123456789' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});

describe('roles: delete', () => {
  it('refuses the built-in roles and roles given to users, deleting nothing; deletes others with their grants', async () => {
    const free = await save({ roleName: uniq('临时'), roleLevel: 1, roleType: 2 });
    const used = await save({ roleName: uniq('在用'), roleLevel: 1, roleType: 2 });
    await t.call(roleApi.saveMenus, { id: free, menuIds: [fnMenu('sys:notice:list').id] }, admin);
    await t.call(roleApi.saveMenus, { id: used, menuIds: [fnMenu('sys:notice:list').id] }, admin);
    await userWithRole(used);
    const count = (await list()).length;
    expect(await t.call(roleApi.delete, { ids: [free, ROLE_ADMIN_ID] }, admin)).toMatchObject({ code: 90030001, msg: '内置角色不能删除！' });
    expect(await t.call(roleApi.delete, { ids: [ROLE_STUDENT_ID] }, admin)).toMatchObject({ code: 90030001 });
    expect(await t.call(roleApi.delete, { ids: [free, used] }, admin)).toMatchObject({ code: 90030002, msg: '角色已分配给用户，不能删除！' });
    expect(await t.call(roleApi.delete, { ids: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
    expect((await list()).length).toBe(count);
    expect(await grantRows(free)).toBeGreaterThan(0);
    expect(await t.call(roleApi.delete, { ids: [free] }, admin)).toMatchObject({ code: 0 });
    expect((await list()).map((r) => r.id)).not.toContain(free);
    expect(await grantRows(free)).toBe(0);
    expect(await grantRows(used)).toBeGreaterThan(0);
  });
});

describe('roles: menus', () => {
  it('replaces the grants of a role with the given menus and their parents', async () => {
    const id = await save({ roleName: uniq('授权'), roleLevel: 1, roleType: 2 });
    expect(await menusOf(id)).toEqual([]);
    const listFn = fnMenu('sys:notice:list');
    const noticeMenu = menuByKey((m) => m.name === 'ListNotice');
    const sysMgr = menuByKey((m) => m.name === 'SysMgr');
    await t.call(roleApi.saveMenus, { id, menuIds: [listFn.id] }, admin);
    expect(await menusOf(id)).toEqual([listFn.id, noticeMenu.id, sysMgr.id].sort());
    const repoMenu = menuByKey((m) => m.name === 'ListRepo');
    await t.call(roleApi.saveMenus, { id, menuIds: [repoMenu.id, repoMenu.id] }, admin);
    expect(await menusOf(id)).toEqual([repoMenu.id, repoMenu.parentId].sort());
    // An unknown menu id: refused, grants unchanged.
    expect(await t.call(roleApi.saveMenus, { id, menuIds: [listFn.id, '1234567890123456789'] }, admin)).toMatchObject({ code: 90030017 });
    expect(await menusOf(id)).toEqual([repoMenu.id, repoMenu.parentId].sort());
    await t.call(roleApi.saveMenus, { id, menuIds: [] }, admin);
    expect(await menusOf(id)).toEqual([]);
    expect(await t.call(roleApi.listMenus, { id: '1234567890123456789' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await t.call(roleApi.saveMenus, { id: '1234567890123456789', menuIds: [] }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('keeps role listing and authorisation on the built-in administrator role', async () => {
    const before = await menusOf(ROLE_ADMIN_ID);
    const without = before.filter((m) => m !== fnMenu('sys:role:menu').id);
    expect(await t.call(roleApi.saveMenus, { id: ROLE_ADMIN_ID, menuIds: without }, admin)).toMatchObject({ code: 90030005, msg: '内置管理员角色必须保留角色管理和菜单授权权限！' });
    expect(await menusOf(ROLE_ADMIN_ID)).toEqual(before);
    expect(await t.call(roleApi.saveMenus, { id: ROLE_ADMIN_ID, menuIds: before }, admin)).toMatchObject({ code: 0 });
    expect(await menusOf(ROLE_ADMIN_ID)).toEqual(before);
  });

  it('gives the users of a role exactly its codes and routes, at once after each change, and refuses the calls it lacks', async () => {
    const roleId = await save({ roleName: uniq('公告员'), roleLevel: 3, roleType: 2 });
    await t.call(roleApi.saveMenus, { id: roleId, menuIds: [fnMenu('sys:notice:list').id] }, admin);
    const { token } = await userWithRole(roleId);
    const info = async () => must(await t.call<SessionUser>(userApi.info, {}, token));
    const routeNames = async () => flat(must(await t.call<RouteNode[]>(menuApi.routes, {}, token))).map((n) => n.name);

    expect(await info()).toMatchObject({ roleType: 2, permissions: ['sys:notice:list'] });
    expect(await routeNames()).toEqual(['SysMgr', 'ListNotice']);
    // Allowed: the notice list. Refused: what needs a code the role lacks.
    expect((await t.call<Page<unknown>>(noticeApi.paging, {}, token)).code).toBe(0);
    expect(await t.call(noticeApi.save, { title: '无权', content: 'x' }, token)).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '无相关权限！' });
    expect((await t.call(roleApi.list, {}, token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(menuApi.tree, {}, token)).code).toBe(ErrorCode.NO_PERMISSION);

    // Grant 添加公告 and 角色列表: the same session holds them on its next call (the role cache was dropped).
    await t.call(roleApi.saveMenus, { id: roleId, menuIds: [fnMenu('sys:notice:list').id, fnMenu('sys:notice:add').id, fnMenu('sys:role:list').id] }, admin);
    expect((await info()).permissions).toEqual(['sys:notice:add', 'sys:notice:list', 'sys:role:list']);
    expect(await routeNames()).toEqual(['SysMgr', 'ListRole', 'ListNotice']);
    expect((await t.call(noticeApi.save, { title: uniq('有权'), content: 'x' }, token)).code).toBe(0);
    expect((await t.call(roleApi.list, {}, token)).code).toBe(0);
    // …but still not the role writes.
    expect((await t.call(roleApi.save, { roleName: uniq('越权'), roleLevel: 1, roleType: 2 }, token)).code).toBe(ErrorCode.NO_PERMISSION);

    // Renaming the role and changing its type show at once too.
    await save({ id: roleId, roleName: '公告学员', roleLevel: 3, roleType: 1 });
    expect(await info()).toMatchObject({ roleType: 1, roles: ['公告学员'] });

    // Everything revoked: no codes, no routes, refused.
    await t.call(roleApi.saveMenus, { id: roleId, menuIds: [] }, admin);
    expect((await info()).permissions).toEqual([]);
    expect(await routeNames()).toEqual([]);
    expect((await t.call(noticeApi.paging, {}, token)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
