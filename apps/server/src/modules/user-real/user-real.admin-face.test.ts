/**
 * The user form's `face` (issue 12; SPEC §3 "Edit form: … face"): POST /api/sys/user/save accepts
 * a face photo (always; the form shows the field when faceLogin is on), detail answers it, a photo
 * without exactly one face is refused with nothing written, and face login matches the user by the
 * administrator-set face — only while the account is enabled; a passed real-name record's photo
 * takes precedence; removing the face ('') removes the reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@kaopei/contracts';
import { FaceError } from '@kaopei/contracts/face';
import { configApi, type SwitchConfig } from '@kaopei/contracts/sys-config';
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import type { SessionUser } from '@kaopei/contracts/sys-user';
import { userAdminApi, type UserDetail } from '@kaopei/contracts/sys-user-admin';
import { UserRealError, userRealApi, type RealRecord } from '@kaopei/contracts/user-real';
import { testApp, type TestApp } from '../../test/app';
import { multipart, must, uniq } from '../../test/builders';
import { dataUrl, FACE_SAMPLES, FACE_SAMPLES_MISSING, noFace, personA, personA2, personB } from '../../test/faces';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';

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
const detail = async (id: string) => must(await t.call<UserDetail>(userAdminApi.detail, { id }, admin));
const faceLogin = async (photo: Buffer) => t.call<SessionUser>(userRealApi.faceLogin, { base64: dataUrl(photo) });

describe.skipIf(!FACE_SAMPLES)('user form face', () => {
  beforeAll(async () => {
    t = await testApp();
    admin = await t.login();
    await switches({ faceAudit: 'manual', faceLogin: true });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('saves the face with the user, refuses a photo without one face, and face login matches the user by it while enabled', async () => {
    const userName = uniq('face');
    const base = { userName, realName: '李四', deptCode: 'A01', roles: [ROLE_STUDENT_ID] };
    // A photo without a face: refused, no user written.
    const bad = await t.call(userAdminApi.save, { ...base, password: 'Test@12345', face: await upload(await noFace(), admin) }, admin);
    expect(bad.code).toBe(FaceError.NO_FACE.code);
    expect(await t.services.sysUser.idOf(userName)).toBeUndefined();
    // Not an uploaded url: the contract's message.
    const notOurs = await t.call(userAdminApi.save, { ...base, password: 'Test@12345', face: 'http://cdn.example.com/a.jpg' }, admin);
    expect(notOurs.msg).toBe('人脸照片必须是上传的jpg/png图片！');

    const face = await upload(await personA(), admin);
    const id = must(await t.call<{ id: string }>(userAdminApi.save, { ...base, password: 'Test@12345', face }, admin)).id;
    expect((await detail(id)).face).toBe(face);
    // Another photo of the same person logs the user in (no real-name record at all).
    expect(must(await faceLogin(await personA2())).userId).toBe(id);
    // A save without `face` (the field hidden: faceLogin off in the form) leaves it.
    must(await t.call(userAdminApi.save, { ...base, id, realName: '李四四' }, admin));
    expect((await detail(id)).face).toBe(face);
    expect(must(await faceLogin(await personA2())).userId).toBe(id);

    // Disabled: face login no longer opens the account.
    must(await t.call(userAdminApi.state, { ids: [id], state: 1 }, admin));
    expect((await faceLogin(await personA2())).code).not.toBe(0);
    must(await t.call(userAdminApi.state, { ids: [id], state: 0 }, admin));
    expect(must(await faceLogin(await personA2())).userId).toBe(id);

    // Removed ('' ): no reference face any more.
    must(await t.call(userAdminApi.save, { ...base, id, face: '' }, admin));
    expect((await detail(id)).face).toBe('');
    expect((await faceLogin(await personA2())).code).toBe(UserRealError.FACE_LOGIN_NO_MATCH.code);
  }, 300_000);

  it('a passed real-name record takes precedence; a rejected one falls back to the administrator-set face', async () => {
    const learner = await t.newLearner();
    const d = await detail(learner.userId);
    const base = { id: learner.userId, userName: d.userName, realName: d.realName, deptCode: d.deptCode, roles: d.roles };
    // The administrator sets person A's face; the learner then passes real-name with person B's photo.
    must(await t.call(userAdminApi.save, { ...base, face: await upload(await personA(), admin) }, admin));
    expect(must(await faceLogin(await personA2())).userId).toBe(learner.userId);
    const rec = must(await t.call<RealRecord>(userRealApi.submit, { realName: '张三', idCard: '11010519491231002X', face: await upload(await personB(), learner.token) }, learner.token));
    must(await t.call(userRealApi.audit, { id: rec.id, state: 1, auditMsg: '' }, admin));
    expect(must(await faceLogin(await personB())).userId).toBe(learner.userId);
    expect((await faceLogin(await personA2())).code).toBe(UserRealError.FACE_LOGIN_NO_MATCH.code);
    // Changing the administrator face while the record passed keeps the record's photo.
    must(await t.call(userAdminApi.save, { ...base, face: await upload(await personA2(), admin) }, admin));
    expect((await faceLogin(await personA2())).code).toBe(UserRealError.FACE_LOGIN_NO_MATCH.code);
    // A resubmission rejected: back to the administrator-set face.
    const again = must(await t.call<RealRecord>(userRealApi.submit, { realName: '张三', idCard: '11010519491231002X', face: await upload(await personB(), learner.token) }, learner.token));
    must(await t.call(userRealApi.audit, { id: again.id, state: 2, auditMsg: '请重新拍摄' }, admin));
    expect(must(await faceLogin(await personA())).userId).toBe(learner.userId);
    expect((await faceLogin(await personB())).code).toBe(UserRealError.FACE_LOGIN_NO_MATCH.code);
  }, 300_000);
});
