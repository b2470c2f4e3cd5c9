/**
 * API tests of dictionaries (/api/sys/dic/*): the seeded dictionaries (codes, counts, labels of
 * SPEC §4), the value tree with excludes and the flat list (learners too), validation with the
 * contracts' messages and nothing half-written, category and entry save/delete, the labels cache
 * dropped by a save and bounded by SPEC §9's 5 minutes, the 数据字典 menu, and a second start on the
 * same database that neither duplicates nor restores what an administrator deleted or edited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, USER_STATE_LABEL } from '@kaopei/contracts';
import { dicApi, DicError, type DicDetail, type DicItem, type DicNode, type DicValueNode } from '@kaopei/contracts/sys-dic';
import { menuApi, type RouteNode } from '@kaopei/contracts/sys-menu';
import { buildApp } from '../../app';
import { withDictText } from '../../lib/dict-text';
import { advanceClock } from '../../lib/time';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { SEED_DICS } from './sys-dic.seed';

let t: TestApp;
let admin: string;
let learner: string;

const list = async (dicCode: string, token = admin) => must(await t.call<DicItem[]>(dicApi.valueList, { dicCode }, token));
const valueTree = async (body: object, token = admin) => must(await t.call<DicValueNode[]>(dicApi.valueTree, body, token));
const dicTree = async () => must(await t.call<DicNode[]>(dicApi.tree, {}, admin));
const saveDic = async (body: object) => must(await t.call<{ id: string }>(dicApi.save, body, admin)).id;
const saveValue = async (body: object) => must(await t.call<{ id: string }>(dicApi.valueSave, body, admin)).id;
const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const count = async (table: 'sys_dic' | 'sys_dic_value') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
/** A new dictionary with a unique code; answers its id and code. */
const newDic = async (over: object = {}) => {
  const dicCode = uniq('t_');
  return { id: await saveDic({ title: uniq('测试字典'), dicCode, ...over }), dicCode };
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  learner = await t.login(LEARNER);
});
afterAll(async () => {
  await t.close();
});

describe('seeded dictionaries', () => {
  it('holds the seven dictionaries of SPEC §7 in the category tree', async () => {
    const codes = (await dicTree()).map((n) => n.dicCode);
    expect(codes.slice(0, 7)).toEqual(['user_state', 'sex', 'nation', 'political_landscape', 'educational_level', 'xzzw', 'dnzw']);
    const nation = (await dicTree()).find((n) => n.dicCode === 'nation');
    expect(nation).toMatchObject({ title: '民族', parentId: '', rowGuid: nation?.id });
  });

  it('seeds user_state exactly as SPEC §4, sex, and the 56 nations with their GB/T 3304 codes', async () => {
    expect(await list('user_state')).toEqual([{ value: '0', title: '正常' }, { value: '1', title: '禁用' }, { value: '2', title: '待审核' }]);
    expect(Object.fromEntries((await list('user_state')).map((i) => [i.value, i.title]))).toEqual(Object.fromEntries(Object.entries(USER_STATE_LABEL)));
    expect(await list('sex')).toEqual([{ value: '1', title: '男' }, { value: '2', title: '女' }]);
    const nations = await list('nation');
    expect(nations).toHaveLength(56);
    expect(new Set(nations.map((n) => n.title)).size).toBe(56);
    expect(nations.map((n) => n.value)).toEqual(Array.from({ length: 56 }, (_, i) => String(i + 1).padStart(2, '0')));
    const byCode = Object.fromEntries(nations.map((n) => [n.value, n.title]));
    expect(byCode).toMatchObject({ '01': '汉族', '03': '回族', '05': '维吾尔族', '08': '壮族', '10': '朝鲜族', '29': '柯尔克孜族', '37': '仡佬族', '43': '乌孜别克族', '55': '珞巴族', '56': '基诺族' });
  });

  it('seeds political affiliation, education, administrative posts (a tree with 其他) and party posts', async () => {
    const political = await list('political_landscape');
    expect(political).toHaveLength(13);
    expect(political[0]).toEqual({ value: '01', title: '中共党员' });
    expect(political.map((p) => p.title)).toEqual(expect.arrayContaining(['中共预备党员', '共青团员', '民盟盟员', '九三学社社员', '无党派人士', '群众']));
    expect((await list('educational_level')).map((e) => e.title)).toEqual(['博士研究生', '硕士研究生', '大学本科', '大学专科', '中等专科', '高中', '初中', '小学', '其他']);
    const xzzw = await valueTree({ dicCode: 'xzzw' });
    expect(xzzw.find((n) => n.value === '120')).toMatchObject({ title: '厅局级', children: [{ value: '121', title: '厅局级正职' }, { value: '122', title: '厅局级副职' }] });
    expect(xzzw[xzzw.length - 1]).toMatchObject({ value: 'other', title: '其他', parentId: '' });
    expect(xzzw[xzzw.length - 1]).not.toHaveProperty('children');
    expect((await list('dnzw')).slice(0, 3)).toEqual([{ value: '01', title: '书记' }, { value: '02', title: '副书记' }, { value: '03', title: '委员' }]);
  });
});

