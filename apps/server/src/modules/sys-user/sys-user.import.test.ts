/**
 * API tests of the user import, its template and the export (/api/sys/user/import,
 * /import/template, /export): real xlsx files built with exceljs, the background job with its
 * result (all or nothing, every bad row reported with its row number and message), a 2,000-row
 * file, whole-file refusals, an import racing a save on the same name, and exports read back.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope } from '@kaopei/contracts';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import {
  USER_EXPORT_HEADERS,
  USER_IMPORT_DEFAULT_PASSWORD,
  USER_IMPORT_HEADERS,
  USER_IMPORT_JOB,
  UserPerm,
  userAdminApi,
  type UserDetail,
  type UserImportResult,
} from '@kaopei/contracts/sys-user-admin';
import { JobState, type JobRef } from '@kaopei/contracts/sys-job';
import { testApp, type TestApp } from '../../test/app';
import { multipart, must, uniq, waitForJob } from '../../test/builders';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';

let t: TestApp;
let admin: string;
let dept = '';
let roleName = '';
let roleId = '';
const PW = 'Test@12345';
const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL) console.info('[sys-user.import.test] TEST_REDIS_URL is unset: the import through BullMQ is skipped.');

type Cell = string | number | null;

/** An xlsx with `rows` under `header` (sheet 用户数据). */
async function xlsx(rows: Cell[][], header: readonly string[] = USER_IMPORT_HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户数据');
  ws.addRow([...header]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

async function upload(data: Buffer, token = admin, name = 'users.xlsx', app = t): Promise<Envelope<JobRef> & { status: number }> {
  const { payload, contentType } = await multipart({}, { name, data });
  const res = await app.app.inject({ method: 'POST', url: userAdminApi.import.path, payload, headers: { 'content-type': contentType, token } });
  return { ...(res.json() as Envelope<JobRef>), status: res.statusCode };
}

/** Uploads, waits for the job and answers its result. */
async function importFile(data: Buffer, app = t, token = admin): Promise<UserImportResult> {
  const { jobId } = must(await upload(data, token, 'users.xlsx', app));
  const job = await waitForJob(app, token, jobId, 120_000);
  expect(job).toMatchObject({ state: JobState.DONE, type: USER_IMPORT_JOB });
  return job.result as UserImportResult;
}

const liveUsers = async () => Number((await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted', '=', 0).executeTakeFirst())?.n ?? 0);
const idOf = async (userName: string) => (await t.db.selectFrom('sys_user').select('id').where('userName', '=', userName).where('deleted', '=', 0).executeTakeFirst())?.id;

async function readBook(data: Buffer): Promise<Cell[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as Parameters<typeof wb.xlsx.load>[0]);
  const ws = wb.worksheets[0] as ExcelJS.Worksheet;
  const out: Cell[][] = [];
  // Empty cells are not written: read them as ''.
  ws.eachRow((row) => out.push(Array.from((row.values as Cell[]).slice(1), (c) => c ?? '')));
  return out;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  dept = must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq('导入部门') }, admin)).deptCode;
  roleName = uniq('阅卷员');
  roleId = must(await t.call<{ id: string }>(roleApi.save, { roleName, roleLevel: 3, roleType: 1 }, admin)).id;
});
afterAll(async () => {
  await t.close();
});

describe('template', () => {
  it('downloads the header row with notes; learners are refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: userAdminApi.importTemplate.path, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('用户导入模板.xlsx'));
    expect(await readBook(res.rawPayload)).toEqual([[...USER_IMPORT_HEADERS]]);
    const learner = await t.newLearner('imp');
    const refused = await t.app.inject({ method: 'GET', url: userAdminApi.importTemplate.path, headers: { token: learner.token } });
    expect(refused.json()).toMatchObject({ code: ErrorCode.NO_PERMISSION });
    expect(await upload(await xlsx([]), learner.token)).toMatchObject({ code: ErrorCode.NO_PERMISSION });
  });
});

