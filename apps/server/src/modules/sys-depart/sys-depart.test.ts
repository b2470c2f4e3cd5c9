/**
 * API tests of departments (/api/sys/depart/*): the tree and its server-assigned codes (children's
 * codes derive from the parent's, deleted codes are never given again, concurrent adds get distinct
 * codes), save validation with the contracts' messages, delete refusals (sub-departments, users,
 * the default department) that write nothing, sibling sort, the picker tree for learners, the
 * services other modules use, and the 部门管理 menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { DepartError, departApi, type DepartDetail, type DepartNode, type DepartOption } from '@kaopei/contracts/sys-depart';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import { configApi, type SwitchConfig } from '@kaopei/contracts/sys-config';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;

const tree = async () => must(await t.call<DepartNode[]>(departApi.tree, {}, admin));
const save = async (body: object) => must(await t.call<{ id: string; deptCode: string }>(departApi.save, body, admin));
const find = (nodes: DepartNode[], id: string): DepartNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};
const childNames = async (id: string) => (find(await tree(), id)?.children ?? []).map((c) => c.deptName);
/** Every row of sys_depart, deleted ones included. */
const departRows = async () => Number((await t.db.selectFrom('sys_depart').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
const liveRows = async () => Number((await t.db.selectFrom('sys_depart').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted', '=', 0).executeTakeFirst())?.n ?? 0);

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('department tree and codes', () => {
  it('has the seeded default department A01 默认部门', async () => {
    expect((await tree()).find((n) => n.deptCode === 'A01')).toMatchObject({ deptName: '默认部门', parentId: '', sfyxjbm: 0 });
  });

  it('gives roots the next root code and children the parent code plus A01, A02 …; the tree nests and orders them', async () => {
    const root = await save({ deptName: uniq('总公司') });
    expect(root.deptCode).toMatch(/^[A-Z]\d{2}$/);
    expect(root.deptCode > 'A01').toBe(true);
    const root2 = await save({ deptName: uniq('分公司') });
    expect(root2.deptCode).toBe(`${root.deptCode.slice(0, 1)}${String(Number(root.deptCode.slice(1)) + 1).padStart(2, '0')}`);
    const a = await save({ parentId: root.id, deptName: '财务部', sfyxjbm: 1 });
    const b = await save({ parentId: root.id, deptName: '人事部' });
    const a1 = await save({ parentId: a.id, deptName: '会计科' });
    expect([a.deptCode, b.deptCode, a1.deptCode]).toEqual([`${root.deptCode}A01`, `${root.deptCode}A02`, `${root.deptCode}A01A01`]);

    const node = find(await tree(), root.id);
    expect(node).toMatchObject({
      id: root.id,
      parentId: '',
      deptCode: root.deptCode,
      children: [
        { id: a.id, parentId: root.id, deptName: '财务部', sfyxjbm: 1, sort: 0, children: [{ id: a1.id, deptCode: a1.deptCode, deptName: '会计科', children: [] }] },
        { id: b.id, deptName: '人事部', sfyxjbm: 0, sort: 1, children: [] },
      ],
    });
    const detail = must(await t.call<DepartDetail>(departApi.detail, { id: a1.id }, admin));
    expect(detail).toMatchObject({ id: a1.id, parentId: a.id, parentName: '财务部', deptCode: a1.deptCode, deptName: '会计科', sfyxjbm: 0, sfyxjbm_dictText: '否' });
    expect(detail.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('never gives a deleted code again, and gives distinct codes to adds made at the same moment', async () => {
    const root = await save({ deptName: uniq('集团') });
    const first = await save({ parentId: root.id, deptName: '一部' });
    const second = await save({ parentId: root.id, deptName: '二部' });
    must(await t.call(departApi.delete, { ids: [second.id] }, admin));
    expect((await save({ parentId: root.id, deptName: '三部' })).deptCode).toBe(`${root.deptCode}A03`);
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => save({ parentId: root.id, deptName: `并发${i}` })));
    expect(new Set(many.map((m) => m.deptCode)).size).toBe(6);
    expect(many.every((m) => m.deptCode.startsWith(root.deptCode) && m.deptCode.length === root.deptCode.length + 3)).toBe(true);
    expect(first.deptCode).toBe(`${root.deptCode}A01`);
    // Roots have no parent row to queue on: a lost race for a code is retried.
    const roots = await Promise.all(Array.from({ length: 12 }, () => save({ deptName: uniq('并发根') })));
    expect(new Set(roots.map((m) => m.deptCode)).size).toBe(12);
    // One name at the same moment: one add wins, the others are told why.
    const name = uniq('同名');
    const same = await Promise.all(Array.from({ length: 4 }, () => t.call(departApi.save, { deptName: name }, admin)));
    expect(same.map((r) => r.code).sort()).toEqual([0, DepartError.DUPLICATE_NAME.code, DepartError.DUPLICATE_NAME.code, DepartError.DUPLICATE_NAME.code]);
  });

  it('updates name and sfyxjbm, keeps the code, refuses another parent', async () => {
    const root = await save({ deptName: uniq('机关') });
    const other = await save({ deptName: uniq('机关') });
    const child = await save({ parentId: root.id, deptName: '办公室' });
    expect(await save({ id: child.id, deptName: '综合办公室', sfyxjbm: 1 })).toEqual({ id: child.id, deptCode: child.deptCode });
    expect(await save({ id: child.id, parentId: root.id, deptName: '综合办公室', sfyxjbm: 1 })).toEqual({ id: child.id, deptCode: child.deptCode });
    expect(must(await t.call<DepartDetail>(departApi.detail, { id: child.id }, admin))).toMatchObject({ deptName: '综合办公室', sfyxjbm: 1, sfyxjbm_dictText: '是', parentName: expect.any(String) as string });
    expect(await t.call(departApi.save, { id: child.id, parentId: other.id, deptName: '综合办公室' }, admin)).toMatchObject({ code: DepartError.PARENT_FIXED.code, msg: '部门创建后不能更换上级部门！' });
    expect(await t.call(departApi.save, { id: child.id, parentId: '', deptName: '综合办公室' }, admin)).toMatchObject({ code: DepartError.PARENT_FIXED.code });
    expect(await childNames(root.id)).toEqual(['综合办公室']);
  });
});

describe('save validation', () => {
  it('refuses bad input with the contracts messages and writes nothing', async () => {
    const root = await save({ deptName: uniq('校验') });
    await save({ parentId: root.id, deptName: '教务处' });
    const before = await departRows();
    const bad = async (body: object) => t.call(departApi.save, body, admin);
    expect(await bad({ deptName: '  ' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '部门名称不能为空！' });
    expect(await bad({})).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '部门名称不能为空！' });
    expect(await bad({ deptName: 'x'.repeat(101) })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '部门名称不能超过100个字符！' });
    expect(await bad({ deptName: '甲', sfyxjbm: 2 })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '是否允许下级部门只能是0或1！' });
    expect(await bad({ parentId: '1234567890123456789', deptName: '甲' })).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '上级部门不存在！' });
    expect(await bad({ id: '1234567890123456789', deptName: '甲' })).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '部门不存在！' });
    expect(await bad({ parentId: root.id, deptName: ' 教务处 ' })).toMatchObject({ code: DepartError.DUPLICATE_NAME.code, msg: '同一上级部门下已有名为“教务处”的部门！' });
    expect(await departRows()).toBe(before);
    // The same name under another parent, and the name of a deleted sibling, are fine.
    const other = await save({ deptName: uniq('校验') });
    const again = await save({ parentId: other.id, deptName: '教务处' });
    must(await t.call(departApi.delete, { ids: [again.id] }, admin));
    await save({ parentId: other.id, deptName: '教务处' });
    expect(await t.call(departApi.detail, { id: again.id }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '部门不存在！' });
  });
});

