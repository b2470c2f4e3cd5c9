/**
 * API tests of what a user does to their own account (sys-user.self.ts; SPEC §3 profile fields, §5
 * "Profile form", §2 password-state redirect): the profile with its labels, its update with every
 * SPEC §5 rule and message (nothing written on a refusal), the avatar (only a jpg or png the caller
 * uploaded), and update-pass clearing the must-change flag. Every call acts on the caller only.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommonError, ErrorCode, type Envelope } from '@kaopei/contracts';
import { configApi, type SwitchConfig } from '@kaopei/contracts/sys-config';
import { departApi } from '@kaopei/contracts/sys-depart';
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import {
  AVATAR_NOT_FOUND_MSG,
  AVATAR_NOT_IMAGE_MSG,
  DATE_MSG,
  DEPT_REQUIRED_MSG,
  ID_CARD_MSG,
  PROFILE_INCOMPLETE_MSG,
  type ProfileDetail,
  type SessionUser,
  userApi,
  UserError,
} from '@kaopei/contracts/sys-user';
import { testApp, type TestApp } from '../../test/app';
import { multipart, must, pngImage as png, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;

/** A valid profile form (SPEC §5), in department A01 (sfyxjbm 0). */
const FORM = { deptCode: 'A01', sex: '1', mz: '01', csrq: '1990-05-01', zzmm: '13', gzsj: '2012-07-01', whcd: '21', zw: '121', dnzw: '', email: '', bmmc: '', idCard: '' };

const profile = async (token: string) => must(await t.call<ProfileDetail>(userApi.profile, {}, token));
const update = (body: object, token: string) => t.call(userApi.update, body, token);
const userRow = (id: string) => t.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const newDept = async (sfyxjbm: 0 | 1, parentId?: string) => must(await t.call<{ id: string; deptCode: string }>(departApi.save, { deptName: uniq('单位'), sfyxjbm, parentId }, admin));
const switchesSaved = async (over: Partial<SwitchConfig>) => {
  const current = must(await t.call<SwitchConfig>(configApi.switchDetail, {}, admin));
  must(await t.call(configApi.switchSave, { ...current, ...over }, admin));
};

