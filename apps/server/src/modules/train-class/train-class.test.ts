/**
 * API tests of training classes (/api/trainClass/*, /api/bjvrkc/*; issue 13 "Classes"): validation
 * messages (nothing written), the capacity under 20 parallel sign-ups, the sign-up window, the
 * approval flow with its class.notice message, withdraw before the start only, direct assignment
 * (capacity still holds), open-to rules, a learner cannot list a class's students nor see a class
 * not open to him, linked courses studied through the class grant, and completion exactly once
 * (certificate and points).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { certApi } from '@kaopei/contracts/cert';
import { courseApi } from '@kaopei/contracts/course';
import { classCourseApi, trainClassApi, TrainClassError, type ClassLearnDetail, type ClassLearnRecord, type StudentRecord } from '@kaopei/contracts/train-class';
import { testApp, type TestApp } from '../../test/app';
import { must, shanghaiTime, uniq } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;
let fileId: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  fileId = await insertCourseFile(t, { title: uniq('课件'), fileType: 11 });
});
afterAll(async () => {
  await t?.close();
});

/** A class body: signing up open now, the class starting in 2 days. */
const body = (over: Record<string, unknown> = {}) => ({
  title: uniq('培训班'), classType: 1, startTime: shanghaiTime(2 * DAY), endTime: shanghaiTime(30 * DAY), ...over,
});
const create = async (over: Record<string, unknown> = {}) => must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, body(over), admin)).id;
const apply = (token: string, classId: string) => t.call<{ state: number }>(trainClassApi.apply, { classId }, token);
const seats = (classId: string) => t.db.selectFrom('el_class_user').selectAll().where('classId', '=', classId).execute();
const seatsTaken = async (classId: string) => (await t.db.selectFrom('el_class').select('seats').where('id', '=', classId).executeTakeFirstOrThrow()).seats;
const info = (token: string, id: string) => t.call<ClassLearnDetail>(trainClassApi.info, { id }, token);

