/**
 * Browser direct upload to the cloud (issue 11; SPEC §7 "Upload", §5 "Uploads"): with each cloud
 * provider as the current storage, pointed at a fake server this test starts (it checks every
 * signature, answers CORS and the STS calls: apps/server/src/modules/sys-file/sys-file.fake-cloud.ts),
 * a learner chooses an avatar in the real FileUpload field. The browser asks /direct/init, puts the
 * file straight into the fake bucket with the provider's official browser SDK — ali-oss (STS
 * credentials of /api/common/oss/sts; a multipart upload, the file being above 100 KB),
 * cos-js-sdk-v5 (temporary key of /api/common/cos/token), qiniu-js (upload token of
 * /api/common/qiniu/token) — then /direct/finish; the file is in the bucket byte for byte, readable
 * through /api/common/file/view, and saved as the avatar. The page's CSP connect-src names the
 * bucket. A page loaded while the storage was still local (its CSP does not name the bucket) sends
 * the file through the server instead, which stores it in the same bucket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { propApi } from '@kaopei/contracts/sys-config-prop';
import { userApi } from '@kaopei/contracts/sys-user';
import { fakeCos, fakeOss, fakeQiniu, type FakeCloud } from '../apps/server/src/modules/sys-file/sys-file.fake-cloud';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, POLL } from './support/ui';

const CREDS = {
  aliyun: { accessKeyId: 'LTAI-e2e', accessKeySecret: 'oss-secret-e2e-0123456789', bucket: 'kp-e2e' },
  qcloud: { accessKeyId: 'AKID-e2e', accessKeySecret: 'cos-secret-e2e-0123456789', bucket: 'kp-1250000000' },
  qiniu: { accessKeyId: 'qiniu-e2e', accessKeySecret: 'qiniu-secret-e2e-0123456789', bucket: 'kp-kodo' },
} as const;
type Cloud = keyof typeof CREDS;

/** A 1×1 PNG followed by `extra` bytes of a pattern: a valid PNG (the signature is at the start) of the size wanted. */
function png(extra: number): Buffer {
  const onePx = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  return Buffer.concat([onePx, Buffer.from(Array.from({ length: extra }, (_, i) => (i * 7) % 251))]);
}

