/**
 * API tests of the dashboard totals (POST /api/stat/total/num/all): the seeded content, then the
 * counts after adding and deleting banks, questions, exams and users (the seeded demo course with its
 * two files counted in courseCount and fileCount).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { CommonError, ErrorCode } from '@kaopei/contracts';
import { statApi, type TotalNum } from '@kaopei/contracts/stat';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must } from '../../test/builders';
import { repoApi, RepoError } from '@kaopei/contracts/repo';
import { userApi, UserError } from '@kaopei/contracts/sys-user';
import { quApi } from '@kaopei/contracts/qu';
import { examApi } from '@kaopei/contracts/exam';
import { certApi, certGrantApi } from '@kaopei/contracts/cert';
import { tmplApi } from '@kaopei/contracts/notify';

/** Message templates seeded at the first start: one per registered event (every module's notifyEvents). */
let BUILTIN_COUNT = 0;

let t: TestApp;
let admin: string;

const totals = async () => must(await t.call<TotalNum>(statApi.totalNumAll, {}, admin));

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  BUILTIN_COUNT = t.services.notify.events().length;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/stat/total/num/all', () => {
  it('matches the seeded content', async () => {
    expect(await totals()).toEqual({ repoCount: 1, quCount: 24, examCount: 1, courseCount: 1, fileCount: 2, userCount: 2, grantCount: 0, tmplCount: BUILTIN_COUNT, battleCount: 0 });
  });

  it('counts what is added', async () => {
    const repoId = await createRepo(t, admin);
    expect(await totals()).toEqual({ repoCount: 2, quCount: 24, examCount: 1, courseCount: 1, fileCount: 2, userCount: 2, grantCount: 0, tmplCount: BUILTIN_COUNT, battleCount: 0 });
    await createQu(t, admin, repoId, 1);
    await createQu(t, admin, repoId, 2);
    await createQu(t, admin, repoId, 3);
    expect(await totals()).toEqual({ repoCount: 2, quCount: 27, examCount: 1, courseCount: 1, fileCount: 2, userCount: 2, grantCount: 0, tmplCount: BUILTIN_COUNT, battleCount: 0 });
    await createExam(t, admin, examBody(repoId));
    await t.newLearner('stat');
    expect(await totals()).toEqual({ repoCount: 2, quCount: 27, examCount: 2, courseCount: 1, fileCount: 2, userCount: 3, grantCount: 0, tmplCount: BUILTIN_COUNT, battleCount: 0 });
  });

  it('counts certificates granted and message templates', async () => {
    const before = await totals();
    const { id: certId } = must(await t.call<{ id: string }>(certApi.save, { title: '统计证书', authority: '考培' }, admin));
    const learner = await t.newLearner('statc');
    must(await t.call(certGrantApi.grantBatch, { certId, userIds: [learner.userId] }, admin));
    const { id: tmplId } = must(await t.call<{ id: string }>(tmplApi.save, { title: '统计模板', content: '内容', event: 'class.notice', sms: 0, smsCode: '' }, admin));
    expect(await totals()).toEqual({ ...before, userCount: before.userCount + 1, grantCount: before.grantCount + 1, tmplCount: before.tmplCount + 1 });
    must(await t.call(tmplApi.delete, { ids: [tmplId] }, admin));
    expect((await totals()).tmplCount).toBe(before.tmplCount);
  });

  it('does not count what is deleted or refused', async () => {
    const before = await totals();
    const repoId = await createRepo(t, admin);
    const q1 = await createQu(t, admin, repoId, 1);
    await createQu(t, admin, repoId, 3);
    const examId = await createExam(t, admin, examBody(repoId));
    expect(await totals()).toEqual({ ...before, repoCount: before.repoCount + 1, quCount: before.quCount + 2, examCount: before.examCount + 1 });
    // Refused calls change nothing.
    expect((await t.call(quApi.save, { repoId, quType: 1, content: '坏题', answerList: [{ content: 'a', isRight: true }] }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
    expect((await t.call(repoApi.delete, { ids: [repoId] }, admin)).code).toBe(RepoError.REPO_IN_USE.code);
    expect((await t.call(userApi.reg, { userName: 'admin', realName: '重名', password: 'Good@1234', deptCode: 'A01', ...(await t.captcha()) })).code).toBe(UserError.USER_EXISTS.code);
    expect(await totals()).toEqual({ ...before, repoCount: before.repoCount + 1, quCount: before.quCount + 2, examCount: before.examCount + 1 });
    must(await t.call(quApi.delete, { ids: [q1] }, admin));
    must(await t.call(examApi.delete, { ids: [examId] }, admin));
    expect(await totals()).toEqual({ ...before, repoCount: before.repoCount + 1, quCount: before.quCount + 1 });
    must(await t.call(repoApi.delete, { ids: [repoId] }, admin));
    expect(await totals()).toEqual(before);
  });

  it('is an admin call', async () => {
    const learner = await t.login(LEARNER);
    expect(await t.call(statApi.totalNumAll, {}, learner)).toEqual({ status: 200, code: ErrorCode.NO_PERMISSION, msg: CommonError.NO_PERMISSION.msg, data: null, success: false });
    expect((await t.call(statApi.totalNumAll, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});
