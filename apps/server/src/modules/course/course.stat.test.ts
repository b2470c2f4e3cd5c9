/**
 * API tests of CourseStat (/api/course/course/stat, stat-learners, stat-export): learners the course
 * is open to, started, finished, average time, per file; the learners list; the xlsx export read back
 * with exceljs. Progress is set through the study module (courseStudy.fixProcess).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { courseApi } from '@kaopei/contracts/course';
import { courseStatApi, type CourseStat, type CourseStatLearner } from '@kaopei/contracts/course-stat';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('CourseStat', () => {
  it('counts the learners it is open to, who started and finished, average times, per file; lists and exports them', async () => {
    const [a, b, c] = [await t.newLearner('st'), await t.newLearner('st'), await t.newLearner('st')];
    const v1 = await insertCourseFile(t, { title: '统计视频一', fileType: 33, duration: 100 });
    const v2 = await insertCourseFile(t, { title: '统计视频二', fileType: 33, duration: 200 });
    const title = uniq('统计课程');
    const courseId = must(await t.call<{ id: string }>(courseApi.save, { title, openType: 3, userIds: [a.userId, b.userId, c.userId], fileList: [{ fileId: v1 }, { fileId: v2 }] }, admin)).id;
    const fix = (userId: string, fileId: string, process: number) => t.services.courseStudy.fixProcess({ userId, courseId, fileId, process });
    await fix(a.userId, v1, 100);
    await fix(a.userId, v2, 100); // a finished: 100 + 200 s
    await fix(b.userId, v1, 50); // b started: 50 s

    const s = must(await t.call<CourseStat>(courseStatApi.stat, { id: courseId }, admin));
    expect(s).toMatchObject({ courseId, title, openType_dictText: '指定人员', learnerCount: 3, startedCount: 2, finishedCount: 1, avgLearnSec: 175, totalSec: 300 });
    expect(s.files).toEqual([
      { fileId: v1, title: '统计视频一', fileType_dictText: '视频', needSec: 100, startedCount: 2, finishedCount: 1, avgLearnSec: 75 },
      { fileId: v2, title: '统计视频二', fileType_dictText: '视频', needSec: 200, startedCount: 1, finishedCount: 1, avgLearnSec: 200 },
    ]);

    const page = must(await t.call<Page<CourseStatLearner>>(courseStatApi.learners, { current: 1, size: 10, params: { courseId } }, admin));
    expect(page.total).toBe(2);
    expect(page.records.map((r) => [r.userName, r.finished, r.learnSec])).toEqual([
      [a.userName, true, 300],
      [b.userName, false, 50],
    ]);
    expect(page.records[0]?.finishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const unfinished = must(await t.call<Page<CourseStatLearner>>(courseStatApi.learners, { current: 1, size: 10, params: { courseId, finished: false } }, admin));
    expect(unfinished.records.map((r) => r.userName)).toEqual([b.userName]);

    const res = await t.app.inject({ method: 'POST', url: courseStatApi.export.path, payload: { id: courseId }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const learners = wb.getWorksheet('学员');
    expect(learners?.rowCount).toBe(3);
    expect(learners?.getRow(2).getCell(2).value).toBe(a.userName);
    expect(learners?.getRow(2).getCell(6).value).toBe('是');
    expect(learners?.getRow(3).getCell(5).value).toBe(0.8);
    expect(wb.getWorksheet('课件')?.getRow(2).getCell(1).value).toBe('统计视频一');
  });

  it('answers 10010003 for a missing course and refuses learners', async () => {
    const l = await t.newLearner('st');
    expect((await t.call(courseStatApi.stat, { id: '1234567890123456789' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect(must(await t.call<Page<CourseStatLearner>>(courseStatApi.learners, { current: 1, size: 10, params: { courseId: '1234567890123456789' } }, admin)).total).toBe(0);
    const courseId = must(await t.call<{ id: string }>(courseApi.save, { title: uniq('统计'), fileList: [{ fileId: await insertCourseFile(t) }] }, admin)).id;
    expect((await t.call(courseStatApi.stat, { id: courseId }, l.token)).code).not.toBe(0);
    const s = must(await t.call<CourseStat>(courseStatApi.stat, { id: courseId }, admin));
    expect(s).toMatchObject({ startedCount: 0, finishedCount: 0, avgLearnSec: 0 });
    expect(s.learnerCount).toBeGreaterThan(0);
  });
});