describe('class', () => {
  it('validates in the spec words and writes nothing on bad input', async () => {
    const count = async () => (await t.db.selectFrom('el_class').select('id').execute()).length;
    const before = await count();
    expect(await t.call(trainClassApi.addOrUpdate, body({ title: ' ' }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '培训班名称不能为空！' });
    expect(await t.call(trainClassApi.addOrUpdate, body({ classType: 5 }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '培训类型不正确！' });
    expect(await t.call(trainClassApi.addOrUpdate, body({ endTime: shanghaiTime(DAY) }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '结束时间必须晚于开始时间！' });
    expect(await t.call(trainClassApi.addOrUpdate, body({ capacity: -1 }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '招生人数不能小于0！' });
    expect(await t.call(trainClassApi.addOrUpdate, body({ openType: 2 }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择开放的部门！' });
    expect(await t.call(trainClassApi.addOrUpdate, body({ certId: '1234567890123456789' }), admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await count()).toBe(before);
  });

  it('saves, sanitises the content, lists, disables and deletes', async () => {
    const title = uniq('新员工班');
    const id = await create({ title, classType: 4, content: '<p>介绍<script>alert(1)</script></p>', capacity: 30, needAudit: true, organiser: '培训部' });
    const d = must(await t.call<{ content: string; classType_dictText: string; capacity: number; needAudit: boolean }>(trainClassApi.detail, { id }, admin));
    expect(d).toMatchObject({ classType_dictText: '混合', capacity: 30, needAudit: true });
    expect(d.content).not.toContain('script');
    const listed = must(await t.call<Page<{ id: string }>>(trainClassApi.list, { params: { title } }, admin));
    expect(listed.records.map((r) => r.id)).toEqual([id]);
    must(await t.call(trainClassApi.state, { ids: [id], state: 1 }, admin));
    const u = await t.newLearner();
    expect((await apply(u.token, id)).code).toBe(TrainClassError.DISABLED.code);
    expect((await info(u.token, id)).code).toBe(ErrorCode.NOT_FOUND);
    must(await t.call(trainClassApi.delete, { ids: [id] }, admin));
    expect(must(await t.call<Page<{ id: string }>>(trainClassApi.list, { params: { title } }, admin)).records).toEqual([]);
  });
});

describe('sign-up', () => {
  it('holds the capacity under 20 parallel sign-ups', async () => {
    const id = await create({ capacity: 5 });
    const learners = await Promise.all(Array.from({ length: 20 }, () => t.newLearner('cap')));
    const res = await Promise.all(learners.map((u) => apply(u.token, id)));
    expect(res.filter((r) => r.code === 0)).toHaveLength(5);
    expect(res.filter((r) => r.code === TrainClassError.FULL.code)).toHaveLength(15);
    expect(await seats(id)).toHaveLength(5);
    expect(await seatsTaken(id)).toBe(5);
  });

  it('a double click signs up once', async () => {
    const id = await create({ capacity: 3 });
    const u = await t.newLearner();
    const res = await Promise.all([apply(u.token, id), apply(u.token, id)]);
    expect(res.map((r) => r.code).sort()).toEqual([0, TrainClassError.ALREADY.code]);
    expect(await seats(id)).toHaveLength(1);
    expect(await seatsTaken(id)).toBe(1);
  });

  it('only inside the window', async () => {
    const early = await create({ signStart: shanghaiTime(DAY), signEnd: shanghaiTime(36 * 3_600_000) });
    const closed = await create({ signStart: shanghaiTime(-2 * DAY), signEnd: shanghaiTime(-DAY) });
    const u = await t.newLearner();
    expect(await apply(u.token, early)).toMatchObject({ code: TrainClassError.NOT_OPEN.code, msg: '报名尚未开始！' });
    expect(await apply(u.token, closed)).toMatchObject({ code: TrainClassError.SIGN_CLOSED.code, msg: '报名已截止！' });
    expect(await seats(early)).toEqual([]);
    const tip = must(await info(u.token, early));
    expect(tip).toMatchObject({ canApply: false, applyTip: '报名尚未开始！', myState: -1 });
  });

  it('a class open to named people does not exist for anybody else', async () => {
    const [named, other] = [await t.newLearner(), await t.newLearner()];
    const id = await create({ openType: 3, userIds: [named.userId] });
    expect((await apply(other.token, id)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await info(other.token, id)).code).toBe(ErrorCode.NOT_FOUND);
    const open = must(await t.call<Page<ClassLearnRecord>>(trainClassApi.openPaging, { size: 1000 }, other.token)).records.map((r) => r.id);
    expect(open).not.toContain(id);
    expect(must(await apply(named.token, id))).toEqual({ state: 1 });
  });

  it('approval: waits, rejects with a message (seat back), approves with a message, each told once', async () => {
    const title = uniq('审核班');
    const id = await create({ title, needAudit: true, capacity: 1 });
    const [u, v] = [await t.newLearner(), await t.newLearner()];
    expect(must(await apply(u.token, id))).toEqual({ state: 0 });
    expect((await apply(v.token, id)).code).toBe(TrainClassError.FULL.code);
    // A learner cannot list the students.
    expect((await t.call(trainClassApi.students, { params: { classId: id } }, u.token)).code).toBe(ErrorCode.NO_PERMISSION);
    const list = must(await t.call<Page<StudentRecord>>(trainClassApi.students, { params: { classId: id } }, admin)).records;
    expect(list).toEqual([expect.objectContaining({ userId: u.userId, state: 0, state_dictText: '待审核' })]);
    const seatId = list[0]!.id;
    expect(await t.call(trainClassApi.audit, { ids: [seatId], state: 2 }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '驳回时请填写审核意见！' });
    expect(must(await t.call(trainClassApi.audit, { ids: [seatId], state: 2, msg: '部门名额已满' }, admin))).toEqual({ audited: 1, skipped: 0 });
    expect(must(await t.call(trainClassApi.audit, { ids: [seatId], state: 1 }, admin))).toEqual({ audited: 0, skipped: 1 });
    expect(await seatsTaken(id)).toBe(0);
    await t.events.settle();
    const msgs = async (userId: string) => (await t.db.selectFrom('sys_user_msg').selectAll().where('userId', '=', userId).execute()).filter((m) => m.title.includes('培训班通知'));
    const rejected = await msgs(u.userId);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.content).toContain(title);
    expect(rejected[0]!.title).toContain('部门名额已满');
    // The seat went back: v signs up; u, rejected, may sign up again once there is room.
    expect(must(await apply(v.token, id))).toEqual({ state: 0 });
    const vSeat = (await seats(id)).find((s) => s.userId === v.userId)!;
    expect(must(await t.call(trainClassApi.audit, { ids: [vSeat.id], state: 1, msg: '欢迎参加' }, admin))).toEqual({ audited: 1, skipped: 0 });
    await t.events.settle();
    expect((await msgs(v.userId)).map((m) => m.title)).toEqual([expect.stringContaining('报名审核通过：欢迎参加')]);
    expect(must(await info(v.token, id))).toMatchObject({ myState: 1, myState_dictText: '已报名', auditMsg: '欢迎参加', canWithdraw: true });
    const mine = must(await t.call<Page<ClassLearnRecord>>(trainClassApi.myPaging, { size: 1000 }, v.token)).records.map((r) => r.id);
    expect(mine).toContain(id);
  });

  it('withdraw before the start only, giving the seat back', async () => {
    const id = await create({ capacity: 2 });
    const u = await t.newLearner();
    expect((await t.call(trainClassApi.withdraw, { classId: id }, u.token)).code).toBe(TrainClassError.NOT_SIGNED.code);
    must(await apply(u.token, id));
    must(await t.call(trainClassApi.withdraw, { classId: id }, u.token));
    expect(await seatsTaken(id)).toBe(0);
    expect((await seats(id))[0]).toMatchObject({ state: 3 });
    must(await apply(u.token, id));
    // The class has started (moved in the table: the test clock would also expire the login).
    await t.db.updateTable('el_class').set({ startTime: Date.now() - 60_000 }).where('id', '=', id).execute();
    expect(await t.call(trainClassApi.withdraw, { classId: id }, u.token)).toMatchObject({ code: TrainClassError.STARTED.code, msg: '培训已开始，不能退出！' });
    expect(await seatsTaken(id)).toBe(1);
    expect((await seats(id))[0]).toMatchObject({ state: 1 });
  });

  it('assign enrols directly, approves a waiting sign-up, and is refused as a whole past the capacity', async () => {
    const id = await create({ capacity: 2, needAudit: true });
    const [a, b, c] = [await t.newLearner(), await t.newLearner(), await t.newLearner()];
    must(await apply(a.token, id));
    expect(must(await t.call(trainClassApi.assign, { classId: id, userIds: [a.userId, b.userId] }, admin))).toEqual({ assigned: 2 });
    expect((await seats(id)).map((s) => s.state)).toEqual([1, 1]);
    expect(await t.call(trainClassApi.assign, { classId: id, userIds: [c.userId] }, admin)).toMatchObject({ code: TrainClassError.FULL.code, msg: '报名人数已满！' });
    expect(await seats(id)).toHaveLength(2);
    expect(await seatsTaken(id)).toBe(2);
  });
});

describe('courses and completion', () => {
  it('the course grant needs an enrolment: a waiting or withdrawn learner does not see a closed course', async () => {
    const other = await t.newLearner();
    const courseId = must(await t.call<{ id: string }>(courseApi.save, { title: uniq('封闭课程'), openType: 3, userIds: [other.userId], fileList: [{ fileId }] }, admin)).id;
    const id = await create({ needAudit: true });
    must(await t.call(classCourseApi.saveOrUpdate, { classId: id, courseList: [{ courseId }] }, admin));
    const u = await t.newLearner();
    must(await apply(u.token, id));
    expect((await t.call(courseApi.detail, { id: courseId }, u.token)).code).toBe(ErrorCode.NOT_FOUND);
    const seat = (await seats(id))[0]!;
    must(await t.call(trainClassApi.audit, { ids: [seat.id], state: 1 }, admin));
    must(await t.call(courseApi.detail, { id: courseId }, u.token));
    must(await t.call(trainClassApi.withdraw, { classId: id }, u.token));
    expect((await t.call(courseApi.detail, { id: courseId }, u.token)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('links courses (checked), lets enrolled learners study a closed course, completes once with certificate and points', async () => {
    const stranger = await t.newLearner();
    const courseId = must(await t.call<{ id: string }>(courseApi.save, { title: uniq('班级课程'), openType: 3, userIds: [stranger.userId], fileList: [{ fileId }] }, admin)).id;
    const certId = must(await t.call<{ id: string }>(certApi.save, { title: uniq('结业证书'), authority: '培训部' }, admin)).id;
    const id = await create({ certId, finishPoints: 7 });
    expect(await t.call(classCourseApi.saveOrUpdate, { classId: id, courseList: [{ courseId: '1234567890123456789' }] }, admin)).toMatchObject({ code: TrainClassError.COURSE_MISSING.code });
    expect(must(await t.call(classCourseApi.saveOrUpdate, { classId: id, courseList: [{ courseId, sort: 1, required: true }] }, admin))).toEqual({ count: 1 });
    expect(must(await t.call(classCourseApi.detail, { classId: id }, admin))).toEqual([expect.objectContaining({ courseId, required: true })]);

    const u = await t.newLearner();
    expect((await t.call(courseApi.detail, { id: courseId }, u.token)).code).toBe(ErrorCode.NOT_FOUND);
    must(await apply(u.token, id));
    must(await t.call(courseApi.detail, { id: courseId }, u.token));
    expect(must(await info(u.token, id))).toMatchObject({ progress: 0, requiredDone: 0, requiredTotal: 1, finished: false, courses: [expect.objectContaining({ courseId, finished: false })] });

    await t.services.courseStudy.fixProcess({ userId: u.userId, courseId, fileId, process: 100 });
    await t.events.settle();
    expect(must(await info(u.token, id))).toMatchObject({ progress: 100, requiredDone: 1, finished: true });
    // Settling again (another event, another page view) hands out nothing more.
    expect(await t.services.trainClass.courses.settle(id, u.userId)).toBe(false);
    await t.services.trainClass.courses.onCourseFinished(u.userId, courseId);
    const grants = await t.db.selectFrom('cert_grant').selectAll().where('userId', '=', u.userId).where('refId', '=', id).execute();
    expect(grants).toHaveLength(1);
    const points = await t.db.selectFrom('user_points_log').selectAll().where('userId', '=', u.userId).where('refType', '=', 'class_finish').execute();
    expect(points.map((p) => [p.refId, p.points])).toEqual([[id, 7]]);
  });
});
