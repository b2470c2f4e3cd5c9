/**
 * API tests of certificates (/api/cert/*; issue 7 "Certificates"): templates with the contracts'
 * messages, grants exactly once (parallel grant() of one exam and user, double grant-batch),
 * distinct KP-<year>-<n> numbers under parallel grants, learners see only their own grants, admin
 * list with filters and data scope, revoke, public verification (valid, expired, revoked, unknown,
 * nothing else answered), the exam's certificate, and the PDF itself (text extracted with pdf.js
 * holds the Chinese name and the number; the font is an embedded subset; well under 200 KB).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ErrorCode, type Page } from '@kaopei/contracts';
import {
  certApi,
  CertError,
  certGrantApi,
  DEFAULT_CERT_LAYOUT,
  maskName,
  type CertDetail,
  type CertGrantRecord,
  type CertGrantRow,
  type CertRecord,
  type CertVerifyRes,
} from '@kaopei/contracts/cert';
import { examApi, type ExamDetail } from '@kaopei/contracts/exam';
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { createQu, createRepo, examBody, multipart, must, pngImage, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;

const saveCert = async (body: object = {}) =>
  must(await t.call<{ id: string }>(certApi.save, { title: uniq('安全生产证书'), authority: '考培培训中心', ...body }, admin)).id;
const grantBatch = (certId: string, userIds: string[], token = admin) => t.call<{ granted: number; skipped: number }>(certGrantApi.grantBatch, { certId, userIds }, token);
const myList = async (token: string) => must(await t.call<CertGrantRow[]>(certGrantApi.myList, {}, token));
const adminPage = async (params: object, token = admin) => must(await t.call<Page<CertGrantRecord>>(certGrantApi.paging, { size: 100, params }, token));
const verify = (certNo: string) => t.call<CertVerifyRes>(certGrantApi.verify, { certNo });

/** GET /api/cert/grant/pdf?id= as `token`. */
const pdfOf = (id: string, token: string) => t.app.inject({ method: 'GET', url: `${certGrantApi.pdf.path}?id=${id}`, headers: { token } });

