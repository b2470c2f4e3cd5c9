/**
 * API tests of 学习统计 (/api/stat/study/*): departments A (with A1) and B, learners a1, a2 (A),
 * a3 (A1), b1 (B); a course of two videos open to A and B (a1 and b1 finished, a2 one video of two, a3
 * not started),
 * a class (a1 finished, a3 and b1 enrolled), an exam (a1 passed, a2 waiting for marking, b1 failed,
 * a3 nothing). Expected rows are counted by hand. A role scoped to A sees A's subtree only and is
 * refused B; a reminder is sent once per request id and reaches the learners' messages; more than
 * 200 people go as one background job.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { courseApi } from '@kaopei/contracts/course';
import { msgApi } from '@kaopei/contracts/notify';
import { StudyStatPerm, studyStatApi, type StudyClassStat, type StudyCourseStat, type StudyRemindRes, type UnfinishedRecord } from '@kaopei/contracts/study-stat';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, uniq, waitForJob } from '../../test/builders';
import { newClass } from '../../test/classes';
import { insertCourseFile } from '../../test/course-files';
import { JobState } from '@kaopei/contracts/sys-job';
import { newId } from '../../lib/ids';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';

const PW = 'Test@12345';
let t: TestApp;
let admin: string;
let scoped: string;
const dept = { A: '', A1: '', B: '' };
const names = { A: uniq('部门甲'), A1: uniq('部门甲一'), B: uniq('部门乙') };
type U = { userId: string; userName: string; token: string };
let a1: U, a2: U, a3: U, b1: U;
let courseId: string, courseTitle: string, classId: string, examId: string;

async function account(deptCode: string, roles = [ROLE_STUDENT_ID]): Promise<U> {
  const userName = uniq('ss');
  const userId = must(await t.call<{ id: string }>(userAdminApi.save, { userName, realName: `学员${userName.slice(-4)}`, deptCode, roles, password: PW }, admin)).id;
  return { userId, userName, token: await t.login({ username: userName, password: PW }) };
}

async function paper(userId: string, state: number, passed: 0 | 1) {
  const at = Date.now();
  await t.db.insertInto('el_paper').values({
    id: uniq('p').replace(/\D/g, '').slice(-18).padStart(18, '7'), userId, examId, title: '考试', totalTime: 30, totalScore: 10, qualifyScore: 6, userScore: passed ? 10 : 0,
    state, passed, createTime: at, limitTime: at + 60_000, handTime: state === 0 ? null : at, offline: 0, deptCode: '', updateTime: at, leaveTimes: 0, leaveTime: 0,
  }).execute();
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  const save = async (deptName: string, parentId?: string) => must(await t.call<{ id: string; deptCode: string }>(departApi.save, { deptName, ...(parentId ? { parentId } : {}) }, admin));
  const A = await save(names.A);
  dept.A = A.deptCode;
  dept.A1 = (await save(names.A1, A.id)).deptCode;
  dept.B = (await save(names.B)).deptCode;
  [a1, a2, a3, b1] = [await account(dept.A), await account(dept.A), await account(dept.A1), await account(dept.B)];

  const v = await insertCourseFile(t, { title: '部门统计视频一', fileType: 33, duration: 100 });
  const w = await insertCourseFile(t, { title: '部门统计视频二', fileType: 33, duration: 100 });
  courseTitle = uniq('部门课程');
  courseId = must(await t.call<{ id: string }>(courseApi.save, { title: courseTitle, openType: 2, deptCodes: [dept.A, dept.B], fileList: [{ fileId: v }, { fileId: w }] }, admin)).id;
  const fix = (userId: string, fileId: string, process: number) => t.services.courseStudy.fixProcess({ userId, courseId, fileId, process });
  for (const u of [a1, b1]) for (const f of [v, w]) await fix(u.userId, f, 100); // 200 s, finished
  await fix(a2.userId, v, 100); // 100 s, one file of two: 50 %

  classId = await newClass(t, admin);
  must(await t.call(trainClassApi.assign, { classId, userIds: [a1.userId, a3.userId, b1.userId] }, admin));
  await t.db.updateTable('el_class_user').set({ finished: 1 }).where('classId', '=', classId).where('userId', '=', a1.userId).execute();

  const repoId = await createRepo(t, admin);
  await createQu(t, admin, repoId, 1);
  examId = await createExam(t, admin, examBody(repoId));
  await paper(a1.userId, 2, 1);
  await paper(a2.userId, 1, 0);
  await paper(b1.userId, 2, 0);

  const roleId = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('部门培训管理员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
  const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
  must(await t.call(roleApi.saveMenus, { id: roleId, menuIds: [StudyStatPerm.VIEW, StudyStatPerm.REMIND].map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
  scoped = (await account(dept.A, [roleId])).token;
  // The seed makes some forty calls; a loaded machine on PostgreSQL needs more than the default minute.
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const unfinished = async (params: Record<string, unknown>, token = admin, size = 10) =>
  must(await t.call<Page<UnfinishedRecord>>(studyStatApi.unfinished, { current: 1, size, params }, token));

describe('course and class by department', () => {
  it('counts open / started / finished / rate / average time per department of the subtree', async () => {
    const all = must(await t.call<StudyCourseStat>(studyStatApi.course, { courseId }, admin));
    expect(all.title).toBe(courseTitle);
    const row = (code: string) => all.rows.find((r) => r.deptCode === code);
    expect(row(dept.A)).toEqual({ deptCode: dept.A, deptName: names.A, parentCode: '', openCount: 3, startedCount: 2, finishedCount: 1, finishRate: 33, avgLearnSec: 150 });
    expect(row(dept.A1)).toEqual({ deptCode: dept.A1, deptName: names.A1, parentCode: dept.A, openCount: 1, startedCount: 0, finishedCount: 0, finishRate: 0, avgLearnSec: 0 });
    expect(row(dept.B)).toEqual({ deptCode: dept.B, deptName: names.B, parentCode: '', openCount: 1, startedCount: 1, finishedCount: 1, finishRate: 100, avgLearnSec: 200 });
    const a = must(await t.call<StudyCourseStat>(studyStatApi.course, { courseId, deptCode: dept.A }, admin));
    expect(a.rows.map((r) => [r.deptCode, r.openCount])).toEqual([[dept.A, 3], [dept.A1, 1]]);
  });

  it('counts enrolled / finished / rate per department for a class', async () => {
    const s = must(await t.call<StudyClassStat>(studyStatApi.trainClass, { classId, deptCode: dept.A }, admin));
    expect(s.rows).toEqual([
      { deptCode: dept.A, deptName: names.A, parentCode: '', enrolledCount: 2, finishedCount: 1, finishRate: 50 },
      { deptCode: dept.A1, deptName: names.A1, parentCode: dept.A, enrolledCount: 1, finishedCount: 0, finishRate: 0 },
    ]);
  });

  it('exports both as xlsx', async () => {
    const read = async (path: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: path, payload, headers: { token: admin } });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb.worksheets[0];
    };
    const c = await read(studyStatApi.courseExport.path, { courseId, deptCode: dept.A });
    expect(c?.getRow(1).values).toEqual([undefined, '课程', courseTitle]);
    expect(c?.getRow(4).values).toEqual([undefined, names.A, 3, 2, 1, 33, 2.5]);
    expect(c?.getRow(5).getCell(1).value).toBe(`\u3000${names.A1}`);
    const k = await read(studyStatApi.classExport.path, { classId, deptCode: dept.A });
    expect(k?.getRow(4).values).toEqual([undefined, names.A, 2, 1, 50]);
  });

  it('answers 10010003 for an unknown course, class or department', async () => {
    expect((await t.call(studyStatApi.course, { courseId: '1234567890123456789' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(studyStatApi.trainClass, { classId: '1234567890123456789' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(studyStatApi.course, { courseId, deptCode: 'Z99' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('who has not finished', () => {
  it('lists the course, class and exam stragglers of a subtree with their state', async () => {
    const rows = (p: Page<UnfinishedRecord>) => p.records.map((r) => [r.userName, r.state_dictText, r.process, r.deptCode_dictText]);
    const c = await unfinished({ kind: 'course', targetId: courseId, deptCode: dept.A });
    expect(c.total).toBe(2);
    expect(rows(c)).toEqual([[a2.userName, '学习中', 50, names.A], [a3.userName, '未开始', 0, names.A1]]);
    const k = await unfinished({ kind: 'class', targetId: classId, deptCode: dept.A });
    expect(k.records.map((r) => [r.userName, r.deptCode])).toEqual([[a3.userName, dept.A1]]);
    const e = await unfinished({ kind: 'exam', targetId: examId, deptCode: dept.A });
    expect(rows(e)).toEqual([[a2.userName, '待阅卷', 0, names.A], [a3.userName, '未交卷', 0, names.A1]]);
    const eb = await unfinished({ kind: 'exam', targetId: examId, deptCode: dept.B });
    expect(rows(eb)).toEqual([[b1.userName, '未通过', 0, names.B]]);
    expect((await unfinished({ kind: 'course', targetId: courseId, deptCode: dept.A, userName: a3.userName })).records.map((r) => r.userId)).toEqual([a3.userId]);
  });

  it('answers an empty page without params', async () => {
    expect(must(await t.call<Page<UnfinishedRecord>>(studyStatApi.unfinished, {}, admin))).toMatchObject({ records: [], total: 0 });
  });
});

describe('department scope', () => {
  it('a role scoped to A sees A and A1 only and is refused B', async () => {
    const s = must(await t.call<StudyCourseStat>(studyStatApi.course, { courseId }, scoped));
    expect(s.rows.map((r) => r.deptCode)).toEqual([dept.A, dept.A1]);
    expect(must(await t.call<StudyCourseStat>(studyStatApi.course, { courseId, deptCode: dept.A1 }, scoped)).rows.map((r) => r.deptCode)).toEqual([dept.A1]);
    expect((await t.call(studyStatApi.course, { courseId, deptCode: dept.B }, scoped)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(studyStatApi.trainClass, { classId, deptCode: dept.B }, scoped)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(studyStatApi.unfinished, { current: 1, size: 10, params: { kind: 'exam', targetId: examId, deptCode: dept.B } }, scoped)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await unfinished({ kind: 'exam', targetId: examId }, scoped)).records.map((r) => r.userId)).toEqual([a2.userId, a3.userId]);
    const remind = await t.call(studyStatApi.remind, { kind: 'course', targetId: courseId, deptCode: dept.B, requestId: 'scoped-0001', all: true }, scoped);
    expect(remind.code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('reminders', () => {
  const msgs = async (u: U) =>
    must(await t.call<Page<{ title: string; content: string }>>(msgApi.paging, { current: 1, size: 50 }, u.token)).records.filter((m) => m.title === `学习提醒：${courseTitle}`);

  it('sends once per request id, to all or the selected, and reaches the messages', async () => {
    const body = { kind: 'course', targetId: courseId, deptCode: dept.A, requestId: 'req-000000001', all: true };
    const [first, twin] = await Promise.all([t.call<StudyRemindRes>(studyStatApi.remind, body, scoped), t.call<StudyRemindRes>(studyStatApi.remind, body, scoped)]);
    expect(must(first).sent + must(twin).sent).toBe(2);
    expect(must(await t.call<StudyRemindRes>(studyStatApi.remind, body, scoped))).toEqual({ jobId: null, sent: 0, total: 2 });
    const m2 = await msgs(a2);
    expect(m2).toHaveLength(1);
    expect(m2[0]?.content).toContain('学习中');
    expect(await msgs(a3)).toHaveLength(1);
    expect(await msgs(a1)).toHaveLength(0);
    // A new request to the selected one only; people not on the list are left out.
    const sel = must(await t.call<StudyRemindRes>(studyStatApi.remind, { ...body, all: false, requestId: 'req-000000002', userIds: [a3.userId, a1.userId] }, scoped));
    expect(sel).toEqual({ jobId: null, sent: 1, total: 1 });
    expect(await msgs(a3)).toHaveLength(2);
    expect(await msgs(a2)).toHaveLength(1);
  });

  it('refuses a reminder with nobody to reach', async () => {
    const res = await t.call(studyStatApi.remind, { kind: 'course', targetId: courseId, deptCode: dept.A, requestId: 'req-000000003', userIds: [a1.userId] }, admin);
    expect(res).toMatchObject({ code: 20260001, msg: '没有需要提醒的人员！' });
  });

  it('sends to more than 200 people as one background job with progress, once per request id', async () => {
    const bulk = must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq('批量部门') }, admin)).deptCode;
    const at = Date.now();
    const ids = Array.from({ length: 201 }, () => newId());
    const profile = { sex: '', mz: '', csrq: '', zzmm: '', gzsj: '', whcd: '', zw: '', dnzw: '', bmmc: '', idCard: '', face: '', lastLoginTime: 0, passState: '0', changedPass: 1, deleted: 0, createBy: '' };
    await t.db
      .insertInto('sys_user')
      .values(ids.map((id, i) => ({ id, userName: `ssbulk${id}`, realName: `批量${i}`, password: 'x', avatar: '', mobile: '', email: '', deptCode: bulk, state: 0, realPerson: 1, createTime: at, updateTime: at, ...profile })))
      .execute();
    await t.db.insertInto('sys_user_role').values(ids.map((userId) => ({ id: newId(), userId, roleId: ROLE_STUDENT_ID }))).execute();
    const body = { kind: 'course', targetId: courseId, deptCode: bulk, requestId: 'req-bulk-0001', all: true };
    // The course is open to A and B only: nobody of the new department is on its list.
    expect((await t.call(studyStatApi.remind, body, admin)).code).toBe(20260001);
    const exam = { ...body, kind: 'exam', targetId: examId };
    const res = must(await t.call<StudyRemindRes>(studyStatApi.remind, exam, admin));
    expect(res).toMatchObject({ sent: 0, total: 201 });
    const job = await waitForJob(t, admin, res.jobId as string);
    expect(job).toMatchObject({ state: JobState.DONE, progress: 100, result: { sent: 201, total: 201 } });
    const again = must(await t.call<StudyRemindRes>(studyStatApi.remind, exam, admin));
    expect(await waitForJob(t, admin, again.jobId as string)).toMatchObject({ state: JobState.DONE, result: { sent: 0, total: 201 } });
  }, 120_000);
});
