/**
 * API tests of the cloud storage providers (SPEC §3 "Storage configuration", §7 "Upload") against
 * local fake servers that check every request's signature (sys-file.fake-cloud.ts): for aliyun OSS,
 * qcloud COS and qiniu, an upload through /api/common/file/upload lands in the provider's bucket
 * (signed by the SDK), reads back through /api/common/file/view (whole and by HTTP Range) and is
 * removed; a wrong secret is refused by the fake server and answered as a clear error that leaves
 * nothing behind; files stay readable after the provider is switched; the browser token calls
 * /api/common/oss/sts, /cos/token, /qiniu/token work for one pending direct-upload key only, fail in
 * SPEC §8's words, and answer a clear error for a provider that is not configured.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@kaopei/contracts';
import { propApi } from '@kaopei/contracts/sys-config-prop';
import { fileApi, FileError, type CosToken, type OssSts, type QiniuToken, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { testApp, type TestApp } from '../../test/app';
import { multipart, must, pngImage } from '../../test/builders';
import { fakeCos, fakeOss, fakeQiniu, type FakeCloud } from './sys-file.fake-cloud';

let t: TestApp;
let admin: string;
let learner: { token: string; userId: string };
let oss: FakeCloud;
let cos: FakeCloud;
let kodo: FakeCloud;

const CREDS = {
  aliyun: { accessKeyId: 'LTAI-test', accessKeySecret: 'oss-secret-0123456789', bucket: 'kp-oss' },
  qcloud: { accessKeyId: 'AKID-test', accessKeySecret: 'cos-secret-0123456789', bucket: 'kp-1250000000' },
  qiniu: { accessKeyId: 'qiniu-ak', accessKeySecret: 'qiniu-secret-0123456789', bucket: 'kp-kodo' },
} as const;
type Cloud = keyof typeof CREDS;

/** The configuration saved for `p` (pointing at its fake server), with `secret` as its secret. */
function configOf(p: Cloud, secret: string = CREDS[p].accessKeySecret): Record<string, string> {
  const c = CREDS[p];
  if (p === 'aliyun') return { endpoint: oss.url, bucket: c.bucket, accessKeyId: c.accessKeyId, accessKeySecret: secret, arn: 'acs:ram::1:role/kp-upload', url: `${oss.url}/` };
  if (p === 'qcloud') return { region: cos.url, bucket: c.bucket, secretId: c.accessKeyId, secretKey: secret, url: `${cos.url}/` };
  return { endpoint: kodo.url, bucket: c.bucket, accessKeyId: c.accessKeyId, accessKeySecret: secret, url: `${kodo.url}/` };
}
const fakeOf = (p: Cloud) => ({ aliyun: oss, qcloud: cos, qiniu: kodo })[p];

async function use(provider: string, data?: Record<string, string>) {
  if (data) expect(await t.call(propApi.save, { type: 'upload', provider, data }, admin)).toMatchObject({ code: 0 });
  expect(await t.call(propApi.change, { type: 'upload', provider }, admin)).toMatchObject({ code: 0 });
}

