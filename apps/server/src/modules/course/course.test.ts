/**
 * API tests of courses (/api/course/course/*): admin save with files, open-to lists and settings,
 * detail, paging (and the select's params.type 1), state, delete, data scope; the learner's lists
 * and details; the study plan the study module runs (CourseService.studyPlan).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { courseApi, CourseError, CoursePerm, type CourseAdminDetail, type CourseLearnDetail, type CourseLearnRecord, type CourseRecord } from '@kaopei/contracts/course';
import { courseFileApi, CourseFileError } from '@kaopei/contracts/course-file';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { AppError } from '../../lib/errors';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq, waitForJob } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;
/** A video of 125 s, a PDF of 4 pages, a link. */
let video: string;
let doc: string;
let link: string;

const save = (body: Record<string, unknown>, token = admin) => t.call<{ id: string }>(courseApi.save, body, token);
const create = async (over: Record<string, unknown> = {}) => must(await save(courseBody(over))).id;
const courseBody = (over: Record<string, unknown> = {}) => ({
  title: uniq('课程'),
  fileList: [
    { fileId: video, chapter: '第一章', sort: 1 },
    { fileId: doc, chapter: '第一章', sort: 2 },
    { fileId: link, chapter: '第二章', sort: 3, needMinutes: 5 },
  ],
  ...over,
});
const adminDetail = async (id: string) => must(await t.call<CourseAdminDetail>(courseApi.adminDetail, { id }, admin));
const mine = async (token: string) => must(await t.call<Page<CourseLearnRecord>>(courseApi.userPaging, { size: 5000 }, token)).records.map((c) => c.id);
const publicIds = async (token: string) => must(await t.call<Page<CourseLearnRecord>>(courseApi.openUserPaging, { size: 5000 }, token)).records.map((c) => c.id);

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  video = await insertCourseFile(t, { title: '视频一', fileType: 33, duration: 125 });
  doc = await insertCourseFile(t, { title: '文档一', fileType: 22, pageCount: 4 });
  link = await insertCourseFile(t, { title: '链接一', fileType: 11 });
});
afterAll(async () => {
  await t.close();
});

