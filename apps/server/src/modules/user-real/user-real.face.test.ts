/**
 * Real-name verification and face login with the real local face engine (issue 12; module face,
 * photos of test/faces.ts): auto mode passes a one-face photo and enrolls it, fails a photo with no
 * face and one with two faces; face login finds the enrolled person from another photo of her,
 * refuses another person, a frame with two faces, and everybody once the switch is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@kaopei/contracts';
import { configApi, type SwitchConfig } from '@kaopei/contracts/sys-config';
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import { AUTO_MANY_FACES, AUTO_NO_FACE, UserRealError, userRealApi, type RealRecord } from '@kaopei/contracts/user-real';
import { testApp, type TestApp } from '../../test/app';
import { multipart, must } from '../../test/builders';
import { dataUrl, FACE_SAMPLES, FACE_SAMPLES_MISSING, noFace, personA, personA2, personB, twoFaces } from '../../test/faces';

if (!FACE_SAMPLES) console.warn(FACE_SAMPLES_MISSING);

let t: TestApp;
let admin: string;

async function upload(data: Buffer, token: string): Promise<string> {
  const { payload, contentType } = await multipart({}, { name: 'face.jpg', data });
  const res = await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, token } });
  const body = res.json() as Envelope<UploadedFileItem>;
  if (body.code !== 0 || !body.data) throw new Error(`upload failed: ${body.msg}`);
  return body.data.url;
}
async function switches(over: Partial<SwitchConfig>): Promise<void> {
  const cur = must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin));
  must(await t.call(configApi.switchSave, { ...cur, ...over }, admin));
}
const submit = async (token: string, photo: Buffer) => must(await t.call<RealRecord>(userRealApi.submit, { realName: '张三', idCard: '11010519491231002X', face: await upload(photo, token) }, token));

describe.skipIf(!FACE_SAMPLES)('with the local face engine', () => {
  beforeAll(async () => {
    t = await testApp();
    admin = await t.login();
    await switches({ faceAudit: 'auto', faceLogin: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('auto audit: one face passes and is enrolled; no face and two faces fail; face login finds only the enrolled person', async () => {
    const a = await t.newLearner();
    expect(await submit(a.token, await personA())).toMatchObject({ state: 1, auditMsg: '' });
    expect(must(await t.call<SessionUser>(userApi.info, {}, a.token)).realPerson).toBe(1);

    const b = await t.newLearner();
    expect(await submit(b.token, await noFace())).toMatchObject({ state: 2, auditMsg: AUTO_NO_FACE });
    expect(await submit(b.token, await twoFaces())).toMatchObject({ state: 2, auditMsg: AUTO_MANY_FACES });
    expect(must(await t.call<SessionUser>(userApi.info, {}, b.token)).realPerson).toBe(0);

    // Another photo of person A logs her in; person B (never enrolled) and two faces are refused.
    const session = must(await t.call<SessionUser>(userRealApi.faceLogin, { base64: dataUrl(await personA2()) }));
    expect(session.userId).toBe(a.userId);
    expect(must(await t.call<SessionUser>(userApi.info, {}, session.token)).userId).toBe(a.userId);
    expect((await t.call(userRealApi.faceLogin, { base64: dataUrl(await personB()) })).code).toBe(UserRealError.FACE_LOGIN_NO_MATCH.code);
    expect((await t.call(userRealApi.faceLogin, { base64: dataUrl(await twoFaces()) })).code).toBe(UserRealError.FACE_LOGIN_ONE_FACE.code);

    // A rejected resubmission removes her reference face: she no longer logs in by face.
    await switches({ faceAudit: 'manual' });
    const again = await submit(a.token, await personA());
    must(await t.call(userRealApi.audit, { id: again.id, state: 2, auditMsg: '请重新拍摄' }, admin));
    expect((await t.call(userRealApi.faceLogin, { base64: dataUrl(await personA2()) })).code).toBe(UserRealError.FACE_LOGIN_NO_MATCH.code);

    await switches({ faceLogin: false });
    expect((await t.call(userRealApi.faceLogin, { base64: dataUrl(await personA2()) })).code).toBe(UserRealError.FACE_LOGIN_OFF.code);
  }, 300_000);
});
