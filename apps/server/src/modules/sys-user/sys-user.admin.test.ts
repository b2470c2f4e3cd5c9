/**
 * API tests of user administration (/api/sys/user/paging, detail, save, delete, state, batch-dept,
 * batch-role, reset-pass, userList; SPEC §3 "User", §4 user state, §5 "User form (admin)", §7):
 * the 用户管理 menu, save with the contracts' messages and nothing half-written, the list's filters
 * and labels, soft delete, state changes that end sessions, the guards (self, built-in admin, no
 * escalation), permissions, concurrency (one user per name, double-click delete) and data scope.
 * Import and export: sys-user.import.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode, type RouteNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { PASSWORD_MSG, userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import { UserPerm, userAdminApi, type UserDetail, type UserRecord } from '@kaopei/contracts/sys-user-admin';
import { buildApp } from '../../app';
import { ADMIN, testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { ROLE_ADMIN_ID, ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';

let t: TestApp;
let admin: string;
let adminId: string;
/** Departments: root D with child D1 (and grandchild D11), another root E. */
const dept = { D: '', D1: '', D11: '', E: '' };
const PW = 'Test@12345';
const NEW_PW = 'Other#2026x';

const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const body = (over: Record<string, unknown> = {}) => ({ userName: uniq('u'), realName: '张三', deptCode: 'A01', roles: [ROLE_STUDENT_ID], password: PW, ...over });
const save = async (over: Record<string, unknown> = {}, token = admin) => must(await t.call<{ id: string }>(userAdminApi.save, body(over), token)).id;
const detail = async (id: string) => must(await t.call<UserDetail>(userAdminApi.detail, { id }, admin));
const page = async (params: Record<string, unknown>, extra: Record<string, unknown> = {}, token = admin) =>
  must(await t.call<Page<UserRecord>>(userAdminApi.paging, { current: 1, size: 100, params, ...extra }, token));
const userRows = async () => Number((await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
const rowOf = (id: string) => t.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const infoCode = async (token: string) => (await t.call(userApi.info, {}, token)).code;

/** A new user (saved by the admin) and its token. */
async function account(over: Record<string, unknown> = {}): Promise<{ id: string; userName: string; token: string }> {
  const userName = uniq('acc');
  const id = await save({ userName, ...over });
  return { id, userName, token: await t.login({ username: userName, password: PW }) };
}

/** A role (admin side unless said) granted exactly the function menus of `codes` (and their parents). */
async function role(codes: string[], roleType = 2): Promise<string> {
  const id = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('角色'), roleLevel: 5, roleType }, admin)).id;
  const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
  const menuIds = codes.map((c) => tree.find((m) => m.permission === c)?.id as string);
  must(await t.call(roleApi.saveMenus, { id, menuIds }, admin));
  return id;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  adminId = must(await t.call<SessionUser>(userApi.info, {}, admin)).userId;
  const d = async (deptName: string, parentId?: string) => must(await t.call<{ id: string; deptCode: string }>(departApi.save, { deptName: uniq(deptName), parentId }, admin));
  const D = await d('总部');
  const D1 = await d('分部', D.id);
  const D11 = await d('科室', D1.id);
  const E = await d('外部');
  Object.assign(dept, { D: D.deptCode, D1: D1.deptCode, D11: D11.deptCode, E: E.deptCode });
});
afterAll(async () => {
  await t.close();
});

describe('the 用户管理 menu', () => {
  it('is the first page under 系统管理, which opens it, with one function menu per code', async () => {
    const routes = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin));
    const sys = routes.find((n) => n.name === 'SysMgr');
    expect(sys?.redirect).toBe('/admin/sys/user');
    expect(sys?.children?.[0]).toMatchObject({ path: '/admin/sys/user', name: 'ListUser', component: 'ListUser', meta: { title: '用户管理', icon: 'UserOutlined' } });
    const info = must(await t.call<SessionUser>(userApi.info, {}, admin));
    expect(info.permissions).toEqual(expect.arrayContaining(Object.values(UserPerm)));
  });
});