describe('save and admin detail', () => {
  it('saves a course with its files in order, default and set required times, and answers them in the detail', async () => {
    const title = uniq('安全生产');
    const id = await create({
      title, cover: '/upload/c.png', content: '<p>介绍<script>alert(1)</script></p>', videoDrag: false, checkOn: true, checkSec: 300, costPoints: 20, salePrice: 12.5, finishPoints: 8,
    });
    expect(id).toMatch(/^\d{19}$/);
    const d = await adminDetail(id);
    expect(d).toMatchObject({
      id, title, cover: '/upload/c.png', openType: 1, openType_dictText: '完全公开', state: 0, state_dictText: '正常', videoDrag: false, checkOn: true, checkSec: 300,
      costPoints: 20, salePrice: 12.5, priceText: '￥12.50 / 20积分', finishPoints: 8, certId: null, certId_dictText: '', fileCount: 3, deptCodes: [], userList: [],
    });
    expect(d.content).toContain('介绍');
    expect(d.content).not.toContain('script');
    expect(d.fileList).toEqual([
      { fileId: video, title: '视频一', fileType: 33, fileType_dictText: '视频', duration: 125, pageCount: 0, chapter: '第一章', sort: 1, needSec: 125, needMinutes: null },
      { fileId: doc, title: '文档一', fileType: 22, fileType_dictText: '文档', duration: 0, pageCount: 4, chapter: '第一章', sort: 2, needSec: 120, needMinutes: null },
      { fileId: link, title: '链接一', fileType: 11, fileType_dictText: '链接', duration: 0, pageCount: 0, chapter: '第二章', sort: 3, needSec: 300, needMinutes: 5 },
    ]);
    expect(d.totalSec).toBe(545);
  });

  it('updates a course and replaces its files', async () => {
    const id = await create();
    const title = uniq('改名课程');
    expect(must(await save({ id, title, fileList: [{ fileId: doc, chapter: '唯一', sort: 0, needMinutes: 2 }] }))).toEqual({ id });
    const d = await adminDetail(id);
    expect(d.title).toBe(title);
    expect(d.fileList.map((f) => [f.fileId, f.needSec])).toEqual([[doc, 120]]);
    expect(await t.db.selectFrom('el_course_file_ref').select('id').where('courseId', '=', id).execute()).toHaveLength(1);
  });

  it('refuses bad input with the message and changes nothing', async () => {
    const count = async () => (await t.db.selectFrom('el_course').select('id').execute()).length;
    const before = await count();
    expect(await save(courseBody({ title: ' ' }))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课程名称不能为空！' });
    expect(await save(courseBody({ fileList: [] }))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少添加一个课件！' });
    expect(await save(courseBody({ fileList: [{ fileId: video }, { fileId: video }] }))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课件不能重复添加！' });
    expect(await save(courseBody({ fileList: [{ fileId: '1234567890123456789' }] }))).toMatchObject({ code: CourseError.FILE_MISSING.code, msg: '课件不存在或已被删除：1234567890123456789' });
    expect(await save(courseBody({ checkSec: 10 }))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '验证间隔不能小于60！' });
    expect(await save(courseBody({ salePrice: 1.005 }))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课程价格最多两位小数！' });
    expect(await save(courseBody({ openType: 2 }))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择开放的部门！' });
    expect(await save(courseBody({ openType: 2, deptCodes: ['Z99Z99'] }))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '部门不存在：Z99Z99' });
    expect(await save(courseBody({ openType: 3, userIds: ['1234567890123456789'] }))).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '用户不存在：1234567890123456789' });
    expect(await save(courseBody({ certId: '1234567890123456789' }))).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await save(courseBody({ id: '1234567890123456789' }))).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '课程不存在或已被删除！' });
    expect(await count()).toBe(before);
  });

  it('pages, filters, disables, enables and deletes; the select (params.type 1) lists enabled courses only', async () => {
    const a = await create({ title: uniq('分页甲') });
    const b = await create({ title: uniq('分页乙') });
    const page = async (params: Record<string, unknown>) => must(await t.call<Page<CourseRecord>>(courseApi.paging, { current: 1, size: 100, params }, admin));
    expect((await page({ title: '分页' })).records.map((c) => c.id)).toEqual(expect.arrayContaining([a, b]));
    const row = (await page({ title: '分页甲' })).records.find((c) => c.id === a);
    expect(row).toMatchObject({ fileCount: 3, totalSec: 545, state: 0, createBy_dictText: expect.any(String) });
    expect(must(await t.call(courseApi.state, { ids: [a], state: 1 }, admin))).toBeNull();
    expect((await page({ title: '分页', type: 1 })).records.map((c) => c.id)).toEqual([b]);
    expect((await page({ title: '分页', state: 1 })).records.map((c) => c.id)).toEqual([a]);
    await t.call(courseApi.state, { ids: [a], state: 0 }, admin);
    await t.call(courseApi.delete, { ids: [b] }, admin);
    expect((await page({ title: '分页' })).records.map((c) => c.id)).toEqual([a]);
    expect((await t.call(courseApi.adminDetail, { id: b }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('data scope', () => {
  it('an administrator limited to a department sees, edits, disables and deletes only its courses', async () => {
    const D = must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq('课程管理部') }, admin)).deptCode;
    const role = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('课程管理员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    const codes = [CoursePerm.LIST, CoursePerm.ADD, CoursePerm.UPDATE, CoursePerm.DELETE, CoursePerm.STATE];
    must(await t.call(roleApi.saveMenus, { id: role, menuIds: codes.map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
    const userName = uniq('cm');
    must(await t.call(userAdminApi.save, { userName, realName: '课程员', deptCode: D, roles: [role], password: 'Test@12345' }, admin));
    const scoped = await t.login({ username: userName, password: 'Test@12345' });
    const tag = uniq('范围课程');
    const outside = await create({ title: `${tag}总部` });
    const inside = must(await save(courseBody({ title: `${tag}本部门` }), scoped)).id;
    const seen = must(await t.call<Page<CourseRecord>>(courseApi.paging, { params: { title: tag } }, scoped)).records.map((r) => r.id);
    expect(seen).toEqual([inside]);
    expect((await t.call(courseApi.adminDetail, { id: outside }, scoped)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await save(courseBody({ id: outside, title: '改不了' }), scoped)).code).toBe(ErrorCode.NOT_FOUND);
    must(await t.call(courseApi.state, { ids: [outside, inside], state: 1 }, scoped));
    must(await t.call(courseApi.delete, { ids: [outside, inside] }, scoped));
    expect(await adminDetail(outside)).toMatchObject({ title: `${tag}总部`, state: 0 });
    expect((await t.call(courseApi.adminDetail, { id: inside }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('files in use', () => {
  it('the library refuses to delete a file a live course uses, and allows it once the course is deleted', async () => {
    const own = await insertCourseFile(t, { title: '占用课件', duration: 30 });
    const id = await create({ fileList: [{ fileId: own }] });
    expect(await t.call(courseFileApi.delete, { ids: [own] }, admin)).toMatchObject({ code: CourseFileError.IN_USE.code, msg: '课件“占用课件”已被课程使用，不能删除！' });
    await t.call(courseApi.delete, { ids: [id] }, admin);
    expect((await t.call(courseFileApi.delete, { ids: [own] }, admin)).code).toBe(0);
  });
});

describe('open types and the learner lists', () => {
  it('1: everybody sees a free public course in my courses and public courses; a priced one only in public courses', async () => {
    const l = await t.newLearner('pub');
    const free = await create();
    const priced = await create({ costPoints: 10 });
    expect(await mine(l.token)).toEqual(expect.arrayContaining([free]));
    expect(await mine(l.token)).not.toContain(priced);
    expect(await publicIds(l.token)).toEqual(expect.arrayContaining([free, priced]));
    const rows = must(await t.call<Page<CourseLearnRecord>>(courseApi.openUserPaging, { size: 5000 }, l.token)).records;
    expect(rows.find((c) => c.id === priced)).toMatchObject({ free: false, owned: false, canStudy: false, applyState: -1, priceText: '10积分' });
    expect(rows.find((c) => c.id === free)).toMatchObject({ free: true, canStudy: true, priceText: '免费' });
  });

  it('2: departments and their sub-departments see it; others get 10010003', async () => {
    const root = must(await t.call<{ id: string; deptCode: string }>(departApi.save, { deptName: uniq('课程部'), sfyxjbm: 1 }, admin));
    const child = must(await t.call<{ id: string; deptCode: string }>(departApi.save, { parentId: root.id, deptName: '分部' }, admin));
    const inChild = await t.newLearner('cdept');
    await t.db.updateTable('sys_user').set({ deptCode: child.deptCode }).where('id', '=', inChild.userId).execute();
    const childToken = await t.login({ username: inChild.userName, password: 'Test@12345' });
    const outsider = await t.newLearner('cdept');
    const id = await create({ openType: 2, deptCodes: [root.deptCode] });
    expect((await adminDetail(id)).deptCodes).toEqual([root.deptCode]);
    expect(await mine(childToken)).toContain(id);
    expect(await mine(outsider.token)).not.toContain(id);
    expect(await publicIds(childToken)).not.toContain(id);
    expect((await t.call(courseApi.detail, { id }, outsider.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(courseApi.simpleDetail, { id }, outsider.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(must(await t.call<CourseLearnDetail>(courseApi.detail, { id }, childToken)).canStudy).toBe(true);
  });

  it('3: named people only; the list is replaced on save', async () => {
    const a = await t.newLearner('cref');
    const b = await t.newLearner('cref');
    const id = await create({ openType: 3, userIds: [a.userId] });
    expect((await adminDetail(id)).userList).toEqual([{ id: a.userId, userName: a.userName, realName: '测试学员' }]);
    expect(await mine(a.token)).toContain(id);
    expect(await mine(b.token)).not.toContain(id);
    await save(courseBody({ id, openType: 3, userIds: [b.userId] }));
    expect(await mine(a.token)).not.toContain(id);
    expect(await mine(b.token)).toContain(id);
  });

  it('the learner detail lists the chapters with required times and nothing of anybody else', async () => {
    const l = await t.newLearner('det');
    const title = uniq('详情课程');
    const id = await create({ title, content: '<p>课程介绍</p>' });
    const d = must(await t.call<CourseLearnDetail>(courseApi.detail, { id }, l.token));
    expect(d).toMatchObject({ id, title, content: '<p>课程介绍</p>', canStudy: true, free: true, fileCount: 3, totalSec: 545 });
    expect(d.fileList).toEqual([
      { fileId: video, title: '视频一', fileType: 33, fileType_dictText: '视频', duration: 125, pageCount: 0, chapter: '第一章', sort: 1, needSec: 125 },
      { fileId: doc, title: '文档一', fileType: 22, fileType_dictText: '文档', duration: 0, pageCount: 4, chapter: '第一章', sort: 2, needSec: 120 },
      { fileId: link, title: '链接一', fileType: 11, fileType_dictText: '链接', duration: 0, pageCount: 0, chapter: '第二章', sort: 3, needSec: 300 },
    ]);
    expect(Object.keys(d)).not.toContain('userList');
    await t.call(courseApi.state, { ids: [id], state: 1 }, admin);
    expect((await t.call(courseApi.detail, { id }, l.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await mine(l.token)).not.toContain(id);
  });

  it('prepare-notify sends course.publish to the named people only', async () => {
    const [a, b] = [await t.newLearner('cpn'), await t.newLearner('cpn')];
    const id = await create({ openType: 3, userIds: [a.userId] });
    const { jobId } = must(await t.call<{ jobId: string }>(courseApi.prepareNotify, { id }, admin));
    await waitForJob(t, admin, jobId);
    const to = (await t.services.notify.messagesOf('course.publish', id)).map((m) => m.userId);
    expect(to).toEqual([a.userId]);
    expect(to).not.toContain(b.userId);
  });
});

describe('studyPlan (for the study module)', () => {
  const failure = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return e instanceof AppError ? e.code : -1;
    }
    return 0;
  };

  it('answers the settings and the files in course order with required seconds', async () => {
    const l = await t.newLearner('plan');
    const title = uniq('学习计划');
    const id = await create({ title, videoDrag: false, checkOn: true, checkSec: 120, faceOn: true, faceInterval: 7, faceChance: 2, finishPoints: 5 });
    expect(await t.services.course.studyPlan(l.userId, id)).toEqual({
      courseId: id, title, videoDrag: false, checkOn: true, checkSec: 120, faceOn: true, faceInterval: 7, faceChance: 2, certId: '', finishPoints: 5,
      files: [
        { fileId: video, title: '视频一', fileType: 33, duration: 125, pageCount: 0, needSec: 125, chapter: '第一章', sort: 1 },
        { fileId: doc, title: '文档一', fileType: 22, duration: 0, pageCount: 4, needSec: 120, chapter: '第一章', sort: 2 },
        { fileId: link, title: '链接一', fileType: 11, duration: 0, pageCount: 0, needSec: 300, chapter: '第二章', sort: 3 },
      ],
    });
  });

  it('throws for a missing, disabled, closed or unpaid course', async () => {
    const l = await t.newLearner('plan');
    const other = await t.newLearner('plan');
    expect(await failure(t.services.course.studyPlan(l.userId, '1234567890123456789'))).toBe(ErrorCode.NOT_FOUND);
    const closed = await create({ openType: 3, userIds: [other.userId] });
    expect(await failure(t.services.course.studyPlan(l.userId, closed))).toBe(ErrorCode.NOT_FOUND);
    const disabled = await create({ state: 1 });
    expect(await failure(t.services.course.studyPlan(l.userId, disabled))).toBe(CourseError.DISABLED.code);
    const priced = await create({ costPoints: 5 });
    expect(await failure(t.services.course.studyPlan(l.userId, priced))).toBe(CourseError.NEED_BUY.code);
    const deleted = await create();
    await t.call(courseApi.delete, { ids: [deleted] }, admin);
    expect(await failure(t.services.course.studyPlan(l.userId, deleted))).toBe(ErrorCode.NOT_FOUND);
  });
});
