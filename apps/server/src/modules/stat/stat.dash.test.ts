/**
 * API tests of the dashboard's trend figures and in-progress lists (SPEC §3 user trend, exam
 * overview, learning statistics, dashboard course and exam rows; §7 /api/stat/*) on a seeded set
 * over three days (the server clock moved a day at a time): accounts created and logging in,
 * papers handed in (passed or not) and study rows written in two departments D and E. Figures of
 * the whole site are checked against the figures before the seeding (the test database's template
 * may hold earlier content); those of an administrator scoped to department D are hand-computed
 * from the seeded set alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, PaperState, type Page } from '@kaopei/contracts';
import { examApi } from '@kaopei/contracts/exam';
import { statApi, StatPerm, type DashCourseRow, type DashExamRow, type ExamWeekRow, type LearnWeekRow, type TotalNum, type UserWeekRow } from '@kaopei/contracts/stat';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { newId } from '../../lib/ids';
import { advanceClock, formatDay, now } from '../../lib/time';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, uniq } from '../../test/builders';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';

const PW = 'Test@12345';
const DAY = 86_400_000;
const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

let t: TestApp;
let admin: string;

async function account(deptCode: string, roles = [ROLE_STUDENT_ID], login = true): Promise<{ userId: string; userName: string }> {
  const userName = uniq('dash');
  const userId = must(await t.call<{ id: string }>(userAdminApi.save, { userName, realName: '控制台学员', deptCode, roles, password: PW }, admin)).id;
  if (login) await t.login({ username: userName, password: PW });
  return { userId, userName };
}
const relogin = (userName: string) => t.login({ username: userName, password: PW });

async function paper(p: { userId: string; examId: string; deptCode: string; state: number; passed: 0 | 1; handTime: number | null }): Promise<void> {
  const at = now();
  await t.db.insertInto('el_paper').values({
    id: newId(), userId: p.userId, examId: p.examId, title: '控制台试卷', totalTime: 60, totalScore: 100, qualifyScore: 60, userScore: p.passed ? 80 : 20,
    state: p.state, passed: p.passed, createTime: at, limitTime: at + (p.state === PaperState.IN_EXAM ? 30 * DAY : 3_600_000), handTime: p.handTime, offline: 0, deptCode: p.deptCode, updateTime: at, leaveTimes: 0, leaveTime: 0,
  }).execute();
}

async function fileLearn(userId: string, courseId: string, fileId: string, learnMs: number, at: number): Promise<void> {
  await t.db.insertInto('el_course_file_learn').values({
    id: newId(), userId, courseId, fileId, courseName: '课程', fileName: '文件', learnMs, needSec: 600, lastPosition: 0, maxPosition: 0, pagesSeen: '', process: 50, finished: 0, createTime: at, updateTime: at,
  }).execute();
}

async function courseLearn(userId: string, courseId: string, finishTime: number | null): Promise<void> {
  const at = now();
  await t.db.insertInto('el_course_learn').values({ id: newId(), userId, courseId, process: finishTime ? 100 : 40, finished: finishTime ? 1 : 0, finishTime: finishTime ?? 0, createTime: at, updateTime: at }).execute();
}

const week = async <R>(ep: typeof statApi.userWeek | typeof statApi.examWeek | typeof statApi.learnWeek, token: string) => {
  await t.events.settle();
  return must(await t.call<R[]>(ep, {}, token));
};
const byDate = <R extends { dateStr: string }>(rows: R[]) => new Map(rows.map((r) => [r.dateStr, r]));

describe('dashboard figures over three days', () => {
  let scoped: string;
  let D: string;
  const day: string[] = [];
  let base: { users: Map<string, UserWeekRow>; exams: Map<string, ExamWeekRow>; learn: Map<string, LearnWeekRow> };
  let examX: string;
  let courseC: string;
  const u: Record<string, { userId: string; userName: string }> = {};

  beforeAll(async () => {
    t = await testApp();
    t.services.stat.cacheMs = 0;
    admin = await t.login();
    await t.events.settle();
    base = { users: byDate(await week<UserWeekRow>(statApi.userWeek, admin)), exams: byDate(await week<ExamWeekRow>(statApi.examWeek, admin)), learn: byDate(await week<LearnWeekRow>(statApi.learnWeek, admin)) };
    const dept = async (name: string) => must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq(name) }, admin)).deptCode;
    D = await dept('控制台本部');
    const E = await dept('控制台外部');
    const role = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('部门管理员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    must(await t.call(roleApi.saveMenus, { id: role, menuIds: [tree.find((m) => m.permission === StatPerm.DASHBOARD)?.id] }, admin));
    const repoId = await createRepo(t, admin);
    await createQu(t, admin, repoId, 1);
    const title = uniq('控制台考试');
    examX = await createExam(t, admin, examBody(repoId, { title: `${title}甲` }));
    const examY = await createExam(t, admin, examBody(repoId, { title: `${title}乙` }));
    must(await t.call(examApi.state, { ids: [examY], state: 1 }, admin));
    courseC = (await t.db.selectFrom('el_course').select('id').where('deleted', '=', 0).where('state', '=', 0).executeTakeFirstOrThrow()).id;

    // Day 0: u1 and the scoped admin in D, u2 in E, all logging in.
    day.push(formatDay(now()));
    const t0 = now();
    u.u1 = await account(D);
    u.u2 = await account(E);
    u.sD = await account(D, [role]);
    await paper({ userId: u.u1.userId, examId: examX, deptCode: D, state: PaperState.FINISHED, passed: 1, handTime: t0 });
    await paper({ userId: u.u2.userId, examId: examX, deptCode: E, state: PaperState.FINISHED, passed: 0, handTime: t0 });
    await paper({ userId: u.u1.userId, examId: examY, deptCode: D, state: PaperState.WAIT_MARK, passed: 0, handTime: t0 });
    await fileLearn(u.u1.userId, courseC, 'f1', 600_000, t0);
    await fileLearn(u.u1.userId, courseC, 'f2', 300_000, t0);

    // Day 1: u3 in D created and logging in; u1 logs in again.
    // (Sessions expire with the days: the administrator logs in again each day, and counts as active.)
    const t1 = advanceClock(DAY);
    day.push(formatDay(t1));
    admin = await t.login();
    u.u3 = await account(D);
    await relogin(u.u1.userName);
    await paper({ userId: u.u3.userId, examId: examX, deptCode: D, state: PaperState.FINISHED, passed: 1, handTime: t1 });
    await paper({ userId: u.u3.userId, examId: examX, deptCode: D, state: PaperState.FINISHED, passed: 1, handTime: t1 });
    // In progress (its time far off, so that no sweeper hands it in while the days pass).
    await paper({ userId: u.u2.userId, examId: examX, deptCode: E, state: PaperState.IN_EXAM, passed: 0, handTime: null });
    await fileLearn(u.u3.userId, courseC, 'f1', 1_200_000, t1);
    await courseLearn(u.u1.userId, courseC, t1);
    await courseLearn(u.u3.userId, courseC, null);
    await courseLearn(u.u2.userId, courseC, null);
    // A course that is not enabled (here: none with that id) is never listed.
    await courseLearn(u.u2.userId, 'no-such-course', null);

    // Day 2: u2, u3 and the scoped administrator log in; u4 in E created without logging in.
    const t2 = advanceClock(DAY);
    day.push(formatDay(t2));
    admin = await t.login();
    await relogin(u.u2.userName);
    await relogin(u.u3.userName);
    scoped = await relogin(u.sD.userName);
    await account(E, [ROLE_STUDENT_ID], false);
    await paper({ userId: u.u2.userId, examId: examY, deptCode: E, state: PaperState.FINISHED, passed: 1, handTime: t2 });
    await paper({ userId: u.u2.userId, examId: examX, deptCode: E, state: PaperState.ABANDONED, passed: 0, handTime: t2 });
    await fileLearn(u.u2.userId, courseC, 'f1', 60_000, t2);
    await t.events.settle();
  }, 400_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers the last 7 days, oldest first, today last', async () => {
    const rows = await week<UserWeekRow>(statApi.userWeek, admin);
    expect(rows.map((r) => r.dateStr)).toEqual(Array.from({ length: 7 }, (_, i) => formatDay(now() - (6 - i) * DAY)));
    expect(rows.slice(4).map((r) => r.dateStr)).toEqual(day);
  });

  it('user trend: new, active (once a day whatever the logins) and all users', async () => {
    const rows = await week<UserWeekRow>(statApi.userWeek, admin);
    const b0 = base.users.get(day[0]!)!;
    for (const r of rows.slice(0, 4)) expect(r).toEqual(base.users.get(r.dateStr));
    expect(rows.slice(4)).toEqual([
      { dateStr: day[0], newUser: b0.newUser + 3, activeUser: b0.activeUser + 3, allUser: b0.allUser + 3 },
      // u3 new; u3, u1 and the administrator active.
      { dateStr: day[1], newUser: 1, activeUser: 3, allUser: b0.allUser + 4 },
      // u4 new (never logged in); u2, u3, the scoped administrator and the administrator active.
      { dateStr: day[2], newUser: 1, activeUser: 4, allUser: b0.allUser + 5 },
    ]);
    // The scoped administrator sees department D only: u1 and himself on day 0, u3 on day 1, logins of u1 and u3, then u3 and himself.
    const mine = await week<UserWeekRow>(statApi.userWeek, scoped);
    expect(mine.slice(0, 4).every((r) => r.newUser === 0 && r.activeUser === 0 && r.allUser === 0)).toBe(true);
    expect(mine.slice(4)).toEqual([
      { dateStr: day[0], newUser: 2, activeUser: 2, allUser: 2 },
      { dateStr: day[1], newUser: 1, activeUser: 2, allUser: 3 },
      { dateStr: day[2], newUser: 0, activeUser: 2, allUser: 3 },
    ]);
    expect(must(await t.call<TotalNum>(statApi.totalNumAll, {}, scoped)).userCount).toBe(3);
  });

  it('exam overview: distinct exams, users and passed users of the papers handed in each day', async () => {
    const rows = await week<ExamWeekRow>(statApi.examWeek, admin);
    for (const r of rows.slice(0, 4)) expect(r).toEqual(base.exams.get(r.dateStr));
    const b0 = base.exams.get(day[0]!)!;
    expect(rows.slice(4)).toEqual([
      // X by u1 (passed) and u2, Y by u1 (waiting for marking).
      { dateStr: day[0], examCount: b0.examCount + 2, examUser: b0.examUser + 2, passUser: b0.passUser + 1 },
      // Two passed papers of u3 on X; u2's paper in progress does not count.
      { dateStr: day[1], examCount: 1, examUser: 1, passUser: 1 },
      // Y passed by u2; the abandoned paper does not count.
      { dateStr: day[2], examCount: 1, examUser: 1, passUser: 1 },
    ]);
    const mine = await week<ExamWeekRow>(statApi.examWeek, scoped);
    expect(mine.slice(0, 4).every((r) => r.examCount === 0)).toBe(true);
    expect(mine.slice(4)).toEqual([
      { dateStr: day[0], examCount: 2, examUser: 1, passUser: 1 },
      { dateStr: day[1], examCount: 1, examUser: 1, passUser: 1 },
      { dateStr: day[2], examCount: 0, examUser: 0, passUser: 0 },
    ]);
  });

  it('learning: learners, finishers and average minutes per day', async () => {
    const rows = await week<LearnWeekRow>(statApi.learnWeek, admin);
    for (const r of rows.slice(0, 4)) expect(r).toEqual(base.learn.get(r.dateStr));
    const b0 = base.learn.get(day[0]!)!;
    expect(b0.learnUser).toBe(0);
    expect(rows.slice(4)).toEqual([
      // u1: 10 + 5 minutes on two files.
      { dateStr: day[0], learnUser: 1, finishUser: b0.finishUser, avgTime: 15 },
      { dateStr: day[1], learnUser: 1, finishUser: 1, avgTime: 20 },
      { dateStr: day[2], learnUser: 1, finishUser: 0, avgTime: 1 },
    ]);
    const mine = await week<LearnWeekRow>(statApi.learnWeek, scoped);
    expect(mine.slice(4)).toEqual([
      { dateStr: day[0], learnUser: 1, finishUser: 0, avgTime: 15 },
      { dateStr: day[1], learnUser: 1, finishUser: 1, avgTime: 20 },
      { dateStr: day[2], learnUser: 0, finishUser: 0, avgTime: 0 },
    ]);
  });

  it('in-progress exams: enabled, inside the window, with papers in progress and handed in (by scope)', async () => {
    const title = (await t.db.selectFrom('el_exam').select('title').where('id', '=', examX).executeTakeFirstOrThrow()).title.slice(0, -1);
    const all = must(await t.call<Page<DashExamRow>>(statApi.dashExamList, { current: 1, size: 5, params: { title } }, admin));
    expect(all).toEqual({ records: [{ id: examX, title: `${title}甲`, procCount: 1, handCount: 4 }], total: 1, pages: 1, current: 1, size: 5 });
    const mine = must(await t.call<Page<DashExamRow>>(statApi.dashExamList, { params: { title } }, scoped));
    expect(mine.records).toEqual([{ id: examX, title: `${title}甲`, procCount: 0, handCount: 3 }]);
  });

  it('in-progress courses: enabled, with learners in progress (by scope)', async () => {
    const all = must(await t.call<Page<DashCourseRow>>(statApi.dashCourseList, {}, admin));
    expect(all.size).toBe(5);
    const c = all.records.find((r) => r.id === courseC);
    expect(c).toMatchObject({ procCount: 2, finishCount: 1 });
    expect(all.records.some((r) => r.id === 'no-such-course')).toBe(false);
    const mine = must(await t.call<Page<DashCourseRow>>(statApi.dashCourseList, {}, scoped));
    expect(mine.records).toEqual([{ id: courseC, title: c!.title, procCount: 1, finishCount: 1 }]);
    expect(must(await t.call<Page<DashCourseRow>>(statApi.dashCourseList, { params: { title: '没有这样的课程' } }, admin))).toEqual({ records: [], total: 0, pages: 0, current: 1, size: 5 });
  });

  it('refuses bad input with a message and learners', async () => {
    expect(await t.call(statApi.dashExamList, { size: 0 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '每页条数必须是1-5000之间的整数！' });
    expect(await t.call(statApi.dashCourseList, { params: { title: 'x'.repeat(101) } }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '标题不能超过100个字符！' });
    expect((await t.call(statApi.userWeek, {}, await t.login(LEARNER))).code).toBe(ErrorCode.NO_PERMISSION);
  });
});
