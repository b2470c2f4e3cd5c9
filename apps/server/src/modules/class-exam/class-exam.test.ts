/**
 * API tests of class exams (/api/trainClass/exam/*; issue 13 "Classes: exams", "exam passed") and
 * of live sessions limited to class members: linking checked exams (validation, nothing written on
 * bad input, data scope), an enrolled learner outside an exam's open departments sits the linked
 * exam through the class grant while others are refused as before and the grant does not leak to
 * other exams, a passed paper completes a finishExam class once with its certificate, a failed one
 * does not; a live session of a class is refused to non-members and listed for members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { certApi } from '@kaopei/contracts/cert';
import { classExamApi, type ClassExamRecord, type ClassMyExam } from '@kaopei/contracts/class-exam';
import { examApi } from '@kaopei/contracts/exam';
import { liveApi, type LiveWebRecord } from '@kaopei/contracts/live-class';
import { paperApi, type PaperDetail } from '@kaopei/contracts/paper';
import { quApi, type QuDetail } from '@kaopei/contracts/qu';
import { departApi } from '@kaopei/contracts/sys-depart';
import { propApi } from '@kaopei/contracts/sys-config-prop';
import { trainClassApi, type ClassLearnDetail } from '@kaopei/contracts/train-class';
import { formatTimeStrict, now } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, shanghaiTime, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
let repoId: string;
/** A department no test learner belongs to (learners register into A01). */
let elsewhere: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = await createRepo(t, admin);
  await createQu(t, admin, repoId, 1);
  elsewhere = must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq('分公司'), sfyxjbm: 1 }, admin)).deptCode;
});
afterAll(async () => {
  await t?.close();
});

/** An exam of one single-choice question (10 points, pass at 10) open to `elsewhere` only. */
const closedExam = (over: Record<string, unknown> = {}) => createExam(t, admin, examBody(repoId, { openType: 2, deptCodes: [elsewhere], qualifyScore: 10, ...over }));
/** A class open to everybody, no approval, completed by passing its exams only. */
const examClass = async (over: Record<string, unknown> = {}) =>
  must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, { title: uniq('考试班'), classType: 1, startTime: shanghaiTime(DAY), endTime: shanghaiTime(30 * DAY), finishCourses: false, finishExam: true, ...over }, admin)).id;
const link = (classId: string, examList: unknown[]) => t.call<{ count: number }>(classExamApi.save, { classId, examList }, admin);
const enrol = async (token: string, classId: string) => expect(must(await t.call<{ state: number }>(trainClassApi.apply, { classId }, token))).toEqual({ state: 1 });
const myList = (token: string, classId: string) => t.call<ClassMyExam[]>(classExamApi.myList, { classId }, token);
const info = async (token: string, id: string) => must(await t.call<ClassLearnDetail>(trainClassApi.info, { id }, token));

/** Draws a paper of `examId`, answers its question right (or not at all) and hands it in. */
async function sit(token: string, examId: string, right: boolean): Promise<string> {
  const { id } = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, token));
  if (right) {
    const paper = must(await t.call<PaperDetail>(paperApi.paperDetail, { id }, token));
    const q = paper.groupList[0]!.quList[0]!.quId;
    const answers = must(await t.call<QuDetail>(quApi.detail, { id: q }, admin)).answerList.filter((o) => o.isRight).map((o) => o.id);
    must(await t.call(paperApi.fillAnswer, { paperId: id, quId: q, answers }, token));
  }
  must(await t.call(paperApi.handExam, { id }, token));
  return id;
}

