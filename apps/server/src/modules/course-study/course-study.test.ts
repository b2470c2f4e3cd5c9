/**
 * Course study API (issue 11 "Tests"): progress faster than real time is not credited; progress while
 * a check is pending is refused (wrong captcha → new key, right → resume, past 120 s → broken); two
 * tabs do not double count; a seek beyond the allowed point in drag-lock mode is not credited;
 * another learner's progress is unreachable; completion grants the certificate, points and message
 * exactly once, also under parallel final reports. The server clock is moved with advanceClock.
 *
 * Plans come from a test plan source (`usePlans`), the narrow interface the course module fills.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@kaopei/contracts';
import { certApi, certGrantApi, type CertGrantRow } from '@kaopei/contracts/cert';
import { CHECK_GRACE_MS, StudyError, courseStudyApi, type FetchFileRes, type LearnRow, type StudyCheck, type StudyReply } from '@kaopei/contracts/course-study';
import { notFound } from '../../lib/errors';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { must, uniq } from '../../test/builders';
import type { StudyPlan } from './course-study.plan';

let t: TestApp;
let admin: string;
/** courseId → plan and the learners allowed (empty: everyone). */
const plans = new Map<string, { plan: StudyPlan; only: string[] }>();

function addCourse(over: Partial<StudyPlan> = {}, only: string[] = [], files = [{ needSec: 30, fileType: 33, duration: 300, pageCount: 0 }]): StudyPlan {
  const courseId = `c${randomBytes(6).toString('hex')}`;
  const plan: StudyPlan = {
    courseId, title: uniq('课程'), videoDrag: true, checkOn: false, checkSec: 0, faceOn: false, faceInterval: 10, faceChance: 3, certId: '', finishPoints: 0,
    files: files.map((f, i) => ({ fileId: `${courseId}f${i}`, title: `课件${i + 1}`, chapter: '第一章', sort: i, ...f })),
    ...over,
  };
  plans.set(courseId, { plan, only });
  return plan;
}

const tab = () => randomBytes(12).toString('hex');
type Learner = { token: string; userId: string };
const progress = (who: Learner, plan: StudyPlan, streamId: string, body: { position?: number; playing?: boolean; page?: number; file?: number } = {}) =>
  t.call<StudyReply>(courseStudyApi.progress, { courseId: plan.courseId, fileId: plan.files[body.file ?? 0]!.fileId, streamId, position: body.position ?? 0, playing: body.playing ?? true, ...(body.page ? { page: body.page } : {}) }, who.token);
const fetchFile = (who: Learner, plan: StudyPlan, file = 0) => t.call<FetchFileRes>(courseStudyApi.fetchFile, { courseId: plan.courseId, fileId: plan.files[file]!.fileId }, who.token);
const answer = async (who: Learner, plan: StudyPlan, key: string, code?: string) => {
  await t.services.captcha.generate(key); // what the browser's image request does
  return t.call<{ passed: boolean }>(courseStudyApi.check, { courseId: plan.courseId, key, code: code ?? (await t.services.captcha.textOf(key)) ?? '' }, who.token);
};

/** The points ledger's course_finish rows of a learner and course (their amounts). */
const finishPoints = async (userId: string, courseId: string) =>
  (await t.db.selectFrom('user_points_log').select('points').where('userId', '=', userId).where('refType', '=', 'course_finish').where('refId', '=', courseId).execute()).map((r) => Number(r.points));

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  t.services.courseStudy.usePlans({
    studyPlan: async (userId, courseId) => {
      const p = plans.get(courseId);
      if (!p || (p.only.length && !p.only.includes(userId))) throw notFound('课程不存在或您无权学习！');
      return p.plan;
    },
  });
});
afterAll(async () => {
  t?.services.courseStudy.usePlans(null);
  await t?.close();
});

