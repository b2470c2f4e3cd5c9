/**
 * API tests of SMS codes (/api/sys/user/sms) and their verification: captcha first, no oracle for
 * unregistered numbers, the 60 s resend lock (also under concurrent sends), tries, expiry, the daily
 * limit, provider failures; and the Alibaba Cloud client against a local fake that checks the
 * request signature as Alibaba Cloud documents it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError, ErrorCode } from '@kaopei/contracts';
import { SMS_DAILY_LIMIT, smsApi, SmsError, SmsType } from '@kaopei/contracts/sms';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { aliyunSignature, AliyunSmsProvider, LogSmsProvider, percentEncode } from './sms.providers';

let t: TestApp;
let outbox: LogSmsProvider['outbox'];
let n = 0;

/** A fresh captcha and its text. */
async function captcha() {
  const key = randomBytes(16).toString('hex');
  await t.services.captcha.generate(key);
  return { captchaKey: key, captchaValue: (await t.services.captcha.textOf(key)) as string };
}
/** A new learner with a mobile of their own. */
async function learnerWithMobile() {
  const u = await t.newLearner('sms');
  const mobile = `139${String(Date.now() % 1e4).padStart(4, '0')}${String(++n).padStart(4, '0')}`;
  await t.db.updateTable('sys_user').set({ mobile }).where('id', '=', u.userId).execute();
  return { ...u, mobile };
}
const send = async (mobile: string, smsType: number = SmsType.LOGIN, token?: string) => t.call(smsApi.send, { mobile, smsType, ...(await captcha()) }, token);
const lastCode = (mobile: string) => [...outbox].reverse().find((m) => m.mobile === mobile)?.code;

beforeAll(async () => {
  t = await testApp();
  outbox = (t.services.sms.provider as LogSmsProvider).outbox;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/sys/user/sms', () => {
  it('uses the log provider by default and sends a 6-digit code to a registered number', async () => {
    expect(t.services.sms.provider.name).toBe('log');
    const u = await learnerWithMobile();
    expect(await send(u.mobile)).toMatchObject({ code: 0, data: null });
    expect(lastCode(u.mobile)).toMatch(/^\d{6}$/);
  });

  it('asks the image captcha first and sends nothing without it', async () => {
    const u = await learnerWithMobile();
    const before = outbox.length;
    expect(await t.call(smsApi.send, { mobile: u.mobile, smsType: SmsType.LOGIN, captchaKey: randomBytes(16).toString('hex'), captchaValue: 'ABCD' })).toMatchObject({ code: CommonError.CAPTCHA_INVALID.code });
    expect(await t.call(smsApi.send, { mobile: u.mobile, smsType: SmsType.LOGIN })).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(await t.call(smsApi.send, { mobile: '12345', smsType: SmsType.LOGIN, ...(await captcha()) })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '手机号码格式不正确!' });
    expect(outbox.length).toBe(before);
  });

  it('answers an unregistered number like a registered one, without sending anything', async () => {
    const before = outbox.length;
    expect(await send('13700000001')).toMatchObject({ code: 0, data: null });
    expect(outbox.length).toBe(before);
    expect(await t.db.selectFrom('sys_sms_code').select('mobile').where('mobile', '=', '13700000001').execute()).toEqual([]);
  });

  it('refuses a second code within 60 s, also when two requests race, and sends again after it', async () => {
    const u = await learnerWithMobile();
    const results = await Promise.all([send(u.mobile), send(u.mobile), send(u.mobile)]);
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 0)) expect(r).toMatchObject({ code: SmsError.TOO_SOON.code, data: { retryAfter: expect.any(Number) } });
    expect(outbox.filter((m) => m.mobile === u.mobile)).toHaveLength(1);
    const soon = await send(u.mobile);
    expect(soon.msg).toMatch(/^短信发送过于频繁，请\d+秒后再试！$/);
    advanceClock(61_000);
    expect((await send(u.mobile)).code).toBe(0);
    expect(outbox.filter((m) => m.mobile === u.mobile)).toHaveLength(2);
  });

  it('needs a login for binding codes', async () => {
    expect((await send('13700000002', SmsType.BIND)).code).toBe(CommonError.NOT_LOGGED_IN.code);
    const u = await t.newLearner('bind');
    expect((await send('13700000002', SmsType.BIND, u.token)).code).toBe(0);
    expect(lastCode('13700000002')).toMatch(/^\d{6}$/);
  });

  it(`stops a number after ${SMS_DAILY_LIMIT} codes in 24 hours`, async () => {
    const u = await learnerWithMobile();
    for (let i = 0; i < SMS_DAILY_LIMIT; i++) {
      expect((await send(u.mobile, SmsType.RESET_PASSWORD)).code, `send ${i + 1}`).toBe(0);
      advanceClock(61_000);
    }
    expect(await send(u.mobile, SmsType.RESET_PASSWORD)).toMatchObject({ code: SmsError.DAILY_LIMIT.code });
    advanceClock(24 * 3600_000);
    expect((await send(u.mobile, SmsType.RESET_PASSWORD)).code).toBe(0);
  });
});