describe('save and detail', () => {
  it('creates a user with its profile; detail never shows the password; the user must change it', async () => {
    const userName = uniq('zs');
    const id = await save({
      userName, realName: '张三', deptCode: dept.D1, mobile: '13800000001', email: 'zs@example.com', sex: '1', mz: '01', csrq: '1990-01-02', zzmm: '13',
      gzsj: '2012-07-01', whcd: '21', zw: '财务主管', bmmc: '财务科', idCard: '11010519491231002x', avatar: '/api/common/file/view/0123456789abcdef0123456789abcdef.png',
    });
    const d = await detail(id);
    expect(d).toMatchObject({
      id, userName, realName: '张三', deptCode: dept.D1, mobile: '13800000001', email: 'zs@example.com', state: 0, state_dictText: '正常', sex: '1', mz: '01',
      csrq: '1990-01-02', zzmm: '13', gzsj: '2012-07-01', whcd: '21', zw: '财务主管', dnzw: '', bmmc: '财务科', idCard: '11010519491231002x', roles: [ROLE_STUDENT_ID], roleNames: ['student'],
    });
    expect(d.deptCode_dictText).toMatch(/^分部/);
    expect(JSON.stringify(d)).not.toMatch(/password|argon/i);
    const token = await t.login({ username: userName, password: PW });
    expect(must(await t.call<SessionUser>(userApi.info, {}, token))).toMatchObject({ passState: '1', changedPass: false, deptCode: dept.D1 });
    expect((await rowOf(id)).createBy).toBe(adminId);
  });

  it.each([
    [{ userName: '' }, '用户不能为空！'],
    [{ userName: undefined }, '用户不能为空！'],
    [{ realName: ' ' }, '姓名不能为空！'],
    [{ deptCode: '' }, '部门不能为空！'],
    [{ roles: [] }, '必须选择一个角色！'],
    [{ roles: undefined }, '必须选择一个角色！'],
    [{ password: '' }, '密码不能为空！'],
    [{ password: 'abcdefgh' }, PASSWORD_MSG],
    [{ mobile: '1380000' }, '手机号码格式不正确!'],
    [{ email: 'x@' }, '邮箱格式不正确！'],
    [{ idCard: '1234' }, '请输入正确的身份证号'],
    [{ csrq: '1990/01/02' }, '日期格式应为 yyyy-MM-dd'],
    [{ avatar: 'https://evil.example/a.png' }, '头像必须是上传的jpg/png图片！'],
    [{ avatar: '/api/common/file/view/../x.png' }, '头像必须是上传的jpg/png图片！'],
  ])('refuses %j with its message and writes nothing', async (over, msg) => {
    const before = await userRows();
    expect(await t.call(userAdminApi.save, body(over), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg });
    expect(await userRows()).toBe(before);
  });

  it.each([
    [{ deptCode: 'Z99' }, ErrorCode.NOT_FOUND, '部门不存在！'],
    [{ roles: ['1234567890'] }, 90010106, '角色不存在或已被删除！'],
    [{ sex: '9' }, ErrorCode.BAD_PARAMS, '性别不正确！'],
    [{ mz: 'xx' }, ErrorCode.BAD_PARAMS, '民族不正确！'],
    [{ zzmm: 'xx' }, ErrorCode.BAD_PARAMS, '政治面貌不正确！'],
    [{ whcd: 'xx' }, ErrorCode.BAD_PARAMS, '学历不正确！'],
    [{ dnzw: 'xx' }, ErrorCode.BAD_PARAMS, '党内职务不正确！'],
    [{ zw: 'other' }, ErrorCode.BAD_PARAMS, '请输入职务名称'],
  ])('refuses %j (checked against the database) and writes nothing', async (over, code, msg) => {
    const before = await userRows();
    expect(await t.call(userAdminApi.save, body(over), admin)).toMatchObject({ code, msg });
    expect(await userRows()).toBe(before);
  });

  it('keeps user names and mobiles unique among live users, on create and on edit', async () => {
    const a = await account({ mobile: '13800000002' });
    const before = await userRows();
    expect(await t.call(userAdminApi.save, body({ userName: a.userName }), admin)).toMatchObject({ code: 90010001, msg: '用户名已存在！' });
    expect(await t.call(userAdminApi.save, body({ mobile: '13800000002' }), admin)).toMatchObject({ code: 90010101, msg: '手机号已被其他用户使用！' });
    const b = await save();
    expect(await t.call(userAdminApi.save, body({ id: b, userName: a.userName, password: '' }), admin)).toMatchObject({ code: 90010001 });
    expect(await t.call(userAdminApi.save, body({ id: b, mobile: '13800000002', password: '' }), admin)).toMatchObject({ code: 90010101 });
    expect(await userRows()).toBe(before + 1);
  });

  it('edits: a blank password keeps it; a new one must be changed and ends the user\'s sessions', async () => {
    const a = await account();
    const name2 = uniq('renamed');
    must(await t.call(userAdminApi.save, body({ id: a.id, userName: name2, realName: '李四', deptCode: dept.E, roles: [ROLE_STUDENT_ID], password: '' }), admin));
    expect(await detail(a.id)).toMatchObject({ userName: name2, realName: '李四', deptCode: dept.E });
    expect(await infoCode(a.token)).toBe(0);
    await t.login({ username: name2, password: PW });
    must(await t.call(userAdminApi.save, body({ id: a.id, userName: name2, password: NEW_PW }), admin));
    expect(await infoCode(a.token)).toBe(ErrorCode.NOT_LOGGED_IN);
    const token = await t.login({ username: name2, password: NEW_PW });
    expect(must(await t.call<SessionUser>(userApi.info, {}, token))).toMatchObject({ passState: '1', changedPass: false });
    expect(await t.call(userAdminApi.save, body({ id: '1234567890', password: '' }), admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '用户不存在或已被删除！' });
  });

  it('makes one user of two concurrent saves of the same new name', async () => {
    const userName = uniq('race');
    const before = await userRows();
    const res = await Promise.all([1, 2, 3].map(() => t.call(userAdminApi.save, body({ userName }), admin)));
    expect(res.map((r) => r.code).sort()).toEqual([0, 90010001, 90010001]);
    expect(await userRows()).toBe(before + 1);
  });
});