describe('delete', () => {
  it('refuses a department with sub-departments or users, and the default department, naming it; deletes nothing then', async () => {
    const root = await save({ deptName: uniq('删除') });
    const child = await save({ parentId: root.id, deptName: '带用户的部门' });
    const leaf = await save({ parentId: root.id, deptName: '空部门' });
    const learner = await t.newLearner('dep');
    await t.db.updateTable('sys_user').set({ deptCode: child.deptCode }).where('id', '=', learner.userId).execute();
    const live = await liveRows();

    expect(await t.call(departApi.delete, { ids: [root.id] }, admin)).toMatchObject({ code: DepartError.HAS_CHILDREN.code, msg: `部门“${(find(await tree(), root.id) as DepartNode).deptName}”下还有下级部门，不能删除！` });
    expect(await t.call(departApi.delete, { ids: [leaf.id, child.id] }, admin)).toMatchObject({ code: DepartError.HAS_USERS.code, msg: '部门“带用户的部门”下还有用户，不能删除！' });
    const a01 = (await tree()).find((n) => n.deptCode === 'A01') as DepartNode;
    expect(await t.call(departApi.delete, { ids: [a01.id] }, admin)).toMatchObject({ code: DepartError.DEFAULT_DEPART.code });
    // The whole subtree, users included, is refused as a whole.
    expect(await t.call(departApi.delete, { ids: [root.id, child.id, leaf.id] }, admin)).toMatchObject({ code: DepartError.HAS_USERS.code });
    expect(await liveRows()).toBe(live);

    await t.db.updateTable('sys_user').set({ deptCode: 'A01' }).where('id', '=', learner.userId).execute();
    must(await t.call(departApi.delete, { ids: [root.id, child.id, leaf.id] }, admin));
    expect(find(await tree(), root.id)).toBeUndefined();
    expect(await liveRows()).toBe(live - 3);
    // Deleting again, or unknown ids, changes nothing.
    must(await t.call(departApi.delete, { ids: [root.id, '1234567890123456789'] }, admin));
    expect(await t.call(departApi.delete, { ids: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
  });
});

describe('sort', () => {
  it('moves a department to a position among its siblings and renumbers them', async () => {
    const root = await save({ deptName: uniq('排序') });
    for (const name of ['甲', '乙', '丙', '丁']) await save({ parentId: root.id, deptName: name });
    const id = async (name: string) => (find(await tree(), root.id)?.children.find((c) => c.deptName === name) as DepartNode).id;
    must(await t.call(departApi.sort, { id: await id('丙'), sort: 0 }, admin));
    expect(await childNames(root.id)).toEqual(['丙', '甲', '乙', '丁']);
    must(await t.call(departApi.sort, { id: await id('丙'), sort: 2 }, admin));
    expect(await childNames(root.id)).toEqual(['甲', '乙', '丙', '丁']);
    must(await t.call(departApi.sort, { id: await id('甲'), sort: 999 }, admin));
    expect(await childNames(root.id)).toEqual(['乙', '丙', '丁', '甲']);
    expect((find(await tree(), root.id) as DepartNode).children.map((c) => c.sort)).toEqual([0, 1, 2, 3]);
    // A new sibling comes last.
    await save({ parentId: root.id, deptName: '戊' });
    expect(await childNames(root.id)).toEqual(['乙', '丙', '丁', '甲', '戊']);

    expect(await t.call(departApi.sort, { id: await id('乙'), sort: -1 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '排序不能小于0！' });
    expect(await t.call(departApi.sort, { id: await id('乙') }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '排序不能为空！' });
    expect(await t.call(departApi.sort, { id: '1234567890123456789', sort: 0 }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '部门不存在！' });
    expect(await childNames(root.id)).toEqual(['乙', '丙', '丁', '甲', '戊']);
  });
});

describe('learners and other modules', () => {
  it('gives any logged-in user the picker tree (deptCode values) and learners nothing else', async () => {
    const root = await save({ deptName: uniq('选择'), sfyxjbm: 1 });
    const child = await save({ parentId: root.id, deptName: '子单位' });
    const learner = await t.login(LEARNER);
    const options = must(await t.call<DepartOption[]>(departApi.treeSelect, {}, learner));
    expect(options.find((o) => o.value === 'A01')).toMatchObject({ title: '默认部门', key: 'A01', sfyxjbm: 0 });
    expect(options.find((o) => o.value === root.deptCode)).toMatchObject({ key: root.deptCode, sfyxjbm: 1, children: [{ value: child.deptCode, title: '子单位', key: child.deptCode, sfyxjbm: 0, children: [] }] });
    expect((await t.call(departApi.tree, {}, learner)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(departApi.treeSelect, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('publishes the picker tree to visitors only while they may register and choose their unit', async () => {
    const name = uniq('注册');
    const root = await save({ deptName: name, sfyxjbm: 1 });
    const switches = must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin));
    try {
      const setSwitches = async (patch: Partial<SwitchConfig>) => must(await t.call(configApi.switchSave, { ...switches, ...patch }, admin));
      await setSwitches({ userReg: true, userDeptType: 0 });
      const open = must(await t.call<DepartOption[]>(departApi.regTree, {}));
      expect(open).toEqual(must(await t.call<DepartOption[]>(departApi.treeSelect, {}, admin)));
      expect(open.find((o) => o.value === root.deptCode)).toMatchObject({ title: name, sfyxjbm: 1 });
      await setSwitches({ userReg: true, userDeptType: 1, userDeptCode: 'A01' });
      expect(must(await t.call<DepartOption[]>(departApi.regTree, {}))).toEqual([]);
      await setSwitches({ userReg: false, userDeptType: 0 });
      expect(must(await t.call<DepartOption[]>(departApi.regTree, {}))).toEqual([]);
    } finally {
      must(await t.call(configApi.switchSave, switches, admin));
    }
  });

  it('offers requireByCode, subtreeCodes and namesOf', async () => {
    const svc = t.services.sysDepart;
    const root = await save({ deptName: uniq('服务') });
    const a = await save({ parentId: root.id, deptName: '甲' });
    const a1 = await save({ parentId: a.id, deptName: '甲一' });
    const b = await save({ parentId: root.id, deptName: '乙' });
    expect(await svc.requireByCode(t.db, a.deptCode)).toEqual({ id: a.id, parentId: root.id, deptCode: a.deptCode, deptName: '甲', sfyxjbm: 0 });
    await expect(svc.requireByCode(t.db, 'Z99Z99')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: '部门不存在！' });
    await expect(svc.requireByCode(t.db, "A01' or 1=1")).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await svc.subtreeCodes(root.deptCode)).toEqual([root.deptCode, a.deptCode, a1.deptCode, b.deptCode].sort());
    expect(await svc.subtreeCodes(a.deptCode)).toEqual([a.deptCode, a1.deptCode]);
    expect(await svc.subtreeCodes('A0%')).toEqual([]);
    must(await t.call(departApi.delete, { ids: [b.id] }, admin));
    expect(await svc.subtreeCodes(root.deptCode)).not.toContain(b.deptCode);
    await expect(svc.requireByCode(t.db, b.deptCode)).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
    const names = await svc.namesOf([a.deptCode, b.deptCode, 'A01', 'Z98Z98', '']);
    expect([...names.entries()].sort()).toEqual([['A01', '默认部门'], [a.deptCode, '甲'], [b.deptCode, '乙']].sort());
  });

  it('gives the administrator the 部门管理 page under 系统管理', async () => {
    const sys = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin)).find((n) => n.name === 'SysMgr');
    expect(sys?.children?.find((c) => c.name === 'ListDepart')).toMatchObject({ path: '/admin/sys/depart', component: 'ListDepart', meta: { title: '部门管理', icon: 'ApartmentOutlined' } });
  });
});
