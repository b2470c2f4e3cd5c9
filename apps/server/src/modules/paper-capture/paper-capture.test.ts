/**
 * API tests of camera proctoring (issue 12 "Camera proctoring" Tests): captures over the exam's
 * faceChance hand the paper in exactly once, sequential and parallel; a frame with no face, a camera
 * error and somebody else's face are failures, a pass resets the count; another learner's paper,
 * a closed paper, an exam without the camera, oversize and non-image base64 are refused and write
 * nothing; no capture answer carries anything of the paper's answers or scores; the face check
 * before a faceOn exam and its one-time token; the evidence timeline (captures, leaves, fullscreen
 * exits, reminders) and the appeal of a forced hand-in (reopen with the time left, or confirm);
 * the data scope of a role limited to its department on the timeline and the appeals.
 *
 * The face engine is replaced by a fake (vi.spyOn on services.face): frames are tiny jpg-magic buffers whose 5th
 * byte is the number of faces and 6th byte the person (1 = the enrolled learner). The engine's own
 * accuracy is tested in module face, and proctoring with the real engine in
 * paper-capture.faces.test.ts; here the proctoring rules are.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { examWatchApi } from '@kaopei/contracts/exam-watch';
import { FACE_MSG, FaceError } from '@kaopei/contracts/face';
import { paperApi, PaperError } from '@kaopei/contracts/paper';
import { CAPTURE_MAX_BYTES, PaperCaptureError, paperCaptureApi, type CaptureSaveRes, type TimelineRes } from '@kaopei/contracts/paper-capture';
import { repoApi } from '@kaopei/contracts/repo';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';
import { AppError } from '../../lib/errors';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { createExam, examBody, must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
let repoId: string;

/** A frame: jpg magic, then `faces` and `person` (1 = the enrolled learner, 2 = somebody else). */
const frame = (faces: number, person = 1) => Buffer.from([0xff, 0xd8, 0xff, 0xe0, faces, person, ...Array.from({ length: 64 }, (_, i) => i)]);
const b64 = (b: Buffer) => `data:image/jpeg;base64,${b.toString('base64')}`;
const FACE = b64(frame(1));
const NO_FACE = b64(frame(0));
const TWO_FACES = b64(frame(2));
const OTHER = b64(frame(1, 2));

/** The fake engine: `enrolled` learners are verified by the person byte; the others by the face count. */
const enrolled = new Set<string>();
let engineDown = false;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = must(await t.call<{ records: { id: string }[] }>(repoApi.paging, {}, admin)).records[0]!.id;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  vi.restoreAllMocks();
  engineDown = false;
  const down = () => new AppError(FaceError.ENGINE_FAILED);
  vi.spyOn(t.services.face, 'detect').mockImplementation(async (img) => {
    if (engineDown) throw down();
    return { width: 640, height: 480, faces: Array.from({ length: img[4] ?? 0 }, () => ({ x: 1, y: 1, width: 100, height: 100, score: 0.9, live: null })) };
  });
  vi.spyOn(t.services.face, 'verify').mockImplementation(async (personId, img) => {
    if (engineDown) throw down();
    const faces = img[4] ?? 0;
    const isEnrolled = enrolled.has(personId);
    const pass = isEnrolled && faces > 0 && img[5] === 1;
    return { enrolled: isEnrolled, pass, score: pass ? 0.82 : 0.2, threshold: 0.6, probeFaces: faces, referenceFaces: isEnrolled ? 1 : 0 };
  });
});

async function cameraExam(over: Record<string, unknown> = {}): Promise<string> {
  return createExam(t, admin, examBody(repoId, { camOn: true, camInterval: 1, faceChance: 3, qualifyScore: 0, ...over }));
}

async function sitting(over: Record<string, unknown> = {}) {
  const examId = await cameraExam(over);
  const learner = await t.newLearner('cap');
  const paperId = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, learner.token)).id;
  return { examId, paperId, ...learner };
}

const capture = (token: string, paperId: string, base64?: string) =>
  t.call<CaptureSaveRes>(paperCaptureApi.save, base64 === undefined ? { paperId, camError: true } : { paperId, base64 }, token);