async function upload(name: string, data: Buffer) {
  const { payload, contentType } = await multipart({}, { name, data });
  const res = await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, token: learner.token } });
  return { ...(res.json() as Envelope<UploadedFileItem>), status: res.statusCode };
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { token: learner.token, ...headers } });
const row = (id: string) => t.db.selectFrom('sys_file').selectAll().where('id', '=', id).executeTakeFirst();
const rowCount = async () => Number((await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
const tmpFiles = () => {
  const dir = path.join(t.config.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
/** A PNG followed by `extra` bytes of a pattern (so that ranges are recognisable). */
const bigPng = (extra: number) => Buffer.concat([pngImage(), Buffer.from(Array.from({ length: extra }, (_, i) => i % 251))]);

beforeAll(async () => {
  oss = await fakeOss(CREDS.aliyun);
  cos = await fakeCos(CREDS.qcloud);
  kodo = await fakeQiniu(CREDS.qiniu);
  t = await testApp({ KAOPEI_ALIYUN_STS_ENDPOINT: oss.url, KAOPEI_QCLOUD_STS_ENDPOINT: cos.url });
  admin = await t.login();
  learner = await t.newLearner('cloud');
});
afterAll(async () => {
  await t.close();
  await Promise.all([oss, cos, kodo].map((f) => f.close()));
});

describe('cloud storage providers', () => {
  const stored: { provider: string; item: UploadedFileItem; data: Buffer }[] = [];

  for (const p of ['aliyun', 'qcloud', 'qiniu'] as const) {
    it(`${p}: puts through the SDK (signature accepted), reads back whole and by range, removes`, async () => {
      await use(p, configOf(p));
      const fake = fakeOf(p);
      const data = bigPng(5000);
      const res = await upload(`课件-${p}.png`, data);
      expect(res).toMatchObject({ code: 0 });
      const item = must(res);
      const r = await row(item.uid);
      expect(r).toMatchObject({ storage: p, size: data.length, mime: 'image/png' });
      // The bytes are in the bucket under the row's key, and not on the local disk.
      expect(fake.objects.get(r?.storageKey as string)?.body).toEqual(data);
      expect(fs.existsSync(path.join(t.config.dataDir, 'upload', r?.storageKey as string))).toBe(false);
      expect(tmpFiles()).toEqual([]);
      // Read back through the server (signed download url).
      const whole = await get(item.url);
      expect(whole.statusCode, whole.body.slice(0, 300) + fake.log.join(',')).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload).toEqual(data);
      const part = await get(item.url, { range: 'bytes=100-1099' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1099/${data.length}`);
      expect(part.rawPayload).toEqual(data.subarray(100, 1100));
      // Every request the fake server saw carried a valid signature.
      expect(fake.log.filter((l) => / (401|403)$/.test(l))).toEqual([]);
      stored.push({ provider: p, item, data });
      // Removal through the provider (signed delete), then the file is gone.
      const extra = must(await upload('tmp.png', pngImage()));
      const key = (await row(extra.uid))?.storageKey as string;
      expect(fake.objects.has(key)).toBe(true);
      const storage = await t.services.sysFile.storageOf(p);
      await storage?.remove(key);
      expect(fake.objects.has(key)).toBe(false);
      await storage?.remove(key); // already gone: no error
      expect((await get(extra.url)).json()).toMatchObject({ code: 10010003 });
    });

    it(`${p}: a wrong secret is refused by the server and answered as a clear error; nothing is kept`, async () => {
      const fake = fakeOf(p);
      await use(p, configOf(p, 'wrong-secret-0123456789'));
      const rows = await rowCount();
      const objects = fake.objects.size;
      const before = fake.log.length;
      const res = await upload('wrong.png', pngImage());
      expect(res).toMatchObject({ code: FileError.STORAGE_FAILED.code, success: false });
      expect(res.msg).toMatch(/^文件存储失败（(阿里云OSS|腾讯云COS|七牛云)）：/);
      expect(res.msg).toMatch(p === 'qiniu' ? /401 bad token/ : /SignatureDoesNotMatch/);
      expect(fake.log.slice(before).some((l) => / (401|403)$/.test(l))).toBe(true);
      expect(await rowCount()).toBe(rows);
      expect(fake.objects.size).toBe(objects);
      expect(tmpFiles()).toEqual([]);
      await use(p, configOf(p));
    });
  }

  it('keeps every file readable after switching providers (each row reads from its own provider)', async () => {
    await use('local');
    const local = must(await upload('local.png', pngImage()));
    expect(await row(local.uid)).toMatchObject({ storage: 'local' });
    expect(stored.map((s) => s.provider)).toEqual(['aliyun', 'qcloud', 'qiniu']);
    for (const s of stored) {
      const res = await get(s.item.url);
      expect(res.statusCode, s.provider).toBe(200);
      expect(res.rawPayload).toEqual(s.data);
    }
    await use('qiniu');
    expect((await get(local.url)).rawPayload).toEqual(pngImage());
    await use('local');
  });
});

describe('browser upload tokens', () => {
  /** A pending direct upload of the learner with `p` current (the token calls serve nothing else). */
  const pendingKey = async (p: Cloud) => {
    await use(p);
    const res = await t.call<{ provider: string; key?: string }>(fileApi.directInit, { name: 'a.png', size: 100 }, learner.token);
    return must(res).key as string;
  };

  it('answers OSS STS credentials (AssumeRole signed and accepted), COS temporary keys (TC3) and a qiniu upload token, each for the one pending key', async () => {
    for (const p of ['aliyun', 'qcloud', 'qiniu'] as const) expect(await t.call(propApi.save, { type: 'upload', provider: p, data: configOf(p) }, admin)).toMatchObject({ code: 0 });
    const ossKey = await pendingKey('aliyun');
    const sts = must(await t.call<OssSts>(fileApi.ossSts, { key: ossKey }, learner.token));
    expect(sts).toMatchObject({ bucket: 'kp-oss', accessKeyId: 'STS.tmp-id', accessKeySecret: 'tmp-secret', url: `${oss.url}/` });
    // The fake STS puts the policy's resources into the token: only that object.
    const ossResources = JSON.parse(Buffer.from(sts.stsToken.split('|')[1] as string, 'base64url').toString()) as string[];
    expect(sts.stsToken.startsWith('token-for-acs:ram::1:role/kp-upload|')).toBe(true);
    expect(ossResources).toEqual([`acs:oss:*:*:kp-oss/${ossKey}`]);
    expect(Date.parse(sts.expiration)).toBeGreaterThan(Date.now());
    const cosKey = await pendingKey('qcloud');
    const ct = must(await t.call<CosToken>(fileApi.cosToken, { key: cosKey }, learner.token));
    expect(ct).toMatchObject({ bucket: 'kp-1250000000', tmpSecretId: 'tmp-id', tmpSecretKey: 'tmp-key' });
    expect(JSON.parse(Buffer.from(ct.sessionToken.split('|')[1] as string, 'base64url').toString())).toEqual([`qcs::cos:ap-guangzhou:uid/1250000000:kp-1250000000/${cosKey}`]);
    expect(ct.expiredTime - ct.startTime).toBe(1800);
    const kodoKey = await pendingKey('qiniu');
    const qt = must(await t.call<QiniuToken>(fileApi.qiniuToken, { key: kodoKey }, learner.token));
    const [ak, sig, policy] = qt.token.split(':');
    expect(ak).toBe(CREDS.qiniu.accessKeyId);
    expect(sig).toBe(crypto.createHmac('sha1', CREDS.qiniu.accessKeySecret).update(policy as string).digest('base64').replace(/\+/g, '-').replace(/\//g, '_'));
    expect(JSON.parse(Buffer.from(policy as string, 'base64').toString())).toMatchObject({ scope: `kp-kodo:${kodoKey}`, insertOnly: 1 });
    // The browser's direct POST to the qiniu endpoint with that token is accepted for that key, and for no other.
    const post = (key: string) => {
      const form = new FormData();
      form.append('token', qt.token);
      form.append('key', key);
      form.append('file', new Blob([new Uint8Array(pngImage())]), 'a.png');
      return fetch(`${kodo.url}/`, { method: 'POST', body: form });
    };
    expect((await post('2026/01/other.png')).status).toBe(403);
    expect((await post(kodoKey)).status).toBe(200);
    expect(kodo.objects.get(kodoKey)?.body).toEqual(pngImage());
    // insertOnly: the object is never replaced with that token.
    expect((await post(kodoKey)).status).toBe(614);
    // A key that is not a pending upload of the caller gets no credentials.
    const other = await t.newLearner('tok-other');
    for (const [ep, key] of [[fileApi.ossSts, ossKey], [fileApi.cosToken, cosKey], [fileApi.qiniuToken, kodoKey]] as const) {
      expect(await t.call(ep, { key }, other.token)).toMatchObject({ code: FileError.DIRECT_NOT_FOUND.code });
    }
    expect(await t.call(fileApi.ossSts, { key: cosKey }, learner.token)).toMatchObject({ code: FileError.DIRECT_NOT_FOUND.code });
    expect(await t.call(fileApi.ossSts, {}, learner.token)).toMatchObject({ code: 10010001, msg: '文件标识不能为空！' });
  });

  it("fails in SPEC §8's words when the provider refuses, and clearly when a provider is not configured", async () => {
    expect(await t.call(propApi.save, { type: 'upload', provider: 'aliyun', data: configOf('aliyun', 'bad-secret-0123456789') }, admin)).toMatchObject({ code: 0 });
    const bad = await t.call(fileApi.ossSts, { key: await pendingKey('aliyun') }, learner.token);
    expect(bad).toMatchObject({ code: FileError.TOKEN_FAILED.code });
    expect(bad.msg).toMatch(/^获取上传令牌失败： SignatureDoesNotMatch/);
    expect(await t.call(propApi.save, { type: 'upload', provider: 'qcloud', data: configOf('qcloud', 'bad-secret-0123456789') }, admin)).toMatchObject({ code: 0 });
    const badCos = await t.call(fileApi.cosToken, { key: await pendingKey('qcloud') }, learner.token);
    expect(badCos).toMatchObject({ code: FileError.COS_TOKEN_FAILED.code });
    expect(badCos.msg).toMatch(/^获取COS上传令牌失败/);
    await use('local');

    const fresh = await testApp();
    try {
      const who = await fresh.newLearner('tok');
      const key = '2026/01/0123456789abcdef0123456789abcdef.png';
      for (const [ep, name] of [[fileApi.ossSts, '阿里云OSS'], [fileApi.cosToken, '腾讯云COS'], [fileApi.qiniuToken, '七牛云']] as const) {
        expect(await fresh.call(ep, { key }, who.token)).toMatchObject({ code: FileError.NOT_CONFIGURED.code, msg: `${name}尚未配置，无法获取上传令牌！` });
      }
      expect((await fresh.call(fileApi.ossSts, { key })).code).toBe(10010002);
    } finally {
      await fresh.close();
    }
  });
});