describe('import', () => {
  it('imports a good file: roles by name, default role and password, numbers typed as numbers; all must change their password', async () => {
    const tag = uniq('g');
    const result = await importFile(
      await xlsx([
        [`${tag}a`, '王五', dept, 13900000001, 'ww@example.com', '11010519491231002X', 12, `student，${roleName}`, 'Abc#12345'],
        [`${tag}b`, '赵六', dept, '', '', '', '', '', ''],
        [null, null, null, null, null, null, null, null, null],
        [`${tag}c`, '孙七', 'A01', '13900000002', '', '', 0, roleName, ''],
      ]),
    );
    expect(result).toEqual({ imported: 3, errors: [], totalErrors: 0 });
    const a = must(await t.call<UserDetail>(userAdminApi.detail, { id: await idOf(`${tag}a`) }, admin));
    expect(a).toMatchObject({ realName: '王五', deptCode: dept, mobile: '13900000001', email: 'ww@example.com', idCard: '11010519491231002X', state: 0 });
    expect(a.roles.sort()).toEqual([ROLE_STUDENT_ID, roleId].sort());
    // 积分 is a balance of the points ledger: one import row, shown by the user detail.
    expect(a.points).toBe(12);
    expect(await t.services.points.balanceOf(a.id)).toBe(12);
    const b = must(await t.call<UserDetail>(userAdminApi.detail, { id: await idOf(`${tag}b`) }, admin));
    expect(b.roles).toEqual([ROLE_STUDENT_ID]);
    const token = await t.login({ username: `${tag}b`, password: USER_IMPORT_DEFAULT_PASSWORD });
    expect(must(await t.call<SessionUser>(userApi.info, {}, token))).toMatchObject({ passState: '1', changedPass: false });
    await t.login({ username: `${tag}a`, password: 'Abc#12345' });
    await t.login({ username: `${tag}c`, password: USER_IMPORT_DEFAULT_PASSWORD });
  });

  it('imports nothing from a file with bad rows and reports every one with its row and message', async () => {
    const tag = uniq('bad');
    const taken = uniq('taken');
    must(await t.call(userAdminApi.save, { userName: taken, realName: '占用', deptCode: 'A01', roles: [ROLE_STUDENT_ID], password: PW, mobile: '13900000009' }, admin));
    const before = await liveUsers();
    const result = await importFile(
      await xlsx([
        [`${tag}ok`, '正常', dept, '', '', '', '', '', ''],
        ['', '无账号', dept, '', '', '', '', '', ''],
        [`${tag}x`, '', dept, '', '', '', '', '', ''],
        [`${tag}y`, '部门错', 'Z99', '', '', '', '', '', ''],
        [`${tag}z`, '手机错', dept, '123', 'bad@', 110105194912310020, -1, '', 'weak'],
        [`${tag}ok`, '重复', dept, '', '', '', '', '', ''],
        [taken, '已存在', dept, '13900000009', '', '', '', '', ''],
        [`${tag}r`, '角色错', dept, '', '', '', '', '没有这个角色,student', ''],
        [`${tag}m1`, '手机重复1', dept, '13900000011', '', '', '', '', ''],
        [`${tag}m2`, '手机重复2', dept, '13900000011', '', '', '', '', ''],
      ]),
    );
    expect(result.imported).toBe(0);
    expect(result.errors).toEqual([
      { row: 3, msg: '第3行：用户不能为空！' },
      { row: 4, msg: '第4行：姓名不能为空！' },
      { row: 5, msg: '第5行：部门编码不存在：Z99！' },
      {
        row: 6,
        msg: '第6行：手机号码格式不正确!邮箱格式不正确！身份证号请以文本格式填写（数字格式会丢失末几位）！积分必须是0-999999999之间的整数！密码必须同时包含数字、大小写字母、特殊字符,长度不少于8位！',
      },
      { row: 7, msg: `第7行：账号“${tag}ok”与第2行重复！` },
      { row: 8, msg: '第8行：用户名已存在！手机号已被其他用户使用！' },
      { row: 9, msg: '第9行：角色不存在：没有这个角色！' },
      { row: 11, msg: '第11行：手机号“13900000011”与第10行重复！' },
    ]);
    expect(result.totalErrors).toBe(8);
    expect(await liveUsers()).toBe(before);
    expect(await idOf(`${tag}ok`)).toBeUndefined();
  });

  it('refuses roles beyond the importer\'s own codes', async () => {
    const tree = must(await t.call<MenuNode[]>(menuApi.tree, {}, admin));
    const flat = (ns: MenuNode[]): MenuNode[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const importer = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('导入员'), roleLevel: 3, roleType: 2 }, admin)).id;
    must(await t.call(roleApi.saveMenus, { id: importer, menuIds: [UserPerm.LIST, UserPerm.IMPORT].map((c) => flat(tree).find((m) => m.permission === c)?.id) }, admin));
    const userName = uniq('imp');
    must(await t.call(userAdminApi.save, { userName, realName: '导入员', deptCode: 'A01', roles: [importer], password: PW }, admin));
    const token = await t.login({ username: userName, password: PW });
    const tag = uniq('sa');
    const result = await importFile(await xlsx([[`${tag}a`, '甲', 'A01', '', '', '', '', '', ''], [`${tag}b`, '乙', 'A01', '', '', '', '', 'sa', '']]), t, token);
    expect(result).toEqual({ imported: 0, errors: [{ row: 3, msg: '第3行：不能分配超出自己权限的角色：sa！' }], totalErrors: 1 });
  });

  it('refuses whole files: not an xlsx, a wrong header, no data; and other extensions at upload', async () => {
    const notXlsx = await importFile(Buffer.from('账号,姓名\nzs,张三\n'));
    expect(notXlsx).toEqual({ imported: 0, errors: [{ row: 0, msg: '文件格式不正确，请上传.xlsx文件！' }], totalErrors: 1 });
    const header = await importFile(await xlsx([['a', 'b']], ['账号', '姓名']));
    expect(header.errors).toEqual([{ row: 1, msg: '表头不正确，请下载并使用导入模板！' }]);
    const empty = await importFile(await xlsx([]));
    expect(empty.errors).toEqual([{ row: 2, msg: '文件中没有用户数据！' }]);
    expect(await upload(await xlsx([]), admin, 'users.xls')).toMatchObject({ code: ErrorCode.BAD_PARAMS });
  });

  it('imports a 2,000-row file in one job', async () => {
    const tag = uniq('k');
    const before = await liveUsers();
    const rows: Cell[][] = Array.from({ length: 2000 }, (_, i) => [
      `${tag}${i}`, `学员${i}`, dept, String(15000000000 + i), `${tag}${i}@example.com`, '', i, i % 2 ? 'student' : '', i % 100 === 0 ? `Pw#${i}abcdE` : '',
    ]);
    expect(await importFile(await xlsx(rows))).toEqual({ imported: 2000, errors: [], totalErrors: 0 });
    expect(await liveUsers()).toBe(before + 2000);
    await t.login({ username: `${tag}100`, password: 'Pw#100abcdE' });
    // Importing the same file again: every row is taken now, nothing is imported, 2,000 errors counted, 200 listed.
    const again = await importFile(await xlsx(rows));
    expect(again.imported).toBe(0);
    expect(again.totalErrors).toBe(2000);
    expect(again.errors).toHaveLength(201);
    expect(again.errors[0]).toEqual({ row: 2, msg: '第2行：用户名已存在！手机号已被其他用户使用！' });
    expect(again.errors[200]?.msg).toBe('……另有1800处错误未列出');
  }, 180_000); // a big file on a loaded 2-core machine: its speed is a benchmark matter (bench/), not this test's

  it('makes one user when an import and a save race on the same name', async () => {
    const name = uniq('race');
    const rows: Cell[][] = Array.from({ length: 300 }, (_, i) => [i === 150 ? name : `${name}x${i}`, '竞争', dept, '', '', '', '', '', '']);
    const { jobId } = must(await upload(await xlsx(rows)));
    const saved = await t.call(userAdminApi.save, { userName: name, realName: '手工', deptCode: 'A01', roles: [ROLE_STUDENT_ID], password: PW }, admin);
    const job = await waitForJob(t, admin, jobId, 60_000);
    const result = job.result as UserImportResult;
    const count = Number((await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).where('userName', '=', name).where('deleted', '=', 0).executeTakeFirst())?.n);
    expect(count).toBe(1);
    if (saved.code === 0) expect(result).toMatchObject({ imported: 0, errors: [{ row: 152, msg: '第152行：用户名已存在！' }] });
    else expect([saved.code, result.imported]).toEqual([90010001, 300]);
  });
});