describe('the list and userList', () => {
  it('filters by department subtree, excluded departments and users, name, state; labels and sorts the rows', async () => {
    const tag = uniq('f');
    const inD = await save({ userName: `${tag}a`, realName: '甲', deptCode: dept.D });
    const inD11 = await save({ userName: `${tag}b`, realName: `乙${tag}`, deptCode: dept.D11, roles: [ROLE_STUDENT_ID, ROLE_ADMIN_ID] });
    const inE = await save({ userName: `${tag}c`, realName: '丙', deptCode: dept.E });
    const ids = (p: Page<UserRecord>) => p.records.map((r) => r.id).sort();
    expect(ids(await page({ userName: tag }))).toEqual([inD, inD11, inE].sort());
    expect(ids(await page({ userName: tag, deptCode: dept.D }))).toEqual([inD, inD11].sort());
    expect(ids(await page({ userName: tag, deptCode: dept.D1 }))).toEqual([inD11]);
    expect(ids(await page({ userName: tag, excludeDeparts: [dept.D1] }))).toEqual([inD, inE].sort());
    expect(ids(await page({ userName: tag, excludes: [inD] }))).toEqual([inD11, inE].sort());
    expect(ids(await page({ userName: `乙${tag}` }))).toEqual([inD11]);
    expect(ids(await page({ userName: tag, deptCode: 'Z99' }))).toEqual([]);
    must(await t.call(userAdminApi.state, { ids: [inE], state: 1 }, admin));
    expect(ids(await page({ userName: tag, state: 1 }))).toEqual([inE]);
    const rows = (await page({ userName: tag }, { orders: [{ column: 'userName', asc: false }] })).records;
    expect(rows.map((r) => r.id)).toEqual([inE, inD11, inD]);
    expect(rows[0]).toMatchObject({ state: 1, state_dictText: '禁用', deptCode: dept.E });
    expect(rows[1]?.roleNames.sort()).toEqual(['sa', 'student']);
    expect(rows[1]?.deptCode_dictText).toMatch(/^科室/);
    expect(rows[1]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const sel = await page({ userName: 'nobody-has-this' }, { selectKeys: [inE, inD] });
    expect(sel.records).toEqual([]);
    expect(sel.selectList?.map((r) => r.id)).toEqual([inE, inD]);
    expect(await t.call(userAdminApi.paging, { params: { state: 5 } }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(await t.call(userAdminApi.paging, { orders: [{ column: 'password', asc: true }] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    must(await t.call(userAdminApi.delete, { ids: [inD] }, admin));
    expect(ids(await page({ userName: tag }))).toEqual([inD11, inE].sort());
    const list = must(await t.call<{ id: string }[]>(userAdminApi.userList, { ids: [inE, '1234567890', inD, inD11] }, admin));
    expect(list).toEqual([
      { id: inE, userName: `${tag}c`, realName: '丙', deptCode: dept.E, deptCode_dictText: expect.stringMatching(/^外部/) },
      { id: inD11, userName: `${tag}b`, realName: `乙${tag}`, deptCode: dept.D11, deptCode_dictText: expect.stringMatching(/^科室/) },
    ]);
    expect(await t.call(userAdminApi.userList, { ids: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
  });
});

describe('delete, state, batch changes, reset-pass', () => {
  it('deletes softly: sessions end, roles go, the name and mobile are free again; a double click answers success twice', async () => {
    const a = await account({ mobile: '13800000003' });
    const res = await Promise.all([t.call(userAdminApi.delete, { ids: [a.id] }, admin), t.call(userAdminApi.delete, { ids: [a.id] }, admin)]);
    expect(res.map((r) => r.code)).toEqual([0, 0]);
    expect(await t.call(userAdminApi.delete, { ids: [a.id] }, admin)).toMatchObject({ code: 0 });
    expect(await rowOf(a.id)).toMatchObject({ deleted: 1, userName: a.userName });
    expect(await t.db.selectFrom('sys_user_role').select('id').where('userId', '=', a.id).execute()).toEqual([]);
    expect(await infoCode(a.token)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await t.call(userAdminApi.detail, { id: a.id }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '用户不存在或已被删除！' });
    await save({ userName: a.userName, mobile: '13800000003' });
    const b = await save();
    expect(await t.call(userAdminApi.delete, { ids: [b, '1234567890'] }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await rowOf(b)).deleted).toBe(0);
  });

  it('disabling ends the sessions at once and refuses logins; pending review too; normal again lets them in', async () => {
    const a = await account();
    must(await t.call(userAdminApi.state, { ids: [a.id], state: 1 }, admin));
    expect(await infoCode(a.token)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await t.call(userApi.login, { username: a.userName, password: PW })).toMatchObject({ code: 90010005 });
    must(await t.call(userAdminApi.state, { ids: [a.id], state: 0 }, admin));
    const token = await t.login({ username: a.userName, password: PW });
    must(await t.call(userAdminApi.state, { ids: [a.id], state: 2 }, admin));
    expect(await infoCode(token)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect((await detail(a.id)).state_dictText).toBe('待审核');
    expect(await t.call(userAdminApi.state, { ids: [a.id], state: 3 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '状态不正确！' });
    expect(await t.call(userAdminApi.state, { ids: [a.id, '1234567890'], state: 0 }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await detail(a.id)).state).toBe(2);
  });

  it('moves users to a department and replaces their roles; bad input changes nothing', async () => {
    const [a, b] = [await save(), await save()];
    must(await t.call(userAdminApi.batchDept, { ids: [a, b], deptCode: dept.D11 }, admin));
    expect([(await detail(a)).deptCode, (await detail(b)).deptCode]).toEqual([dept.D11, dept.D11]);
    expect(await t.call(userAdminApi.batchDept, { ids: [a], deptCode: '' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '部门不能为空！' });
    expect(await t.call(userAdminApi.batchDept, { ids: [a], deptCode: 'Z99' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '部门不存在！' });
    expect(await t.call(userAdminApi.batchDept, { ids: [], deptCode: dept.E }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
    const r = await role([UserPerm.LIST]);
    must(await t.call(userAdminApi.batchRole, { ids: [a, b], roles: [r, ROLE_STUDENT_ID, r] }, admin));
    expect((await detail(a)).roles.sort()).toEqual([r, ROLE_STUDENT_ID].sort());
    expect(await t.call(userAdminApi.batchRole, { ids: [a], roles: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '必须选择一个角色！' });
    expect(await t.call(userAdminApi.batchRole, { ids: [a], roles: ['1234567890'] }, admin)).toMatchObject({ code: 90010106 });
    expect(await t.call(userAdminApi.batchRole, { ids: [a, '1234567890'], roles: [ROLE_STUDENT_ID] }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await detail(a)).roles.sort()).toEqual([r, ROLE_STUDENT_ID].sort());
  });

  it('resets passwords: the users must change them and their sessions end', async () => {
    const a = await account();
    expect(await t.call(userAdminApi.resetPass, { ids: [a.id], password: 'weak' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: PASSWORD_MSG });
    expect(await infoCode(a.token)).toBe(0);
    must(await t.call(userAdminApi.resetPass, { ids: [a.id], password: NEW_PW }, admin));
    expect(await infoCode(a.token)).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await t.call(userApi.login, { username: a.userName, password: PW })).toMatchObject({ code: 90010002 });
    const token = await t.login({ username: a.userName, password: NEW_PW });
    expect(must(await t.call<SessionUser>(userApi.info, {}, token))).toMatchObject({ passState: '1', changedPass: false });
  });
});

describe('guards', () => {
  it('an administrator cannot disable or delete themselves, nor drop their own last administrator role', async () => {
    const other = await role([UserPerm.LIST, UserPerm.UPDATE, UserPerm.STATE, UserPerm.DELETE]);
    const a = await account({ roles: [ROLE_ADMIN_ID] });
    expect(await t.call(userAdminApi.state, { ids: [a.id], state: 1 }, a.token)).toMatchObject({ code: 90010102, msg: '不能禁用或删除自己的账号！' });
    expect(await t.call(userAdminApi.delete, { ids: [a.id] }, a.token)).toMatchObject({ code: 90010102 });
    expect(await t.call(userAdminApi.batchRole, { ids: [a.id], roles: [ROLE_STUDENT_ID] }, a.token)).toMatchObject({ code: 90010103, msg: '不能移除自己的管理员角色！' });
    expect(await t.call(userAdminApi.save, body({ id: a.id, userName: a.userName, roles: [ROLE_STUDENT_ID], password: '' }), a.token)).toMatchObject({ code: 90010103 });
    must(await t.call(userAdminApi.batchRole, { ids: [a.id], roles: [other] }, a.token));
    expect((await detail(a.id)).roles).toEqual([other]);
    expect(await t.call(userAdminApi.state, { ids: [a.id], state: 0 }, a.token)).toMatchObject({ code: 0 });
  });

  it('the built-in admin keeps its name and the built-in administrator role and is never disabled or deleted', async () => {
    const a = await account({ roles: [ROLE_ADMIN_ID] });
    expect(await t.call(userAdminApi.state, { ids: [adminId], state: 1 }, a.token)).toMatchObject({ code: 90010104, msg: '内置管理员账号不能禁用、删除或改名！' });
    expect(await t.call(userAdminApi.delete, { ids: [adminId] }, a.token)).toMatchObject({ code: 90010104 });
    expect(await t.call(userAdminApi.save, body({ id: adminId, userName: 'admin2', roles: [ROLE_ADMIN_ID], password: '' }), a.token)).toMatchObject({ code: 90010104 });
    const r = await role([UserPerm.LIST]);
    expect(await t.call(userAdminApi.batchRole, { ids: [adminId], roles: [r] }, a.token)).toMatchObject({ code: 90010105, msg: '内置管理员账号必须保留内置管理员角色！' });
    expect(await t.call(userApi.login, ADMIN)).toMatchObject({ code: 0 });
  });

  it('nobody gives a role or manages a user beyond their own codes', async () => {
    const manager = await role([UserPerm.LIST, UserPerm.ADD, UserPerm.UPDATE, UserPerm.RESET_PASS, UserPerm.STATE]);
    const m = await account({ roles: [manager] });
    const before = await userRows();
    expect(await t.call(userAdminApi.save, body({ roles: [ROLE_ADMIN_ID] }), m.token)).toMatchObject({ code: 90010107, msg: '不能分配超出自己权限的角色！' });
    expect(await userRows()).toBe(before);
    const id = await save({ roles: [ROLE_STUDENT_ID] }, m.token);
    expect(await t.call(userAdminApi.batchRole, { ids: [id], roles: [ROLE_ADMIN_ID] }, m.token)).toMatchObject({ code: 90010107 });
    expect(await t.call(userAdminApi.resetPass, { ids: [adminId], password: NEW_PW }, m.token)).toMatchObject({ code: 90010108, msg: '不能管理权限高于自己的用户！' });
    expect(await t.call(userAdminApi.state, { ids: [id, adminId], state: 1 }, m.token)).toMatchObject({ code: 90010108 });
    expect((await detail(id)).state).toBe(0);
    must(await t.call(userAdminApi.resetPass, { ids: [id], password: NEW_PW }, m.token));
  });

  it('refuses learners and roles without the code (10010004)', async () => {
    const learner = await t.newLearner('ua');
    const listOnly = await account({ roles: [await role([UserPerm.LIST])] });
    const a = await save();
    const calls: [Parameters<TestApp['call']>[0], object][] = [
      [userAdminApi.save, body()],
      [userAdminApi.save, body({ id: a, password: '' })],
      [userAdminApi.delete, { ids: [a] }],
      [userAdminApi.state, { ids: [a], state: 1 }],
      [userAdminApi.batchDept, { ids: [a], deptCode: dept.E }],
      [userAdminApi.batchRole, { ids: [a], roles: [ROLE_STUDENT_ID] }],
      [userAdminApi.resetPass, { ids: [a], password: NEW_PW }],
      [userAdminApi.export, {}],
    ];
    for (const [ep, b] of calls) {
      expect(await t.call(ep, b, learner.token)).toMatchObject({ code: ErrorCode.NO_PERMISSION });
      expect(await t.call(ep, b, listOnly.token)).toMatchObject({ code: ErrorCode.NO_PERMISSION });
    }
    for (const [ep, b] of [[userAdminApi.paging, {}], [userAdminApi.detail, { id: a }], [userAdminApi.userList, { ids: [a] }]] as const) {
      expect(await t.call(ep, b, learner.token)).toMatchObject({ code: ErrorCode.NO_PERMISSION });
      expect(await t.call(ep, b, listOnly.token)).toMatchObject({ code: 0 });
    }
    expect(await detail(a)).toMatchObject({ state: 0, deptCode: 'A01', roles: [ROLE_STUDENT_ID] });
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('[sys-user.admin.test] TEST_REDIS_URL is unset: the Redis session-store case of "every process" is skipped.');

describe('sessions end in every process', () => {
  /** Two server instances on one database (and one Redis): sessions opened on `other`, users changed through `app`. */
  const endsSessions = async (redis: boolean) => {
    // Without Redis the processes share no bus: such a deployment runs with the session cache off
    // (SESSION_CACHE_SECONDS=0, docs/decisions.md "Hot path for 5,000 takers"). With Redis the cache
    // is on (the default) and the infoOn calls below fill `other`'s cache before the changes.
    const app = await testApp(redis ? { REDIS_URL: REDIS_URL as string } : { SESSION_CACHE_SECONDS: '0' });
    const other = await buildApp(app.config, { db: app.db });
    try {
      const token = await app.login();
      const infoOn = async (userToken: string) => (await other.app.inject({ method: 'POST', url: userApi.info.path, payload: {}, headers: { token: userToken } })).json().code as number;
      const loginOn = async (username: string, password: string) => (await other.app.inject({ method: 'POST', url: userApi.login.path, payload: { username, password } })).json().data.token as string;
      const ids: string[] = [];
      const tokens: string[] = [];
      for (let i = 0; i < 3; i++) {
        const userName = uniq('mp');
        ids.push(must(await app.call<{ id: string }>(userAdminApi.save, body({ userName }), token)).id);
        tokens.push(await loginOn(userName, PW));
      }
      expect(await Promise.all(tokens.map(infoOn))).toEqual([0, 0, 0]);
      must(await app.call(userAdminApi.state, { ids: [ids[0]], state: 1 }, token));
      must(await app.call(userAdminApi.resetPass, { ids: [ids[1]], password: NEW_PW }, token));
      must(await app.call(userAdminApi.delete, { ids: [ids[2]] }, token));
      // With Redis the drop of `other`'s cached sessions travels over pub/sub: it arrives within
      // milliseconds, not before the admin's call answers; wait for it (at most 10 s).
      let codes = await Promise.all(tokens.map(infoOn));
      for (const until = Date.now() + 10_000; redis && codes.some((c) => c === 0) && Date.now() < until; ) {
        await new Promise((r) => setTimeout(r, 20));
        codes = await Promise.all(tokens.map(infoOn));
      }
      expect(codes).toEqual([ErrorCode.NOT_LOGGED_IN, ErrorCode.NOT_LOGGED_IN, ErrorCode.NOT_LOGGED_IN]);
    } finally {
      await other.app.close();
      await app.close();
    }
  };
  it('disable, reset-pass and delete end sessions opened on another process (database session store)', () => endsSessions(false));
  it.skipIf(!REDIS_URL)('disable, reset-pass and delete end sessions opened on another process (Redis session store)', () => endsSessions(true));
});

/** Data scope lands with the role field dataScope (0 all, 1 the department subtree) of another helper's branch. */

describe('data scope', () => {
  it('an administrator whose roles are not limited sees and manages every department', async () => {
    const r = await role(Object.values(UserPerm));
    const m = await account({ roles: [r], deptCode: dept.D1 });
    const inE = await save({ deptCode: dept.E });
    expect((await page({ deptCode: dept.E }, {}, m.token)).records.map((x) => x.id)).toContain(inE);
    must(await t.call(userAdminApi.batchDept, { ids: [inE], deptCode: dept.D }, m.token));
  });

  it('DATA SCOPE: an administrator limited to their department subtree sees and touches only users in it', async () => {
    const scoped = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('分部管理员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    must(await t.call(roleApi.saveMenus, { id: scoped, menuIds: Object.values(UserPerm).map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
    const m = await account({ roles: [scoped], deptCode: dept.D1 });
    const tag = uniq('s');
    const inD1 = await save({ userName: `${tag}a`, deptCode: dept.D1 });
    const inD11 = await save({ userName: `${tag}b`, deptCode: dept.D11 });
    const inD = await save({ userName: `${tag}c`, deptCode: dept.D });
    const inE = await save({ userName: `${tag}d`, deptCode: dept.E });
    expect((await page({ userName: tag }, {}, m.token)).records.map((x) => x.id).sort()).toEqual([inD1, inD11].sort());
    expect((await page({ userName: tag, deptCode: dept.D }, {}, m.token)).records.map((x) => x.id).sort()).toEqual([inD1, inD11].sort());
    const notFound = { code: ErrorCode.NOT_FOUND, msg: '用户不存在或已被删除！' };
    expect(await t.call(userAdminApi.detail, { id: inE }, m.token)).toMatchObject(notFound);
    expect(await t.call(userAdminApi.delete, { ids: [inD11, inE] }, m.token)).toMatchObject(notFound);
    expect(await t.call(userAdminApi.state, { ids: [inD], state: 1 }, m.token)).toMatchObject(notFound);
    expect(await t.call(userAdminApi.resetPass, { ids: [inE], password: NEW_PW }, m.token)).toMatchObject(notFound);
    expect(await t.call(userAdminApi.batchRole, { ids: [inE], roles: [ROLE_STUDENT_ID] }, m.token)).toMatchObject(notFound);
    expect(await t.call(userAdminApi.save, body({ id: inE, password: '' }), m.token)).toMatchObject(notFound);
    expect(await t.call(userAdminApi.batchDept, { ids: [inD11], deptCode: dept.E }, m.token)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '部门不存在！' });
    expect(await t.call(userAdminApi.save, body({ deptCode: dept.D }), m.token)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '部门不存在！' });
    expect(must(await t.call<{ id: string }[]>(userAdminApi.userList, { ids: [inE, inD1] }, m.token)).map((x) => x.id)).toEqual([inD1]);
    // No way out of the subtree: an unlimited administrator role is beyond a limited caller.
    expect(await t.call(userAdminApi.batchRole, { ids: [inD1], roles: [ROLE_ADMIN_ID] }, m.token)).toMatchObject({ code: 90010107 });
    must(await t.call(userAdminApi.batchDept, { ids: [inD1], deptCode: dept.D11 }, m.token));
    expect((await detail(inD)).state).toBe(0);
    expect((await detail(inE)).deptCode).toBe(dept.E);
  });
});
