/**
 * The exam cache of the hot path (exam.cache.ts): a learner's create-paper and hand-in read exams
 * from memory, yet every administrator change applies to the very next call — disabling, the
 * earliest hand-in, the people an exam is open to — and a drop made by one process reaches another
 * (two caches on one bus, as two processes on Redis).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { examApi, ExamError } from '@kaopei/contracts/exam';
import { paperApi } from '@kaopei/contracts/paper';
import { localBus } from '../../platform/bus';
import { testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must } from '../../test/builders';
import { ExamCache } from './exam.cache';

let t: TestApp;
let admin: string;
let repoId: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = await createRepo(t, admin);
  await createQu(t, admin, repoId, 1);
});
afterAll(async () => {
  await t.close();
});

const create = (examId: string, token: string) => t.call<{ id: string }>(paperApi.createPaper, { examId }, token);

describe('exam cache', () => {
  it('a disabled exam refuses the next create-paper although a paper of it was just drawn from the cache', async () => {
    const examId = await createExam(t, admin, examBody(repoId));
    const [a, b] = [await t.newLearner('ec'), await t.newLearner('ec')];
    expect((await create(examId, a.token)).code).toBe(0);
    must(await t.call(examApi.state, { ids: [examId], state: 1 }, admin));
    expect((await create(examId, b.token)).code).toBe(ExamError.EXAM_NOT_OPEN.code);
  });

  it('a new earliest hand-in applies to papers already open', async () => {
    const examId = await createExam(t, admin, examBody(repoId));
    const a = await t.newLearner('ec');
    const paperId = must(await create(examId, a.token)).id;
    const detail = must(await t.call<Record<string, unknown>>(examApi.detail, { id: examId }, admin));
    must(await t.call(examApi.save, { ...examBody(repoId), id: examId, title: detail.title, handMinMinutes: 10 }, admin));
    expect((await t.call(paperApi.handExam, { id: paperId }, a.token)).code).toBe(ExamError.HAND_TOO_EARLY.code);
  });

  it('people added to an exam open to a list may sit it at once', async () => {
    const [a, b] = [await t.newLearner('ec'), await t.newLearner('ec')];
    const examId = await createExam(t, admin, examBody(repoId, { openType: 3, userIds: [a.userId] }));
    expect((await create(examId, a.token)).code).toBe(0);
    expect((await create(examId, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    must(await t.call(examApi.userRefJoin, { refId: examId, ids: [b.userId] }, admin));
    expect((await create(examId, b.token)).code).toBe(0);
  });

  it('a drop published by one process empties the other process’s entry', async () => {
    const examId = await createExam(t, admin, examBody(repoId));
    const bus = localBus();
    const [mine, other] = [new ExamCache(bus), new ExamCache(bus)];
    expect((await other.exam(t.db, examId))?.totalTime).toBe(30);
    await t.db.updateTable('el_exam').set({ totalTime: 45 }).where('id', '=', examId).execute();
    expect((await other.exam(t.db, examId))?.totalTime).toBe(30); // held
    await mine.drop([examId]);
    expect((await other.exam(t.db, examId))?.totalTime).toBe(45);
  });
});
