/**
 * Face checks during course study (issue 12 "Camera proctoring", Study; SPEC §7 /api/course/face/*):
 * with the real local face engine and photos cut from a package's samples (test/faces.ts).
 * Nothing is credited before a face check passes or after its window (faceInterval + 120 s) ran out;
 * a check with the learner's own face opens study, another person's or no face fails; faceChance
 * consecutive failures break the study exactly once (also in parallel); a learner without an enrolled
 * (real-name) face never passes; a bad image changes nothing; the admin lists show every check and
 * capture; a course without face checks refuses the calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@kaopei/contracts';
import { courseApi } from '@kaopei/contracts/course';
import { courseFaceApi, FACE_GRACE_MS, type CourseFaceRow } from '@kaopei/contracts/course-face';
import { StudyError, courseStudyApi, type FetchFileRes, type StudyReply } from '@kaopei/contracts/course-study';
import { FaceError, type CaptureResult, type FaceCheckResult } from '@kaopei/contracts/face';
import type { Page } from '@kaopei/contracts';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { insertCourseFile } from '../../test/course-files';
import { dataUrl, FACE_SAMPLES, FACE_SAMPLES_MISSING, noFace, personA, personA2, personB } from '../../test/faces';
import { MISMATCH_MSG, NOT_ENROLLED_MSG } from './course-study.face';

if (!FACE_SAMPLES) console.warn(FACE_SAMPLES_MISSING);

describe.skipIf(!FACE_SAMPLES)('course face checks', () => {
  let t: TestApp;
  let admin: string;
  let a: { token: string; userId: string };
  let b: { token: string; userId: string };
  let courseId = '';
  let fileId = '';
  let plainCourseId = '';
  let own = '';
  let other = '';
  let blank = '';

  const tab = () => randomBytes(12).toString('hex');
  const body = (img: string) => ({ courseId, fileId, base64: img });
  const check = (who: { token: string }, img: string, c = courseId) => t.call<FaceCheckResult>(courseFaceApi.validateFace, { ...body(img), courseId: c }, who.token);
  const capture = (who: { token: string }, img: string) => t.call<CaptureResult>(courseFaceApi.save, body(img), who.token);
  const progress = (who: { token: string }, streamId: string, position = 0) => t.call<StudyReply>(courseStudyApi.progress, { courseId, fileId, streamId, position, playing: true }, who.token);
  const faceRows = async () => Number((await t.db.selectFrom('el_course_face').select((e) => e.fn.countAll().as('n')).where('courseId', '=', courseId).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await testApp();
    admin = await t.login();
    a = await t.newLearner('facea');
    b = await t.newLearner('faceb');
    await t.services.face.enroll(a.userId, await personA());
    fileId = await insertCourseFile(t, { duration: 600 });
    const save = async (faceOn: boolean) =>
      (await t.call<{ id: string }>(courseApi.save, { title: `人脸课程${randomBytes(3).toString('hex')}`, fileList: [{ fileId, chapter: '第一章', sort: 1 }], faceOn, faceInterval: 1, faceChance: 2 }, admin)).data?.id as string;
    courseId = await save(true);
    plainCourseId = await save(false);
    own = dataUrl(await personA2());
    other = dataUrl(await personB());
    blank = dataUrl(await noFace());
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('credits nothing before a face check passes, opens study with the learner\'s own face, and closes it when the window runs out', async () => {
    const s = tab();
    expect((await progress(a, s)).code).toBe(StudyError.FACE_PENDING.code);
    expect((await t.call<FetchFileRes>(courseStudyApi.fetchFile, { courseId, fileId }, a.token)).data).toMatchObject({ faceOn: true, faceInterval: 1, facePending: true });

    expect((await check(a, other)).data).toMatchObject({ pass: false, failMsg: MISMATCH_MSG });
    const ok = await check(a, own);
    expect(ok.data).toMatchObject({ pass: true, failMsg: '' });
    expect((await t.call<FetchFileRes>(courseStudyApi.fetchFile, { courseId, fileId }, a.token)).data?.facePending).toBe(false);
    expect((await progress(a, s)).data?.reason).toBe('baseline');
    advanceClock(10_000);
    expect(Math.floor((await progress(a, s, 10)).data?.creditedSec ?? 0)).toBe(10);

    // faceInterval (1 min) + the grace later, without a capture: nothing more is credited.
    advanceClock(60_000 + FACE_GRACE_MS);
    expect((await progress(a, s, 20)).code).toBe(StudyError.FACE_PENDING.code);
  }, 120_000);

  it('breaks the study at faceChance consecutive failures, exactly once under parallel captures; a pass resets the count', async () => {
    expect((await check(a, own)).data?.pass).toBe(true);
    // A pass between failures starts the count again.
    expect((await capture(a, blank)).data).toEqual({ isBreak: false, failCount: 1, faceChance: 2 });
    expect((await capture(a, own)).data).toEqual({ isBreak: false, failCount: 0, faceChance: 2 });
    // Three failing captures at once: counted one after the other, one of them breaks.
    const all = await Promise.all([capture(a, other), capture(a, blank), capture(a, other)]);
    expect(all.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(all.filter((r) => r.data?.isBreak)).toHaveLength(1);
    // Broken: study waits for a new face check.
    expect((await progress(a, tab())).code).toBe(StudyError.FACE_PENDING.code);
  }, 120_000);

  it('never passes a learner without an enrolled face; refuses bad images and courses without face checks, changing nothing', async () => {
    expect((await check(b, own)).data).toMatchObject({ pass: false, failMsg: NOT_ENROLLED_MSG });
    const before = await faceRows();
    expect((await check(a, 'data:image/png;base64,aGVsbG8gd29ybGQ=')).code).toBe(FaceError.BAD_IMAGE.code);
    expect((await capture(a, 'not base64 at all!')).code).toBe(FaceError.BAD_IMAGE.code);
    expect((await capture(a, `data:image/jpeg;base64,${Buffer.alloc(3 * 1024 * 1024, 0xff).toString('base64')}`)).code).not.toBe(0);
    expect(await faceRows()).toBe(before);
    expect((await check(a, own, plainCourseId)).code).toBe(StudyError.FACE_OFF.code);
  }, 120_000);

  it('lists every check and capture to the administrator with the image, and to nobody else', async () => {
    const checks = await t.call<Page<CourseFaceRow>>(courseFaceApi.facePaging, { current: 1, size: 50, params: { courseId } }, admin);
    expect(checks.code).toBe(0);
    const rows = checks.data?.records ?? [];
    expect(rows.filter((r) => r.userId === a.userId && r.pass).length).toBeGreaterThanOrEqual(2);
    expect(rows.find((r) => r.userId === b.userId)).toMatchObject({ pass: false, failMsg: NOT_ENROLLED_MSG });
    expect(rows.every((r) => r.imageUrl.startsWith('/api/common/file/view/'))).toBe(true);
    const captures = await t.call<Page<CourseFaceRow>>(courseFaceApi.capturePaging, { current: 1, size: 50, params: { courseId, userId: a.userId, pass: false } }, admin);
    expect(captures.data?.records.length).toBe(4);
    expect(captures.data?.records.every((r) => !r.pass && r.createTime.length === 19)).toBe(true);
    expect((await t.call(courseFaceApi.capturePaging, { current: 1, size: 10, params: { courseId } }, a.token)).code).toBe(ErrorCode.NO_PERMISSION);
  }, 120_000);
});