const paperRow = (id: string) => t.db.selectFrom('el_paper').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const captures = (paperId: string) => t.db.selectFrom('el_paper_capture').selectAll().where('paperId', '=', paperId).execute();
const breaks = (paperId: string) => t.db.selectFrom('el_paper_evidence').selectAll().where('paperId', '=', paperId).where('kind', '=', 'break').execute();

describe('captures', () => {
  it('counts consecutive failures with the SPEC §8 message and hands the paper in at faceChance, once', async () => {
    const s = await sitting();
    const handIn = vi.spyOn(t.services.paper, 'handIn');
    expect(must(await capture(s.token, s.paperId, NO_FACE))).toEqual({ isBreak: false, failCount: 1, faceChance: 3, msg: FACE_MSG.examFailed(1, 3) });
    expect(must(await capture(s.token, s.paperId))).toEqual({ isBreak: false, failCount: 2, faceChance: 3, msg: '人脸识别已失败2次，连续失败3次将自动交卷！' });
    expect((await paperRow(s.paperId)).state).toBe(0);
    expect(must(await capture(s.token, s.paperId, TWO_FACES))).toEqual({ isBreak: true, failCount: 3, faceChance: 3, msg: '连续3次人脸识别失败，系统强制交卷！' });
    expect((await paperRow(s.paperId)).state).not.toBe(0);
    expect(handIn).toHaveBeenCalledTimes(1);
    expect(await breaks(s.paperId)).toHaveLength(1);
    // Later captures of the closed paper are refused and write nothing.
    const late = await capture(s.token, s.paperId, NO_FACE);
    expect(late.code).toBe(PaperError.PAPER_HANDED.code);
    expect(await captures(s.paperId)).toHaveLength(3);
    // The camera error was recorded with no image; the others with theirs.
    const rows = await captures(s.paperId);
    expect(rows.map((r) => [r.camError, r.pass, r.image === ''])).toEqual([[0, 0, false], [1, 0, true], [0, 0, false]]);
  });

  it('parallel failing captures hand the paper in exactly once', async () => {
    const s = await sitting({ faceChance: 2 });
    const handIn = vi.spyOn(t.services.paper, 'handIn');
    const answers = await Promise.all(Array.from({ length: 8 }, () => capture(s.token, s.paperId, NO_FACE)));
    for (const a of answers) {
      if (a.code === 0) expect(a.data).toMatchObject(a.data!.failCount >= 2 ? { isBreak: true } : { isBreak: false, failCount: 1 });
      else expect(a.code).toBe(PaperError.PAPER_HANDED.code);
    }
    expect(answers.some((a) => a.data?.isBreak)).toBe(true);
    const closings = await Promise.all(handIn.mock.results.map((r) => r.value as Promise<boolean>));
    expect(closings.filter(Boolean)).toHaveLength(1);
    expect(await breaks(s.paperId)).toHaveLength(1);
    expect((await paperRow(s.paperId)).state).not.toBe(0);
  });

  it('a frame with the learner passes and resets the count; no face, two faces and somebody else fail', async () => {
    const s = await sitting();
    enrolled.add(s.userId);
    expect(must(await capture(s.token, s.paperId, OTHER))).toMatchObject({ isBreak: false, failCount: 1 });
    expect(must(await capture(s.token, s.paperId, NO_FACE))).toMatchObject({ failCount: 2 });
    expect(must(await capture(s.token, s.paperId, FACE))).toEqual({ isBreak: false, failCount: 0, faceChance: 3, msg: '' });
    expect(must(await capture(s.token, s.paperId, b64(Buffer.concat([frame(2), Buffer.from([1])]))))).toMatchObject({ failCount: 1 });
    const rows = await captures(s.paperId);
    expect(rows.map((r) => r.pass)).toEqual([0, 0, 1, 0]);
    expect(rows[2]).toMatchObject({ score: 0.82, faces: 1 });
  });

  it('with no enrolled face, exactly one face passes', async () => {
    const s = await sitting();
    expect(must(await capture(s.token, s.paperId, NO_FACE)).failCount).toBe(1);
    expect(must(await capture(s.token, s.paperId, FACE)).failCount).toBe(0);
    expect(must(await capture(s.token, s.paperId, TWO_FACES)).failCount).toBe(1);
  });

  it('an engine that cannot answer records the frame and counts nothing', async () => {
    const s = await sitting({ faceChance: 1 });
    engineDown = true;
    expect(must(await capture(s.token, s.paperId, NO_FACE))).toEqual({ isBreak: false, failCount: 0, faceChance: 1, msg: '' });
    expect((await captures(s.paperId)).map((r) => r.pass)).toEqual([null]);
    expect((await paperRow(s.paperId)).state).toBe(0);
  });

  it("refuses another learner's paper, oversize and non-image base64, an exam without the camera; nothing written", async () => {
    const s = await sitting();
    const other = await t.newLearner('cap');
    expect((await capture(other.token, s.paperId, NO_FACE)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await capture(other.token, s.paperId)).code).toBe(ErrorCode.NOT_FOUND);
    const big = Buffer.concat([frame(0), Buffer.alloc(CAPTURE_MAX_BYTES)]);
    expect((await capture(s.token, s.paperId, b64(big))).code).toBe(FaceError.IMAGE_TOO_LARGE.code);
    expect((await capture(s.token, s.paperId, Buffer.from('not an image at all').toString('base64'))).code).toBe(FaceError.BAD_IMAGE.code);
    expect((await capture(s.token, s.paperId, '!!!')).code).toBe(FaceError.BAD_IMAGE.code);
    expect((await t.call(paperCaptureApi.save, { paperId: s.paperId }, s.token)).code).toBe(PaperCaptureError.NO_IMAGE.code);
    expect(await captures(s.paperId)).toHaveLength(0);
    expect(await t.db.selectFrom('el_paper_capture_state').selectAll().where('paperId', '=', s.paperId).execute()).toHaveLength(0);

    const examId = await createExam(t, admin, examBody(repoId, { camOn: false, qualifyScore: 0 }));
    const paperId = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, s.token)).id;
    expect((await capture(s.token, paperId, FACE)).code).toBe(PaperCaptureError.CAM_OFF.code);
    expect(await captures(paperId)).toHaveLength(0);
  });

  it('no capture answer carries anything of the paper: exactly isBreak, failCount, faceChance, msg', async () => {
    const s = await sitting({ faceChance: 2 });
    for (const body of [FACE, NO_FACE, undefined]) {
      const res = await capture(s.token, s.paperId, body);
      expect(Object.keys(res.data ?? {}).sort()).toEqual(['faceChance', 'failCount', 'isBreak', 'msg']);
      expect(JSON.stringify(res)).not.toMatch(/isRight|analysis|userScore|actualScore|answer/);
    }
  });
});

