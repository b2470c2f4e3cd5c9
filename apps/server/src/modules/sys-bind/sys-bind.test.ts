/**
 * API tests of login bindings (SPEC §2 login-binding list, §3 "Binding", §4 "SMS and binding", §7
 * /api/sys/user/bind/*): the learner's list, mobile binding and unbinding with SMS codes (read from
 * the log provider), third-party unbinding, and the administrators' calls (bind-info, direct-bind,
 * direct-unbind, paging, unbind-by-id) with bad input, refusals for learners, data scope, and
 * "nothing half-written" checks.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommonError } from '@kaopei/contracts';
import { SmsError, SmsType } from '@kaopei/contracts/sms';
import { bindApi, BindError, type BindInfo, type BindListItem, type BindRecord } from '@kaopei/contracts/sys-bind';
import type { Page } from '@kaopei/contracts';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { setSwitches, smsCode, uniqueMobile } from './test-support';

let t: TestApp;
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  adminId = (await t.call<{ userId: string }>('/api/sys/user/info', {}, admin)).data?.userId as string;
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const mobileOf = async (userId: string) => (await t.db.selectFrom('sys_user').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow()).mobile;
const rowsOf = (userId: string) => t.db.selectFrom('sys_user_bind').selectAll().where('userId', '=', userId).orderBy('loginType').execute();
const list = async (token: string) => (await t.call<BindListItem[]>(bindApi.bindList, {}, token)).data as BindListItem[];

/** A learner with a bound mobile (through bind-mobile). */
async function learnerWithMobile() {
  const u = await t.newLearner('bind');
  const mobile = uniqueMobile();
  const code = await smsCode(t, mobile, SmsType.BIND, u.token);
  expect(await t.call(bindApi.bindMobile, { mobile, smsCode: code }, u.token)).toMatchObject({ code: 0 });
  return { ...u, mobile };
}