describe('import on BullMQ', () => {
  it.skipIf(!REDIS_URL)('runs as a BullMQ job when REDIS_URL is set', async () => {
    const app = await testApp({ REDIS_URL: REDIS_URL as string });
    try {
      expect(app.jobs.kind).toBe('bullmq');
      const token = await app.login();
      const tag = uniq('bq');
      expect(await importFile(await xlsx([[`${tag}a`, '甲', 'A01', '', '', '', '', '', ''], [`${tag}b`, '乙', 'A01', '', '', '', '', '', '']]), app, token)).toEqual({ imported: 2, errors: [], totalErrors: 0 });
      await app.login({ username: `${tag}b`, password: USER_IMPORT_DEFAULT_PASSWORD });
    } finally {
      await app.close();
    }
  });
});

describe('export', () => {
  it('streams the filtered list as xlsx: the import columns without 密码, plus 状态', async () => {
    const sub = must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq('导出部门') }, admin)).deptCode;
    const tag = uniq('e');
    for (const [i, state] of [0, 1].entries()) {
      const id = must(await t.call<{ id: string }>(userAdminApi.save, { userName: `${tag}${i}`, realName: `导出${i}`, deptCode: sub, roles: [ROLE_STUDENT_ID, roleId], password: PW, mobile: `1370000000${i}`, idCard: '110105194912310021' }, admin)).id;
      if (state) must(await t.call(userAdminApi.state, { ids: [id], state }, admin));
    }
    const res = await t.app.inject({ method: 'POST', url: userAdminApi.export.path, payload: { deptCode: sub }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('用户导出.xlsx'));
    const rows = await readBook(res.rawPayload);
    expect(rows[0]).toEqual([...USER_EXPORT_HEADERS]);
    const body = rows.slice(1).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(body).toHaveLength(2);
    expect(body[0]?.slice(0, 7)).toEqual([`${tag}0`, '导出0', sub, '13700000000', '', '110105194912310021', 0]);
    expect(String(body[0]?.[7]).split(',').sort()).toEqual([roleName, 'student'].sort());
    expect(body.map((r) => r[8])).toEqual(['正常', '禁用']);
    const filtered = await t.app.inject({ method: 'POST', url: userAdminApi.export.path, payload: { deptCode: sub, state: 1 }, headers: { token: admin } });
    expect((await readBook(filtered.rawPayload)).map((r) => r[0])).toEqual(['账号', `${tag}1`]);
    const none = await t.app.inject({ method: 'POST', url: userAdminApi.export.path, payload: { deptCode: 'Z99' }, headers: { token: admin } });
    expect(await readBook(none.rawPayload)).toEqual([[...USER_EXPORT_HEADERS]]);
    const bad = await t.app.inject({ method: 'POST', url: userAdminApi.export.path, payload: { state: 7 }, headers: { token: admin } });
    expect(bad.json()).toMatchObject({ code: ErrorCode.BAD_PARAMS });
  });
});
