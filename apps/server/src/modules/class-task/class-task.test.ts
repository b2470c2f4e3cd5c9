/**
 * API tests of class tasks (/api/task/bj/*; issue 13 "tasks"): validation, enrolled learners only,
 * submission until the deadline, resubmission before review and not after, the score range, the
 * submissions list of enrolled learners, and admins whose data scope leaves the class out refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { ClassTaskError, ClassTaskPerm, classTaskApi, type TaskMyRecord, type TaskRecord, type TaskSubmitRecord } from '@kaopei/contracts/class-task';
import { testApp, type TestApp } from '../../test/app';
import { must, shanghaiTime, uniq } from '../../test/builders';
import { enrolledLearner, newClass, scopedAdmin } from '../../test/classes';

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

const newTask = async (classId: string, over: Record<string, unknown> = {}) =>
  must(await t.call<{ id: string }>(classTaskApi.save, { classId, title: uniq('作业'), content: '<p>写一篇心得</p>', deadline: shanghaiTime(3 * DAY), ...over }, admin)).id;
const submit = (token: string, taskId: string, over: Record<string, unknown> = {}) => t.call<{ submitId: string }>(classTaskApi.submit, { taskId, content: '我的心得', ...over }, token);
const myList = (token: string, classId: string) => t.call<TaskMyRecord[]>(classTaskApi.myList, { classId }, token);
const submits = (taskId: string, params: Record<string, unknown> = {}, token = admin) => t.call<Page<TaskSubmitRecord>>(classTaskApi.submits, { params: { taskId, ...params } }, token);

describe('tasks', () => {
  it('validates, saves (content sanitised), lists with counts, deletes', async () => {
    const classId = await newClass(t, admin);
    expect(await t.call(classTaskApi.save, { classId, title: ' ', deadline: shanghaiTime(DAY) }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '任务标题不能为空！' });
    expect(await t.call(classTaskApi.save, { classId, title: '作业' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '截止时间不能为空！' });
    expect(await t.call(classTaskApi.save, { classId: '1234567890123456789', title: '作业', deadline: shanghaiTime(DAY) }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await t.db.selectFrom('el_class_task').select('id').where('classId', '=', classId).execute()).toEqual([]);
    const id = await newTask(classId, { content: '<p>要求<script>alert(1)</script></p>', allowFiles: false });
    const d = must(await t.call<TaskRecord>(classTaskApi.detail, { id }, admin));
    expect(d).toMatchObject({ classId, required: true, allowFiles: false, submitCount: 0 });
    expect(d.content).not.toContain('script');
    const u = await enrolledLearner(t, classId);
    expect(await submit(u.token, id, { files: [{ url: '/upload/a.pdf', name: 'a.pdf' }] })).toMatchObject({ code: ClassTaskError.NO_FILES.code });
    expect(await submit(u.token, id, { content: '' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请填写作业内容或上传附件！' });
    must(await submit(u.token, id));
    expect(must(await t.call<Page<TaskRecord>>(classTaskApi.paging, { params: { classId } }, admin)).records).toEqual([expect.objectContaining({ id, submitCount: 1, reviewCount: 0 })]);
    must(await t.call(classTaskApi.delete, { ids: [id] }, admin));
    expect(must(await t.call<Page<TaskRecord>>(classTaskApi.paging, { params: { classId } }, admin)).total).toBe(0);
    expect(await t.db.selectFrom('el_class_task_submit').select('id').where('taskId', '=', id).execute()).toEqual([]);
  });

  it('only enrolled learners list and submit', async () => {
    const classId = await newClass(t, admin);
    const id = await newTask(classId);
    const stranger = await t.newLearner();
    expect((await myList(stranger.token, classId)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await submit(stranger.token, id)).code).toBe(ErrorCode.NOT_FOUND);
    const u = await enrolledLearner(t, classId);
    expect(must(await myList(u.token, classId))).toEqual([expect.objectContaining({ id, state: 0, state_dictText: '未提交', closed: false, score: null })]);
  });

  it('refuses a submission after the deadline', async () => {
    const classId = await newClass(t, admin);
    const late = await newTask(classId, { deadline: shanghaiTime(-60_000) });
    const u = await enrolledLearner(t, classId);
    expect(await submit(u.token, late)).toMatchObject({ code: ClassTaskError.CLOSED.code, msg: '任务已截止，不能提交！' });
    expect(must(await myList(u.token, classId))).toEqual([expect.objectContaining({ closed: true, state: 0 })]);
    expect(await t.db.selectFrom('el_class_task_submit').select('id').where('taskId', '=', late).execute()).toEqual([]);
  });

  it('resubmits before review (one row, double click too), refuses after review; the score stays in 0–100', async () => {
    const classId = await newClass(t, admin);
    const id = await newTask(classId);
    const [u, v] = [await enrolledLearner(t, classId), await enrolledLearner(t, classId)];
    const [a, b] = await Promise.all([submit(u.token, id, { content: '初稿' }), submit(u.token, id, { content: '初稿' })]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(must(a).submitId).toBe(must(b).submitId);
    const submitId = must(await submit(u.token, id, { content: '修改稿', files: [{ url: '/upload/x.docx', name: '心得.docx' }] })).submitId;
    expect(submitId).toBe(must(a).submitId);
    expect(await t.db.selectFrom('el_class_task_submit').select('id').where('taskId', '=', id).execute()).toHaveLength(1);
    expect(await submit(u.token, id, { files: [{ url: 'javascript:alert(1)', name: 'x' }] })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '附件地址不正确！' });

    const list = must(await submits(id));
    expect(list.total).toBe(2);
    expect(list.records.find((r) => r.userId === u.userId)).toMatchObject({ submitId, state: 1, state_dictText: '已提交', content: '修改稿', files: [{ url: '/upload/x.docx', name: '心得.docx' }] });
    expect(list.records.find((r) => r.userId === v.userId)).toMatchObject({ submitId: '', state: 0, state_dictText: '未提交' });
    expect(must(await submits(id, { state: 0 })).records.map((r) => r.userId)).toEqual([v.userId]);
    expect(must(await submits(id, { userName: u.userName })).records.map((r) => r.userId)).toEqual([u.userId]);

    for (const score of [101, -1, 50.5]) {
      expect(await t.call(classTaskApi.review, { submitId, score, comment: '好' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '评分必须是0到100之间的整数！' });
    }
    expect((await t.db.selectFrom('el_class_task_submit').select('state').where('id', '=', submitId).executeTakeFirstOrThrow()).state).toBe(1);
    must(await t.call(classTaskApi.review, { submitId, score: 100, comment: '写得很好' }, admin));
    expect(await submit(u.token, id, { content: '再改' })).toMatchObject({ code: ClassTaskError.REVIEWED.code, msg: '任务已批阅，不能再提交！' });
    expect(must(await myList(u.token, classId))).toEqual([expect.objectContaining({ state: 2, state_dictText: '已批阅', score: 100, comment: '写得很好', myContent: '修改稿' })]);
    expect(must(await t.call<TaskRecord>(classTaskApi.detail, { id }, admin))).toMatchObject({ submitCount: 1, reviewCount: 1 });
    must(await t.call(classTaskApi.review, { submitId, score: 0 }, admin));
    expect(must(await myList(u.token, classId))[0]).toMatchObject({ score: 0, comment: '' });
  });

  it('an admin whose data scope leaves the class out is refused', async () => {
    const classId = await newClass(t, admin);
    const id = await newTask(classId);
    const u = await enrolledLearner(t, classId);
    const submitId = must(await submit(u.token, id)).submitId;
    const scoped = await scopedAdmin(t, admin, Object.values(ClassTaskPerm));
    expect((await t.call(classTaskApi.paging, { params: { classId } }, scoped)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(classTaskApi.detail, { id }, scoped)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(classTaskApi.save, { classId, title: '越权', deadline: shanghaiTime(DAY) }, scoped)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await submits(id, {}, scoped)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(classTaskApi.review, { submitId, score: 90 }, scoped)).code).toBe(ErrorCode.NOT_FOUND);
    must(await t.call(classTaskApi.delete, { ids: [id] }, scoped));
    expect(must(await t.call<TaskRecord>(classTaskApi.detail, { id }, admin)).id).toBe(id);
  });
});
