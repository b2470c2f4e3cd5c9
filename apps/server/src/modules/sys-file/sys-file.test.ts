/**
 * API tests of file upload (/api/common/file/upload) and reading (/api/common/file/view/<id>.<ext>,
 * /api/common/file/public/<id>.<ext>): a real PNG built here, the type taken from the content (a
 * spoofed type refused, Office containers accepted when the name agrees, a JPEG named .png stored as
 * .jpg), the per-kind size limits, the answer shape, the sys_file row and the stored bytes, reading
 * with and without login, publishing, and that nothing is half-written.
 */
import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope, type Page } from '@kaopei/contracts';
import { fileApi, FileError, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { logApi } from '@kaopei/contracts/sys-log';
import { testApp, type TestApp } from '../../test/app';
import { multipart, pngImage as png } from '../../test/builders';
import { resolveType } from './sys-file.types';

let t: TestApp;
let admin: string;
let learner: { token: string; userId: string; userName: string };

/** The start of a JFIF JPEG (enough for a content check). */
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1)]);
/** An MP4 `ftyp` box (isom) followed by `size` bytes. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(size)]);
/** An OLE compound file header (old .doc/.xls/.ppt). */
const cfb = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
/** A zip of `entries` (name → text). */
async function zip(entries: Record<string, string>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) z.addBuffer(Buffer.from(text), name);
  z.end();
  const parts: Buffer[] = [];
  for await (const part of z.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
const docx = () =>
  zip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': '<w:document/>',
  });