describe('verify', () => {
  it('accepts the code once, for its number and purpose only', async () => {
    const u = await learnerWithMobile();
    await send(u.mobile);
    const code = lastCode(u.mobile) as string;
    expect(await t.services.sms.verify(u.mobile, SmsType.RESET_PASSWORD, code)).toBe(false);
    expect(await t.services.sms.verify('13900000000', SmsType.LOGIN, code)).toBe(false);
    const twice = await Promise.all([t.services.sms.verify(u.mobile, SmsType.LOGIN, code), t.services.sms.verify(u.mobile, SmsType.LOGIN, code)]);
    expect(twice.filter(Boolean)).toHaveLength(1);
    expect(await t.services.sms.verify(u.mobile, SmsType.LOGIN, code)).toBe(false);
  });

  it('voids a code after 5 wrong tries and after 5 minutes', async () => {
    const u = await learnerWithMobile();
    await send(u.mobile);
    const code = lastCode(u.mobile) as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await t.services.sms.verify(u.mobile, SmsType.LOGIN, wrong)).toBe(false);
    expect(await t.services.sms.verify(u.mobile, SmsType.LOGIN, code)).toBe(false);
    advanceClock(61_000);
    await send(u.mobile);
    const fresh = lastCode(u.mobile) as string;
    advanceClock(5 * 60_000 + 1000);
    expect(await t.services.sms.verify(u.mobile, SmsType.LOGIN, fresh)).toBe(false);
  });
});

describe('AliyunSmsProvider against a fake Alibaba Cloud', () => {
  const SECRET = 'test-secret-kaopei';
  const seen: URLSearchParams[] = [];
  let server: http.Server;
  let endpoint = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const q = url.searchParams;
      seen.push(q);
      const params = Object.fromEntries([...q.entries()].filter(([k]) => k !== 'Signature'));
      const valid = q.get('Signature') === aliyunSignature('GET', params, SECRET) && q.get('AccessKeyId') === 'AKID' && q.get('Action') === 'SendSms';
      res.setHeader('content-type', 'application/json');
      if (!valid) return res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }));
      if (q.get('PhoneNumbers') === '13800000000') return res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' }));
      res.end(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const client = (secret = SECRET) => new AliyunSmsProvider({ accessKeyId: 'AKID', accessKeySecret: secret, signName: '考培', templateCode: 'SMS_123', endpoint });

  it('sends a signed SendSms request the fake accepts, with the documented parameters', async () => {
    await client().sendCode('13912345678', '654321');
    const q = seen[seen.length - 1] as URLSearchParams;
    expect(Object.fromEntries(q.entries())).toMatchObject({
      Action: 'SendSms', Version: '2017-05-25', Format: 'JSON', SignatureMethod: 'HMAC-SHA1', SignatureVersion: '1.0',
      PhoneNumbers: '13912345678', SignName: '考培', TemplateCode: 'SMS_123', TemplateParam: '{"code":"654321"}',
    });
    expect(q.get('Timestamp')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    await client().sendCode('13912345678', '111111');
    expect((seen[seen.length - 1] as URLSearchParams).get('SignatureNonce')).not.toBe(q.get('SignatureNonce'));
  });

  it('sends a notification template with its TemplateCode and TemplateParam JSON, signed the same way', async () => {
    await client().sendTemplate('13912345678', 'SMS_NOTIFY_9', { realName: '张三', examTitle: '安全考试' });
    const q = seen[seen.length - 1] as URLSearchParams;
    expect(Object.fromEntries(q.entries())).toMatchObject({ Action: 'SendSms', PhoneNumbers: '13912345678', SignName: '考培', TemplateCode: 'SMS_NOTIFY_9' });
    expect(JSON.parse(q.get('TemplateParam') ?? '')).toEqual({ realName: '张三', examTitle: '安全考试' });
    await expect(client('wrong-secret').sendTemplate('13912345678', 'SMS_NOTIFY_9', {})).rejects.toThrow(/SignatureDoesNotMatch/);
    await expect(client().sendTemplate('13800000000', 'SMS_NOTIFY_9', {})).rejects.toThrow(/isv.BUSINESS_LIMIT_CONTROL/);
  });

  it('fails with the provider code when the signature is wrong or the provider refuses', async () => {
    await expect(client('wrong-secret').sendCode('13912345678', '1')).rejects.toThrow(/SignatureDoesNotMatch/);
    await expect(client().sendCode('13800000000', '1')).rejects.toThrow(/isv.BUSINESS_LIMIT_CONTROL/);
  });

  it('percent-encodes as Alibaba Cloud specifies', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('{"code":"1"}')).toBe('%7B%22code%22%3A%221%22%7D');
  });
});