/** Waits until the learner's grant `id` has its PDF (the background job). */
async function waitForPdf(token: string, id: string): Promise<CertGrantRow> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const row = (await myList(token)).find((g) => g.id === id);
    if (row?.certFilePdf) return row;
    if (Date.now() > deadline) throw new Error(`no pdf for grant ${id}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('certificate templates', () => {
  it('saves, details and lists a template with its layout; a background must be an uploaded image', async () => {
    const title = uniq('结业证书');
    const id = await saveCert({ title, expireMonths: 24 });
    const detail = must(await t.call<CertDetail>(certApi.detail, { id }, admin));
    expect(detail).toMatchObject({ id, title, authority: '考培培训中心', expireMonths: 24, bgImage: '', grantCount: 0, layout: DEFAULT_CERT_LAYOUT });
    const layout = { ...DEFAULT_CERT_LAYOUT, name: { x: 0.3, y: 0.4, size: 28, align: 'left' } };
    await saveCert({ id, title, expireMonths: null, layout });
    expect(must(await t.call<CertDetail>(certApi.detail, { id }, admin))).toMatchObject({ expireMonths: null, layout });
    // The select of SPEC §2: page 1, size 100, title filter.
    expect(must(await t.call<Page<CertRecord>>(certApi.paging, { current: 1, size: 100, params: { title } }, admin)).records.map((r) => r.id)).toEqual([id]);

    const { payload, contentType } = await multipart({}, { name: 'bg.png', data: pngImage(), type: 'image/png' });
    const up = (await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, token: admin } })).json() as { data: UploadedFileItem };
    await saveCert({ id, title, bgImage: up.data.url });
    expect(must(await t.call<CertDetail>(certApi.detail, { id }, admin)).bgImage).toBe(up.data.url);
    expect(await t.call(certApi.save, { id, title, authority: 'x', bgImage: '/api/common/file/view/0123456789abcdef0123456789abcdef.png' }, admin)).toMatchObject({ code: CertError.BAD_BACKGROUND.code });
  });

  it('refuses bad input with the contracts messages and writes nothing', async () => {
    const before = must(await t.call<Page<CertRecord>>(certApi.paging, {}, admin)).total;
    const bad = async (body: object, msg: string) => expect(await t.call(certApi.save, { title: '证书', authority: '机构', ...body }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg });
    await bad({ title: ' ' }, '证书名称不能为空！');
    await bad({ authority: '' }, '发证机构不能为空！');
    await bad({ expireMonths: 0 }, '有效期必须是1到1200之间的整数月！');
    await bad({ expireMonths: 1.5 }, '有效期必须是1到1200之间的整数月！');
    await bad({ layout: { ...DEFAULT_CERT_LAYOUT, qr: { x: 1.2, y: 0, size: 80 } } }, '横向位置必须是0到1之间的数字！');
    await bad({ layout: { ...DEFAULT_CERT_LAYOUT, name: { x: 0.5, y: 0.5, size: 200 } } }, '字号必须是6到120之间的数字！');
    expect(await t.call(certApi.save, { id: '1234567890123456789', title: 'x', authority: 'y' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(must(await t.call<Page<CertRecord>>(certApi.paging, {}, admin)).total).toBe(before);
  });

  it('deletes an unused template, refuses one that was granted', async () => {
    const unused = await saveCert();
    const used = await saveCert({ title: uniq('已发证书') });
    const l = await t.newLearner('del');
    must(await grantBatch(used, [l.userId]));
    expect(await t.call(certApi.delete, { ids: [unused, used] }, admin)).toMatchObject({ code: CertError.IN_USE.code, msg: expect.stringContaining('已发放，不能删除！') });
    expect((await t.call(certApi.detail, { id: unused }, admin)).code).toBe(0);
    expect(await t.call(certApi.delete, { ids: [unused] }, admin)).toMatchObject({ code: 0 });
    expect((await t.call(certApi.detail, { id: unused }, admin)).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('grants', () => {
  it('grant-batch grants once per person; a second batch skips them; numbers are KP-<year>-<6 digits>', async () => {
    const certId = await saveCert({ expireMonths: 12 });
    const [a, b] = [await t.newLearner('ga'), await t.newLearner('gb')];
    expect(must(await grantBatch(certId, [a.userId, b.userId, a.userId]))).toEqual({ granted: 2, skipped: 0 });
    expect(must(await grantBatch(certId, [a.userId, b.userId]))).toEqual({ granted: 0, skipped: 2 });
    const rows = await myList(a.token);
    expect(rows).toHaveLength(1);
    const year = new Date().getFullYear();
    expect(rows[0]).toMatchObject({ certId, authority: '考培培训中心', refType: 'manual', refType_dictText: '手动发放', status: 'valid', status_dictText: '有效' });
    expect(rows[0]?.certNo).toMatch(new RegExp(`^KP-(${year}|${year + 1})-\\d{6}$`));
    // Expiry = grant + 12 calendar months.
    const created = rows[0]?.createTime ?? '';
    expect(rows[0]?.expireTime?.slice(0, 4)).toBe(String(Number(created.slice(0, 4)) + 1));
    expect(rows[0]?.expireTime?.slice(5)).toBe(created.slice(5));
    expect(await grantBatch(certId, ['1234567890123456789'])).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '用户不存在或已被删除！' });
    expect(await t.call(certGrantApi.grantBatch, { certId, userIds: [] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请至少选择一个用户！' });
    expect(await t.call(certGrantApi.grantBatch, { certId: '', userIds: [a.userId] }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请选择证书！' });
  });

  it('grants once when ten hand-ins race for the same exam and person', async () => {
    const certId = await saveCert();
    const l = await t.newLearner('race');
    const input = { certId, userId: l.userId, refType: 'exam' as const, refId: '9000000000000000001', refTitle: '安全考试' };
    const results = await Promise.all(Array.from({ length: 10 }, () => t.services.cert.grant(null, input)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.grant.id)).size).toBe(1);
    expect(await myList(l.token)).toHaveLength(1);
    // Inside a caller's transaction too.
    const again = await t.db.transaction().execute((trx) => t.services.cert.grant(trx, input));
    expect(again).toMatchObject({ created: false, grant: { id: results[0]?.grant.id } });
    // Another exam is another event.
    expect((await t.services.cert.grant(null, { ...input, refId: '9000000000000000002' })).created).toBe(true);
  });

  it('gives parallel grants distinct numbers', async () => {
    const certId = await saveCert();
    const learners = await Promise.all(Array.from({ length: 8 }, (_, i) => t.newLearner(`num${i}`)));
    const results = await Promise.all(learners.map((l) => t.services.cert.grant(null, { certId, userId: l.userId, refType: 'course', refId: '42', refTitle: '' })));
    const numbers = results.map((r) => r.grant.certNo);
    expect(new Set(numbers).size).toBe(8);
    for (const n of numbers) expect(n).toMatch(/^KP-\d{4}-\d{6}$/);
  });

  it('shows learners only their own grants', async () => {
    const certId = await saveCert();
    const [a, b] = [await t.newLearner('own'), await t.newLearner('other')];
    must(await grantBatch(certId, [a.userId]));
    const mine = (await myList(a.token))[0] as CertGrantRow;
    expect(await myList(b.token)).toEqual([]);
    expect(must(await t.call<Page<CertGrantRow>>(certGrantApi.myPaging, {}, b.token)).total).toBe(0);
    expect(must(await t.call<Page<CertGrantRow>>(certGrantApi.myPaging, {}, a.token)).records.map((r) => r.id)).toEqual([mine.id]);
    expect(must(await t.call<CertGrantRow>(certGrantApi.detail, { id: mine.id }, a.token)).certNo).toBe(mine.certNo);
    expect((await t.call(certGrantApi.detail, { id: mine.id }, b.token)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await pdfOf(mine.id, b.token)).json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await t.call(certGrantApi.paging, {}, a.token)).code).toBe(ErrorCode.NO_PERMISSION);
    expect((await t.call(certGrantApi.grantBatch, { certId, userIds: [a.userId] }, a.token)).code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('lists grants for the admin with filters, revokes them (a second revoke changes nothing) and honours data scope', async () => {
    const certId = await saveCert();
    const [a, b] = [await t.newLearner('adm'), await t.newLearner('adm')];
    must(await grantBatch(certId, [a.userId, b.userId]));
    const all = await adminPage({ certId });
    expect(all.total).toBe(2);
    expect(all.records[0]).toMatchObject({ certId, realName: '测试学员', deptCode: 'A01', status: 'valid' });
    expect((await adminPage({ certId, userName: a.userName })).records.map((r) => r.userId)).toEqual([a.userId]);
    const aGrant = all.records.find((r) => r.userId === a.userId) as CertGrantRecord;
    expect(must(await t.call(certGrantApi.revoke, { ids: [aGrant.id] }, admin))).toBeNull();
    expect(must(await t.call(certGrantApi.revoke, { ids: [aGrant.id] }, admin))).toBeNull();
    expect((await adminPage({ certId, status: 'revoked' })).records.map((r) => r.id)).toEqual([aGrant.id]);
    expect((await adminPage({ certId, status: 'valid' })).records.map((r) => r.userId)).toEqual([b.userId]);
    expect((await t.call(certGrantApi.revoke, { ids: ['1234567890123456789'] }, admin)).code).toBe(ErrorCode.NOT_FOUND);

    // An administrator limited to another department sees none of them and can touch none.
    const spy = vi.spyOn(t.services.sysRole, 'dataScopeOf').mockResolvedValue('Z99');
    try {
      expect((await adminPage({ certId })).total).toBe(0);
      expect((await t.call(certGrantApi.revoke, { ids: [aGrant.id] }, admin)).code).toBe(ErrorCode.NOT_FOUND);
      expect(await grantBatch(certId, [a.userId])).toMatchObject({ code: ErrorCode.NOT_FOUND });
      expect((await pdfOf(aGrant.id, admin)).json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('public verification', () => {
  it('answers valid, expired and revoked with nothing else, without login; an unknown number is refused', async () => {
    const certId = await saveCert({ title: uniq('电工证'), expireMonths: 1 });
    const forever = await saveCert({ title: uniq('永久证书') });
    const l = await t.newLearner('ver');
    const g = (await t.services.cert.grant(null, { certId, userId: l.userId, refType: 'exam', refId: '1', refTitle: '' })).grant;
    const v = must(await verify(g.certNo));
    expect(Object.keys(v).sort()).toEqual(['authority', 'expireDate', 'grantDate', 'holder', 'status', 'status_dictText', 'title']);
    expect(v).toMatchObject({ holder: '测**员', authority: '考培培训中心', status: 'valid', status_dictText: '有效', grantDate: g.createTime.slice(0, 10), expireDate: g.expireTime?.slice(0, 10) });
    const f = (await t.services.cert.grant(null, { certId: forever, userId: l.userId, refType: 'exam', refId: '1', refTitle: '' })).grant;
    expect(must(await verify(f.certNo))).toMatchObject({ status: 'valid', expireDate: null });

    advanceClock(32 * 24 * 3600_000);
    // Sessions idled out meanwhile.
    admin = await t.login();
    const learner = await t.login({ username: l.userName, password: 'Test@12345' });
    expect(must(await verify(g.certNo))).toMatchObject({ status: 'expired', status_dictText: '已过期' });
    expect((await myList(learner)).find((r) => r.id === g.id)).toMatchObject({ status: 'expired' });
    expect(must(await verify(f.certNo))).toMatchObject({ status: 'valid' });

    must(await t.call(certGrantApi.revoke, { ids: [f.id] }, admin));
    expect(must(await verify(f.certNo))).toMatchObject({ status: 'revoked', status_dictText: '已撤销' });
    expect(await verify('KP-1999-000001')).toMatchObject({ code: CertError.NO_SUCH_CERT.code, msg: '证书不存在，请核对证书编号！' });
    expect(await t.call(certGrantApi.verify, { certNo: '' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请输入证书编号！' });
  });

  it('masks names', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张小三')).toBe('张*三');
    expect(maskName('欧阳小明')).toBe('欧**明');
    expect(maskName('李')).toBe('*');
  });
});

describe('the certificate PDF', () => {
  it('holds the Chinese name and the number as text, embeds a font subset, a QR code, and stays well under 200 KB', async () => {
    const certId = await saveCert({ title: '优秀学员证书' });
    const l = await t.newLearner('pdf');
    must(await grantBatch(certId, [l.userId]));
    const g = (await myList(l.token))[0] as CertGrantRow;
    const ready = await waitForPdf(l.token, g.id);
    expect(ready.certFilePdf).toBe(`${certGrantApi.pdf.path}?id=${g.id}`);
    const res = await pdfOf(g.id, l.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(200 * 1024);
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/FontFile[23]/);
    expect(raw).toMatch(/\/FontName \/[A-Z]{6}\+NotoSans/);
    expect(raw).toMatch(/\/Subtype \/Image/);

    const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false }).promise;
    const page = await doc.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
    expect(text).toContain('测试学员');
    expect(text).toContain(g.certNo);
    expect(text).toContain('优秀学员证书');
    expect(page.view.map(Math.round)).toEqual([0, 0, 842, 595]);
    // The QR code is also a link to the public verification page of this number.
    const links = (await page.getAnnotations()).filter((a: { subtype?: string }) => a.subtype === 'Link') as { url?: string }[];
    expect(links.map((l) => l.url)).toEqual([expect.stringMatching(new RegExp(`^https?://[^/]+/cert/verify/${g.certNo}$`))]);
    await doc.destroy();

    // An administrator may download it too.
    expect((await pdfOf(g.id, admin)).statusCode).toBe(200);
  });
});

describe("an exam's certificate", () => {
  it('saves and shows the certificate an exam grants; an unknown one is refused', async () => {
    const repoId = await createRepo(t, admin);
    for (let i = 0; i < 2; i++) await createQu(t, admin, repoId, 1);
    const certId = await saveCert({ title: uniq('考试证书') });
    const body = examBody(repoId, { ruleList: [{ repoId, quType: 1, quCount: 2, quScore: 5 }], qualifyScore: 5 });
    const id = must(await t.call<{ id: string }>(examApi.save, { ...body, certId }, admin)).id;
    const title = must(await t.call<CertDetail>(certApi.detail, { id: certId }, admin)).title;
    expect(must(await t.call<ExamDetail>(examApi.detail, { id }, admin))).toMatchObject({ certId, certId_dictText: title });
    must(await t.call(examApi.save, { ...body, id, certId: '' }, admin));
    expect(must(await t.call<ExamDetail>(examApi.detail, { id }, admin))).toMatchObject({ certId: null, certId_dictText: '' });
    expect(await t.call(examApi.save, { ...body, id, certId: '1234567890123456789' }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '证书不存在或已被删除！' });
  });
});
