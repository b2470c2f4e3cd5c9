/**
 * API tests of the browser direct uploads (/api/common/file/direct/init|finish; SPEC §5 "Uploads",
 * §7 "Upload") against the fake cloud servers that check every signature (sys-file.fake-cloud.ts).
 * The object is put the way the browser SDK puts it: signed with the TEMPORARY credentials the
 * token call answered (OSS STS key + security token, COS temporary key + session token, qiniu
 * upload token). Then: finish writes one row and the file reads back through /api/common/file/view;
 * wrong magic bytes or an oversized object are refused and removed from the bucket; another
 * user's key is refused; a retried or parallel finish answers the same item with one row; expired
 * pending uploads are swept; the CSP connect-src follows the current upload configuration.
 */
import OSS from 'ali-oss';
import COS from 'cos-nodejs-sdk-v5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propApi } from '@kaopei/contracts/sys-config-prop';
import { DIRECT_UPLOAD_TTL_MS, fileApi, FileError, type CosToken, type DirectInit, type OssSts, type QiniuToken, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { testApp, type TestApp } from '../../test/app';
import { must, pngImage } from '../../test/builders';
import { fakeCos, fakeOss, fakeQiniu, type FakeCloud } from './sys-file.fake-cloud';

let t: TestApp;
let admin: string;
let learner: { token: string; userId: string };
let other: { token: string; userId: string };
let oss: FakeCloud;
let cos: FakeCloud;
let kodo: FakeCloud;

const CREDS = {
  aliyun: { accessKeyId: 'LTAI-direct', accessKeySecret: 'oss-secret-direct-0123', bucket: 'kp-oss' },
  qcloud: { accessKeyId: 'AKID-direct', accessKeySecret: 'cos-secret-direct-0123', bucket: 'kp-1250000000' },
  qiniu: { accessKeyId: 'qiniu-direct', accessKeySecret: 'qiniu-secret-direct-0123', bucket: 'kp-kodo' },
} as const;
type Cloud = keyof typeof CREDS;
const CLOUDS: readonly Cloud[] = ['aliyun', 'qcloud', 'qiniu'];
/** UPLOAD_FILE_MAX_MB of this app: 1 MB, so that an oversized object stays small. */
const MB = 1024 * 1024;

function configOf(p: Cloud): Record<string, string> {
  const c = CREDS[p];
  if (p === 'aliyun') return { endpoint: oss.url, bucket: c.bucket, accessKeyId: c.accessKeyId, accessKeySecret: c.accessKeySecret, arn: 'acs:ram::1:role/kp-direct', url: `${oss.url}/` };
  if (p === 'qcloud') return { region: cos.url, bucket: c.bucket, secretId: c.accessKeyId, secretKey: c.accessKeySecret, url: `${cos.url}/` };
  return { endpoint: kodo.url, bucket: c.bucket, accessKeyId: c.accessKeyId, accessKeySecret: c.accessKeySecret, url: `${kodo.url}/` };
}
const fakeOf = (p: Cloud) => ({ aliyun: oss, qcloud: cos, qiniu: kodo })[p];

async function use(provider: string) {
  if (provider !== 'local') expect(await t.call(propApi.save, { type: 'upload', provider, data: configOf(provider as Cloud) }, admin)).toMatchObject({ code: 0 });
  expect(await t.call(propApi.change, { type: 'upload', provider }, admin)).toMatchObject({ code: 0 });
}

const init = (name: string, size: number, token = learner.token) => t.call<DirectInit>(fileApi.directInit, { name, size }, token);
const finish = (key: string, token = learner.token) => t.call<UploadedFileItem>(fileApi.directFinish, { key }, token);
const rowsOf = (id: string) => t.db.selectFrom('sys_file').selectAll().where('id', '=', id).execute();
const pendingCount = async () => Number((await t.db.selectFrom('sys_file_direct').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);

/**
 * Puts `data` under `key` as the browser SDK of `p` does: with the temporary credentials of the
 * token call (aliyun: multipartUpload, part by part, above 100 KB; qcloud: putObject with
 * getAuthorization; qiniu: the form POST with the upload token). The credentials are asked for
 * `tokenKey` (the key itself unless a test tries another).
 */
async function putAsBrowser(p: Cloud, key: string, data: Buffer, type: string, tokenKey = key): Promise<void> {
  if (p === 'aliyun') {
    const sts = must(await t.call<OssSts>(fileApi.ossSts, { key: tokenKey }, learner.token));
    const client = new OSS({ endpoint: sts.endpoint, secure: false, bucket: sts.bucket, accessKeyId: sts.accessKeyId, accessKeySecret: sts.accessKeySecret, stsToken: sts.stsToken });
    if (data.length > 100 * 1024) await client.multipartUpload(key, data, { partSize: 100 * 1024, mime: type });
    else await client.put(key, data, { mime: type });
    return;
  }
  if (p === 'qcloud') {
    const tok = must(await t.call<CosToken>(fileApi.cosToken, { key: tokenKey }, learner.token));
    const url = new URL(tok.region);
    const client = new COS({
      Domain: url.host,
      Protocol: url.protocol as 'http:',
      getAuthorization: (_opts, cb) => cb({ TmpSecretId: tok.tmpSecretId, TmpSecretKey: tok.tmpSecretKey, SecurityToken: tok.sessionToken, StartTime: tok.startTime, ExpiredTime: tok.expiredTime }),
    });
    await client.putObject({ Bucket: tok.bucket, Region: 'ap-guangzhou', Key: key, Body: data, ContentType: type });
    return;
  }
  const tok = must(await t.call<QiniuToken>(fileApi.qiniuToken, { key: tokenKey }, learner.token));
  const form = new FormData();
  form.append('token', tok.token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'upload');
  const res = await fetch(`${tok.endpoint}/`, { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`qiniu ${res.status} ${await res.text()}`);
}

const padded = (extra: number) => Buffer.concat([pngImage(), Buffer.from(Array.from({ length: extra }, (_, i) => i % 251))]);

beforeAll(async () => {
  oss = await fakeOss(CREDS.aliyun);
  cos = await fakeCos(CREDS.qcloud);
  kodo = await fakeQiniu(CREDS.qiniu);
  t = await testApp({ KAOPEI_ALIYUN_STS_ENDPOINT: oss.url, KAOPEI_QCLOUD_STS_ENDPOINT: cos.url, UPLOAD_FILE_MAX_MB: '1' });
  admin = await t.login();
  learner = await t.newLearner('direct');
  other = await t.newLearner('other');
});
afterAll(async () => {
  await t.close();
  await Promise.all([oss, cos, kodo].map((f) => f.close()));
});

describe('direct upload: init', () => {
  it('refuses a bad extension, an empty file and an oversized one like /upload, and records nothing', async () => {
    await use('aliyun');
    const before = await pendingCount();
    const bad = await init('page.html', 100);
    expect(bad).toMatchObject({ code: 10010001, success: false });
    expect(bad.msg).toMatch(/^文件格式不正确，请上传\.png\/\.jpeg\/.*\.pptx文件！$/);
    expect(await init('no-extension', 100)).toMatchObject({ code: 10010001 });
    expect(await init('empty.png', 0)).toMatchObject({ code: FileError.EMPTY.code, msg: '不能上传空文件！' });
    expect(await init('big.png', MB + 1)).toMatchObject({ code: FileError.TOO_LARGE.code, msg: '图片不能超过1MB！' });
    // Videos have their own limit (2 GB by default): a 5 MB mp4 is fine, a 3 GB one is not.
    expect(await init('clip.mp4', 5 * MB)).toMatchObject({ code: 0 });
    expect(await init('clip.mp4', 3 * 1024 * MB)).toMatchObject({ code: FileError.TOO_LARGE.code, msg: '视频不能超过2048MB！' });
    expect(await pendingCount()).toBe(before + 1);
    expect((await t.call(fileApi.directInit, { name: 'a.png', size: 10 })).code).toBe(10010002);
  });

  it('answers local (no key, nothing recorded) when the current provider is local', async () => {
    await use('local');
    const before = await pendingCount();
    expect(must(await init('a.png', 100))).toEqual({ provider: 'local' });
    expect(await pendingCount()).toBe(before);
  });
});

describe('direct upload: each cloud provider', () => {
  for (const p of CLOUDS) {
    it(`${p}: the browser puts with temporary credentials, finish writes one row, the file reads back; a retry answers the same item`, async () => {
      await use(p);
      const data = padded(p === 'aliyun' ? 250 * 1024 : 3000);
      const started = must(await init(`课件-${p}.PNG`, data.length));
      expect(started.provider).toBe(p);
      const key = started.key as string;
      expect(key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      // Not there yet: finish says so and keeps the pending upload.
      expect(await finish(key)).toMatchObject({ code: FileError.DIRECT_MISSING.code });
      await putAsBrowser(p, key, data, 'image/png');
      const fake = fakeOf(p);
      expect(fake.objects.get(key)?.body.equals(data)).toBe(true);
      expect(fake.log.filter((l) => / (401|403)$/.test(l))).toEqual([]);
      // aliyun: the multipart calls (initiate, parts, complete), signed with their sub-resources.
      if (p === 'aliyun') expect(fake.log.filter((l) => l === `POST /${key} 200`)).toHaveLength(2);
      const item = must(await finish(key));
      const id = key.slice(8, 40);
      expect(item).toEqual({ url: `/api/common/file/view/${id}.png`, name: `课件-${p}.PNG`, uid: id });
      expect(await rowsOf(id)).toEqual([expect.objectContaining({ storage: p, storageKey: key, size: data.length, mime: 'image/png', ext: 'png', createBy: learner.userId })]);
      const view = await t.app.inject({ method: 'GET', url: item.url, headers: { token: learner.token } });
      expect(view.statusCode).toBe(200);
      expect(view.rawPayload.equals(data)).toBe(true);
      // A retried finish: the same item, still one row.
      expect(must(await finish(key))).toEqual(item);
      expect(await rowsOf(id)).toHaveLength(1);
    });

    it(`${p}: wrong magic bytes are refused and the object is removed from the bucket`, async () => {
      await use(p);
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      const key = must(await init('photo.png', html.length)).key as string;
      await putAsBrowser(p, key, html, 'image/png');
      const fake = fakeOf(p);
      expect(fake.objects.has(key)).toBe(true);
      const res = await finish(key);
      expect(res).toMatchObject({ code: FileError.TYPE_MISMATCH.code, success: false });
      expect(res.msg).toBe('文件“photo.png”的内容与扩展名不符（实际内容：无法识别的类型（可能是文本、网页或脚本）），不能上传！');
      expect(fake.objects.has(key)).toBe(false);
      expect(await rowsOf(key.slice(8, 40))).toEqual([]);
      // The pending upload is gone too: finishing again is refused.
      expect(await finish(key)).toMatchObject({ code: FileError.DIRECT_NOT_FOUND.code, msg: '上传记录不存在或已过期，请重新上传！' });
    });
  }

  it('refuses an object larger than its kind allows (whatever init was told) and removes it', async () => {
    await use('qiniu');
    const big = padded(MB + 10);
    const key = must(await init('small.png', 1000)).key as string;
    await putAsBrowser('qiniu', key, big, 'image/png');
    expect(await finish(key)).toMatchObject({ code: FileError.TOO_LARGE.code, msg: '图片不能超过1MB！' });
    expect(kodo.objects.has(key)).toBe(false);
    expect(await rowsOf(key.slice(8, 40))).toEqual([]);
  });

  it("refuses someone else's key (and a made-up one); the owner can still finish it", async () => {
    await use('aliyun');
    const data = padded(100);
    const key = must(await init('mine.png', data.length)).key as string;
    await putAsBrowser('aliyun', key, data, 'image/png');
    expect(await finish(key, other.token)).toMatchObject({ code: FileError.DIRECT_NOT_FOUND.code });
    expect(await finish('2026/11/0123456789abcdef0123456789abcdef.png')).toMatchObject({ code: FileError.DIRECT_NOT_FOUND.code });
    expect(await finish('../../etc/passwd')).toMatchObject({ code: FileError.DIRECT_NOT_FOUND.code });
    expect(await rowsOf(key.slice(8, 40))).toEqual([]);
    const item = must(await finish(key));
    // Once finished, the other user still gets nothing (not even the item).
    expect(await finish(key, other.token)).toMatchObject({ code: FileError.DIRECT_NOT_FOUND.code });
    expect(item.uid).toBe(key.slice(8, 40));
  });

  for (const p of CLOUDS) {
    it(`${p}: the credentials of one pending upload put no other object`, async () => {
      await use(p);
      const fake = fakeOf(p);
      const mine = must(await init('mine.png', 200)).key as string;
      const target = must(await init('target.png', 200)).key as string;
      // Signed correctly with the temporary credentials of `mine`, but for `target`: refused by the bucket.
      await expect(putAsBrowser(p, target, padded(100), 'image/png', mine)).rejects.toThrow(/AccessDenied|403/);
      expect(fake.objects.has(target)).toBe(false);
    });
  }

  it('two parallel finishes answer the same item and write one row', async () => {
    await use('qcloud');
    const data = padded(2000);
    const key = must(await init('twice.png', data.length)).key as string;
    await putAsBrowser('qcloud', key, data, 'image/png');
    const [a, b, c] = await Promise.all([finish(key), finish(key), finish(key)]);
    expect(must(a)).toEqual(must(b));
    expect(must(c)).toEqual(must(a));
    expect(await rowsOf(key.slice(8, 40))).toHaveLength(1);
  });

  it('refuses a pending upload whose time ended, and the sweep removes it with its object', async () => {
    await use('aliyun');
    const data = padded(100);
    const key = must(await init('late.png', data.length)).key as string;
    await putAsBrowser('aliyun', key, data, 'image/png');
    await t.db.updateTable('sys_file_direct').set({ expireTime: Date.now() - 1 }).where('storageKey', '=', key).execute();
    expect(await finish(key)).toMatchObject({ code: FileError.DIRECT_NOT_FOUND.code });
    expect(await t.services.sysFile.direct.sweep()).toBeGreaterThanOrEqual(1);
    expect(oss.objects.has(key)).toBe(false);
    expect(await t.db.selectFrom('sys_file_direct').selectAll().where('storageKey', '=', key).execute()).toEqual([]);
    // A fresh pending upload is not swept.
    const fresh = must(await init('fresh.png', 10)).key as string;
    await t.services.sysFile.direct.sweep();
    const row = await t.db.selectFrom('sys_file_direct').selectAll().where('storageKey', '=', fresh).executeTakeFirst();
    expect(row?.expireTime).toBeGreaterThan(Date.now() + DIRECT_UPLOAD_TTL_MS - 60_000);
  });
});

describe('CSP connect-src', () => {
  const connectSrc = async () => {
    await t.services.sysFile.direct.refreshOrigins();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    return /(?:^|;)connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]?.split(' ');
  };

  it('allows the bucket of the current upload configuration, and only that', async () => {
    await use('aliyun');
    expect(await connectSrc()).toEqual(["'self'", oss.url]);
    await use('qiniu');
    expect(await connectSrc()).toEqual(["'self'", kodo.url]);
    await use('local');
    expect(await connectSrc()).toEqual(["'self'"]);
  });
});
