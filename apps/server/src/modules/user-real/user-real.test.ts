/**
 * API tests of real-name verification and face login (issue 12; SPEC §4 Real-name state, §5
 * Real-person form, §7 /api/sys/user/real/* and /face-login): the §5 messages and the ID checksum
 * write nothing; manual audit with the learner's message; auto mode (one clear face passes and is
 * enrolled, no face or several fail, an unsure engine leaves it pending); a learner cannot audit;
 * resubmission; the realPerson flag of /info; face login for the enrolled person only, refused for
 * another face and when the switch is off, and held like a password login after repeated failures.
 *
 * The face engine is stubbed here (a fake keyed by a marker appended to a real PNG), so these tests
 * pin this module's rules whatever engine is configured; the engine's own accuracy is module face's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, type Envelope, type Page } from '@kaopei/contracts';
import { FaceError } from '@kaopei/contracts/face';
import { msgApi, type MsgRecord } from '@kaopei/contracts/notify';
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { configApi, type FaceAudit, type SwitchConfig } from '@kaopei/contracts/sys-config';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import { AUTO_MANY_FACES, AUTO_NO_FACE, FACE_REQUIRED, REAL_NAME_REQUIRED, UserRealError, userRealApi, type RealRecord } from '@kaopei/contracts/user-real';
import { AppError } from '../../lib/errors';
import { testApp, type TestApp } from '../../test/app';
import { multipart, must, pngImage } from '../../test/builders';

let t: TestApp;
let admin: string;
const ID = '11010519491231002X';

/** A real PNG whose trailing marker tells the fake engine what it shows: `one:<person>`, `none`, `two`, `blur`, `boom`. */
const photo = (marker: string) => Buffer.concat([pngImage(), Buffer.from(`#kp:${marker}`)]);
const markerOf = (img: Buffer) => /#kp:(.*)$/.exec(img.toString('latin1'))?.[1] ?? '';
const box = (score: number) => ({ x: 10, y: 10, width: 100, height: 120, score, live: null });
/** Enrolled reference faces of the fake engine: userId → person. */
const enrolled = new Map<string, string>();

function fakeEngine() {
  const face = t.services.face;
  vi.spyOn(face, 'detect').mockImplementation(async (img) => {
    const m = markerOf(img);
    if (m === 'boom') throw new AppError(FaceError.ENGINE_FAILED);
    const faces = m.startsWith('one:') ? [box(0.95)] : m === 'two' ? [box(0.95), box(0.9)] : m === 'blur' ? [box(0.5)] : [];
    return { width: 295, height: 413, faces };
  });
  vi.spyOn(face, 'enroll').mockImplementation(async (id, img) => {
    const m = markerOf(img);
    if (!m.startsWith('one:')) throw new AppError(FaceError.BAD_IMAGE);
    enrolled.set(id, m.slice(4));
  });
  vi.spyOn(face, 'remove').mockImplementation(async (id) => {
    enrolled.delete(id);
  });
  vi.spyOn(face, 'search').mockImplementation(async (img) => {
    const person = markerOf(img).slice(4);
    const hit = [...enrolled].find(([, p]) => p === person);
    return hit ? { personId: hit[0], score: 0.9 } : null;
  });
}

async function upload(data: Buffer, token: string, name = 'face.png'): Promise<string> {
  const { payload, contentType } = await multipart({}, { name, data });
  const res = await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, token } });
  const body = res.json() as Envelope<UploadedFileItem>;
  if (body.code !== 0 || !body.data) throw new Error(`upload failed: ${body.msg}`);
  return body.data.url;
}

async function switches(over: Partial<SwitchConfig>): Promise<void> {
  const cur = must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin));
  must(await t.call(configApi.switchSave, { ...cur, ...over }, admin));
}
const mode = (faceAudit: FaceAudit) => switches({ faceAudit });
const submit = async (token: string, marker: string, over: object = {}) =>
  t.call<RealRecord>(userRealApi.submit, { realName: '张三', idCard: ID, face: await upload(photo(marker), token), ...over }, token);
