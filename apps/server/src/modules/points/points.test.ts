/**
 * Tests of the points ledger (issue 7 "Points"), on SQLite and PostgreSQL: the service calls other
 * domains use (award, spend, credit, dailyLogin — each event counts once, also in 10 parallel calls
 * and from two app instances on one database; a balance never goes below zero), the rules (seeded
 * defaults, off → no award), the administrator's adjustment (reason, below zero refused, a
 * resubmitted dialog counts once, data scope), the ledger lists (a learner sees only their own rows;
 * the admin list follows the data scope), sys-user's import crediting 积分 and its list and export
 * showing the balance, and bad input on every call.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import {
  ADJUST_POINTS_MSG,
  PointsError,
  PointsPerm,
  pointsApi,
  RULE_KEY_MSG,
  RULE_POINTS_MSG,
  type PointsAdminRecord,
  type PointsLogRecord,
  type PointsRule,
} from '@kaopei/contracts/points';
import { departApi } from '@kaopei/contracts/sys-depart';
import { logApi } from '@kaopei/contracts/sys-log';
import { JobState, type JobRef } from '@kaopei/contracts/sys-job';
import { menuApi, type MenuNode, type RouteNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { USER_IMPORT_HEADERS, userAdminApi, type UserDetail, type UserRecord } from '@kaopei/contracts/sys-user-admin';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config';
import { formatDay, now } from '../../lib/time';
import { testApp, testEnv, type TestApp } from '../../test/app';
import { multipart, must, uniq, waitForJob } from '../../test/builders';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';

let t: TestApp;
let admin: string;
const PW = 'Test@12345';
const PG = process.env.TEST_DATABASE_URL;
if (!PG) console.info('[points.test] TEST_DATABASE_URL is unset: the test of two app instances on one PostgreSQL database is skipped.');

const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const points = () => t.services.points;
const logRows = (userId: string) => t.db.selectFrom('user_points_log').selectAll().where('userId', '=', userId).orderBy('createTime').execute();
const rules = async () => must(await t.call<PointsRule[]>(pointsApi.ruleList, {}, admin));
const setRule = async (ruleKey: string, pts: number, enabled: 0 | 1) => must(await t.call(pointsApi.ruleSave, { ruleKey, points: pts, enabled }, admin));
const myPage = async (token: string, body: object = {}) => must(await t.call<Page<PointsLogRecord>>(pointsApi.myPaging, body, token));
const adminPage = async (params: object, token = admin) => must(await t.call<Page<PointsAdminRecord>>(pointsApi.paging, { size: 100, params }, token));

/** A new user saved by the admin in `deptCode` (with `roles`), and its token. */
async function account(deptCode = 'A01', roles = [ROLE_STUDENT_ID]): Promise<{ id: string; userName: string; token: string }> {
  const userName = uniq('pt');
  const id = must(await t.call<{ id: string }>(userAdminApi.save, { userName, realName: '积分学员', deptCode, roles, password: PW }, admin)).id;
  const token = await t.login({ username: userName, password: PW });
  return { id, userName, token };
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('rules', () => {
  it('are seeded with their defaults, all on; the administrator changes points and state; learners are refused', async () => {
    expect(await rules()).toEqual([
      expect.objectContaining({ ruleKey: 'exam_pass', title: '通过考试', points: 10, enabled: 1 }),
      expect.objectContaining({ ruleKey: 'course_finish', title: '完成课程', points: 5, enabled: 1 }),
      expect.objectContaining({ ruleKey: 'class_finish', title: '完成培训班', points: 10, enabled: 1 }),
      expect.objectContaining({ ruleKey: 'daily_login', title: '每日首次登录', points: 1, enabled: 1 }),
    ]);
    await setRule('class_finish', 20, 0);
    expect((await rules()).find((r) => r.ruleKey === 'class_finish')).toMatchObject({ points: 20, enabled: 0 });
    // A restart (the start hook seeds again) keeps the administrator's values.
    await points().seedRules();
    expect((await rules()).find((r) => r.ruleKey === 'class_finish')).toMatchObject({ points: 20, enabled: 0 });
    await setRule('class_finish', 10, 1);
    const learner = await t.newLearner('ptr');
    expect((await t.call(pointsApi.ruleList, {}, learner.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(pointsApi.ruleSave, { ruleKey: 'exam_pass', points: 99, enabled: 1 }, learner.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await rules()).find((r) => r.ruleKey === 'exam_pass')?.points).toBe(10);
  });

  it('refuses bad rule input with a message and changes nothing', async () => {
    const before = await rules();
    const bad: [object, string][] = [
      [{ ruleKey: 'nope', points: 1, enabled: 1 }, RULE_KEY_MSG],
      [{ points: 1, enabled: 1 }, RULE_KEY_MSG],
      [{ ruleKey: 'exam_pass', points: -1, enabled: 1 }, RULE_POINTS_MSG],
      [{ ruleKey: 'exam_pass', points: 1.5, enabled: 1 }, RULE_POINTS_MSG],
      [{ ruleKey: 'exam_pass', points: 100_001, enabled: 1 }, RULE_POINTS_MSG],
      [{ ruleKey: 'exam_pass', points: '5', enabled: 1 }, RULE_POINTS_MSG],
      [{ ruleKey: 'exam_pass', points: 5, enabled: 2 }, '状态不正确！'],
    ];
    for (const [body, msg] of bad) expect(await t.call(pointsApi.ruleSave, body, admin), JSON.stringify(body)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg });
    expect(await rules()).toEqual(before);
  });

  it('gives the administrator 积分规则 and 积分明细 under 系统管理 and 调整积分 under 用户管理', async () => {
    const tree = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin));
    const sys = tree.find((n) => n.name === 'SysMgr');
    expect(sys?.children?.map((c) => c.name)).toEqual(expect.arrayContaining(['PointsRule', 'ListPointsLog']));
    const menus = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    const userMenu = menus.find((m) => m.permission === PointsPerm.ADJUST);
    expect(menus.find((m) => m.id === userMenu?.parentId)).toMatchObject({ title: '用户管理' });
  });
});

