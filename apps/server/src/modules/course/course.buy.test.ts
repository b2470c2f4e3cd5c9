/**
 * API tests of buying courses (/api/course/buy/*): points debited exactly once under 10 parallel
 * calls, a second call charges nothing, a short balance changes nothing, free courses need no
 * purchase, price-only courses are applied for and approved or rejected by an administrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { courseApi, CourseError, type CourseBuyRecord, type CourseLearnRecord, type CourseSimple } from '@kaopei/contracts/course';
import { PointsError } from '@kaopei/contracts/points';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import { insertCourseFile } from '../../test/course-files';

let t: TestApp;
let admin: string;
let fileId: string;

const create = async (over: Record<string, unknown> = {}) => must(await t.call<{ id: string }>(courseApi.save, { title: uniq('购买课程'), fileList: [{ fileId }], ...over }, admin)).id;
const give = (userId: string, points: number) =>
  t.db.transaction().execute((trx) => t.services.points.credit(trx, { userId, points, refType: 'adjust', refId: uniq('t'), refRemark: '测试', deptCode: 'A01' }));
const balance = (userId: string) => t.services.points.balanceOf(userId);
/** A new learner once their login's points (daily_login) have landed, with the balance then. */
const learner = async (prefix: string) => {
  const l = await t.newLearner(prefix);
  await t.events.settle();
  return { ...l, base: await balance(l.userId) };
};
const buy = (courseId: string, token: string) => t.call<{ state: string; points: number; balance: number }>(courseApi.buy, { courseId }, token);
const mine = async (token: string) => must(await t.call<Page<CourseLearnRecord>>(courseApi.userPaging, { size: 5000 }, token)).records.map((c) => c.id);
const ledgerRows = (userId: string, courseId: string) =>
  t.db.selectFrom('user_points_log').select(['points']).where('userId', '=', userId).where('refType', '=', 'course_buy').where('refId', '=', courseId).execute();

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  fileId = await insertCourseFile(t, { duration: 60 });
});
afterAll(async () => {
  await t.close();
});

describe('buying with points', () => {
  it('10 parallel calls debit the ledger exactly once; the others answer "already owned"', async () => {
    const l = await learner('buy');
    await give(l.userId, 100);
    const id = await create({ costPoints: 30 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(id, l.token)));
    const ok = answers.filter((a) => a.code === 0);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.data).toEqual({ state: 'owned', points: 30, balance: l.base + 70 });
    for (const a of answers.filter((x) => x.code !== 0)) expect(a).toMatchObject({ code: CourseError.ALREADY_OWNED.code, msg: '您已拥有该课程，无需重复购买！' });
    expect(await balance(l.userId)).toBe(l.base + 70);
    expect(await ledgerRows(l.userId, id)).toEqual([{ points: -30 }]);
    expect(await t.db.selectFrom('el_course_user').select('state').where('courseId', '=', id).execute()).toEqual([{ state: 1 }]);
    // Owned: in my courses, can study, and a later call charges nothing.
    expect(await mine(l.token)).toContain(id);
    expect(must(await t.call<CourseSimple>(courseApi.simpleDetail, { id }, l.token))).toMatchObject({ owned: true, canStudy: true, free: false });
    expect((await buy(id, l.token)).code).toBe(CourseError.ALREADY_OWNED.code);
    expect(await balance(l.userId)).toBe(l.base + 70);
    expect((await t.services.course.studyPlan(l.userId, id)).courseId).toBe(id);
  });

  it('a short balance answers 积分不足！ and changes nothing', async () => {
    const l = await learner('buy');
    await give(l.userId, 5);
    const id = await create({ costPoints: 30 });
    expect(await buy(id, l.token)).toMatchObject({ code: PointsError.INSUFFICIENT.code, msg: '积分不足！' });
    expect(await balance(l.userId)).toBe(l.base + 5);
    expect(await t.db.selectFrom('el_course_user').select('id').where('courseId', '=', id).execute()).toEqual([]);
    expect(await ledgerRows(l.userId, id)).toEqual([]);
    expect(await mine(l.token)).not.toContain(id);
  });

  it('a free course needs no purchase; a course not open to the learner cannot be bought', async () => {
    const l = await learner('buy');
    const other = await learner('buy');
    await give(l.userId, 100);
    expect(await buy(await create(), l.token)).toMatchObject({ code: CourseError.FREE_COURSE.code, msg: '该课程免费，无需购买！' });
    const closed = await create({ costPoints: 10, openType: 3, userIds: [other.userId] });
    expect((await buy(closed, l.token)).code).toBe(ErrorCode.NOT_FOUND);
    const disabled = await create({ costPoints: 10, state: 1 });
    expect((await buy(disabled, l.token)).code).toBe(CourseError.DISABLED.code);
    expect(await balance(l.userId)).toBe(l.base + 100);
  });
});

describe('applying for a price-only course', () => {
  it('applies once, waits, and is approved by an administrator; a rejected learner may apply again', async () => {
    const a = await learner('apply');
    const b = await learner('apply');
    const id = await create({ salePrice: 99 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(id, a.token)));
    expect(answers.filter((x) => x.code === 0).map((x) => x.data)).toEqual([{ state: 'applied', points: 0, balance: a.base }]);
    for (const x of answers.filter((y) => y.code !== 0)) expect(x).toMatchObject({ code: CourseError.APPLY_PENDING.code, msg: '您已提交申请，请等待管理员审核！' });
    expect(must(await t.call<CourseSimple>(courseApi.simpleDetail, { id }, a.token))).toMatchObject({ owned: false, applyState: 0, canStudy: false });
    expect(must(await buy(id, b.token)).state).toBe('applied');

    const page = must(await t.call<Page<CourseBuyRecord>>(courseApi.buyPaging, { size: 100, params: { courseId: id, state: 0 } }, admin));
    expect(page.total).toBe(2);
    const rowA = page.records.find((r) => r.userId === a.userId) as CourseBuyRecord;
    const rowB = page.records.find((r) => r.userId === b.userId) as CourseBuyRecord;
    expect(rowA).toMatchObject({ courseId_dictText: expect.stringContaining('购买课程'), userId_dictText: '测试学员', state_dictText: '待审核', source: 'apply', source_dictText: '申请' });
    expect(must(await t.call(courseApi.buyAudit, { ids: [rowA.id], state: 1 }, admin))).toEqual({ changed: 1 });
    expect(must(await t.call(courseApi.buyAudit, { ids: [rowA.id], state: 2 }, admin))).toEqual({ changed: 0 });
    expect(must(await t.call(courseApi.buyAudit, { ids: [rowB.id], state: 2 }, admin))).toEqual({ changed: 1 });
    expect(await mine(a.token)).toContain(id);
    expect(await mine(b.token)).not.toContain(id);
    expect(must(await t.call<CourseSimple>(courseApi.simpleDetail, { id }, b.token))).toMatchObject({ applyState: 2, canStudy: false });
    expect((await buy(id, a.token)).code).toBe(CourseError.ALREADY_OWNED.code);
    expect(must(await buy(id, b.token)).state).toBe('applied');
    // Learners cannot audit.
    expect((await t.call(courseApi.buyAudit, { ids: [rowB.id], state: 1 }, a.token)).code).not.toBe(0);
  });
});