const info = async (token: string) => must(await t.call<SessionUser>(userApi.info, {}, token));
const inbox = async (token: string) => must(await t.call<Page<MsgRecord>>(msgApi.paging, { current: 1, size: 50 }, token)).records;
const rows = (userId: string) => t.db.selectFrom('sys_user_real').selectAll().where('userId', '=', userId).execute();

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await switches({ faceAudit: 'no', faceLogin: false });
  await t?.close();
});
beforeEach(() => {
  vi.restoreAllMocks();
  fakeEngine();
});

describe('the form (SPEC §5)', () => {
  it('answers the spec messages, checks the 18-digit checksum and writes nothing', async () => {
    await mode('manual');
    const u = await t.newLearner();
    const face = await upload(photo('one:a'), u.token);
    const cases: [object, string][] = [
      [{ realName: ' ', idCard: ID, face }, REAL_NAME_REQUIRED],
      [{ realName: '张三', idCard: ID, face: '' }, FACE_REQUIRED],
      [{ realName: '张三', idCard: ID }, FACE_REQUIRED],
      [{ realName: '张三', idCard: '110105194912310021', face }, '请输入正确的身份证号'],
      [{ realName: '张三', idCard: '1101051949', face }, '请输入正确的身份证号'],
    ];
    for (const [body, msg] of cases) {
      const res = await t.call(userRealApi.submit, body, u.token);
      expect(res.code, msg).toBe(10010001);
      expect(res.msg).toBe(msg);
    }
    // 15 digits (no checksum) and a lower-case x pass.
    expect(must(await t.call<RealRecord>(userRealApi.submit, { realName: '张三', idCard: '110105491231002', face }, u.token)).idCard).toBe('110105491231002');
    expect(must(await t.call<RealRecord>(userRealApi.submit, { realName: '张三', idCard: ID.toLowerCase(), face }, u.token)).idCard).toBe(ID);
    expect(await rows(u.userId)).toHaveLength(1);
  });

  it('refuses a photo the learner did not upload, and a file that is no image', async () => {
    const u = await t.newLearner();
    const other = await t.newLearner();
    const theirs = await upload(photo('one:a'), other.token);
    expect((await t.call(userRealApi.submit, { realName: '张三', idCard: ID, face: theirs }, u.token)).code).toBe(UserRealError.FACE_NOT_FOUND.code);
    expect((await t.call(userRealApi.submit, { realName: '张三', idCard: ID, face: '/api/common/file/view/nope.png' }, u.token)).code).toBe(UserRealError.FACE_NOT_FOUND.code);
    const pdf = await upload(Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'), u.token, 'a.pdf');
    expect((await t.call(userRealApi.submit, { realName: '张三', idCard: ID, face: pdf }, u.token)).code).toBe(UserRealError.FACE_FORMAT.code);
    expect(await rows(u.userId)).toHaveLength(0);
  });
});

describe('manual audit', () => {
  it('waits under review, the admin approves, the learner gets the message and realPerson 1', async () => {
    await mode('manual');
    const u = await t.newLearner();
    expect(must(await t.call(userRealApi.detail, {}, u.token))).toBeNull();
    expect((await info(u.token)).realPerson).toBe(0);
    const rec = must(await submit(u.token, 'one:m1'));
    expect(rec).toMatchObject({ state: 0, state_dictText: '审核中', realName: '张三', idCard: ID });
    expect((await info(u.token)).realPerson).toBe(0);
    expect(enrolled.has(u.userId)).toBe(false);

    const listed = must(await t.call<Page<RealRecord>>(userRealApi.paging, { current: 1, size: 50, params: { state: 0, realName: u.userName } }, admin)).records;
    expect(listed.map((r) => r.id)).toEqual([rec.id]);
    expect(listed[0]!.face).toMatch(/^\/api\/common\/file\/view\//);

    // A reason is required to reject.
    expect((await t.call(userRealApi.audit, { id: rec.id, state: 2 }, admin)).msg).toBe('驳回时请填写审核意见！');
    const done = must(await t.call<RealRecord>(userRealApi.audit, { id: rec.id, state: 1, auditMsg: '' }, admin));
    expect(done).toMatchObject({ state: 1, state_dictText: '已通过', auditBy_dictText: '管理员' });
    expect(enrolled.get(u.userId)).toBe('m1');
    expect(await info(u.token)).toMatchObject({ realPerson: 1, realName: '张三' });
    expect(await t.db.selectFrom('sys_user').select(['realName', 'idCard']).where('id', '=', u.userId).executeTakeFirst()).toEqual({ realName: '张三', idCard: ID });
    expect((await t.call(userRealApi.audit, { id: rec.id, state: 2, auditMsg: '重复' }, admin)).code).toBe(UserRealError.NOT_PENDING.code);

    const msgs = await inbox(u.token);
    expect(msgs.filter((m) => m.title === '实名认证审核结果')).toHaveLength(1);
    expect(msgs[0]!.content).toContain('已通过');
  });

  it('a rejection carries its reason to the learner and removes the reference face; resubmission goes back under review', async () => {
    await mode('manual');
    const u = await t.newLearner();
    const rec = must(await submit(u.token, 'one:r1'));
    must(await t.call(userRealApi.audit, { id: rec.id, state: 1 }, admin));
    // Resubmitting a passed record: back to 0, the old reference face is gone, realPerson 0.
    const again = must(await submit(u.token, 'one:r2', { realName: '张三丰' }));
    expect(again).toMatchObject({ id: rec.id, state: 0, realName: '张三丰', auditMsg: '' });
    expect(enrolled.has(u.userId)).toBe(false);
    expect((await info(u.token)).realPerson).toBe(0);
    const rejected = must(await t.call<RealRecord>(userRealApi.audit, { id: rec.id, state: 2, auditMsg: '照片不清晰' }, admin));
    expect(rejected).toMatchObject({ state: 2, state_dictText: '未通过', auditMsg: '照片不清晰' });
    expect(must(await t.call<RealRecord>(userRealApi.detail, {}, u.token))).toMatchObject({ state: 2, auditMsg: '照片不清晰' });
    const msgs = (await inbox(u.token)).filter((m) => m.title === '实名认证审核结果');
    expect(msgs).toHaveLength(2);
    expect(msgs.some((m) => m.content.includes('未通过') && m.content.includes('照片不清晰'))).toBe(true);
    expect(await rows(u.userId)).toHaveLength(1);
  });

  it('a learner can neither audit nor list', async () => {
    await mode('manual');
    const u = await t.newLearner();
    const rec = must(await submit(u.token, 'one:x'));
    for (const [ep, body] of [[userRealApi.audit, { id: rec.id, state: 1 }], [userRealApi.autoAudit, { id: rec.id }], [userRealApi.paging, {}]] as const) {
      const res = await t.call(ep, body, u.token);
      expect(res.success).toBe(false);
    }
    expect((await rows(u.userId))[0]!.state).toBe(0);
  });
});

describe('faceAudit modes', () => {
  it("'no' passes at once with no check", async () => {
    await mode('no');
    const u = await t.newLearner();
    expect(must(await submit(u.token, 'none'))).toMatchObject({ state: 1 });
    expect(vi.mocked(t.services.face.detect)).not.toHaveBeenCalled();
    expect((await info(u.token)).realPerson).toBe(1);
  });

  it("'auto': one clear face passes and is enrolled; no face and several faces fail with a reason; an unsure or failing engine leaves it pending", async () => {
    await mode('auto');
    const a = await t.newLearner();
    expect(must(await submit(a.token, 'one:auto'))).toMatchObject({ state: 1, auditBy: '' });
    expect(enrolled.get(a.userId)).toBe('auto');
    expect((await info(a.token)).realPerson).toBe(1);
    expect((await inbox(a.token)).some((m) => m.content.includes('已通过'))).toBe(true);

    const b = await t.newLearner();
    expect(must(await submit(b.token, 'none'))).toMatchObject({ state: 2, auditMsg: AUTO_NO_FACE });
    expect(must(await submit(b.token, 'two'))).toMatchObject({ state: 2, auditMsg: AUTO_MANY_FACES });
    expect(enrolled.has(b.userId)).toBe(false);
    expect((await info(b.token)).realPerson).toBe(0);

    const c = await t.newLearner();
    expect(must(await submit(c.token, 'blur'))).toMatchObject({ state: 0 });
    expect(must(await submit(c.token, 'boom'))).toMatchObject({ state: 0 });
    // An administrator may run the automatic check again, or decide.
    const rec = must(await t.call<RealRecord>(userRealApi.autoAudit, { id: (await rows(c.userId))[0]!.id }, admin));
    expect(rec.state).toBe(0);
  });

  it('auto-audit decides a pending record like auto mode', async () => {
    await mode('manual');
    const u = await t.newLearner();
    const rec = must(await submit(u.token, 'one:aa'));
    expect(must(await t.call<RealRecord>(userRealApi.autoAudit, { id: rec.id }, admin))).toMatchObject({ state: 1 });
    expect(enrolled.get(u.userId)).toBe('aa');
    expect((await t.call(userRealApi.autoAudit, { id: rec.id }, admin)).code).toBe(UserRealError.NOT_PENDING.code);
  });
});

describe('face login', () => {
  it('logs the enrolled person in with a session like a password login; refuses another face, several faces, and a switched-off site', async () => {
    await switches({ faceAudit: 'auto', faceLogin: true });
    const u = await t.newLearner();
    must(await submit(u.token, 'one:login-a'));
    const frame = `data:image/png;base64,${photo('one:login-a').toString('base64')}`;
    const res = await t.call<SessionUser>(userRealApi.faceLogin, { base64: frame });
    const user = must(res);
    expect(user.userId).toBe(u.userId);
    expect(user.token).toMatch(/.{20,}/);
    expect((await info(user.token)).userId).toBe(u.userId);

    const other = await t.call(userRealApi.faceLogin, { base64: photo('one:stranger').toString('base64') });
    expect(other).toMatchObject({ code: UserRealError.FACE_LOGIN_NO_MATCH.code, data: expect.objectContaining({ captchaRequired: false }) });
    expect((await t.call(userRealApi.faceLogin, { base64: photo('two').toString('base64') })).code).toBe(UserRealError.FACE_LOGIN_ONE_FACE.code);
    expect((await t.call(userRealApi.faceLogin, { base64: 'bm90IGFuIGltYWdl' })).code).toBe(FaceError.BAD_IMAGE.code);

    // A record no longer passed does not log in even while its face is still known to the engine.
    enrolled.set('ghost', 'ghost');
    expect((await t.call(userRealApi.faceLogin, { base64: photo('one:ghost').toString('base64') })).code).toBe(UserRealError.FACE_LOGIN_NO_MATCH.code);

    await switches({ faceLogin: false });
    expect((await t.call(userRealApi.faceLogin, { base64: frame })).code).toBe(UserRealError.FACE_LOGIN_OFF.code);
  });

  it('holds an address that keeps failing like a password login (HTTP 429), even for the right face', async () => {
    await switches({ faceAudit: 'auto', faceLogin: true });
    const u = await t.newLearner();
    must(await submit(u.token, 'one:held'));
    // Earlier tests of this file failed twice from this address already: at most 10 failures in all start the wait.
    let last = await t.call(userRealApi.faceLogin, { base64: photo('one:nobody').toString('base64') });
    for (let i = 0; i < 10 && last.status !== 429; i++) {
      expect(last.code).toBe(UserRealError.FACE_LOGIN_NO_MATCH.code);
      last = await t.call(userRealApi.faceLogin, { base64: photo('one:nobody').toString('base64') });
    }
    expect(last.status).toBe(429);
    const held = await t.call(userRealApi.faceLogin, { base64: photo('one:held').toString('base64') });
    expect(held).toMatchObject({ status: 429, code: ErrorCode.TOO_MANY_REQUESTS });
    expect(held.data).toMatchObject({ retryAfter: expect.any(Number) });
  });
});
