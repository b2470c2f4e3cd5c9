/**
 * API tests of the class statistics (/api/trainClass/stat/summary|users|export; issue 13 "Class
 * statistics and exports"): seat counts by state and the finish rate computed by hand, each enrolled
 * learner's standing in the registered requirements, the finished filter, the xlsx read back, and
 * another department's administrator refused.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { courseApi } from '@kaopei/contracts/course';
import { classCourseApi, trainClassApi } from '@kaopei/contracts/train-class';
import { classStatApi, type ClassStatSummary, type ClassStatUser } from '@kaopei/contracts/train-class-stat';
import { testApp, type TestApp } from '../../test/app';
import { must, shanghaiTime, uniq } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

describe('class statistics', () => {
  it('counts seats by state, finishes, and lists every enrolled learner with his standing; exports the same', async () => {
    const fileId = await insertCourseFile(t, { title: uniq('课件'), fileType: 11 });
    const courseId = must(await t.call<{ id: string }>(courseApi.save, { title: uniq('统计课程'), fileList: [{ fileId }] }, admin)).id;
    const classId = must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, { title: uniq('统计班'), classType: 1, needAudit: true, startTime: shanghaiTime(2 * DAY), endTime: shanghaiTime(30 * DAY) }, admin)).id;
    must(await t.call(classCourseApi.saveOrUpdate, { classId, courseList: [{ courseId, required: true }] }, admin));
    const [waiting, done, busy, gone] = [await t.newLearner(), await t.newLearner(), await t.newLearner(), await t.newLearner()];
    must(await t.call(trainClassApi.apply, { classId }, waiting.token));
    must(await t.call(trainClassApi.apply, { classId }, gone.token));
    must(await t.call(trainClassApi.withdraw, { classId }, gone.token));
    must(await t.call(trainClassApi.assign, { classId, userIds: [done.userId, busy.userId] }, admin));
    await t.services.courseStudy.fixProcess({ userId: done.userId, courseId, fileId, process: 100 });
    await t.events.settle();

    expect(must(await t.call<ClassStatSummary>(classStatApi.summary, { classId }, admin))).toMatchObject({ applied: 1, enrolled: 2, rejected: 0, withdrawn: 1, finished: 1, finishRate: 50 });

    const page = must(await t.call<Page<ClassStatUser>>(classStatApi.users, { current: 1, size: 10, params: { classId } }, admin));
    expect(page.total).toBe(2);
    const byName = new Map(page.records.map((r) => [r.userName, r]));
    expect(byName.get(done.userName)).toMatchObject({ finished: true, standings: expect.arrayContaining([{ key: 'courses', title: '完成必修课程', done: 1, total: 1, asked: true }]) });
    expect(byName.get(busy.userName)).toMatchObject({ finished: false, finishTime: null, standings: expect.arrayContaining([expect.objectContaining({ key: 'courses', done: 0, total: 1 })]) });
    const finishedOnly = must(await t.call<Page<ClassStatUser>>(classStatApi.users, { current: 1, size: 10, params: { classId, finished: true } }, admin));
    expect(finishedOnly.records.map((r) => r.userName)).toEqual([done.userName]);

    const res = await t.app.inject({ method: 'POST', url: classStatApi.export.path, payload: { classId }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.getWorksheet('培训统计');
    if (!ws) throw new Error('sheet 培训统计 missing');
    const values = (n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    expect(values(3)).toEqual(['已结业', 1, '结业率(%)', 50]);
    const header = values(5);
    expect(header.slice(0, 4)).toEqual(['序号', '账号', '姓名', '部门']);
    expect(header).toContain('完成必修课程');
    const rows = [values(6), values(7)];
    expect(rows.map((r) => r[1]).sort()).toEqual([done.userName, busy.userName].sort());
    expect(rows.find((r) => r[1] === done.userName)).toContain('1/1');
    expect(ws.rowCount).toBe(7);
  });

  it('refuses a class it cannot find (10010003) and answers an empty page without a class', async () => {
    expect((await t.call(classStatApi.summary, { classId: '1234567890123456789' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect(must(await t.call<Page<ClassStatUser>>(classStatApi.users, { current: 1, size: 10 }, admin)).total).toBe(0);
    const learner = await t.newLearner();
    expect((await t.call(classStatApi.summary, { classId: '1234567890123456789' }, learner.token)).code).not.toBe(0);
  });
});
