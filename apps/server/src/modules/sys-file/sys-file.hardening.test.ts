/**
 * API tests of upload hardening and HTTP Range (issue 11 "Uploads"; SPEC §5 "Uploads", §9): the
 * size limits come from UPLOAD_FILE_MAX_MB / UPLOAD_VIDEO_MAX_MB and a refused upload (too large,
 * wrong magic bytes, wrong extension) leaves the upload and temporary directories exactly as they
 * were; traversal and control characters in the file name are neutralised (the bytes land under
 * their generated key only); the body is streamed to a temporary file while it arrives; ranges of
 * /api/common/file/view and /public (206, Content-Range, Accept-Ranges, 416); a local directory
 * chosen in the storage configuration receives new files while older ones stay readable.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope } from '@kaopei/contracts';
import { propApi } from '@kaopei/contracts/sys-config-prop';
import { fileApi, FileError, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { parseRange } from '../../platform/router';
import { testApp, type TestApp } from '../../test/app';
import { multipart, pngImage } from '../../test/builders';

let t: TestApp;
let learner: { token: string; userId: string };
const MB = 1024 * 1024;

/** An MP4 `ftyp` box followed by `size` bytes of a pattern. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.from(Array.from({ length: size }, (_, i) => (i * 7) % 256))]);

async function upload(name: string, data: Buffer) {
  const { payload, contentType } = await multipart({}, { name, data });
  const res = await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, token: learner.token } });
  return res.json() as Envelope<UploadedFileItem>;
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { token: learner.token, ...headers } });
const row = (id: string) => t.db.selectFrom('sys_file').selectAll().where('id', '=', id).executeTakeFirst();
/** Every file under DATA_DIR (relative paths), but the database files. */
const dataFiles = () =>
  (fs.readdirSync(t.config.dataDir, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => !/kaopei\.db/.test(f) && fs.statSync(path.join(t.config.dataDir, f)).isFile()).sort();

beforeAll(async () => {
  t = await testApp({ UPLOAD_FILE_MAX_MB: '1', UPLOAD_VIDEO_MAX_MB: '3' });
  learner = await t.newLearner('hard');
});
afterAll(async () => {
  await t.close();
});

describe('upload hardening', () => {
  it('applies the configured limits per kind and leaves nothing on disk when refusing', async () => {
    const before = dataFiles();
    expect(await upload('big.png', Buffer.concat([pngImage(), Buffer.alloc(MB)]))).toMatchObject({ code: FileError.TOO_LARGE.code, msg: '图片不能超过1MB！' });
    expect(await upload('big.mp4', mp4(3 * MB))).toMatchObject({ code: FileError.TOO_LARGE.code, msg: '视频不能超过3MB！' });
    expect(await upload('evil.mp4', Buffer.concat([Buffer.from('<html><script>x</script>'), Buffer.alloc(1000)]))).toMatchObject({ code: FileError.TYPE_MISMATCH.code });
    expect(await upload('evil.png', mp4(100))).toMatchObject({ code: FileError.TYPE_MISMATCH.code });
    expect((await upload('evil.exe', pngImage())).code).toBe(ErrorCode.BAD_PARAMS);
    expect(dataFiles()).toEqual(before);
    // Under the limits both kinds pass.
    expect(await upload('ok.mp4', mp4(2 * MB))).toMatchObject({ code: 0 });
    expect(await upload('ok.png', Buffer.concat([pngImage(), Buffer.alloc(MB - 200)]))).toMatchObject({ code: 0 });
  });

  it('neutralises traversal names, folders and control characters: the bytes land under their key only', async () => {
    const outside = path.resolve(t.config.dataDir, '..');
    const outsideBefore = fs.readdirSync(outside).sort();
    const cases: [string, string][] = [
      ['../../x.mp4', 'x.mp4'],
      ['a/b.mp4', 'b.mp4'],
      ['..\\..\\win.mp4', 'win.mp4'],
      ['nul\u0000.mp4', 'nul.mp4'],
      ['/etc/passwd.mp4', 'passwd.mp4'],
    ];
    for (const [name, clean] of cases) {
      const before = dataFiles();
      const res = await upload(name, mp4(100));
      expect(res, name).toMatchObject({ code: 0 });
      const item = res.data as UploadedFileItem;
      expect(item.name).toBe(clean);
      const r = await row(item.uid);
      expect(r?.name).toBe(clean);
      expect(r?.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.mp4$/);
      expect(dataFiles()).toEqual([...before, path.join('upload', ...(r?.storageKey as string).split('/'))].sort());
    }
    // The parent is the shared temp directory, where parallel tests come and go: assert that none of
    // the uploaded names appeared there (or one level further up), not that the listing is unchanged.
    const appeared = fs.readdirSync(outside).filter((f) => !outsideBefore.includes(f));
    expect(appeared.filter((f) => /\.mp4$|passwd|win/.test(f))).toEqual([]);
    for (const [, clean] of cases) expect(fs.existsSync(path.resolve(outside, '..', clean)), clean).toBe(false);
  });

  it('streams the body to a temporary file while it arrives (not buffered in memory first)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { payload, contentType } = await multipart({}, { name: 'slow.mp4', data: mp4(2 * MB) });
    const body = Buffer.from(payload as Buffer);
    const tmp = path.join(t.config.dataDir, 'tmp');
    const answer = new Promise<string>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: fileApi.upload.path, headers: { 'content-type': contentType, 'content-length': body.length, token: learner.token } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      // Half the body, then wait until the server has written part of it to DATA_DIR/tmp.
      req.write(body.subarray(0, MB));
      const poll = setInterval(() => {
        const files = fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
        const written = files.map((f) => fs.statSync(path.join(tmp, f)).size).reduce((a, b) => a + b, 0);
        if (written > 0) {
          clearInterval(poll);
          req.end(body.subarray(MB));
        }
      }, 20);
    });
    const res = JSON.parse(await answer) as Envelope<UploadedFileItem>;
    expect(res).toMatchObject({ code: 0 });
    expect(fs.readdirSync(tmp)).toEqual([]);
  });
});