describe('award', () => {
  // From here on logins award nothing (the user.firstLoginOfDay listener would add a daily_login row
  // to every new account's ledger); the daily_login test switches the rule on for itself.
  beforeAll(async () => {
    await t.events.settle();
    await setRule('daily_login', 1, 0);
  });

  it('awards the points of the rule once per event; a second award answers exists and changes nothing', async () => {
    const u = await t.newLearner('pta');
    expect(await points().award(null, { userId: u.userId, ruleKey: 'exam_pass', refId: 'exam-1', refRemark: '通过考试：安全知识' })).toEqual({ outcome: 'awarded', points: 10, balance: 10 });
    expect(await points().award(null, { userId: u.userId, ruleKey: 'exam_pass', refId: 'exam-1' })).toEqual({ outcome: 'exists', points: 10, balance: 10 });
    expect(await points().award(null, { userId: u.userId, ruleKey: 'course_finish', refId: 'exam-1' })).toEqual({ outcome: 'awarded', points: 5, balance: 15 });
    const rows = await logRows(u.userId);
    expect(rows.map((r) => [r.refType, r.refId, Number(r.points), Number(r.balance), r.refRemark, r.deptCode])).toEqual([
      ['exam_pass', 'exam-1', 10, 10, '通过考试：安全知识', 'A01'],
      ['course_finish', 'exam-1', 5, 15, '完成课程', 'A01'],
    ]);
    expect(await points().balanceOf(u.userId)).toBe(15);
  });

  it('credits once when the same award arrives in 10 parallel calls', async () => {
    const u = await t.newLearner('ptp');
    const results = await Promise.all(Array.from({ length: 10 }, () => points().award(null, { userId: u.userId, ruleKey: 'exam_pass', refId: 'race' })));
    expect(results.filter((r) => r.outcome === 'awarded')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'exists')).toHaveLength(9);
    expect(await points().balanceOf(u.userId)).toBe(10);
    expect(await logRows(u.userId)).toHaveLength(1);
  });

  // Several server processes share PostgreSQL only (SQLite is the embedded single-process store).
  it.skipIf(!PG)('credits once when two app instances on one PostgreSQL database award the same event in parallel', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-points-2nd-'));
    // The second instance opens the first one's database, as a second API node would.
    const env = testEnv(dir, { DATABASE_URL: t.config.databaseUrl as string });
    const second: BuiltApp = await buildApp(loadConfig(env));
    try {
      await second.app.ready();
      for (let round = 0; round < 3; round++) {
        const u = await t.newLearner('pt2');
        const apps = [t.services.points, second.services.points];
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (apps[i % 2] as typeof apps[0]).award(null, { userId: u.userId, ruleKey: 'exam_pass', refId: 'two-nodes' })));
        expect(results.filter((r) => r.outcome === 'awarded')).toHaveLength(1);
        expect(await points().balanceOf(u.userId)).toBe(10);
        expect(await logRows(u.userId)).toHaveLength(1);
        // Spending from both instances at once never overdraws: 10 points, 6 spends of 3 → exactly 3 succeed.
        const spends = await Promise.allSettled(
          Array.from({ length: 6 }, (_, i) => (apps[i % 2] as typeof apps[0]).spend(null, { userId: u.userId, points: 3, refType: 'course_buy', refId: `c${i}`, refRemark: '购买课程' })),
        );
        expect(spends.filter((s) => s.status === 'fulfilled')).toHaveLength(3);
        for (const s of spends) if (s.status === 'rejected') expect(s.reason).toMatchObject({ code: PointsError.INSUFFICIENT.code, message: '积分不足！' });
        expect(await points().balanceOf(u.userId)).toBe(1);
        expect(await logRows(u.userId)).toHaveLength(4);
      }
    } finally {
      await second.app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('awards nothing while the rule is off or worth 0 points', async () => {
    const u = await t.newLearner('pto');
    await setRule('course_finish', 5, 0);
    try {
      expect(await points().award(null, { userId: u.userId, ruleKey: 'course_finish', refId: 'c1' })).toEqual({ outcome: 'off', points: 0, balance: 0 });
      await setRule('course_finish', 0, 1);
      expect(await points().award(null, { userId: u.userId, ruleKey: 'course_finish', refId: 'c1' })).toEqual({ outcome: 'off', points: 0, balance: 0 });
      expect(await logRows(u.userId)).toHaveLength(0);
    } finally {
      await setRule('course_finish', 5, 1);
    }
    expect((await points().award(null, { userId: u.userId, ruleKey: 'course_finish', refId: 'c1' })).outcome).toBe('awarded');
  });

  it('awards daily_login once per day of the server clock (the first login of the day, through its event)', async () => {
    await setRule('daily_login', 1, 1);
    try {
      const u = await t.newLearner('ptd'); // registration logs in: user.firstLoginOfDay
      await t.events.settle();
      const today = formatDay(now());
      expect((await logRows(u.userId)).map((r) => [r.refType, r.refId])).toEqual([['daily_login', today]]);
      expect((await points().dailyLogin(u.userId)).outcome).toBe('exists');
      const tomorrow = now() + 24 * 3600_000;
      expect(await points().dailyLogin(u.userId, tomorrow)).toEqual({ outcome: 'awarded', points: 1, balance: 2 });
      expect((await points().dailyLogin(u.userId, tomorrow)).outcome).toBe('exists');
      expect((await logRows(u.userId)).map((r) => r.refId)).toEqual([today, formatDay(tomorrow)]);
      expect(formatDay(tomorrow)).not.toBe(today);
    } finally {
      await setRule('daily_login', 1, 0);
    }
  });

  it('refuses an unknown rule, a bad refId and an unknown user, writing nothing', async () => {
    const u = await t.newLearner('ptb');
    await expect(points().award(null, { userId: u.userId, ruleKey: 'nope' as never, refId: 'x' })).rejects.toMatchObject({ code: PointsError.RULE_UNKNOWN.code });
    await expect(points().award(null, { userId: u.userId, ruleKey: 'exam_pass', refId: '' })).rejects.toMatchObject({ code: ErrorCode.BAD_PARAMS });
    await expect(points().award(null, { userId: u.userId, ruleKey: 'exam_pass', refId: 'x'.repeat(65) })).rejects.toMatchObject({ code: ErrorCode.BAD_PARAMS });
    await expect(points().award(null, { userId: '1234567890123456789', ruleKey: 'exam_pass', refId: 'x' })).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND, message: '用户不存在或已被删除！' });
    expect(await logRows(u.userId)).toHaveLength(0);
    expect(await t.db.selectFrom('user_points_log').select('id').where('userId', '=', '1234567890123456789').execute()).toHaveLength(0);
  });
});