describe('face check before a faceOn exam', () => {
  it('create-paper needs the token of a passed check, once', async () => {
    const examId = await cameraExam({ faceOn: true });
    const u = await t.newLearner('fc');
    expect((await t.call(paperApi.createPaper, { examId }, u.token)).code).toBe(PaperCaptureError.FACE_REQUIRED.code);
    const failed = must(await t.call<{ pass: boolean; failMsg: string; faceToken: string }>(paperCaptureApi.faceCheck, { examId, base64: NO_FACE }, u.token));
    expect(failed).toMatchObject({ pass: false, failMsg: FACE_MSG.noFace, faceToken: '' });
    const ok = must(await t.call<{ pass: boolean; faceToken: string; realName: string }>(paperCaptureApi.faceCheck, { examId, base64: FACE }, u.token));
    expect(ok).toMatchObject({ pass: true, realName: '测试学员' });
    expect(ok.faceToken.length).toBeGreaterThan(20);
    // Another learner cannot use it.
    const v = await t.newLearner('fc');
    expect((await t.call(paperApi.createPaper, { examId, faceToken: ok.faceToken }, v.token)).code).toBe(PaperCaptureError.FACE_REQUIRED.code);
    const paperId = must(await t.call<{ id: string }>(paperApi.createPaper, { examId, faceToken: ok.faceToken }, u.token)).id;
    // The check joins the paper's captures; the token is spent.
    expect((await captures(paperId)).map((r) => r.kind)).toEqual(['check']);
    must(await t.call(paperApi.handExam, { id: paperId }, u.token));
    expect((await t.call(paperApi.createPaper, { examId, faceToken: ok.faceToken }, u.token)).code).toBe(PaperCaptureError.FACE_REQUIRED.code);
  });

  it('an exam without faceOn refuses the check', async () => {
    const examId = await cameraExam();
    const u = await t.newLearner('fc');
    expect((await t.call(paperCaptureApi.faceCheck, { examId, base64: FACE }, u.token)).code).toBe(PaperCaptureError.FACE_OFF.code);
  });
});

