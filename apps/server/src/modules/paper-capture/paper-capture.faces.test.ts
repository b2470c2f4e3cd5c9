/**
 * Camera proctoring with the real local face engine (issue 12 Tests) on the sample photos of
 * test/faces.ts: a learner whose real-name face is enrolled (services.face.enroll) passes with
 * another photo of himself and fails with somebody else, an empty picture (no face) and two faces;
 * a learner with no enrolled face passes with exactly one face; the face check before a faceOn exam
 * answers a token for a face and SPEC §4's no-face message otherwise. Skipped when the sample photos
 * are not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_MSG } from '@kaopei/contracts/face';
import { paperApi } from '@kaopei/contracts/paper';
import { paperCaptureApi, type CaptureSaveRes } from '@kaopei/contracts/paper-capture';
import { repoApi } from '@kaopei/contracts/repo';
import { testApp, type TestApp } from '../../test/app';
import { createExam, examBody, must } from '../../test/builders';
import { dataUrl, FACE_SAMPLES, FACE_SAMPLES_MISSING, noFace, personA, personA2, personB, twoFaces } from '../../test/faces';

if (!FACE_SAMPLES) console.info(FACE_SAMPLES_MISSING);

let t: TestApp;
let admin: string;
let repoId: string;

beforeAll(async () => {
  if (!FACE_SAMPLES) return;
  t = await testApp();
  admin = await t.login();
  repoId = must(await t.call<{ records: { id: string }[] }>(repoApi.paging, {}, admin)).records[0]!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function sitting(over: Record<string, unknown> = {}) {
  const examId = await createExam(t, admin, examBody(repoId, { camOn: true, camInterval: 1, faceChance: 5, qualifyScore: 0, ...over }));
  const learner = await t.newLearner('cfa');
  const paperId = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, learner.token)).id;
  return { examId, paperId, ...learner };
}
const capture = async (token: string, paperId: string, img: Buffer) => must(await t.call<CaptureSaveRes>(paperCaptureApi.save, { paperId, base64: dataUrl(img) }, token));

describe.skipIf(!FACE_SAMPLES)('captures judged by the local engine', () => {
  it('an enrolled learner passes as himself and fails as somebody else, with no face or two faces', async () => {
    const s = await sitting();
    await t.services.face.enroll(s.userId, await personA());
    expect(await capture(s.token, s.paperId, await personA2())).toMatchObject({ isBreak: false, failCount: 0, msg: '' });
    expect(await capture(s.token, s.paperId, await personB())).toMatchObject({ failCount: 1, msg: FACE_MSG.examFailed(1, 5) });
    expect(await capture(s.token, s.paperId, await noFace())).toMatchObject({ failCount: 2 });
    expect(await capture(s.token, s.paperId, await twoFaces())).toMatchObject({ failCount: 3 });
    const rows = await t.db.selectFrom('el_paper_capture').select(['pass', 'faces']).where('paperId', '=', s.paperId).orderBy('createTime').orderBy('id').execute();
    expect(rows).toEqual([{ pass: 1, faces: 1 }, { pass: 0, faces: 1 }, { pass: 0, faces: 0 }, { pass: 0, faces: 2 }]);
  }, 120_000);

  it('a learner with no enrolled face passes with exactly one face; a no-face feed hands the paper in', async () => {
    const s = await sitting({ faceChance: 2 });
    expect(await capture(s.token, s.paperId, await personB())).toMatchObject({ failCount: 0 });
    expect(await capture(s.token, s.paperId, await noFace())).toMatchObject({ isBreak: false, failCount: 1 });
    expect(await capture(s.token, s.paperId, await noFace())).toEqual({ isBreak: true, failCount: 2, faceChance: 2, msg: '连续2次人脸识别失败，系统强制交卷！' });
    expect((await t.db.selectFrom('el_paper').select('state').where('id', '=', s.paperId).executeTakeFirstOrThrow()).state).not.toBe(0);
  }, 120_000);

  it('the face check before a faceOn exam', async () => {
    const examId = await createExam(t, admin, examBody(repoId, { faceOn: true, qualifyScore: 0 }));
    const u = await t.newLearner('cfa');
    await t.services.face.enroll(u.userId, await personA());
    const other = must(await t.call<{ pass: boolean; failMsg: string }>(paperCaptureApi.faceCheck, { examId, base64: dataUrl(await personB()) }, u.token));
    expect(other).toMatchObject({ pass: false, failMsg: '人脸比对失败，请正对摄像头重试！' });
    const none = must(await t.call<{ pass: boolean; failMsg: string }>(paperCaptureApi.faceCheck, { examId, base64: dataUrl(await noFace()) }, u.token));
    expect(none).toMatchObject({ pass: false, failMsg: FACE_MSG.noFace });
    const ok = must(await t.call<{ pass: boolean; faceToken: string }>(paperCaptureApi.faceCheck, { examId, base64: dataUrl(await personA2()) }, u.token));
    expect(ok.pass).toBe(true);
    must(await t.call(paperApi.createPaper, { examId, faceToken: ok.faceToken }, u.token));
  }, 120_000);
});