describe('bind-list', () => {
  it('lists mobile and WeChat always, enterprise WeChat and DingTalk when switched on, none bound for a new learner', async () => {
    await setSwitches(t, { wechatLogin: false, cropLogin: false, dingLogin: false });
    const u = await t.newLearner('bind');
    expect(await list(u.token)).toEqual([
      { loginType: 'mobile', loginType_dictText: '手机号', bound: false, openId: '', createTime: '', canBind: true },
      { loginType: 'wechat', loginType_dictText: '微信', bound: false, openId: '', createTime: '', canBind: false },
    ]);
    await setSwitches(t, { cropLogin: true, dingLogin: true, wechatLogin: true });
    expect((await list(u.token)).map((l) => [l.loginType, l.canBind])).toEqual([
      ['mobile', true],
      ['wechat', true],
      ['crop-wechat', true],
      ['ding-talk', true],
    ]);
  });

  it('keeps listing a bound type after its switch is turned off, so it can still be unbound', async () => {
    const u = await t.newLearner('bind');
    await t.services.sysBind.bindThirdParty(u.userId, 'ding-talk', 'dingOpenId-0001-abcdef');
    await setSwitches(t, { dingLogin: false });
    const ding = (await list(u.token)).find((l) => l.loginType === 'ding-talk');
    expect(ding).toMatchObject({ bound: true, openId: 'ding****cdef', canBind: false, createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    await setSwitches(t, { dingLogin: true });
  });

  it('needs a login', async () => {
    expect((await t.call(bindApi.bindList, {})).code).toBe(CommonError.NOT_LOGGED_IN.code);
  });
});

describe('bind-mobile and unbind-mobile (learner)', () => {
  it('binds a number with an SMS code of type 2, lists it, and records the binding', async () => {
    const u = await learnerWithMobile();
    expect(await mobileOf(u.userId)).toBe(u.mobile);
    expect((await list(u.token))[0]).toMatchObject({ loginType: 'mobile', bound: true, openId: u.mobile });
    expect(await rowsOf(u.userId)).toEqual([expect.objectContaining({ loginType: 'mobile', openId: u.mobile, createBy: u.userId })]);
    expect((await t.call<{ mobile: string }>('/api/sys/user/info', {}, u.token)).data?.mobile).toBe(u.mobile);
  });

  it('refuses bad input with the SPEC messages and changes nothing', async () => {
    const u = await t.newLearner('bind');
    expect(await t.call(bindApi.bindMobile, { smsCode: '123456' }, u.token)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '手机号不能为空' });
    expect(await t.call(bindApi.bindMobile, { mobile: '1234', smsCode: '123456' }, u.token)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '手机号码格式不正确!' });
    expect(await t.call(bindApi.bindMobile, { mobile: uniqueMobile() }, u.token)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '短信验证码不能为空' });
    const mobile = uniqueMobile();
    const code = await smsCode(t, mobile, SmsType.BIND, u.token);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await t.call(bindApi.bindMobile, { mobile, smsCode: wrong }, u.token)).toMatchObject({ code: SmsError.CODE_INVALID.code });
    expect(await mobileOf(u.userId)).toBe('');
    expect(await rowsOf(u.userId)).toEqual([]);
  });

  it('does not accept a code of another purpose or number', async () => {
    const u = await t.newLearner('bind');
    const mobile = uniqueMobile();
    const unbindCode = await smsCode(t, mobile, SmsType.UNBIND, u.token);
    expect(await t.call(bindApi.bindMobile, { mobile, smsCode: unbindCode }, u.token)).toMatchObject({ code: SmsError.CODE_INVALID.code });
    const other = uniqueMobile();
    const code = await smsCode(t, other, SmsType.BIND, u.token);
    expect(await t.call(bindApi.bindMobile, { mobile, smsCode: code }, u.token)).toMatchObject({ code: SmsError.CODE_INVALID.code });
    expect(await mobileOf(u.userId)).toBe('');
  });

  it("refuses another account's number without using the code up", async () => {
    const a = await learnerWithMobile();
    const b = await t.newLearner('bind');
    const code = await smsCode(t, a.mobile, SmsType.BIND, b.token);
    expect(await t.call(bindApi.bindMobile, { mobile: a.mobile, smsCode: code }, b.token)).toMatchObject({ code: BindError.MOBILE_TAKEN.code, msg: '该手机号已被其他账号绑定！' });
    expect(await mobileOf(b.userId)).toBe('');
    expect(await t.services.sms.verify(a.mobile, SmsType.BIND, code)).toBe(true);
  });

  it('refuses a second number until the first is unbound', async () => {
    const u = await learnerWithMobile();
    const next = uniqueMobile();
    const code = await smsCode(t, next, SmsType.BIND, u.token);
    expect(await t.call(bindApi.bindMobile, { mobile: next, smsCode: code }, u.token)).toMatchObject({ code: BindError.MOBILE_BOUND.code });
    expect(await mobileOf(u.userId)).toBe(u.mobile);
  });

  it('binds once when the same request is sent twice at the same time', async () => {
    const u = await t.newLearner('bind');
    const mobile = uniqueMobile();
    const code = await smsCode(t, mobile, SmsType.BIND, u.token);
    const answers = await Promise.all([0, 1].map(() => t.call(bindApi.bindMobile, { mobile, smsCode: code }, u.token)));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(await mobileOf(u.userId)).toBe(mobile);
    expect(await rowsOf(u.userId)).toHaveLength(1);
  });

  it('unbinds with an SMS code of type 3 sent to the bound number', async () => {
    const u = await learnerWithMobile();
    const other = uniqueMobile();
    expect(await t.call(bindApi.unbindMobile, { mobile: other, smsCode: '123456' }, u.token)).toMatchObject({ code: BindError.MOBILE_MISMATCH.code });
    const bindCode = await smsCode(t, u.mobile, SmsType.BIND, u.token);
    expect(await t.call(bindApi.unbindMobile, { mobile: u.mobile, smsCode: bindCode }, u.token)).toMatchObject({ code: SmsError.CODE_INVALID.code });
    expect(await mobileOf(u.userId)).toBe(u.mobile);
    const code = await smsCode(t, u.mobile, SmsType.UNBIND, u.token);
    expect(await t.call(bindApi.unbindMobile, { mobile: u.mobile, smsCode: code }, u.token)).toMatchObject({ code: 0 });
    expect(await mobileOf(u.userId)).toBe('');
    expect(await rowsOf(u.userId)).toEqual([]);
    expect((await list(u.token))[0]).toMatchObject({ loginType: 'mobile', bound: false });
    // The number is free again: another learner may bind it.
    const b = await t.newLearner('bind');
    const again = await smsCode(t, u.mobile, SmsType.BIND, b.token);
    expect((await t.call(bindApi.bindMobile, { mobile: u.mobile, smsCode: again }, b.token)).code).toBe(0);
  });
});

