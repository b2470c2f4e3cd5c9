/**
 * API tests of face-to-face lessons and QR sign-in (/api/trainClass/lesson/*, /api/trainClass/sign/*;
 * issue 13 "Face-to-face training"): form messages (nothing written), the QR token of the current
 * slot accepted and an expired one refused, the previous slot's token within the 5 s grace, the
 * sign-in window, the geofence (no position, outside, inside), a double sign-in leaves one row,
 * make-up with its reason, attendance listing the learners who did not sign, the requirement
 * 'sessions' completing a class once (certificate), a learner not enrolled refused (10010003).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@kaopei/contracts';
import { certApi } from '@kaopei/contracts/cert';
import { lessonApi, signApi, SignError, SIGN_SLOT_MS, type AttendRecord, type LessonRecord, type MyLessonRecord, type SignQr, type SignRecord } from '@kaopei/contracts/class-session';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { advanceClock, now, parseTime } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { must, shanghaiTime, uniq } from '../../test/builders';
import { tokenOf } from './class-session.token';

let t: TestApp;
let admin: string;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const CENTRE = { lat: 31.2304, lng: 121.4737 };

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});

type Learner = { token: string; userId: string; userName: string };

/** A class running from yesterday for a month, with `learners` enrolled by assignment. */
async function classWith(learners: Learner[], over: Record<string, unknown> = {}): Promise<string> {
  const id = must(await t.call<{ id: string }>(trainClassApi.addOrUpdate, { title: uniq('面授班'), classType: 2, startTime: shanghaiTime(-DAY), endTime: shanghaiTime(30 * DAY), ...over }, admin)).id;
  if (learners.length) must(await t.call(trainClassApi.assign, { classId: id, userIds: learners.map((u) => u.userId) }, admin));
  return id;
}

/** A lesson running from 10 minutes ago for an hour (sign-in open now). */
const lessonBody = (classId: string, over: Record<string, unknown> = {}) => ({
  classId, title: uniq('课次'), teacher: '张老师', place: '三楼会议室', startTime: shanghaiTime(-10 * 60_000), endTime: shanghaiTime(HOUR), ...over,
});
const addLesson = async (classId: string, over: Record<string, unknown> = {}) => must(await t.call<{ id: string }>(lessonApi.save, lessonBody(classId, over), admin)).id;
const qr = async (lessonId: string) => must(await t.call<SignQr>(signApi.qr, { lessonId }, admin));
const signIn = (u: Learner, lessonId: string, token: string, pos: { lat?: number; lng?: number } = {}) => t.call<SignRecord>(signApi.in, { lessonId, token, ...pos }, u.token);
const signRows = (lessonId: string) => t.db.selectFrom('el_class_sign').selectAll().where('lessonId', '=', lessonId).execute();
const keyOf = async (lessonId: string) => (await t.db.selectFrom('el_class_lesson').select('signKey').where('id', '=', lessonId).executeTakeFirstOrThrow()).signKey;