describe('study time', () => {
  it('credits at most the real time between reports: fast reports, 2x claims and an hour of silence add nothing extra', async () => {
    const a = await t.newLearner();
    const plan = addCourse();
    const s = tab();
    const started = Date.now();
    expect(must(await progress(a, plan, s))).toMatchObject({ creditedSec: 0, reason: 'baseline' });
    // Ten reports claiming 20 s each: only the real time they took is credited.
    for (let i = 1; i <= 10; i++) must(await progress(a, plan, s, { position: i * 20 }));
    const fast = must(await fetchFile(a, plan)).learnSec;
    expect(fast).toBeLessThanOrEqual(Math.floor((Date.now() - started) / 1000));
    advanceClock(10_000);
    const r = must(await progress(a, plan, s, { position: 220 }));
    expect(r.creditedSec).toBeGreaterThanOrEqual(10);
    expect(r.learnSec).toBeLessThanOrEqual(10 + Math.ceil((Date.now() - started) / 1000));
    advanceClock(3600_000);
    expect(must(await progress(a, plan, s, { position: 230 }))).toMatchObject({ creditedSec: 0, reason: 'gap', learnSec: r.learnSec });
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { position: 230, playing: false }))).toMatchObject({ creditedSec: 0, reason: 'paused', learnSec: r.learnSec });
    // Pressing play again does not buy the paused interval.
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { position: 240, playing: true }))).toMatchObject({ creditedSec: 0, reason: 'paused', learnSec: r.learnSec });
    const saved = must(await fetchFile(a, plan));
    expect(saved).toMatchObject({ learnSec: r.learnSec, needSec: 30, lastPosition: 240, finished: false, fileType: 33 });
    // process follows the credited milliseconds: learnSec / needSec, within the second learnSec rounds off.
    expect(saved.process).toBeGreaterThanOrEqual(Math.floor((r.learnSec * 100) / 30));
    expect(saved.process).toBeLessThanOrEqual(Math.floor(((r.learnSec + 1) * 100) / 30));
  });

  it('two tabs (or devices) do not double count: the second is stopped while the first holds the slot, and takes over after its lease', async () => {
    const a = await t.newLearner();
    const plan = addCourse({}, [], [{ needSec: 600, fileType: 33, duration: 900, pageCount: 0 }]);
    const [one, two] = [tab(), tab()];
    must(await progress(a, plan, one));
    const refused = await progress(a, plan, two);
    expect(refused).toMatchObject({ code: StudyError.STOPPED.code, msg: StudyError.STOPPED.msg, success: false });
    advanceClock(10_000);
    const both = await Promise.all([progress(a, plan, one, { position: 10 }), progress(a, plan, two, { position: 10 })]);
    expect(both.map((x) => x.code).sort()).toEqual([0, StudyError.STOPPED.code]);
    expect(must(await fetchFile(a, plan)).learnSec).toBe(10);
    // Tab one goes silent past its lease: tab two takes over (a baseline), tab one is now stopped.
    advanceClock(20_000);
    expect(must(await progress(a, plan, two, { position: 10 }))).toMatchObject({ creditedSec: 0, reason: 'baseline' });
    expect((await progress(a, plan, one, { position: 40 })).code).toBe(StudyError.STOPPED.code);
    advanceClock(10_000);
    expect(must(await progress(a, plan, two, { position: 20 })).learnSec).toBe(20);
    // Parallel duplicates of one tab credit the interval once.
    advanceClock(10_000);
    const dup = await Promise.all([1, 2, 3].map(() => progress(a, plan, two, { position: 30 })));
    expect(dup.map((d) => d.code)).toEqual([0, 0, 0]);
    expect(must(await fetchFile(a, plan)).learnSec).toBe(30);
  });

  it('drag-lock: a seek beyond maxPosition + elapsed is not credited and the reply says where to go back', async () => {
    const a = await t.newLearner();
    const plan = addCourse({ videoDrag: false });
    const s = tab();
    must(await progress(a, plan, s, { position: 0 }));
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { position: 10 }))).toMatchObject({ learnSec: 10, maxPosition: 10, revert: null });
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { position: 250 }))).toMatchObject({ creditedSec: 0, reason: 'seek', revert: 10, learnSec: 10, maxPosition: 10 });
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { position: 20 }))).toMatchObject({ revert: null, learnSec: 20 });
    // With seeking allowed the same jump is fine (but still only real time is credited).
    const free = addCourse();
    must(await progress(a, free, s));
    advanceClock(10_000);
    expect(must(await progress(a, free, s, { position: 250 }))).toMatchObject({ learnSec: 10, revert: null, maxPosition: 250 });
  });
});