describe('HTTP Range', () => {
  it('parses ranges as RFC 9110 does', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-1', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });

  it('answers 206 with Content-Range for an mp4 (start, middle, suffix), 416 past the end, 200 for a malformed range', async () => {
    const data = mp4(300_000);
    const item = (await upload('seek.mp4', data)).data as UploadedFileItem;
    const whole = await get(item.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(data.length);
    expect(whole.headers['content-type']).toBe('video/mp4');
    // What a <video> asks first, then a seek into the middle, then the tail (moov at the end).
    const first = await get(item.url, { range: 'bytes=0-' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-${data.length - 1}/${data.length}`);
    expect(first.rawPayload).toEqual(data);
    const mid = await get(item.url, { range: 'bytes=150000-150099' });
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe(`bytes 150000-150099/${data.length}`);
    expect(Number(mid.headers['content-length'])).toBe(100);
    expect(mid.rawPayload).toEqual(data.subarray(150000, 150100));
    const tail = await get(item.url, { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(data.subarray(data.length - 500));
    const past = await get(item.url, { range: `bytes=${data.length}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${data.length}`);
    const bad = await get(item.url, { range: 'bytes=oops' });
    expect(bad.statusCode).toBe(200);
    expect(bad.rawPayload).toEqual(data);
    // The login check comes first: no bytes for an anonymous range request.
    expect((await t.app.inject({ method: 'GET', url: item.url, headers: { range: 'bytes=0-9' } })).json()).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
  });

  it('serves ranges on the public route too', async () => {
    const data = mp4(10_000);
    const item = (await upload('pub.mp4', data)).data as UploadedFileItem;
    const publicUrl = await t.services.sysFile.publish(item.url);
    const res = await t.app.inject({ method: 'GET', url: publicUrl, headers: { range: 'bytes=10-19' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 10-19/${data.length}`);
    expect(res.rawPayload).toEqual(data.subarray(10, 20));
  });
});

describe('local directory of the storage configuration', () => {
  it('stores new files in the saved localDir while files stored before stay readable', async () => {
    const admin = await t.login();
    const old = (await upload('old.png', pngImage())).data as UploadedFileItem;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-localdir-'));
    const localDir = `${dir.split(path.sep).join('/')}/`;
    expect(await t.call(propApi.save, { type: 'upload', provider: 'local', data: { localDir, url: 'http://localhost:8080/' } }, admin)).toMatchObject({ code: 0 });
    const now = (await upload('new.png', pngImage())).data as UploadedFileItem;
    const key = (await row(now.uid))?.storageKey as string;
    expect(fs.existsSync(path.join(dir, ...key.split('/')))).toBe(true);
    expect((await get(now.url)).rawPayload).toEqual(pngImage());
    expect((await get(old.url)).rawPayload).toEqual(pngImage());
    // A directory the server cannot create (a file is in the way): a clear error, nothing kept.
    const blocker = path.join(dir, 'blocker');
    fs.writeFileSync(blocker, 'x');
    expect(await t.call(propApi.save, { type: 'upload', provider: 'local', data: { localDir: `${blocker.split(path.sep).join('/')}/sub/`, url: 'http://localhost:8080/' } }, admin)).toMatchObject({ code: 0 });
    const rows = await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const res = await upload('blocked.png', pngImage());
    expect(res).toMatchObject({ code: FileError.STORAGE_FAILED.code });
    expect(res.msg).toMatch(/^文件存储失败（本地存储）：ENOTDIR/);
    expect(await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst()).toEqual(rows);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'tmp'))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