describe('evidence timeline and appeal', () => {
  it('shows captures, leaves, fullscreen exits and reminders on the server clock; admin only', async () => {
    const s = await sitting({ leaveOn: true, leaveCount: 5 });
    must(await capture(s.token, s.paperId, FACE));
    must(await t.call(paperApi.leaveIncr, { id: s.paperId }, s.token));
    advanceClock(1100); // two leaves less than LEAVE_DEDUP_MS apart count once (server clock)
    must(await t.call(paperApi.leaveIncr, { id: s.paperId, kind: 'fullscreen' }, s.token));
    must(await t.call(examWatchApi.remind, { examId: s.examId, userId: s.userId, message: '请正对摄像头' }, admin));
    must(await capture(s.token, s.paperId));
    await t.events.settle();
    const tl = must(await t.call<TimelineRes>(paperCaptureApi.timeline, { id: s.paperId }, admin));
    expect(tl.items.map((i) => i.kind)).toEqual(['capture', 'leave', 'fullscreen', 'remind', 'capture']);
    expect(tl.items[0]).toMatchObject({ pass: true, score: 0.9, faces: 1 });
    expect(tl.items[0]!.image).toMatch(/^\/api\/common\/file\/view\//);
    expect(tl.items[3]).toMatchObject({ text: '请正对摄像头' });
    expect(tl.items[4]).toMatchObject({ pass: false, camError: true, image: '' });
    expect(tl).toMatchObject({ failCount: 1, faceChance: 3, broken: false, userId: s.userId });
    const ms = tl.items.map((i) => i.ms);
    expect([...ms].sort((a, b) => a - b)).toEqual(ms);
    // The frame is readable by the admin.
    const img = await t.app.inject({ method: 'GET', url: tl.items[0]!.image, headers: { token: admin } });
    expect(img.statusCode).toBe(200);
    expect((await t.call(paperCaptureApi.timeline, { id: s.paperId }, s.token)).code).not.toBe(0);
  });

  it('a learner appeals a forced hand-in; the admin reopens it with the time it had left, once', async () => {
    const s = await sitting({ faceChance: 1 });
    // Not handed in by the camera: no appeal.
    expect((await t.call(paperCaptureApi.appeal, { paperId: s.paperId, reason: '误判' }, s.token)).code).toBe(PaperCaptureError.NOT_BROKEN.code);
    expect(must(await capture(s.token, s.paperId, NO_FACE)).isBreak).toBe(true);
    const before = await paperRow(s.paperId);
    expect((await t.call(paperCaptureApi.appeal, { paperId: s.paperId, reason: ' ' }, s.token)).msg).toBe('申诉理由不能为空！');
    const other = await t.newLearner('cap');
    expect((await t.call(paperCaptureApi.appeal, { paperId: s.paperId, reason: '误判' }, other.token)).code).toBe(ErrorCode.NOT_FOUND);
    const { id } = must(await t.call<{ id: string }>(paperCaptureApi.appeal, { paperId: s.paperId, reason: '光线太暗被误判' }, s.token));
    expect((await t.call(paperCaptureApi.appeal, { paperId: s.paperId, reason: '再次申诉' }, s.token)).code).toBe(PaperCaptureError.APPEAL_EXISTS.code);
    expect(must(await t.call<{ appeal: { state: number } | null; broken: boolean }>(paperCaptureApi.myState, { id: s.paperId }, s.token))).toMatchObject({ broken: true, appeal: { state: 0 } });
    expect((await t.call(paperCaptureApi.appealDecide, { id, state: 1 }, s.token)).code).not.toBe(0);
    const [a, b] = await Promise.all([t.call(paperCaptureApi.appealDecide, { id, state: 1, remark: '同意' }, admin), t.call(paperCaptureApi.appealDecide, { id, state: 1 }, admin)]);
    expect([a.code, b.code].sort()).toEqual([0, PaperCaptureError.APPEAL_DONE.code]);
    const after = await paperRow(s.paperId);
    expect(after.state).toBe(0);
    const leftBefore = before.limitTime - (before.handTime ?? 0);
    expect(after.limitTime - after.updateTime).toBeLessThanOrEqual(leftBefore + 1000);
    expect(after.limitTime - after.updateTime).toBeGreaterThan(leftBefore - 10_000);
    // The counter starts again: one more failure with faceChance 1 hands it in again.
    expect(must(await capture(s.token, s.paperId, NO_FACE)).isBreak).toBe(true);
    const tl = must(await t.call<TimelineRes>(paperCaptureApi.timeline, { id: s.paperId }, admin));
    expect(tl.items.map((i) => i.kind)).toEqual(['capture', 'break', 'appeal', 'reopen', 'capture', 'break']);
  });

  it('the admin confirms a forced hand-in; the paper stays closed', async () => {
    const s = await sitting({ faceChance: 1 });
    must(await capture(s.token, s.paperId));
    const { id } = must(await t.call<{ id: string }>(paperCaptureApi.appeal, { paperId: s.paperId, reason: '摄像头坏了' }, s.token));
    must(await t.call(paperCaptureApi.appealDecide, { id, state: 2, remark: '维持' }, admin));
    expect((await paperRow(s.paperId)).state).not.toBe(0);
    const page = must(await t.call<{ records: { id: string; state: number; state_dictText: string }[] }>(paperCaptureApi.appealPaging, { params: { examId: s.examId } }, admin));
    expect(page.records).toEqual([expect.objectContaining({ id, state: 2, state_dictText: '维持交卷' })]);
  });
});

describe('data scope', () => {
  const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const PW = 'Test@12345';
  async function account(deptCode: string, roles = [ROLE_STUDENT_ID]) {
    const userName = uniq('cs');
    const userId = must(await t.call<{ id: string }>(userAdminApi.save, { userName, realName: '监考学员', deptCode, roles, password: PW }, admin)).id;
    return { userId, token: await t.login({ username: userName, password: PW }) };
  }

  it("a role limited to its department sees and decides only its own people's papers and appeals", async () => {
    const d = async (name: string) => must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq(name) }, admin)).deptCode;
    const [D, E] = [await d('监考本部'), await d('监考外部')];
    const examId = await cameraExam({ faceChance: 1 });
    const papers: string[] = [];
    const appeals: string[] = [];
    for (const dept of [D, E]) {
      const u = await account(dept);
      const paperId = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, u.token)).id;
      expect(must(await capture(u.token, paperId, NO_FACE)).isBreak).toBe(true);
      papers.push(paperId);
      appeals.push(must(await t.call<{ id: string }>(paperCaptureApi.appeal, { paperId, reason: '误判' }, u.token)).id);
    }
    const role = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('监考员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    must(await t.call(roleApi.saveMenus, { id: role, menuIds: ['exam:evidence', 'exam:appeal:audit'].map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
    const m = await account(D, [role]);
    expect(must(await t.call<TimelineRes>(paperCaptureApi.timeline, { id: papers[0] }, m.token)).paperId).toBe(papers[0]);
    expect((await t.call(paperCaptureApi.timeline, { id: papers[1] }, m.token)).code).toBe(ErrorCode.NOT_FOUND);
    const listed = must(await t.call<{ records: { id: string }[] }>(paperCaptureApi.appealPaging, { params: { examId } }, m.token)).records.map((r) => r.id);
    expect(listed).toEqual([appeals[0]]);
    expect((await t.call(paperCaptureApi.appealDecide, { id: appeals[1], state: 2 }, m.token)).code).toBe(ErrorCode.NOT_FOUND);
    must(await t.call(paperCaptureApi.appealDecide, { id: appeals[0], state: 2 }, m.token));
  });
});