describe('value tree and list', () => {
  it('answers learners too, leaves out excluded values with their sub-trees, as a list or a comma-separated string', async () => {
    const all = flat(await valueTree({ dicCode: 'xzzw' }, learner));
    expect(all.length).toBe(flat(await valueTree({ dicCode: 'xzzw' })).length);
    const leafParent = all.find((n) => n.value === '111');
    expect(leafParent?.parentId).toBe(all.find((n) => n.value === '110')?.id);
    for (const excludes of [['110', 'other'], '110,other', ' 110 ， other ']) {
      const values = flat(await valueTree({ dicCode: 'xzzw', excludes }, learner)).map((n) => n.value);
      expect(values, JSON.stringify(excludes)).not.toEqual(expect.arrayContaining(['110']));
      expect(values.some((v) => ['110', '111', '112', 'other'].includes(v))).toBe(false);
      expect(values).toContain('121');
    }
    expect((await list('xzzw', learner)).slice(0, 3)).toEqual([{ value: '110', title: '省部级' }, { value: '111', title: '省部级正职' }, { value: '112', title: '省部级副职' }]);
  });

  it('refuses an unknown or malformed dictionary code', async () => {
    expect(await t.call(dicApi.valueTree, { dicCode: 'no_such_dic' }, learner)).toMatchObject({ code: DicError.DIC_NOT_FOUND.code, msg: '字典不存在：no_such_dic' });
    expect(await t.call(dicApi.valueList, { dicCode: 'no_such_dic' }, learner)).toMatchObject({ code: DicError.DIC_NOT_FOUND.code });
    expect(await t.call(dicApi.valueTree, {}, learner)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典编码不能为空！' });
    expect(await t.call(dicApi.valueTree, { dicCode: '1; drop' }, learner)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典编码只能包含字母、数字和下划线，且以字母开头！' });
    expect(await t.call(dicApi.valueTree, { dicCode: 'nation', excludes: 5 }, learner)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '排除项格式不正确！' });
  });
});

describe('dictionaries (categories)', () => {
  it('adds, details, nests and edits a dictionary; its code is fixed', async () => {
    const parent = await newDic();
    const child = await newDic({ parentId: parent.id, remark: '备注', sort: 3 });
    const detail = must(await t.call<DicDetail>(dicApi.detail, { id: child.id }, admin));
    expect(detail).toMatchObject({ id: child.id, parentId: parent.id, dicCode: child.dicCode, remark: '备注', sort: 3 });
    expect(detail.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await dicTree()).find((n) => n.id === parent.id)?.children).toEqual([expect.objectContaining({ id: child.id, dicCode: child.dicCode, rowGuid: child.id })]);
    await saveDic({ id: child.id, title: '改名', dicCode: child.dicCode, parentId: '' });
    expect(must(await t.call<DicDetail>(dicApi.detail, { id: child.id }, admin))).toMatchObject({ title: '改名', parentId: '', remark: '', sort: 0 });
    expect(await t.call(dicApi.save, { id: child.id, title: 'x', dicCode: 'other_code' }, admin)).toMatchObject({ code: DicError.CODE_FIXED.code, msg: '字典编码不能修改！' });
  });

  it('refuses bad input, a taken code, a bad parent, and writes nothing', async () => {
    const a = await newDic();
    const b = await newDic({ parentId: a.id });
    const before = await count('sys_dic');
    expect(await t.call(dicApi.save, { title: ' ', dicCode: 'abc' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典名称不能为空！' });
    expect(await t.call(dicApi.save, { title: 'x' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典编码不能为空！' });
    expect(await t.call(dicApi.save, { title: 'x', dicCode: '9abc' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典编码只能包含字母、数字和下划线，且以字母开头！' });
    expect(await t.call(dicApi.save, { title: 'x', dicCode: 'abc', sort: -1 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '排序必须是0-99999之间的整数！' });
    expect(await t.call(dicApi.save, { title: 'x', dicCode: 'nation' }, admin)).toMatchObject({ code: DicError.CODE_EXISTS.code, msg: '字典编码已存在！' });
    expect(await t.call(dicApi.save, { title: 'x', dicCode: uniq('t_'), parentId: '1234567890123456789' }, admin)).toMatchObject({ code: DicError.BAD_PARENT.code });
    expect(await t.call(dicApi.save, { id: a.id, title: 'x', dicCode: a.dicCode, parentId: b.id }, admin)).toMatchObject({ code: DicError.BAD_PARENT.code });
    expect(await t.call(dicApi.save, { id: a.id, title: 'x', dicCode: a.dicCode, parentId: a.id }, admin)).toMatchObject({ code: DicError.BAD_PARENT.code });
    expect(await t.call(dicApi.save, { id: '1234567890123456789', title: 'x', dicCode: 'abc' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await count('sys_dic')).toBe(before);
    expect(must(await t.call<DicDetail>(dicApi.detail, { id: a.id }, admin))).toMatchObject({ parentId: '' });
  });

  it('deletes a dictionary with its values; one with a sub-dictionary only together with it', async () => {
    const parent = await newDic();
    const child = await newDic({ parentId: parent.id });
    await saveValue({ dicCode: child.dicCode, value: 'a', title: '甲' });
    const values = await count('sys_dic_value');
    expect(await t.call(dicApi.delete, { ids: [parent.id] }, admin)).toMatchObject({ code: DicError.HAS_CHILDREN.code, msg: '请先删除下级字典！' });
    expect(await count('sys_dic_value')).toBe(values);
    expect(await t.call(dicApi.delete, { ids: [parent.id, child.id] }, admin)).toMatchObject({ code: 0 });
    expect((await dicTree()).some((n) => n.id === parent.id)).toBe(false);
    expect(await count('sys_dic_value')).toBe(values - 1);
    expect(await t.call(dicApi.valueList, { dicCode: child.dicCode }, admin)).toMatchObject({ code: DicError.DIC_NOT_FOUND.code });
    expect(await t.call(dicApi.delete, { ids: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一条数据！' });
  });
});

describe('dictionary values', () => {
  it('adds, nests, edits and orders values; refuses bad input, taken values and bad parents, writing nothing', async () => {
    const { dicCode } = await newDic();
    const other = await newDic();
    const b = await saveValue({ dicCode, value: 'b', title: '乙', sort: 2 });
    const a = await saveValue({ dicCode, value: 'a', title: '甲', sort: 1 });
    const a1 = await saveValue({ dicCode, parentId: a, value: 'a1', title: '甲一' });
    const foreign = await saveValue({ dicCode: other.dicCode, value: 'a', title: '别的字典可以重复' });
    expect(await valueTree({ dicCode })).toEqual([
      { id: a, parentId: '', value: 'a', title: '甲', sort: 1, children: [{ id: a1, parentId: a, value: 'a1', title: '甲一', sort: 0 }] },
      { id: b, parentId: '', value: 'b', title: '乙', sort: 2 },
    ]);
    const before = await count('sys_dic_value');
    const bad = async (body: object) => t.call(dicApi.valueSave, { dicCode, value: 'z', title: 'z', ...body }, admin);
    expect(await bad({ value: ' ' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典项值不能为空！' });
    expect(await bad({ value: 'a b' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典项值不能包含空格或逗号！' });
    expect(await bad({ title: '' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典项名称不能为空！' });
    expect(await bad({ title: 'x'.repeat(101) })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '字典项名称不能超过100个字符！' });
    expect(await bad({ value: 'a1' })).toMatchObject({ code: DicError.VALUE_EXISTS.code, msg: '字典项值已存在！' });
    expect(await bad({ parentId: foreign })).toMatchObject({ code: DicError.BAD_PARENT.code });
    expect(await bad({ id: a, value: 'a', parentId: a1 })).toMatchObject({ code: DicError.BAD_PARENT.code });
    expect(await bad({ id: foreign, value: 'x' })).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await bad({ dicCode: 'no_such_dic' })).toMatchObject({ code: DicError.DIC_NOT_FOUND.code });
    expect(await count('sys_dic_value')).toBe(before);
    await saveValue({ id: a1, dicCode, parentId: '', value: 'c', title: '丙', sort: 9 });
    expect((await list(dicCode)).map((i) => i.value)).toEqual(['a', 'b', 'c']);
  });

  it('deletes values with everything below them', async () => {
    const { dicCode } = await newDic();
    const top = await saveValue({ dicCode, value: 'p', title: '上' });
    const mid = await saveValue({ dicCode, parentId: top, value: 'm', title: '中' });
    await saveValue({ dicCode, parentId: mid, value: 'l', title: '下' });
    const keep = await saveValue({ dicCode, value: 'k', title: '留' });
    expect(await t.call(dicApi.valueDelete, { ids: [mid] }, admin)).toMatchObject({ code: 0 });
    expect(await list(dicCode)).toEqual([{ value: 'k', title: '留' }, { value: 'p', title: '上' }]);
    expect(await t.call(dicApi.valueDelete, { ids: [top, keep, '1234567890123456789'] }, admin)).toMatchObject({ code: 0 });
    expect(await list(dicCode)).toEqual([]);
  });
});

describe('labels for other modules', () => {
  it('labels values (numbers too), and a save drops the cached labels', async () => {
    const dics = t.services.sysDic;
    const rows = [{ state: 0, mz: '01' }, { state: 2, mz: '56' }, { state: 7, mz: 'x' }];
    expect(await withDictText(rows, { state: dics.labeller('user_state'), mz: dics.labeller('nation') })).toEqual([
      { state: 0, mz: '01', state_dictText: '正常', mz_dictText: '汉族' },
      { state: 2, mz: '56', state_dictText: '待审核', mz_dictText: '基诺族' },
      { state: 7, mz: 'x', state_dictText: '', mz_dictText: '' },
    ]);
    expect((await dics.labels('no_such_dic')).size).toBe(0);
    const { dicCode } = await newDic();
    const id = await saveValue({ dicCode, value: 'v', title: '旧' });
    expect((await dics.labels(dicCode)).get('v')).toBe('旧');
    await saveValue({ id, dicCode, value: 'v', title: '新' });
    expect((await dics.labels(dicCode)).get('v')).toBe('新');
    await t.call(dicApi.valueDelete, { ids: [id] }, admin);
    expect((await dics.labels(dicCode)).has('v')).toBe(false);
  });

  it('keeps labels another process changed for at most 5 minutes (SPEC §9)', async () => {
    const { dicCode } = await newDic();
    const id = await saveValue({ dicCode, value: 'v', title: '旧' });
    const other = await buildApp(t.config); // a second process on the same database, without a shared bus
    try {
      expect((await other.services.sysDic.labels(dicCode)).get('v')).toBe('旧');
      await saveValue({ id, dicCode, value: 'v', title: '新' });
      expect((await other.services.sysDic.labels(dicCode)).get('v')).toBe('旧');
      advanceClock(300_001);
      expect((await other.services.sysDic.labels(dicCode)).get('v')).toBe('新');
    } finally {
      await other.app.close();
    }
  });
});

describe('menus and restarts', () => {
  it('gives the administrator the 数据字典 page under 系统管理, with its codes', async () => {
    const tree = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin));
    const sys = tree.find((n) => n.name === 'SysMgr');
    expect(sys?.children).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'ListDic', path: '/admin/sys/dic', component: 'ListDic', meta: expect.objectContaining({ title: '数据字典', icon: 'BookOutlined' }) })]));
    const info = must(await t.call<{ permissions: string[] }>('/api/sys/user/info', {}, admin));
    expect(info.permissions).toEqual(expect.arrayContaining(['sys:dic:list', 'sys:dic:add', 'sys:dic:update', 'sys:dic:delete']));
    expect((await t.call(dicApi.tree, {}, learner)).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('a second start duplicates nothing, keeps edits, does not restore deletions, and adds new seeds', async () => {
    const nations = await valueTree({ dicCode: 'nation' });
    const jino = nations.find((n) => n.value === '56');
    const han = nations.find((n) => n.value === '01');
    await t.call(dicApi.valueDelete, { ids: [jino?.id] }, admin);
    await saveValue({ id: han?.id, dicCode: 'nation', value: '01', title: '汉族（改）' });
    const xzzw = await valueTree({ dicCode: 'xzzw' });
    await t.call(dicApi.valueDelete, { ids: [xzzw.find((n) => n.value === '110')?.id] }, admin);
    const dnzw = (await dicTree()).find((n) => n.dicCode === 'dnzw');
    await t.call(dicApi.delete, { ids: [dnzw?.id] }, admin);
    // As if a later release added the seed `sex:2`: its row and its seed-log entry are gone.
    const female = (await valueTree({ dicCode: 'sex' })).find((n) => n.value === '2');
    await t.db.deleteFrom('sys_dic_value').where('id', '=', female?.id ?? '').execute();
    await t.db.deleteFrom('sys_seed_log').where('kind', '=', 'dicValue').where('seedKey', '=', 'sex:2').execute();
    const dics = await count('sys_dic');
    const values = await count('sys_dic_value');

    const again = await buildApp(t.config);
    try {
      expect(await again.services.sysDic.seed()).toEqual([]); // the start itself did the work
    } finally {
      await again.app.close();
    }
    expect(await count('sys_dic')).toBe(dics);
    expect(await count('sys_dic_value')).toBe(values + 1);
    const after = await list('nation');
    expect(after).toHaveLength(55);
    expect(after[0]).toEqual({ value: '01', title: '汉族（改）' });
    expect(flat(await valueTree({ dicCode: 'xzzw' })).map((n) => n.value)).not.toEqual(expect.arrayContaining(['111']));
    expect((await dicTree()).some((n) => n.dicCode === 'dnzw')).toBe(false);
    expect(await list('sex')).toEqual([{ value: '1', title: '男' }, { value: '2', title: '女' }]);
    expect(SEED_DICS).toHaveLength(7);
  });
});