describe('spend and credit', () => {
  it('refuses spending more than the balance and changes nothing; spends once per key', async () => {
    const u = await t.newLearner('pts');
    await points().award(null, { userId: u.userId, ruleKey: 'exam_pass', refId: 'e' });
    await expect(points().spend(null, { userId: u.userId, points: 11, refType: 'course_buy', refId: 'course-1', refRemark: '购买课程：Java' })).rejects.toMatchObject({ code: 30030001, message: '积分不足！' });
    expect(await points().balanceOf(u.userId)).toBe(10);
    expect(await logRows(u.userId)).toHaveLength(1);
    expect(await points().spend(null, { userId: u.userId, points: 4, refType: 'course_buy', refId: 'course-1', refRemark: '购买课程：Java' })).toEqual({ outcome: 'spent', points: -4, balance: 6 });
    expect(await points().spend(null, { userId: u.userId, points: 4, refType: 'course_buy', refId: 'course-1', refRemark: '购买课程：Java' })).toEqual({ outcome: 'exists', points: -4, balance: 6 });
    // Spending everything is allowed; a user without any points cannot spend.
    expect((await points().spend(null, { userId: u.userId, points: 6, refType: 'exam_buy', refId: 'exam-9', refRemark: '购买考试' })).balance).toBe(0);
    const poor = await t.newLearner('ptz');
    await expect(points().spend(null, { userId: poor.userId, points: 1, refType: 'exam_buy', refId: 'exam-9', refRemark: '购买考试' })).rejects.toMatchObject({ code: 30030001 });
    expect(await logRows(poor.userId)).toHaveLength(0);
    for (const bad of [0, -3, 1.5, Number.NaN]) {
      await expect(points().spend(null, { userId: u.userId, points: bad, refType: 'exam_buy', refId: 'e2', refRemark: 'x' })).rejects.toMatchObject({ code: ErrorCode.BAD_PARAMS });
    }
    await expect(points().spend(null, { userId: u.userId, points: 1, refType: 'Bad Type', refId: 'e2', refRemark: 'x' })).rejects.toMatchObject({ code: ErrorCode.BAD_PARAMS });
  });

  it('a refused spend inside a caller transaction that goes on leaves nothing; a credit in a rolled back transaction leaves nothing', async () => {
    const u = await t.newLearner('ptt');
    await points().award(null, { userId: u.userId, ruleKey: 'exam_pass', refId: 'e' });
    await t.db.transaction().execute(async (trx) => {
      await expect(points().spend(trx, { userId: u.userId, points: 50, refType: 'course_buy', refId: 'big', refRemark: 'x' })).rejects.toMatchObject({ code: 30030001 });
      expect((await points().spend(trx, { userId: u.userId, points: 3, refType: 'course_buy', refId: 'small', refRemark: 'x' })).balance).toBe(7);
    });
    expect(await points().balanceOf(u.userId)).toBe(7);
    expect((await logRows(u.userId)).map((r) => r.refId)).toEqual(['e', 'small']);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await points().credit(trx, { userId: u.userId, points: 100, refType: 'import', refId: u.userId, refRemark: '用户导入', deptCode: 'A01' });
        throw new Error('the caller fails afterwards');
      }),
    ).rejects.toThrow('the caller fails afterwards');
    expect(await points().balanceOf(u.userId)).toBe(7);
    expect(await logRows(u.userId)).toHaveLength(2);
  });
});