const gif = () => Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b])]);
const pdf = () => Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function upload(name: string, data: Buffer, token: string): Promise<string> {
  const { payload, contentType } = await multipart({}, { name, data });
  const res = await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, token } });
  const body = res.json() as Envelope<UploadedFileItem>;
  if (body.code !== 0 || !body.data) throw new Error(`upload ${name} failed: ${body.msg}`);
  return body.data.url;
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('profile', () => {
  it('answers the caller\'s own profile with the department name and empty labels for a new learner', async () => {
    const u = await t.newLearner('pro');
    expect(await profile(u.token)).toEqual({
      id: u.userId, userName: u.userName, realName: '测试学员', deptCode: 'A01', deptCode_dictText: '默认部门', mobile: '', avatar: '',
      email: '', sex: '', mz: '', csrq: '', zzmm: '', gzsj: '', whcd: '', zw: '', dnzw: '', bmmc: '', idCard: '',
      sex_dictText: '', mz_dictText: '', zzmm_dictText: '', whcd_dictText: '', zw_dictText: '', dnzw_dictText: '',
    });
    expect((await t.call(userApi.profile, {})).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('update stores the form and the profile labels it from the dictionaries', async () => {
    const u = await t.newLearner('pro');
    expect(await update({ ...FORM, realName: '王小明', dnzw: '01', email: 'a@b.cn', idCard: '11010119900501123x' }, u.token)).toMatchObject({ code: 0, data: null });
    expect(await profile(u.token)).toMatchObject({
      realName: '王小明', deptCode: 'A01', sex: '1', sex_dictText: '男', mz: '01', mz_dictText: '汉族', csrq: '1990-05-01', zzmm: '13', zzmm_dictText: '群众',
      gzsj: '2012-07-01', whcd: '21', whcd_dictText: '大学本科', zw: '121', zw_dictText: '厅局级正职', dnzw: '01', dnzw_dictText: '书记', email: 'a@b.cn', idCard: '11010119900501123X', bmmc: '',
    });
    // Another post: its name is zw (qtzw replaced it on the form) and is its own label; a party post alone is enough.
    must(await update({ ...FORM, zw: '项目经理' }, u.token));
    expect(await profile(u.token)).toMatchObject({ zw: '项目经理', zw_dictText: '项目经理', dnzw: '', dnzw_dictText: '' });
    must(await update({ ...FORM, zw: '', dnzw: '02' }, u.token));
    expect(await profile(u.token)).toMatchObject({ zw: '', dnzw: '02', dnzw_dictText: '副书记' });
  });

  it('refuses every SPEC §5 rule with its message and writes nothing', async () => {
    const u = await t.newLearner('pro');
    must(await update(FORM, u.token));
    const before = await userRow(u.userId);
    const cases: [object, number, string][] = [
      [{ deptCode: undefined }, ErrorCode.BAD_PARAMS, DEPT_REQUIRED_MSG],
      [{ deptCode: ' ' }, ErrorCode.BAD_PARAMS, DEPT_REQUIRED_MSG],
      ...(['sex', 'mz', 'zzmm', 'whcd', 'csrq', 'gzsj'] as const).flatMap((f): [object, number, string][] => [
        [{ [f]: undefined }, ErrorCode.BAD_PARAMS, PROFILE_INCOMPLETE_MSG],
        [{ [f]: '' }, ErrorCode.BAD_PARAMS, PROFILE_INCOMPLETE_MSG],
      ]),
      [{ zw: '', dnzw: '' }, ErrorCode.BAD_PARAMS, '请选择职务'],
      [{ zw: 'other' }, ErrorCode.BAD_PARAMS, '请输入职务名称'],
      [{ csrq: '1990/05/01' }, ErrorCode.BAD_PARAMS, DATE_MSG],
      [{ gzsj: '2023-02-30' }, ErrorCode.BAD_PARAMS, DATE_MSG],
      [{ idCard: '12345' }, ErrorCode.BAD_PARAMS, ID_CARD_MSG],
      [{ email: 'not-an-email' }, ErrorCode.BAD_PARAMS, '邮箱格式不正确！'],
      [{ realName: ' ' }, ErrorCode.BAD_PARAMS, '姓名不能为空！'],
      [{ sex: '9' }, ErrorCode.BAD_PARAMS, '性别选项不存在！'],
      [{ mz: '99' }, ErrorCode.BAD_PARAMS, '民族选项不存在！'],
      [{ zzmm: 'x' }, ErrorCode.BAD_PARAMS, '政治面貌选项不存在！'],
      [{ whcd: 'x' }, ErrorCode.BAD_PARAMS, '文化程度选项不存在！'],
      [{ dnzw: 'x' }, ErrorCode.BAD_PARAMS, '党内职务选项不存在！'],
      [{ deptCode: 'A99A99' }, CommonError.NOT_FOUND.code, '部门不存在！'],
    ];
    for (const [over, code, msg] of cases) {
      expect(await update({ ...FORM, realName: '不该写入', sex: '2', ...over }, u.token), JSON.stringify(over)).toMatchObject({ code, msg, success: false });
    }
    expect(await userRow(u.userId)).toEqual(before);
  });

  it('asks bmmc when the unit has sfyxjbm = 1 (90010010) and clears it for a unit without', async () => {
    const u = await t.newLearner('pro');
    const unit = await newDept(1);
    expect(await update({ ...FORM, deptCode: unit.deptCode }, u.token)).toMatchObject({ code: UserError.BMMC_REQUIRED.code, msg: '请输入部门名称' });
    expect((await userRow(u.userId)).deptCode).toBe('A01');
    must(await update({ ...FORM, deptCode: unit.deptCode, bmmc: '信息科' }, u.token));
    expect(await profile(u.token)).toMatchObject({ deptCode: unit.deptCode, deptCode_dictText: expect.stringMatching(/^单位/), bmmc: '信息科' });
    must(await update({ ...FORM, bmmc: '信息科' }, u.token));
    expect(await profile(u.token)).toMatchObject({ deptCode: 'A01', bmmc: '' });
  });

  it('changes the real name only while face login is off', async () => {
    const u = await t.newLearner('pro');
    must(await update({ ...FORM, realName: '改名一' }, u.token));
    expect((await userRow(u.userId)).realName).toBe('改名一');
    must(await update(FORM, u.token));
    expect((await userRow(u.userId)).realName).toBe('改名一');
    await switchesSaved({ faceLogin: true });
    try {
      must(await update({ ...FORM, realName: '改名二', sex: '2' }, u.token));
      expect(await userRow(u.userId)).toMatchObject({ realName: '改名一', sex: '2' });
    } finally {
      await switchesSaved({ faceLogin: false });
    }
  });

  it('acts on the caller only: ids in the body change nobody else', async () => {
    const a = await t.newLearner('pro');
    const b = await t.newLearner('pro');
    const before = await userRow(b.userId);
    must(await update({ ...FORM, id: b.userId, userId: b.userId, userName: b.userName, realName: '甲' }, a.token));
    expect(await userRow(b.userId)).toEqual(before);
    expect((await userRow(a.userId)).realName).toBe('甲');
    expect((await t.call<ProfileDetail>(userApi.profile, { id: b.userId }, a.token)).data?.id).toBe(a.userId);
  });

  it('a back-office user cannot move out of their data scope', async () => {
    const me = must(await t.call<SessionUser>(userApi.info, {}, admin));
    const child = await newDept(0, (await t.db.selectFrom('sys_depart').select('id').where('deptCode', '=', me.deptCode).executeTakeFirstOrThrow()).id);
    const outside = await newDept(0);
    const spy = vi.spyOn(t.services.sysRole, 'dataScopeOf').mockResolvedValue(me.deptCode);
    try {
      expect(await update({ ...FORM, deptCode: outside.deptCode }, admin)).toMatchObject({ code: ErrorCode.NO_PERMISSION, msg: '不能调整到您的管理范围以外的部门！' });
      expect((await userRow(me.userId)).deptCode).toBe(me.deptCode);
      must(await update({ ...FORM, deptCode: child.deptCode }, admin));
      expect((await userRow(me.userId)).deptCode).toBe(child.deptCode);
      // A learner has no data scope to widen.
      const u = await t.newLearner('pro');
      must(await update({ ...FORM, deptCode: outside.deptCode }, u.token));
    } finally {
      spy.mockRestore();
      await t.db.updateTable('sys_user').set({ deptCode: me.deptCode }).where('id', '=', me.userId).execute();
    }
  });
});

describe('avatar', () => {
  it('takes a png or jpg the caller uploaded: the profile and the session user show it', async () => {
    const u = await t.newLearner('ava');
    const url = await upload('me.png', png(), u.token);
    expect(await t.call(userApi.updateAvatar, { avatar: url }, u.token)).toMatchObject({ code: 0, data: null });
    expect((await profile(u.token)).avatar).toBe(url);
    expect((await t.call<SessionUser>(userApi.info, {}, u.token)).data?.avatar).toBe(url);
  });

  it('refuses another user\'s file and unknown urls alike, and files that are not jpg or png; the avatar stays', async () => {
    const u = await t.newLearner('ava');
    const other = await t.newLearner('ava');
    const mine = await upload('me.png', png(), u.token);
    must(await t.call(userApi.updateAvatar, { avatar: mine }, u.token));
    const theirs = await upload('them.png', png(), other.token);
    const notFound = { code: CommonError.NOT_FOUND.code, msg: AVATAR_NOT_FOUND_MSG };
    for (const avatar of [theirs, theirs.replace('/view/', '/public/'), '/api/common/file/view/0123456789abcdef0123456789abcdef.png', 'https://evil.example/a.png', mine.replace('.png', '.jpg')]) {
      expect(await t.call(userApi.updateAvatar, { avatar }, u.token), avatar).toMatchObject(notFound);
    }
    for (const [name, data] of [['a.gif', gif()], ['a.pdf', pdf()]] as const) {
      expect(await t.call(userApi.updateAvatar, { avatar: await upload(name, data, u.token) }, u.token), name).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: AVATAR_NOT_IMAGE_MSG });
    }
    expect(await t.call(userApi.updateAvatar, { avatar: ' ' }, u.token)).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '请上传头像！' });
    expect((await userRow(u.userId)).avatar).toBe(mine);
    expect((await userRow(other.userId)).avatar).toBe('');
  });
});