describe('unbind (learner, third-party)', () => {
  it("unbinds the caller's account of a type, never another learner's", async () => {
    const a = await t.newLearner('bind');
    const b = await t.newLearner('bind');
    await t.services.sysBind.bindThirdParty(a.userId, 'wechat', 'wxOpenIdOfLearnerA-001');
    expect(await t.call(bindApi.unbind, { loginType: 'wechat' }, b.token)).toMatchObject({ code: BindError.NOT_BOUND.code, msg: '尚未绑定微信！' });
    expect(await rowsOf(a.userId)).toHaveLength(1);
    expect(await t.call(bindApi.unbind, { loginType: 'wechat' }, a.token)).toMatchObject({ code: 0 });
    expect(await rowsOf(a.userId)).toEqual([]);
    expect((await list(a.token)).find((l) => l.loginType === 'wechat')).toMatchObject({ bound: false });
  });

  it('refuses mobile and unknown types (mobile is unbound with an SMS code)', async () => {
    const u = await learnerWithMobile();
    expect(await t.call(bindApi.unbind, { loginType: 'mobile' }, u.token)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '登录方式不正确！' });
    expect(await t.call(bindApi.unbind, { loginType: 'qq' }, u.token)).toMatchObject({ code: CommonError.BAD_PARAMS.code });
    expect(await mobileOf(u.userId)).toBe(u.mobile);
  });
});