describe('lessons', () => {
  it('validates in Chinese and writes nothing on bad input', async () => {
    const classId = await classWith([]);
    const count = async () => (await t.db.selectFrom('el_class_lesson').select('id').where('classId', '=', classId).execute()).length;
    expect(await t.call(lessonApi.save, lessonBody(classId, { title: ' ' }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课次名称不能为空！' });
    expect(await t.call(lessonApi.save, lessonBody(classId, { endTime: shanghaiTime(-HOUR) }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '结束时间必须晚于开始时间！' });
    expect(await t.call(lessonApi.save, lessonBody(classId, { radius: 100 }), admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请设置签到位置的经纬度！' });
    expect(await count()).toBe(0);
    const id = await addLesson(classId, { title: '第一讲' });
    const page = must(await t.call<Page<LessonRecord>>(lessonApi.paging, { params: { classId } }, admin));
    expect(page.records).toEqual([expect.objectContaining({ id, title: '第一讲', required: true, radius: 0, signedCount: 0 })]);
    // The default window opens 30 minutes before the start.
    const r = page.records[0]!;
    expect(parseTime(r.startTime)! - parseTime(r.signStart)!).toBe(30 * 60_000);
    expect(r.signEnd).toBe(r.endTime);
    must(await t.call(lessonApi.delete, { ids: [id] }, admin));
    expect(await count()).toBe(0);
  });
});

describe('QR sign-in', () => {
  it('accepts the token of the current slot, refuses it once expired, and a second sign-in answers the first', async () => {
    const u = await t.newLearner();
    const v = await t.newLearner();
    const classId = await classWith([u, v]);
    const lessonId = await addLesson(classId);
    const code = await qr(lessonId);
    expect(code.url).toContain(`/m/info/bjInfo?classId=${classId}&sign=${code.token}&lessonId=${lessonId}`);
    expect(code.seconds).toBeGreaterThan(0);
    expect(code.seconds).toBeLessThanOrEqual(30);
    const first = must(await signIn(u, lessonId, code.token));
    expect(first).toMatchObject({ userId: u.userId, source: 'qr', source_dictText: '扫码签到' });
    // Double click: two at once, still one row, both answered with it.
    const again = await Promise.all([signIn(u, lessonId, code.token), signIn(u, lessonId, code.token)]);
    expect(again.map((r) => r.code)).toEqual([0, 0]);
    expect(again.map((r) => r.data?.signTime)).toEqual([first.signTime, first.signTime]);
    expect((await signRows(lessonId)).filter((r) => r.userId === u.userId)).toHaveLength(1);
    // 36 s later the token is past its slot and the 5 s grace.
    advanceClock(36_000);
    expect(await signIn(v, lessonId, code.token)).toMatchObject({ code: SignError.EXPIRED.code, msg: '签到二维码已过期，请重新扫码！' });
    expect(await signIn(v, lessonId, 'forged-token-xxxxxxxxx')).toMatchObject({ code: SignError.EXPIRED.code });
    expect((await signRows(lessonId)).map((r) => r.userId)).toEqual([u.userId]);
  });

  it("accepts the previous slot's token during the first 5 s of the next slot only", async () => {
    const [u, v] = [await t.newLearner(), await t.newLearner()];
    const lessonId = await addLesson(await classWith([u, v]));
    const key = await keyOf(lessonId);
    // Move to 2 s into the next slot.
    advanceClock(SIGN_SLOT_MS - (now() % SIGN_SLOT_MS) + 2_000);
    const prev = tokenOf(key, lessonId, Math.floor(now() / SIGN_SLOT_MS) - 1);
    expect((await signIn(u, lessonId, prev)).code).toBe(0);
    advanceClock(4_000);
    expect((await signIn(v, lessonId, prev)).code).toBe(SignError.EXPIRED.code);
  });

  it('refuses outside the sign-in window', async () => {
    const u = await t.newLearner();
    const classId = await classWith([u]);
    const later = await addLesson(classId, { startTime: shanghaiTime(2 * DAY), endTime: shanghaiTime(2 * DAY + HOUR) });
    expect(await signIn(u, later, (await qr(later)).token)).toMatchObject({ code: SignError.OUT_OF_TIME.code, msg: '不在签到时间内！' });
    const closed = await addLesson(classId, { signStart: shanghaiTime(-2 * HOUR), signEnd: shanghaiTime(-HOUR) });
    expect(await signIn(u, closed, (await qr(closed)).token)).toMatchObject({ code: SignError.OUT_OF_TIME.code });
    expect(await signRows(later)).toEqual([]);
  });

  it('geofence: no position and outside the radius refused, inside accepted with its distance', async () => {
    const u = await t.newLearner();
    const lessonId = await addLesson(await classWith([u]), { ...CENTRE, radius: 200 });
    const { token } = await qr(lessonId);
    expect(await signIn(u, lessonId, token)).toMatchObject({ code: SignError.NO_LOCATION.code, msg: '请允许获取位置信息后再签到！' });
    expect(await signIn(u, lessonId, token, { lat: CENTRE.lat + 0.01, lng: CENTRE.lng })).toMatchObject({ code: SignError.OUT_OF_RANGE.code, msg: '不在签到范围内！' });
    expect(await signRows(lessonId)).toEqual([]);
    const ok = must(await signIn(u, lessonId, token, { lat: CENTRE.lat + 0.001, lng: CENTRE.lng }));
    expect(ok.distance).toBeGreaterThan(100);
    expect(ok.distance).toBeLessThan(120);
  });

  it('a learner not enrolled is refused (10010003)', async () => {
    const [u, stranger] = [await t.newLearner(), await t.newLearner()];
    const classId = await classWith([u]);
    const lessonId = await addLesson(classId);
    expect((await signIn(stranger, lessonId, (await qr(lessonId)).token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(lessonApi.myList, { classId }, stranger.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect(await signRows(lessonId)).toEqual([]);
  });
});

describe('make-up and attendance', () => {
  it('records a make-up with who and why; attendance lists every enrolled learner, the not-signed ones too', async () => {
    const [a, b, c] = [await t.newLearner(), await t.newLearner(), await t.newLearner()];
    const classId = await classWith([a, b, c]);
    const lessonId = await addLesson(classId);
    must(await signIn(a, lessonId, (await qr(lessonId)).token));
    expect(await t.call(signApi.makeup, { lessonId, userIds: [b.userId], reason: ' ' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请填写补签原因！' });
    expect(must(await t.call(signApi.makeup, { lessonId, userIds: [b.userId, a.userId], reason: '手机没电' }, admin))).toEqual({ signed: 1, skipped: 1 });
    const row = (await signRows(lessonId)).find((r) => r.userId === b.userId)!;
    expect(row).toMatchObject({ source: 'makeup', reason: '手机没电', makeupBy: 'admin' });
    const all = must(await t.call<Page<AttendRecord>>(signApi.paging, { params: { lessonId } }, admin));
    expect(all.total).toBe(3);
    expect(all.records.find((r) => r.userId === c.userId)).toMatchObject({ state: 0, state_dictText: '未签到', signTime: null });
    expect(all.records.find((r) => r.userId === b.userId)).toMatchObject({ state: 1, source_dictText: '补签', reason: '手机没电' });
    const missing = must(await t.call<Page<AttendRecord>>(signApi.paging, { params: { lessonId, state: 0 } }, admin));
    expect(missing.records.map((r) => r.userId)).toEqual([c.userId]);
    const mine = must(await t.call<MyLessonRecord[]>(lessonApi.myList, { classId }, b.token));
    expect(mine).toEqual([expect.objectContaining({ id: lessonId, signed: true, source: 'makeup' })]);
    const res = await t.app.inject({ method: 'POST', url: signApi.export.path, payload: { lessonId }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // A learner cannot see the attendance.
    expect((await t.call(signApi.paging, { params: { lessonId } }, a.token)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('requirement sessions', () => {
  it('completes the class once (certificate) after every required lesson is signed', async () => {
    const u = await t.newLearner();
    const certId = must(await t.call<{ id: string }>(certApi.save, { title: uniq('结业证书'), authority: '培训部' }, admin)).id;
    const classId = await classWith([u], { finishCourses: false, finishSessions: true, certId });
    const [l1, l2] = [await addLesson(classId), await addLesson(classId)];
    await addLesson(classId, { required: false });
    const finished = async () => (await t.db.selectFrom('el_class_user').select('finished').where('classId', '=', classId).where('userId', '=', u.userId).executeTakeFirstOrThrow()).finished;
    must(await signIn(u, l1, (await qr(l1)).token));
    expect(await finished()).toBe(0);
    must(await t.call(signApi.makeup, { lessonId: l2, userIds: [u.userId], reason: '请假补签' }, admin));
    expect(await finished()).toBe(1);
    must(await signIn(u, l2, (await qr(l2)).token));
    const grants = await t.db.selectFrom('cert_grant').selectAll().where('userId', '=', u.userId).where('refId', '=', classId).execute();
    expect(grants).toHaveLength(1);
    const page = must(await t.call<Page<MyLessonRecord>>(lessonApi.myPaging, { params: { signed: false } }, u.token));
    expect(page.records.map((r) => r.classTitle)).toEqual([expect.stringContaining('面授班')]);
  });
});
