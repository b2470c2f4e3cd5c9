/**
 * API tests of provider configurations (/api/sys/config/prop/detail|save|change, SPEC §3 "Storage
 * configuration", §5 messages, §6 admin-only): per-provider validation with the spec's messages and
 * nothing written by a refused save; secrets masked in detail and kept when the masked value comes
 * back; detail of a chosen provider vs the current one; switching (provider required, never to an
 * unsaved provider, repeatable); learners refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { maskSecret, PROP_MSG, propApi, PropError, type PropDetail } from '@kaopei/contracts/sys-config-prop';
import { testApp, type TestApp } from '../../test/app';
import { must } from '../../test/builders';

let t: TestApp;
let admin: string;

const OSS = { endpoint: 'oss-cn-hangzhou.aliyuncs.com', bucket: 'kp-bucket', accessKeyId: 'LTAIabc', accessKeySecret: 'secret-0123456789', arn: 'acs:ram::1:role/kp', url: 'https://kp-bucket.oss-cn-hangzhou.aliyuncs.com/' };
const COS = { region: 'ap-guangzhou', bucket: 'kp-1250000000', secretId: 'AKIDabc', secretKey: 'cos-secret-0123456789', url: 'https://kp.cos.ap-guangzhou.myqcloud.com/' };

const detail = async (provider?: string) => must(await t.call<PropDetail>(propApi.detail, { type: 'upload', ...(provider ? { provider } : {}) }, admin));
const save = (provider: string, data: Record<string, unknown>, remark = '') => t.call(propApi.save, { type: 'upload', provider, data, remark }, admin);
const row = (provider: string) => t.db.selectFrom('sys_config_prop').selectAll().where('type', '=', 'upload').where('provider', '=', provider).executeTakeFirst();

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('prop config', () => {
  it('answers local as the current provider with nothing saved', async () => {
    expect(await detail()).toMatchObject({ type: 'upload', provider: 'local', current: 'local', saved: false, data: {}, remark: '' });
    expect(await detail('qiniu')).toMatchObject({ provider: 'qiniu', current: 'local', saved: false });
  });

  it('validates each provider with the SPEC §5 messages and writes nothing on a refusal', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['aliyun', { ...OSS, endpoint: '' }, PROP_MSG.endpoint],
      ['aliyun', { ...OSS, bucket: ' ' }, PROP_MSG.bucket],
      ['aliyun', { ...OSS, arn: '' }, PROP_MSG.arn],
      ['aliyun', { ...OSS, accessKeyId: undefined }, PROP_MSG.accessKeyId],
      ['aliyun', { ...OSS, accessKeySecret: '' }, PROP_MSG.accessKeySecret],
      ['qcloud', { ...COS, secretId: '' }, PROP_MSG.secretId],
      ['qcloud', { ...COS, secretKey: '' }, PROP_MSG.secretKey],
      ['qcloud', { ...COS, region: '' }, PROP_MSG.endpoint],
      ['qcloud', { ...COS, url: 'https://kp.example.com' }, PROP_MSG.urlFormat],
      ['qcloud', { ...COS, url: 'ftp://kp.example.com/' }, PROP_MSG.urlFormat],
      ['local', { localDir: '', url: 'http://localhost/' }, PROP_MSG.localDir],
      ['local', { localDir: 'data/upload', url: 'http://localhost/' }, PROP_MSG.localDirFormat],
      ['local', { localDir: '/data/../etc/', url: 'http://localhost/' }, PROP_MSG.localDirFormat],
      ['local', { localDir: '/data/upload/', url: '' }, PROP_MSG.url],
    ];
    for (const [provider, data, msg] of cases) {
      expect(await save(provider, data), `${provider} ${msg}`).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg });
    }
    expect(await row('aliyun')).toBeUndefined();
    expect(await row('qcloud')).toBeUndefined();
    expect(await row('local')).toBeUndefined();
    expect(await t.call(propApi.save, { type: 'upload', provider: 'ftp', data: {} }, admin)).toMatchObject({ code: PropError.UNKNOWN_PROVIDER.code });
    expect(await t.call(propApi.save, { type: 'nope', provider: 'local', data: {} }, admin)).toMatchObject({ code: PropError.UNKNOWN_TYPE.code });
    expect(await t.call(propApi.save, { type: 'upload', provider: '', data: {} }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: PROP_MSG.provider });
  });

  it('saves, masks the secret in detail and keeps it when the masked value comes back', async () => {
    expect(await save('aliyun', OSS, '杭州节点')).toMatchObject({ code: 0 });
    const d = await detail('aliyun');
    expect(d).toMatchObject({ provider: 'aliyun', current: 'local', saved: true, remark: '杭州节点' });
    expect(d.data).toMatchObject({ ...OSS, accessKeySecret: maskSecret(OSS.accessKeySecret), project: '', pipeline: '' });
    expect(JSON.stringify(d)).not.toContain(OSS.accessKeySecret);
    // The page sends the masked secret back unchanged with another bucket: the secret stays.
    expect(await save('aliyun', { ...d.data, bucket: 'kp-2' }, '杭州节点')).toMatchObject({ code: 0 });
    expect(JSON.parse((await row('aliyun'))?.data as string)).toMatchObject({ bucket: 'kp-2', accessKeySecret: OSS.accessKeySecret });
    // A retyped secret replaces it.
    expect(await save('aliyun', { ...d.data, accessKeySecret: 'new-secret-abcdefgh' })).toMatchObject({ code: 0 });
    expect(JSON.parse((await row('aliyun'))?.data as string)).toMatchObject({ accessKeySecret: 'new-secret-abcdefgh' });
    expect(await t.services.sysConfig.props.config('upload', 'aliyun')).toMatchObject({ accessKeySecret: 'new-secret-abcdefgh' });
  });

  it('switches the current provider: required, never to an unsaved one, repeatable', async () => {
    expect(await t.call(propApi.change, { type: 'upload', provider: '' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '服务商必须选择！' });
    expect(await t.call(propApi.change, { type: 'upload' }, admin)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '服务商必须选择！' });
    expect(await t.call(propApi.change, { type: 'upload', provider: 'qiniu' }, admin)).toMatchObject({ code: PropError.NOT_CONFIGURED.code });
    expect(await detail()).toMatchObject({ current: 'local' });
    expect(await save('qcloud', COS)).toMatchObject({ code: 0 });
    const [a, b] = await Promise.all([
      t.call(propApi.change, { type: 'upload', provider: 'qcloud' }, admin),
      t.call(propApi.change, { type: 'upload', provider: 'qcloud' }, admin),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(await detail()).toMatchObject({ provider: 'qcloud', current: 'qcloud', saved: true, data: { ...COS, secretKey: maskSecret(COS.secretKey) } });
    expect(await t.services.sysConfig.props.current('upload')).toEqual({ provider: 'qcloud', data: { ...COS, mediaQueue: '' } });
    // local works with nothing saved, so it can always be chosen back.
    expect(await t.call(propApi.change, { type: 'upload', provider: 'local' }, admin)).toMatchObject({ code: 0 });
    expect(await detail()).toMatchObject({ current: 'local' });
  });

  it('is admin-only', async () => {
    const learner = await t.newLearner('prop');
    for (const [ep, body] of [[propApi.detail, { type: 'upload' }], [propApi.save, { type: 'upload', provider: 'aliyun', data: OSS }], [propApi.change, { type: 'upload', provider: 'local' }]] as const) {
      expect((await t.call(ep, body, learner.token)).code).toBe(ErrorCode.NO_PERMISSION);
    }
  });
});