describe('administrators (direct-bind, direct-unbind, bind-info, paging, unbind-by-id)', () => {
  it('refuses learners on every administrator call', async () => {
    const u = await t.newLearner('bind');
    const calls: [unknown, unknown][] = [
      [bindApi.bindInfo, { loginType: 'mobile', userId: u.userId }],
      [bindApi.directBind, { mobile: uniqueMobile(), userId: u.userId }],
      [bindApi.directUnbind, { mobile: uniqueMobile(), userId: u.userId }],
      [bindApi.paging, { params: { userId: u.userId } }],
      [bindApi.unbindById, { id: '1' }],
    ];
    for (const [ep, body] of calls) expect((await t.call(ep as typeof bindApi.paging, body, u.token)).code).toBe(CommonError.NO_PERMISSION.code);
    expect(await mobileOf(u.userId)).toBe('');
  });

  it('binds and unbinds a mobile directly, with bind-info before and after', async () => {
    const u = await t.newLearner('bind');
    const mobile = uniqueMobile();
    expect((await t.call<BindInfo>(bindApi.bindInfo, { loginType: 'mobile', userId: u.userId }, admin)).data).toEqual({ loginType: 'mobile', userId: u.userId, bound: false, openId: '', mobile: '', createTime: '' });
    expect(await t.call(bindApi.directBind, { mobile, userId: u.userId }, admin)).toMatchObject({ code: 0 });
    expect((await t.call<BindInfo>(bindApi.bindInfo, { loginType: 'mobile', userId: u.userId }, admin)).data).toMatchObject({ bound: true, openId: mobile, mobile });
    expect(await rowsOf(u.userId)).toEqual([expect.objectContaining({ loginType: 'mobile', openId: mobile, createBy: adminId })]);
    expect(await t.call(bindApi.directBind, { mobile: uniqueMobile(), userId: u.userId }, admin)).toMatchObject({ code: BindError.MOBILE_BOUND.code, msg: '该用户已绑定手机号，请先解除绑定！' });
    expect(await t.call(bindApi.directUnbind, { mobile: uniqueMobile(), userId: u.userId }, admin)).toMatchObject({ code: BindError.MOBILE_MISMATCH.code });
    expect(await mobileOf(u.userId)).toBe(mobile);
    expect(await t.call(bindApi.directUnbind, { mobile, userId: u.userId }, admin)).toMatchObject({ code: 0 });
    expect(await mobileOf(u.userId)).toBe('');
    expect(await rowsOf(u.userId)).toEqual([]);
  });

  it("refuses a taken number, a missing user and bad input, changing nothing", async () => {
    const a = await learnerWithMobile();
    const b = await t.newLearner('bind');
    expect(await t.call(bindApi.directBind, { mobile: a.mobile, userId: b.userId }, admin)).toMatchObject({ code: BindError.MOBILE_TAKEN.code });
    expect(await t.call(bindApi.directBind, { mobile: uniqueMobile(), userId: '9999999999999999999' }, admin)).toMatchObject({ code: CommonError.NOT_FOUND.code });
    expect(await t.call(bindApi.directBind, { mobile: '1', userId: b.userId }, admin)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '手机号码格式不正确!' });
    expect(await t.call(bindApi.directBind, { mobile: uniqueMobile() }, admin)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: 'ID不能为空！' });
    expect(await t.call(bindApi.bindInfo, { loginType: 'qq', userId: b.userId }, admin)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: '登录方式不正确！' });
    expect(await t.call(bindApi.paging, { params: { userId: '' } }, admin)).toMatchObject({ code: CommonError.BAD_PARAMS.code, msg: 'ID不能为空！' });
    expect(await t.call(bindApi.paging, {}, admin)).toMatchObject({ code: 0, data: { records: [], total: 0 } });
    expect(await mobileOf(b.userId)).toBe('');
    expect(await rowsOf(b.userId)).toEqual([]);
  });

  it('lists a user’s bindings (mobile in full, accounts masked) and unbinds a third-party account by id; only the user binds again', async () => {
    const u = await learnerWithMobile();
    advanceClock(1000); // bound a second after the mobile (the time order below)
    await t.services.sysBind.bindThirdParty(u.userId, 'wechat', 'wxOpenIdForPaging-0001');
    const page = (await t.call<Page<BindRecord>>(bindApi.paging, { current: 1, size: 10, params: { userId: u.userId } }, admin)).data as Page<BindRecord>;
    expect(page).toMatchObject({ total: 2, pages: 1, current: 1, size: 10 });
    expect(page.records).toEqual([
      expect.objectContaining({ loginType: 'mobile', loginType_dictText: '手机号', openId: u.mobile, userId: u.userId, createBy_dictText: '测试学员' }),
      expect.objectContaining({ loginType: 'wechat', loginType_dictText: '微信', openId: 'wxOp****0001', createTime: expect.stringMatching(/^\d{4}-/) }),
    ]);
    const byTime = (await t.call<Page<BindRecord>>(bindApi.paging, { params: { userId: u.userId }, orders: [{ column: 'createTime', asc: false }] }, admin)).data as Page<BindRecord>;
    expect(byTime.records.map((r) => r.loginType)).toEqual(['wechat', 'mobile']);
    expect(await t.call(bindApi.paging, { params: { userId: u.userId }, orders: [{ column: 'openId', asc: true }] }, admin)).toMatchObject({ code: CommonError.BAD_PARAMS.code });
    const wechat = page.records[1] as BindRecord;
    expect(await t.call(bindApi.unbindById, { id: wechat.id }, admin)).toMatchObject({ code: 0 });
    expect(await t.call(bindApi.unbindById, { id: wechat.id }, admin)).toMatchObject({ code: CommonError.NOT_FOUND.code });
    expect((await t.call<BindInfo>(bindApi.bindInfo, { loginType: 'wechat', userId: u.userId }, admin)).data).toMatchObject({ bound: false, openId: '' });
    // No administrator call binds a third-party account.
    expect(Object.keys(bindApi).filter((k) => /bind/i.test(k) && !/unbind/i.test(k))).toEqual(['bindList', 'bindMobile', 'bindInfo', 'directBind']);
    // The user can (their binding goes through the provider; see sys-bind.oauth.test.ts).
    await t.services.sysBind.bindThirdParty(u.userId, 'wechat', 'wxOpenIdForPaging-0001');
    expect((await list(u.token)).find((l) => l.loginType === 'wechat')).toMatchObject({ bound: true });
  });

  it('shows a number set outside the binding calls, and unbind-by-id of a mobile row clears the number', async () => {
    const u = await t.newLearner('bind');
    const mobile = uniqueMobile();
    await t.db.updateTable('sys_user').set({ mobile }).where('id', '=', u.userId).execute();
    const page = (await t.call<Page<BindRecord>>(bindApi.paging, { params: { userId: u.userId } }, admin)).data as Page<BindRecord>;
    expect(page.records).toEqual([expect.objectContaining({ id: '', loginType: 'mobile', openId: mobile, createTime: '' })]);
    expect((await list(u.token))[0]).toMatchObject({ bound: true, createTime: '' });
    const v = await learnerWithMobile();
    const row = (await rowsOf(v.userId))[0];
    expect(await t.call(bindApi.unbindById, { id: row?.id }, admin)).toMatchObject({ code: 0 });
    expect(await mobileOf(v.userId)).toBe('');
  });

  it('answers users outside the administrator’s data scope as missing', async () => {
    const u = await learnerWithMobile();
    await t.services.sysBind.bindThirdParty(u.userId, 'wechat', 'wxOpenIdOutOfScope-01');
    const row = (await rowsOf(u.userId)).find((r) => r.loginType === 'wechat');
    vi.spyOn(t.services.sysRole, 'dataScopeOf').mockResolvedValue('Z99');
    for (const [ep, body] of [
      [bindApi.bindInfo, { loginType: 'mobile', userId: u.userId }],
      [bindApi.paging, { params: { userId: u.userId } }],
      [bindApi.directUnbind, { mobile: u.mobile, userId: u.userId }],
      [bindApi.unbindById, { id: row?.id }],
    ] as const) {
      expect((await t.call(ep, body, admin)).code, ep.path).toBe(CommonError.NOT_FOUND.code);
    }
    expect(await mobileOf(u.userId)).toBe(u.mobile);
    expect(await rowsOf(u.userId)).toHaveLength(2);
  });
});