describe.skipIf(skipWithoutChromium())('browser direct upload to the cloud', () => {
  let server: RunningServer;
  let oss: FakeCloud;
  let cos: FakeCloud;
  let kodo: FakeCloud;
  const fakeOf = (p: Cloud) => ({ aliyun: oss, qcloud: cos, qiniu: kodo })[p];
  let admin: Api;
  let learner: Api;
  const browser = useBrowser();

  /** connect-src of the CSP the server sends now. */
  const connectSrc = async () => {
    const res = await fetch(`${server.baseUrl}/`);
    return /(?:^|;)connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';
  };
  const use = async (provider: 'local' | Cloud) => {
    await admin.call(propApi.change, { type: 'upload', provider });
    // The CSP origins are cached for a few seconds: wait until the page would get the new ones.
    await expect.poll(connectSrc, POLL).toBe(provider === 'local' ? "'self'" : `'self' ${fakeOf(provider).url}`);
  };
  const view = async (url: string) => {
    const res = await fetch(`${server.baseUrl}${url}`, { headers: { token: learner.token } });
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  };

  /** Opens 个人中心 → 更换头像 and chooses `data` as me.png; waits until the upload is done. */
  async function chooseAvatar(page: Page, data: Buffer): Promise<void> {
    await page.getByTestId('avatar-open').click();
    await page.getByTestId('avatar-dialog').waitFor();
    await page.getByTestId('avatar-upload').locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: data });
    await expect.poll(() => page.getByTestId('avatar-save').isDisabled(), POLL).toBe(false);
  }

  beforeAll(async () => {
    oss = await fakeOss(CREDS.aliyun);
    cos = await fakeCos(CREDS.qcloud);
    kodo = await fakeQiniu(CREDS.qiniu);
    server = await startServer({ env: { KAOPEI_ALIYUN_STS_ENDPOINT: oss.url, KAOPEI_QCLOUD_STS_ENDPOINT: cos.url } });
    admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const { aliyun, qcloud, qiniu } = CREDS;
    const configs: Record<Cloud, Record<string, string>> = {
      aliyun: { endpoint: oss.url, bucket: aliyun.bucket, accessKeyId: aliyun.accessKeyId, accessKeySecret: aliyun.accessKeySecret, arn: 'acs:ram::1:role/kp-e2e', url: `${oss.url}/` },
      qcloud: { region: cos.url, bucket: qcloud.bucket, secretId: qcloud.accessKeyId, secretKey: qcloud.accessKeySecret, url: `${cos.url}/` },
      qiniu: { endpoint: kodo.url, bucket: qiniu.bucket, accessKeyId: qiniu.accessKeyId, accessKeySecret: qiniu.accessKeySecret, url: `${kodo.url}/` },
    };
    for (const [provider, data] of Object.entries(configs)) await admin.call(propApi.save, { type: 'upload', provider, data });
  });
  afterAll(async () => {
    await server?.stop();
    await Promise.all([oss, cos, kodo].map((f) => f?.close()));
  });

  /** The requests of the browser SDK's upload of `key` as the fake server logged them. */
  const sdkCalls: Record<Cloud, (key: string) => string[]> = {
    // initiate + complete of the multipart upload (the parts are PUTs)
    aliyun: (key) => [`POST /${key} 200`, `POST /${key} 200`],
    qcloud: (key) => [`PUT /${key} 200`],
    // the form POST to the upload host
    qiniu: () => ['POST / 200'],
  };

  it.each(['aliyun', 'qcloud', 'qiniu'] as const)('%s: puts the chosen file straight into the bucket with the browser SDK, then the server checks and records it', async (p) => {
    await use(p);
    const fake = fakeOf(p);
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto(`${server.baseUrl}/web/uc`);
    await page.getByTestId('profile-form').waitFor();
    const data = png(300 * 1024);
    const before = fake.log.length;
    await chooseAvatar(page, data);

    // In the bucket, byte for byte, sent by the browser: CORS preflights, the SDK's calls, no 4xx.
    expect(fake.objects.size).toBe(1);
    const [key, stored] = [...fake.objects.entries()][0] as [string, { body: Buffer }];
    expect(key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(stored.body.equals(data)).toBe(true);
    const calls = fake.log.slice(before);
    expect(calls.filter((l) => l.startsWith('OPTIONS ')).length).toBeGreaterThan(0);
    const expected = sdkCalls[p](key);
    expect(calls.filter((l) => expected.includes(l))).toEqual(expected);
    expect(calls.filter((l) => / 4\d\d$/.test(l))).toEqual([]);

    // Saved as the avatar: its url reads the same bytes back through the server.
    await page.getByTestId('avatar-save').click();
    await page.locator('.ant-message-notice', { hasText: '资料修改成功！' }).first().waitFor();
    const avatar = (await learner.call(userApi.profile, {})).avatar;
    expect(avatar).toBe(`/api/common/file/view/${key.slice(8, 40)}.png`);
    const read = await view(avatar);
    expect(read.status).toBe(200);
    expect(read.body.equals(data)).toBe(true);
    await page.close();
  });

  it('sends the file through the server when the page was loaded before the switch (its CSP does not name the bucket)', async () => {
    await use('local');
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto(`${server.baseUrl}/web/uc`);
    await page.getByTestId('profile-form').waitFor();
    await use('aliyun');
    const data = png(2000);
    const before = oss.log.length;
    const objects = oss.objects.size;
    await chooseAvatar(page, data);

    // Stored in the bucket by the server (one signed PUT, no browser preflight).
    expect(oss.objects.size).toBe(objects + 1);
    const calls = oss.log.slice(before);
    expect(calls.filter((l) => l.startsWith('OPTIONS '))).toEqual([]);
    expect(calls.filter((l) => /^PUT .* 200$/.test(l))).toHaveLength(1);
    await page.getByTestId('avatar-save').click();
    await page.locator('.ant-message-notice', { hasText: '资料修改成功！' }).first().waitFor();
    const read = await view((await learner.call(userApi.profile, {})).avatar);
    expect(read.body.equals(data)).toBe(true);
    await page.close();
  });
});