async function uploadFile(name: string, data: Buffer, token?: string) {
  const { payload, contentType } = await multipart({}, { name, data });
  const res = await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, ...(token ? { token } : {}) } });
  return res.json() as Envelope<UploadedFileItem>;
}
async function uploaded(name: string, data: Buffer, token = learner.token): Promise<UploadedFileItem> {
  const res = await uploadFile(name, data, token);
  if (res.code !== 0 || !res.data) throw new Error(`upload ${name} failed: ${res.code} ${res.msg}`);
  return res.data;
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const fileRow = (id: string) => t.db.selectFrom('sys_file').selectAll().where('id', '=', id).executeTakeFirst();
const fileCount = async () => Number((await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
/** Every file under DATA_DIR/upload and DATA_DIR/tmp (nothing may be left behind by a refusal). */
const filesOnDisk = () =>
  ['upload', 'tmp'].flatMap((d) => {
    const dir = path.join(t.config.dataDir, d);
    return fs.existsSync(dir) ? (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile()).map((f) => `${d}/${f}`) : [];
  });

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  learner = await t.newLearner('file');
});
afterAll(async () => {
  await t.close();
});

describe('upload', () => {
  it('stores a real PNG of a learner and answers {url, name, uid}; the row and the bytes are kept', async () => {
    const data = png();
    const res = await uploadFile('头像 dot.PNG', data, learner.token);
    expect(res).toMatchObject({ code: 0, success: true, msg: '操作成功！' });
    const item = res.data as UploadedFileItem;
    expect(Object.keys(item).sort()).toEqual(['name', 'uid', 'url']);
    expect(item).toEqual({ url: `/api/common/file/view/${item.uid}.png`, name: '头像 dot.PNG', uid: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const row = await fileRow(item.uid);
    expect(row).toMatchObject({ url: item.url, name: '头像 dot.PNG', ext: 'png', size: data.length, mime: 'image/png', storage: 'local', isPublic: 0, createBy: learner.userId });
    expect(row?.storageKey).toMatch(new RegExp(`^\\d{4}/\\d{2}/${item.uid}\\.png$`));
    expect(fs.readFileSync(path.join(t.config.dataDir, 'upload', row?.storageKey as string))).toEqual(data);
    expect(filesOnDisk().filter((f) => f.startsWith('tmp/'))).toEqual([]);
  });

  it('takes the type from the content: a JPEG named .png is stored as .jpg; Office containers pass when the name agrees', async () => {
    const j = await uploaded('photo.png', jpeg());
    expect(j.url).toMatch(/\.jpg$/);
    expect(await fileRow(j.uid)).toMatchObject({ ext: 'jpg', mime: 'image/jpeg', name: 'photo.png' });
    const d = await uploaded('讲义.docx', await docx());
    expect(await fileRow(d.uid)).toMatchObject({ ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    // A zip without Office parts named .xlsx is accepted as the zip container the name says it is.
    const x = await uploaded('成绩.xlsx', await zip({ 'a.txt': 'x' }));
    expect(await fileRow(x.uid)).toMatchObject({ ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    const z = await uploaded('资料.zip', await zip({ 'a.txt': 'x' }));
    expect(await fileRow(z.uid)).toMatchObject({ ext: 'zip', mime: 'application/zip' });
    const c = await uploaded('old.xls', cfb());
    expect(await fileRow(c.uid)).toMatchObject({ ext: 'xls', mime: 'application/vnd.ms-excel' });
    const v = await uploaded('课程.mp4', mp4(1000));
    expect(await fileRow(v.uid)).toMatchObject({ ext: 'mp4', mime: 'video/mp4' });
  });

  it('refuses a spoofed type with a clear message and writes nothing', async () => {
    const rows = await fileCount();
    const disk = filesOnDisk();
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    expect(await uploadFile('evil.png', html, learner.token)).toMatchObject({
      code: FileError.TYPE_MISMATCH.code,
      success: false,
      msg: '文件“evil.png”的内容与扩展名不符（实际内容：无法识别的类型（可能是文本、网页或脚本）），不能上传！',
    });
    expect((await uploadFile('report.png', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), learner.token)).msg).toContain('实际内容：pdf');
    expect((await uploadFile('a.pdf', png(), learner.token)).code).toBe(FileError.TYPE_MISMATCH.code);
    expect((await uploadFile('a.pdf', cfb(), learner.token)).code).toBe(FileError.TYPE_MISMATCH.code);
    expect((await uploadFile('a.mp3', mp4(10), learner.token)).code).toBe(FileError.TYPE_MISMATCH.code);
    expect((await uploadFile('setup.docx', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), learner.token)).code).toBe(FileError.TYPE_MISMATCH.code);
    // Names outside SPEC §5's types are refused before the file is read.
    const html2 = await uploadFile('evil.html', html, learner.token);
    expect(html2.code).toBe(ErrorCode.BAD_PARAMS);
    expect(html2.msg).toMatch(/^文件格式不正确，请上传\.png\/\.jpeg\/.*\.pptx文件！$/);
    expect(await uploadFile('empty.png', Buffer.alloc(0), learner.token)).toMatchObject({ code: FileError.EMPTY.code, msg: '不能上传空文件！' });
    expect(await fileCount()).toBe(rows);
    expect(filesOnDisk()).toEqual(disk);
  });

  it('allows videos over 20 MB (default up to 2 GB) and other files up to 20 MB', async () => {
    const rows = await fileCount();
    const big = Buffer.concat([png(), Buffer.alloc(20 * 1024 * 1024 - png().length + 1)]);
    expect(await uploadFile('big.png', big, learner.token)).toMatchObject({ code: FileError.TOO_LARGE.code, msg: '图片不能超过20MB！' });
    expect(await uploadFile('big.docx', Buffer.concat([await docx(), Buffer.alloc(20 * 1024 * 1024)]), learner.token)).toMatchObject({ code: FileError.TOO_LARGE.code, msg: '文件不能超过20MB！' });
    expect(await fileCount()).toBe(rows);
    const exact = await uploaded('exact.png', Buffer.concat([png(), Buffer.alloc(20 * 1024 * 1024 - png().length)]));
    expect((await fileRow(exact.uid))?.size).toBe(20 * 1024 * 1024);
    const video = await uploaded('lesson.mp4', mp4(21 * 1024 * 1024));
    expect((await fileRow(video.uid))?.ext).toBe('mp4');
  });

  it('needs a login, and is not an operation-log entry', async () => {
    expect(await uploadFile('dot.png', png())).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN, data: null });
    await uploaded('admin.png', png(), admin);
    const log = await t.call<Page<unknown>>(logApi.paging, { params: { keyword: fileApi.upload.path } }, admin);
    expect(log.data?.total).toBe(0);
  });
});

describe('reading files', () => {
  it('serves a file to logged-in users (token header or cookie) with its type; refuses anonymous callers', async () => {
    const data = png();
    const item = await uploaded('dot.png', data);
    const res = await get(item.url, { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''dot.png");
    expect(res.rawPayload).toEqual(data);
    // <img src> sends the login cookie, not the header.
    expect((await get(item.url, { cookie: `token=${learner.token}` })).rawPayload).toEqual(data);
    expect((await get(item.url)).json()).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN, success: false });
  });

  it('answers 10010003 for an unknown id, a wrong extension, a malformed name or bytes that are gone', async () => {
    const item = await uploaded('dot.png', png());
    for (const url of [`/api/common/file/view/0123456789abcdef0123456789abcdef.png`, item.url.replace(/\.png$/, '.jpg'), '/api/common/file/view/..%2F..%2Fkaopei.db', '/api/common/file/view/abc.png']) {
      expect((await get(url, { token: learner.token })).json(), url).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '文件不存在或已被删除！' });
    }
    const row = await fileRow(item.uid);
    fs.rmSync(path.join(t.config.dataDir, 'upload', row?.storageKey as string));
    expect((await get(item.url, { token: learner.token })).json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('serves a published file without login on the public route, and nothing else there', async () => {
    const data = png();
    const item = await uploaded('logo.png', data, admin);
    const publicUrl = item.url.replace('/view/', '/public/');
    expect((await get(publicUrl)).json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await t.services.sysFile.publish(item.url)).toBe(publicUrl);
    const res = await get(publicUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload).toEqual(data);
    expect((await get(item.url)).json()).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
    await t.services.sysFile.unpublish(publicUrl);
    expect((await get(publicUrl)).json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    await expect(t.services.sysFile.publish('https://example.com/x.png')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});

describe('resolveType', () => {
  it('keeps the name only where the content is a container of Office formats', () => {
    expect(resolveType('a.jpeg', 'jpeg', { ext: 'jpg', mime: 'image/jpeg' })).toEqual({ kind: 'image', ext: 'jpg', mime: 'image/jpeg' });
    expect(resolveType('a.ogg', 'ogg', { ext: 'opus', mime: 'audio/ogg; codecs=opus' })).toEqual({ kind: 'audio', ext: 'ogg', mime: 'audio/ogg' });
    expect(resolveType('a.ppt', 'ppt', { ext: 'cfb', mime: 'application/x-cfb' })).toEqual({ kind: 'file', ext: 'ppt', mime: 'application/vnd.ms-powerpoint' });
    expect(() => resolveType('a.zip', 'zip', { ext: 'cfb', mime: 'application/x-cfb' })).toThrow(/实际内容：cfb/);
    expect(() => resolveType('a.mp4', 'mp4', { ext: 'mov', mime: 'video/quicktime' })).toThrow(/实际内容：mov/);
  });
});