describe('learning checks', () => {
  it('opens a check after checkSec of credited time; refuses progress until the right captcha; a wrong one gives a new key', async () => {
    const a = await t.newLearner();
    const plan = addCourse({ checkOn: true, checkSec: 20 }, [], [{ needSec: 600, fileType: 33, duration: 900, pageCount: 0 }]);
    const s = tab();
    must(await progress(a, plan, s));
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { position: 10 })).check).toBeNull();
    advanceClock(10_000);
    const opened = must(await progress(a, plan, s, { position: 20 })).check as StudyCheck;
    expect(opened).toMatchObject({ leftSec: 120 });
    advanceClock(10_000);
    const pending = await progress(a, plan, s, { position: 30 });
    expect(pending).toMatchObject({ code: StudyError.CHECK_PENDING.code, success: false, data: { key: opened.key } });
    expect(must(await fetchFile(a, plan))).toMatchObject({ learnSec: 20, check: { key: opened.key } });

    const wrong = await answer(a, plan, opened.key, 'ZZZZ');
    expect(wrong).toMatchObject({ code: StudyError.CHECK_WRONG.code, msg: '验证码错误或已失效，请点击图片刷新验证码！' });
    const newKey = (wrong.data as unknown as StudyCheck).key;
    expect(newKey).not.toBe(opened.key);
    // The old key is dead even with its right text.
    expect((await answer(a, plan, opened.key)).code).toBe(StudyError.CHECK_WRONG.code);
    const current = must(await fetchFile(a, plan)).check as StudyCheck;
    expect(must(await answer(a, plan, current.key))).toEqual({ passed: true });
    // The time spent on the dialog is not study time: the next report is a baseline.
    expect(must(await progress(a, plan, s, { position: 30 }))).toMatchObject({ creditedSec: 0, reason: 'baseline', learnSec: 20 });
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { position: 40 })).learnSec).toBe(30);
    expect((await answer(a, plan, current.key)).code).toBe(StudyError.NO_CHECK.code);
  });

  it('breaks the check 120 s after it opened; the reloaded page gets a fresh check', async () => {
    const a = await t.newLearner();
    const plan = addCourse({ checkOn: true, checkSec: 10 }, [], [{ needSec: 600, fileType: 33, duration: 900, pageCount: 0 }]);
    const s = tab();
    must(await progress(a, plan, s));
    advanceClock(10_000);
    const opened = must(await progress(a, plan, s, { position: 10 })).check as StudyCheck;
    expect(opened).not.toBeNull();
    advanceClock(CHECK_GRACE_MS + 1000);
    expect((await progress(a, plan, s, { position: 20 })).code).toBe(StudyError.CHECK_BROKEN.code);
    expect((await answer(a, plan, opened.key)).code).toBe(StudyError.CHECK_BROKEN.code);
    const reloaded = must(await fetchFile(a, plan)).check as StudyCheck;
    expect(reloaded.key).not.toBe(opened.key);
    expect(reloaded.leftSec).toBe(120);
    expect(must(await answer(a, plan, reloaded.key))).toEqual({ passed: true });
    expect(must(await progress(a, plan, s, { position: 20 })).learnSec).toBe(10);
  });
});