describe('admin adjustment', () => {
  it('adds and deducts with a reason (operation-logged); below zero is refused and changes nothing', async () => {
    const u = await account();
    expect(must(await t.call(pointsApi.adjust, { userId: u.id, points: 8, reason: '活动奖励' }, admin))).toEqual({ applied: true, points: 8, balance: 8 });
    expect(must(await t.call(pointsApi.adjust, { userId: u.id, points: -3, reason: '违规扣分' }, admin))).toEqual({ applied: true, points: -3, balance: 5 });
    expect(await t.call(pointsApi.adjust, { userId: u.id, points: -6, reason: '扣太多' }, admin)).toMatchObject({ code: 30030002, msg: '扣减后积分不能小于0！' });
    expect(await points().balanceOf(u.id)).toBe(5);
    const rows = await logRows(u.id);
    expect(rows.map((r) => [r.refType, Number(r.points), Number(r.balance), r.refRemark])).toEqual([
      ['adjust', 8, 8, '管理员调整：活动奖励'],
      ['adjust', -3, 5, '管理员调整：违规扣分'],
    ]);
    expect(new Set(rows.map((r) => r.refId)).size).toBe(2);
    const logged = must(await t.call<Page<{ targetIds?: string }>>(logApi.paging, { size: 100, params: { keyword: pointsApi.adjust.path } }, admin));
    expect(logged.total).toBeGreaterThanOrEqual(3);
  });

  it('counts a resubmitted dialog (same requestId, double click) once', async () => {
    const u = await account();
    const body = { userId: u.id, points: 5, reason: '双击', requestId: 'dlg-0123456789abcdef' };
    const answers = await Promise.all([t.call(pointsApi.adjust, body, admin), t.call(pointsApi.adjust, body, admin), t.call(pointsApi.adjust, body, admin)]);
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0]);
    expect(answers.filter((a) => (a.data as { applied: boolean }).applied)).toHaveLength(1);
    expect(await points().balanceOf(u.id)).toBe(5);
  });

  it('refuses bad input with the contracts messages', async () => {
    const u = await account();
    const bad: [object, number, string][] = [
      [{ userId: u.id, points: 0, reason: 'x' }, ErrorCode.BAD_PARAMS, ADJUST_POINTS_MSG],
      [{ userId: u.id, points: 1.5, reason: 'x' }, ErrorCode.BAD_PARAMS, ADJUST_POINTS_MSG],
      [{ userId: u.id, points: 1_000_000_000, reason: 'x' }, ErrorCode.BAD_PARAMS, ADJUST_POINTS_MSG],
      [{ userId: u.id, reason: 'x' }, ErrorCode.BAD_PARAMS, ADJUST_POINTS_MSG],
      [{ userId: u.id, points: 5, reason: '  ' }, ErrorCode.BAD_PARAMS, '调整原因不能为空！'],
      [{ userId: u.id, points: 5 }, ErrorCode.BAD_PARAMS, '调整原因不能为空！'],
      [{ userId: u.id, points: 5, reason: 'x'.repeat(201) }, ErrorCode.BAD_PARAMS, '调整原因不能超过200个字符'],
      [{ points: 5, reason: 'x' }, ErrorCode.BAD_PARAMS, 'ID不能为空！'],
      [{ userId: u.id, points: 5, reason: 'x', requestId: 'a b' }, ErrorCode.BAD_PARAMS, '请求标识格式不正确！'],
      [{ userId: '1234567890123456789', points: 5, reason: 'x' }, ErrorCode.NOT_FOUND, '用户不存在或已被删除！'],
    ];
    for (const [body, code, msg] of bad) expect(await t.call(pointsApi.adjust, body, admin), JSON.stringify(body)).toMatchObject({ code, msg });
    expect(await logRows(u.id)).toHaveLength(0);
    expect((await t.call(pointsApi.adjust, { userId: u.id, points: 5, reason: 'x' }, u.token)).code).toBe(ErrorCode.NO_PERMISSION);
    must(await t.call(userAdminApi.delete, { ids: [u.id] }, admin));
    expect(await t.call(pointsApi.adjust, { userId: u.id, points: 5, reason: 'x' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});

describe('ledger lists', () => {
  it('a learner pages only their own rows, newest first, with the balance after each', async () => {
    const a = await t.newLearner('ptl');
    const b = await t.newLearner('ptl');
    await points().award(null, { userId: a.userId, ruleKey: 'exam_pass', refId: 'e1', refRemark: '通过考试：一' });
    await points().spend(null, { userId: a.userId, points: 4, refType: 'course_buy', refId: 'c1', refRemark: '购买课程：二' });
    await points().award(null, { userId: b.userId, ruleKey: 'exam_pass', refId: 'e1', refRemark: '通过考试：B' });
    const page = await myPage(a.token);
    expect(page.total).toBe(2);
    expect(page.records.map((r) => [r.refRemark, r.points, r.balance, r.refType_dictText])).toEqual([
      ['购买课程：二', -4, 6, '购买课程'],
      ['通过考试：一', 10, 10, '通过考试'],
    ]);
    expect(page.records[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(JSON.stringify(page)).not.toContain('通过考试：B');
    expect((await myPage(a.token, { params: { refType: 'course_buy' } })).records.map((r) => r.refRemark)).toEqual(['购买课程：二']);
    expect((await myPage(a.token, { orders: [{ column: 'points', asc: true }] })).records.map((r) => r.points)).toEqual([-4, 10]);
    expect(must(await t.call(pointsApi.myBalance, {}, a.token))).toEqual({ balance: 6 });
    // A learner has no way to name another user: the admin list is refused, the body's userId is ignored.
    expect((await t.call(pointsApi.paging, { params: { userId: b.userId } }, a.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await myPage(a.token, { params: { userId: b.userId } })).total).toBe(2);
    expect((await t.call(pointsApi.myPaging, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
    expect(await t.call(pointsApi.myPaging, { orders: [{ column: 'balance', asc: true }] }, a.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '只能按以下字段排序：createTime、points' });
  });

  it('the admin list filters by user id and account name, labels the real name, and follows the data scope', async () => {
    const d = async (name: string) => must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq(name) }, admin)).deptCode;
    const D = await d('积分总部');
    const E = await d('积分外部');
    const inD = await account(D);
    const inE = await account(E);
    await points().award(null, { userId: inD.id, ruleKey: 'exam_pass', refId: 'x' });
    await points().award(null, { userId: inE.id, ruleKey: 'exam_pass', refId: 'x' });
    expect((await adminPage({ userId: inD.id })).records).toEqual([expect.objectContaining({ userId: inD.id, userId_dictText: '积分学员', points: 10, balance: 10, refType: 'exam_pass', refType_dictText: '通过考试' })]);
    expect((await adminPage({ userName: inE.userName })).records.map((r) => r.userId)).toEqual([inE.id]);
    expect((await adminPage({ userName: 'nobody-here' })).total).toBe(0);
    expect((await adminPage({ userName: inE.userName, userId: inD.id })).total).toBe(0);

    // An administrator limited to department D sees D's rows only and cannot adjust E's users.
    const scoped = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('积分管理员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    must(await t.call(roleApi.saveMenus, { id: scoped, menuIds: [PointsPerm.LIST, PointsPerm.ADJUST].map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
    const m = await account(D, [scoped]);
    const seen = (await adminPage({}, m.token)).records.map((r) => r.userId);
    expect(seen).toContain(inD.id);
    expect(seen).not.toContain(inE.id);
    expect((await adminPage({ userId: inE.id }, m.token)).total).toBe(0);
    expect(await t.call(pointsApi.adjust, { userId: inE.id, points: 1, reason: 'x' }, m.token)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '用户不存在或已被删除！' });
    expect(must(await t.call(pointsApi.adjust, { userId: inD.id, points: 1, reason: '本部门' }, m.token))).toMatchObject({ balance: 11 });
    expect(await points().balanceOf(inE.id)).toBe(10);
  });
});

describe('sys-user reads balances from the ledger', () => {
  async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('用户数据');
    ws.addRow([...USER_IMPORT_HEADERS]);
    for (const r of rows) ws.addRow(r);
    return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  }

  it('an import with 积分 writes one ledger row and the balance; the list, detail and export show the balance', async () => {
    const tag = uniq('pi');
    const { payload, contentType } = await multipart({}, { name: 'users.xlsx', data: await xlsx([[`${tag}a`, '导入甲', 'A01', '', '', '', 25, '', ''], [`${tag}b`, '导入乙', 'A01', '', '', '', 0, '', '']]) });
    const res = await t.app.inject({ method: 'POST', url: userAdminApi.import.path, payload, headers: { 'content-type': contentType, token: admin } });
    const job = await waitForJob(t, admin, (res.json() as { data: JobRef }).data.jobId, 60_000);
    expect(job).toMatchObject({ state: JobState.DONE, result: { imported: 2 } });
    const list = must(await t.call<Page<UserRecord>>(userAdminApi.paging, { params: { userName: tag }, size: 10 }, admin)).records;
    const a = list.find((r) => r.userName === `${tag}a`) as UserRecord;
    const b = list.find((r) => r.userName === `${tag}b`) as UserRecord;
    expect([a.points, b.points]).toEqual([25, 0]);
    expect((await logRows(a.id)).map((r) => [r.refType, r.refId, Number(r.points), Number(r.balance), r.refRemark])).toEqual([['import', a.id, 25, 25, '用户导入']]);
    expect(await logRows(b.id)).toHaveLength(0);

    must(await t.call(pointsApi.adjust, { userId: a.id, points: -5, reason: '导出前' }, admin));
    expect(must(await t.call<UserDetail>(userAdminApi.detail, { id: a.id }, admin)).points).toBe(20);
    const exp = await t.app.inject({ method: 'POST', url: userAdminApi.export.path, payload: { userName: tag }, headers: { token: admin } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const rows: unknown[][] = [];
    wb.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const pointsCol = USER_IMPORT_HEADERS.indexOf('积分');
    expect(rows.slice(1).map((r) => [r[0], r[pointsCol]]).sort()).toEqual([[`${tag}a`, 20], [`${tag}b`, 0]]);
  });
});
