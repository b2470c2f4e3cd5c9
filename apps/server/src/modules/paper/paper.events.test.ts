/**
 * What a marked paper sets off through domain events (issue 7), end to end on a real database:
 * a passed paper of an exam that names a certificate awards the exam_pass points once per exam,
 * grants the certificate once (also when two hand-ins of the same learner race), and sends the
 * "paper marked" and "certificate granted" messages; a failed paper sends only its score message;
 * the first login of a day awards the daily point once per day of the server clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certApi, certGrantApi, type CertGrantRow } from '@kaopei/contracts/cert';
import { msgApi } from '@kaopei/contracts/notify';
import { paperApi } from '@kaopei/contracts/paper';
import { repoApi } from '@kaopei/contracts/repo';
import { userApi } from '@kaopei/contracts/sys-user';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { createExam, examBody, must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
let repoId: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = must(await t.call<{ records: { id: string }[] }>(repoApi.paging, {}, admin)).records[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

/** Draws and hands in a paper without answering (score 0). */
async function sit(token: string, examId: string): Promise<string> {
  const { id } = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, token));
  return id;
}
const hand = (token: string, id: string) => t.call(paperApi.handExam, { id }, token);

const ledger = (userId: string) =>
  t.db.selectFrom('user_points_log').select(['refType', 'refId', 'points', 'refRemark']).where('userId', '=', userId).orderBy('createTime').execute();
const titles = async (token: string) => must(await t.call<{ records: { title: string }[] }>(msgApi.paging, { current: 1, size: 50 }, token)).records.map((m) => m.title).sort();

describe('paper.marked', () => {
  it('passed papers: exam_pass points and the exam certificate once per exam, a score message per paper, one certificate message', async () => {
    const certTitle = uniq('安全员证书');
    const { id: certId } = must(await t.call<{ id: string }>(certApi.save, { title: certTitle, authority: '考培培训中心', expireMonths: 12 }, admin));
    // qualifyScore 0: a paper handed in without answers passes.
    const examTitle = uniq('考试');
    const examId = await createExam(t, admin, examBody(repoId, { title: examTitle, qualifyScore: 0, certId }));
    const u = await t.newLearner();
    await t.events.settle();
    const before = await ledger(u.userId);

    // Two passed attempts of the same learner whose events are handled together (listener jobs in parallel).
    await hand(u.token, await sit(u.token, examId));
    await hand(u.token, await sit(u.token, examId));
    await t.events.settle();

    const awarded = (await ledger(u.userId)).slice(before.length);
    expect(awarded).toEqual([expect.objectContaining({ refType: 'exam_pass', refId: examId, points: 10, refRemark: `通过考试：${examTitle}` })]);
    const certs = must(await t.call<CertGrantRow[]>(certGrantApi.myList, {}, u.token));
    expect(certs.map((c) => c.title)).toEqual([certTitle]);
    expect(certs[0]!.certNo).toMatch(/^KP-\d{4}-\d{6}$/);
    const msgs = await titles(u.token);
    expect(msgs.filter((m) => m === `证书发放：${certTitle}`)).toHaveLength(1);
    expect(msgs.filter((m) => m === `成绩通知：${examTitle}`)).toHaveLength(2);
    expect(must(await t.call<{ count: number }>(msgApi.countUnread, {}, u.token)).count).toBe(msgs.length);

    // Settling again changes nothing (listeners are idempotent).
    await t.events.settle();
    expect((await ledger(u.userId)).length).toBe(before.length + 1);
  });

  it('a failed paper: only its score message, no points, no certificate', async () => {
    const { id: certId } = must(await t.call<{ id: string }>(certApi.save, { title: uniq('证书'), authority: '考培' }, admin));
    const examTitle = uniq('考试');
    const examId = await createExam(t, admin, examBody(repoId, { title: examTitle, qualifyScore: 10, certId }));
    const u = await t.newLearner();
    await t.events.settle();
    const before = await ledger(u.userId);
    await hand(u.token, await sit(u.token, examId));
    await t.events.settle();
    expect(await ledger(u.userId)).toEqual(before);
    expect(must(await t.call<CertGrantRow[]>(certGrantApi.myList, {}, u.token))).toEqual([]);
    expect(await titles(u.token)).toEqual([`成绩通知：${examTitle}`]);
  });
});

describe('user.firstLoginOfDay', () => {
  it('awards the daily point on the first login of each day, once', async () => {
    const u = await t.newLearner(); // registration logs in: the first login of today
    await t.events.settle();
    const daily = async () => (await ledger(u.userId)).filter((r) => r.refType === 'daily_login');
    expect(await daily()).toHaveLength(1);
    await t.call(userApi.login, { username: u.userName, password: 'Test@12345' });
    await t.call(userApi.login, { username: u.userName, password: 'Test@12345' });
    await t.events.settle();
    expect(await daily()).toHaveLength(1);
    advanceClock(24 * 3600_000);
    try {
      await t.call(userApi.login, { username: u.userName, password: 'Test@12345' });
      await t.events.settle();
      expect(await daily()).toHaveLength(2);
    } finally {
      advanceClock(-24 * 3600_000);
    }
  });
});