describe('records and privacy', () => {
  it("lists only my rows (course filter); another learner cannot study or read a course that is not theirs; fix-process needs the admin's code", async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    const mine = addCourse({}, [a.userId]);
    const other = addCourse();
    // One tab moving from one course to another (a second tab would be stopped: one study slot per learner).
    const s = tab();
    must(await progress(a, mine, s));
    must(await progress(a, other, s));
    const rows = must(await t.call<{ records: LearnRow[]; total: number }>(courseStudyApi.paging, { params: { courseId: mine.courseId } }, a.token));
    expect(rows.total).toBe(1);
    expect(rows.records[0]).toMatchObject({ courseId: mine.courseId, fileId: mine.files[0]!.fileId, courseName: mine.title, fileName: '课件1', process: 0 });
    expect(must(await t.call<{ total: number }>(courseStudyApi.paging, {}, a.token)).total).toBe(2);
    expect(must(await t.call<{ total: number }>(courseStudyApi.paging, { params: { courseId: mine.courseId } }, b.token)).total).toBe(0);
    for (const res of [await fetchFile(b, mine), await progress(b, mine, tab()), await t.call(courseStudyApi.courseFiles, { courseId: mine.courseId }, b.token)]) {
      expect(res).toMatchObject({ success: false, code: ErrorCode.NOT_FOUND, data: null });
    }
    // B studying the shared course sees B's own progress, not A's.
    expect(must(await fetchFile(b, other))).toMatchObject({ learnSec: 0, lastPosition: 0 });
    const fix = { userId: a.userId, courseId: mine.courseId, fileId: mine.files[0]!.fileId, process: 50 };
    expect((await t.call(courseStudyApi.fixProcess, fix, b.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect(must(await t.call(courseStudyApi.fixProcess, fix, admin))).toEqual({ process: 50, courseFinished: false });
    expect(must(await fetchFile(a, mine))).toMatchObject({ learnSec: 15, process: 50 });
    // The correction is in the operation log (the router records every admin write).
    const logged = async () => (await t.db.selectFrom('sys_oper_log').select(['code', 'userName']).where('path', '=', courseStudyApi.fixProcess.path).execute()).filter((r) => r.code === 0 && r.userName === 'admin').length;
    for (let i = 0; i < 100 && (await logged()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await logged()).toBeGreaterThanOrEqual(1);
    expect((await t.call(courseStudyApi.fixProcess, { ...fix, process: 101 }, admin)).code).toBe(ErrorCode.BAD_PARAMS);
    expect((await t.call(courseStudyApi.fixProcess, { ...fix, fileId: 'nope' }, admin)).code).toBe(StudyError.FILE_NOT_IN_COURSE.code);
  });
});

describe('completion', () => {
  it('finishes files and the course exactly once under parallel final reports: one certificate, one points credit, one message', async () => {
    const a = await t.newLearner();
    const certId = must(await t.call<{ id: string }>(certApi.save, { title: uniq('课程结业证书'), authority: '考培培训中心' }, admin)).id;
    const plan = addCourse({ certId, finishPoints: 7 }, [], [
      { needSec: 10, fileType: 33, duration: 60, pageCount: 0 },
      { needSec: 10, fileType: 22, duration: 0, pageCount: 2 },
    ]);
    const s = tab();
    must(await progress(a, plan, s));
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { position: 10 }))).toMatchObject({ finished: true, event: 'fileDone', courseFinished: false, courseProcess: 50 });
    advanceClock(1000);
    expect(must(await progress(a, plan, s, { position: 11 })).event).toBeNull();
    // The document: time and both pages.
    must(await progress(a, plan, s, { file: 1, page: 1 }));
    advanceClock(10_000);
    expect(must(await progress(a, plan, s, { file: 1, page: 1 }))).toMatchObject({ learnSec: 10, finished: false, process: 50 });
    advanceClock(5000);
    const last = await Promise.all([1, 2, 3, 4, 5].map(() => progress(a, plan, s, { file: 1, page: 2 })));
    const events = last.map((x) => must(x).event);
    expect(events.filter((e) => e === 'allDone')).toHaveLength(1);
    expect(events.filter((e) => e !== null)).toHaveLength(1);
    expect(must(await t.call(courseStudyApi.courseFiles, { courseId: plan.courseId }, a.token))).toMatchObject({ courseFinished: true, courseProcess: 100 });

    const grants = must(await t.call<CertGrantRow[]>(certGrantApi.myList, {}, a.token)).filter((g) => g.certId === certId);
    expect(grants).toHaveLength(1);
    expect(await finishPoints(a.userId, plan.courseId)).toEqual([7]);
    await t.events.settle();
    expect(await t.services.notify.messagesOf('course.finish', plan.courseId)).toHaveLength(1);

    // Parallel admin corrections finishing another learner's course: once as well.
    const b = await t.newLearner();
    const fixes = await Promise.all([0, 1, 0, 1].map((i) => t.call<{ courseFinished: boolean }>(courseStudyApi.fixProcess, { userId: b.userId, courseId: plan.courseId, fileId: plan.files[i]!.fileId, process: 100 }, admin)));
    expect(fixes.every((f) => f.code === 0)).toBe(true);
    expect(must(await t.call<CertGrantRow[]>(certGrantApi.myList, {}, b.token)).filter((g) => g.certId === certId)).toHaveLength(1);
    expect(await finishPoints(b.userId, plan.courseId)).toEqual([7]);
    const rows = await t.services.courseStudy.statRows(plan.courseId);
    expect(rows.find((r) => r.userId === b.userId)).toMatchObject({ finished: true, process: 100 });
    expect(rows.find((r) => r.userId === a.userId)).toMatchObject({ finished: true, learnSec: 26 });
  });

  it('answers the course module refusal and unknown files as errors that change nothing', async () => {
    const a = await t.newLearner();
    const plan = addCourse();
    const bad = await t.call(courseStudyApi.progress, { courseId: plan.courseId, fileId: 'nofile', streamId: tab(), position: 0, playing: true }, a.token);
    expect(bad.code).toBe(StudyError.FILE_NOT_IN_COURSE.code);
    expect((await t.call(courseStudyApi.progress, { courseId: plan.courseId, fileId: plan.files[0]!.fileId, streamId: 'short', position: 0, playing: true }, a.token)).code).toBe(ErrorCode.BAD_PARAMS);
    expect((await t.call(courseStudyApi.progress, { courseId: plan.courseId, fileId: plan.files[0]!.fileId, streamId: tab(), position: -1, playing: true }, a.token)).code).toBe(ErrorCode.BAD_PARAMS);
    expect(must(await t.call<{ total: number }>(courseStudyApi.paging, {}, a.token)).total).toBe(0);
  });
});