describe('password-state flags (SPEC §2)', () => {
  it('a password set by someone else must be changed: update-pass sets changedPass, passState stays', async () => {
    const u = await t.newLearner('flag');
    expect((await t.call<SessionUser>(userApi.info, {}, u.token)).data).toMatchObject({ passState: '0', changedPass: true });
    await t.db.updateTable('sys_user').set({ passState: '1', changedPass: 0 }).where('id', '=', u.userId).execute();
    expect((await t.call<SessionUser>(userApi.info, {}, u.token)).data).toMatchObject({ passState: '1', changedPass: false });
    expect((await t.call(userApi.updatePass, { oldPassword: 'Wrong@1234', password: 'Next@12345' }, u.token)).code).toBe(UserError.OLD_PASSWORD_WRONG.code);
    expect(await userRow(u.userId)).toMatchObject({ passState: '1', changedPass: 0 });
    must(await t.call(userApi.updatePass, { oldPassword: 'Test@12345', password: 'Next@12345' }, u.token));
    expect((await t.call<SessionUser>(userApi.info, {}, u.token)).data).toMatchObject({ passState: '1', changedPass: true });
    expect((await t.call<SessionUser>(userApi.login, { username: u.userName, password: 'Next@12345' })).data).toMatchObject({ passState: '1', changedPass: true });
  });
});