describe('linking exams', () => {
  it('checks the class, the exams and duplicates, writes nothing on bad input, lists in order', async () => {
    const [a, b] = [await closedExam(), await closedExam()];
    const classId = await examClass();
    expect(await link(classId, [{ examId: '' }])).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择考试！' });
    expect(await link(classId, [{ examId: a, sort: -1 }])).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '排序不能小于0！' });
    expect(await link(classId, [{ examId: a }, { examId: a }])).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: `考试重复：${a}` });
    expect(await link(classId, [{ examId: a }, { examId: '1234567890123456789' }])).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或已被删除：1234567890123456789' });
    expect(await link('1234567890123456789', [{ examId: a }])).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(must(await t.call<ClassExamRecord[]>(classExamApi.detail, { classId }, admin))).toEqual([]);

    expect(must(await link(classId, [{ examId: b, sort: 2, required: false }, { examId: a, sort: 1 }]))).toEqual({ count: 2 });
    const listed = must(await t.call<ClassExamRecord[]>(classExamApi.detail, { classId }, admin));
    expect(listed.map((r) => [r.examId, r.required])).toEqual([[a, true], [b, false]]);
    expect(listed[0]!.examId_dictText).not.toBe('');
    const page = must(await t.call<Page<ClassExamRecord>>(classExamApi.paging, { size: 1, params: { classId } }, admin));
    expect([page.total, page.records.map((r) => r.examId)]).toEqual([2, [a]]);
    // Parallel saves (a double click) leave one whole list.
    await Promise.all([link(classId, [{ examId: a }]), link(classId, [{ examId: a }])]);
    expect(must(await t.call<ClassExamRecord[]>(classExamApi.detail, { classId }, admin)).map((r) => r.examId)).toEqual([a]);

    const u = await t.newLearner();
    expect((await t.call(classExamApi.save, { classId, examList: [] }, u.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(classExamApi.paging, { params: { classId } }, u.token)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('sitting and completing', () => {
  it('an enrolled learner outside the open departments sits the linked exam; passing completes the class once with the certificate', async () => {
    const certId = must(await t.call<{ id: string }>(certApi.save, { title: uniq('考试结业证书'), authority: '培训部' }, admin)).id;
    const examId = await closedExam();
    const other = await closedExam();
    const classId = await examClass({ certId });
    must(await link(classId, [{ examId }]));
    const u = await t.newLearner();

    // Not enrolled: refused as before, and no class exam list.
    expect((await t.call(examApi.checkInfo, { id: examId }, u.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await t.call(paperApi.createPaper, { examId }, u.token)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '考试不存在或已被删除！' });
    expect((await myList(u.token, classId)).code).toBe(ErrorCode.NOT_FOUND);

    await enrol(u.token, classId);
    must(await t.call(examApi.checkInfo, { id: examId }, u.token));
    // The grant does not leak to an exam the class does not link.
    expect((await t.call(examApi.checkInfo, { id: other }, u.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(paperApi.createPaper, { examId: other }, u.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(must(await myList(u.token, classId))).toEqual([expect.objectContaining({ examId, required: true, bestScore: null, passed: false, canStart: true, startTip: '', checkPath: `/web/exam/check/${examId}` })]);
    expect((await info(u.token, classId)).requirements).toEqual([expect.objectContaining({ key: 'exam', done: 0, total: 1, met: false })]);

    await sit(u.token, examId, true);
    await t.events.settle();
    expect(must(await myList(u.token, classId))).toEqual([expect.objectContaining({ bestScore: 10, passed: true, tryCount: 1 })]);
    expect(await info(u.token, classId)).toMatchObject({ finished: true, requirements: [expect.objectContaining({ key: 'exam', done: 1, total: 1, met: true })] });
    // Passing again, a redelivered event, another settle: still one completion, one certificate.
    await sit(u.token, examId, true);
    await t.events.settle();
    await t.services.classExam.onPaperMarked({ userId: u.userId, examId, passed: true });
    expect(await t.services.trainClass.settle(classId, u.userId)).toBe(false);
    const grants = await t.db.selectFrom('cert_grant').selectAll().where('userId', '=', u.userId).where('refType', '=', 'class').where('refId', '=', classId).execute();
    expect(grants).toHaveLength(1);
  });

  it('a failed paper does not complete the class; leaving the class takes the grant away', async () => {
    const examId = await closedExam();
    const classId = await examClass();
    must(await link(classId, [{ examId }]));
    const u = await t.newLearner();
    await enrol(u.token, classId);
    await sit(u.token, examId, false);
    await t.events.settle();
    expect(must(await myList(u.token, classId))).toEqual([expect.objectContaining({ bestScore: 0, passed: false })]);
    expect(await info(u.token, classId)).toMatchObject({ finished: false, requirements: [expect.objectContaining({ key: 'exam', done: 0, total: 1, met: false })] });
    expect(await t.services.trainClass.settle(classId, u.userId)).toBe(false);
    must(await t.call(trainClassApi.withdraw, { classId }, u.token));
    expect((await t.call(paperApi.createPaper, { examId }, u.token)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('my-list tells why an exam cannot be started', async () => {
    const ended = await closedExam({ startTime: shanghaiTime(-2 * DAY), endTime: shanghaiTime(-DAY) });
    const classId = await examClass();
    must(await link(classId, [{ examId: ended }]));
    const u = await t.newLearner();
    await enrol(u.token, classId);
    expect(must(await myList(u.token, classId))).toEqual([expect.objectContaining({ canStart: false, startTip: '考试已结束！' })]);
  });
});

describe('live sessions of a class', () => {
  it('are refused to non-members and listed for members', async () => {
    must(await t.call(propApi.save, { type: 'live', provider: 'aliyun', data: { pushDomain: 'push.example.com', pushKey: 'k1', pullDomain: 'play.example.com', pullKey: 'k2' } }, admin));
    const classId = await examClass({ finishExam: false, finishCourses: true });
    const at = (ms: number) => formatTimeStrict(now() + ms);
    const save = async (over: Record<string, unknown>) => must(await t.call<{ id: string }>(liveApi.save, { title: uniq('直播'), startTime: at(-60_000), endTime: at(3_600_000), appName: 'kaopei', streamName: uniq('s'), ...over }, admin)).id;
    const [mine, open] = [await save({ classId }), await save({})];
    const [member, stranger] = [await t.newLearner(), await t.newLearner()];
    await enrol(member.token, classId);
    const listed = async (token: string) => must(await t.call<Page<LiveWebRecord>>(liveApi.userPaging, { size: 1000 }, token)).records.map((r) => r.id);

    expect(await listed(stranger.token)).toEqual(expect.arrayContaining([open]));
    expect(await listed(stranger.token)).not.toContain(mine);
    expect((await t.call(liveApi.play, { id: mine }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(liveApi.heartbeat, { id: mine, streamId: 'stream0001' }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    must(await t.call(liveApi.play, { id: open }, stranger.token));

    expect(await listed(member.token)).toEqual(expect.arrayContaining([mine, open]));
    expect(must(await t.call<Page<LiveWebRecord>>(liveApi.userPaging, { params: { classId } }, member.token)).records.map((r) => r.id)).toEqual([mine]);
    expect(must(await t.call<{ kind: string }>(liveApi.play, { id: mine }, member.token)).kind).toBe('live');
    must(await t.call(liveApi.heartbeat, { id: mine, streamId: 'stream0001' }, member.token));
    // An administrator holding live:class:list sees it too.
    must(await t.call(liveApi.play, { id: mine }, admin));
  });
});
