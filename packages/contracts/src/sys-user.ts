/**
 * Accounts and sessions: login, registration, session user, password change (SPEC §3, §5, §7).
 */
import { z } from 'zod';
import { captchaKeySchema, captchaValueSchema } from './captcha';
import { defineErrors } from './errors';
import { json } from './endpoint';
import { mobileSchema, smsCodeSchema } from './sms';
import { DicCode, XZZW_OTHER } from './sys-dic';

/** SPEC §5: at least 8 characters with upper case, lower case, digit and special character. */
export const PASSWORD_MSG = '密码必须同时包含数字、大小写字母、特殊字符,长度不少于8位';
export const PASSWORD_MIN_LENGTH = 8;
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /[0-9]/.test(value) &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /[^0-9a-zA-Z]/.test(value)
  );
}
export const passwordSchema = z
  .string({ error: '密码不能为空！' })
  .min(1, '密码不能为空！')
  .max(64, '密码长度不能超过64位')
  .refine(isStrongPassword, PASSWORD_MSG);

/** User names: letters, digits, `_`, `-`, `.`, `@`; 2–32 characters. */
export const userNameSchema = z
  .string({ error: '用户不能为空！' })
  .trim()
  .min(1, '用户不能为空！')
  .min(2, '用户名长度为2-32位')
  .max(32, '用户名长度为2-32位')
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字、下划线、点、@和-');

export const realNameSchema = z.string({ error: '姓名不能为空！' }).trim().min(1, '姓名不能为空！').max(32, '姓名不能超过32个字符');

/**
 * POST /api/sys/user/login. `captchaKey`/`captchaValue` (the image captcha of
 * `/api/common/captcha/gen`) are needed only once a failed login answered `captchaRequired: true`;
 * otherwise they are ignored.
 */
export const loginReq = z.object({
  username: z.string({ error: '用户名不能为空！' }).trim().min(1, '用户名不能为空！').max(64),
  password: z.string({ error: '密码不能为空！' }).min(1, '密码不能为空！').max(128),
  captchaKey: z.string().trim().max(64).optional(),
  captchaValue: z.string().trim().max(16).optional(),
});
export type LoginReq = z.infer<typeof loginReq>;

/**
 * `data` of a refused login (90010002 BAD_CREDENTIALS, and 10010006 CAPTCHA_INVALID with
 * `captchaRequired: true`): `remaining` failures left before the image captcha is required (0 when
 * it is), and `retryAfter`, in seconds, when this client must wait before its next attempt.
 */
export const loginFailData = z.object({
  remaining: z.number().int().min(0),
  captchaRequired: z.boolean(),
  retryAfter: z.number().int().min(0).optional(),
});
export type LoginFailData = z.infer<typeof loginFailData>;

/** `60` → `1分钟`, `45` → `45秒`, `90` → `2分钟` (whole minutes rounded up from one minute on). */
export function waitText(seconds: number): string {
  return seconds < 60 ? `${Math.max(1, Math.ceil(seconds))}秒` : `${Math.ceil(seconds / 60)}分钟`;
}

/** Messages of refused logins (SPEC §8 style: say what happened and what comes next). */
export const loginMsg = {
  /** Wrong password, `n` (≥ 1) more failures allowed before the captcha is required. */
  remaining: (n: number) => `账号或密码错误！还可尝试${n}次，之后需输入图形验证码`,
  /** Wrong password; from now on the captcha is required. */
  captchaNext: '账号或密码错误！请输入图形验证码后重试',
  /** Wrong password, and this client must now wait `seconds`. */
  wrongThenWait: (seconds: number) => `账号或密码错误！失败次数过多，请${waitText(seconds)}后再试`,
  /** An attempt during the wait (HTTP 429). */
  wait: (seconds: number) => `登录失败次数过多，请${waitText(seconds)}后再试！`,
} as const;

/**
 * POST /api/sys/user/reg — learner self-registration (SPEC §5 rules; switch config userReg,
 * userAudit, userDeptType). Answers like login, or without a token (`token: ''`) when the switch
 * config puts new learners under review (userAudit): the page then shows REG_PENDING_MSG and stays
 * logged out. The image captcha is required; `deptCode` is the unit the learner chooses when
 * userDeptType is 0 (required then: '请选择所属单位'; ignored when it is 1). Limited per client
 * address (REG_LIMITS; 90010009 with HTTP 429, `Retry-After` and data `{retryAfter}` seconds).
 */
export const regReq = z.object({
  userName: userNameSchema,
  realName: realNameSchema,
  password: passwordSchema,
  deptCode: z.string().trim().max(64).optional(),
  captchaKey: captchaKeySchema,
  captchaValue: captchaValueSchema,
});
export type RegReq = z.infer<typeof regReq>;

/** SPEC §5 Profile form / registration: the unit is required. */
export const DEPT_REQUIRED_MSG = '请选择所属单位';
/** What the registration page shows when the answer has no token (switch userAudit: the account waits for review). */
export const REG_PENDING_MSG = '注册成功，请等待管理员审核通过后再登录！';
/** Registrations (attempts, whatever their outcome) one client address may make per window. */
export const REG_LIMITS = { perIp: 20, windowSec: 600 } as const;

/** POST /api/sys/user/mobile-login (SPEC §3 phone form; switch mobileLogin): a code of smsType 1. Answers like login. */
export const mobileLoginReq = z.object({ mobile: mobileSchema, smsCode: smsCodeSchema });
export type MobileLoginReq = z.infer<typeof mobileLoginReq>;

/** POST /api/sys/user/reset-by-sms (ours; the /forgot page): a new password with a code of smsType 4 sent to the account's mobile. */
export const resetBySmsReq = z.object({ mobile: mobileSchema, smsCode: smsCodeSchema, password: passwordSchema });
export type ResetBySmsReq = z.infer<typeof resetBySmsReq>;

/** Dates of the profile (yyyy-MM-dd). */
export const DATE_MSG = '日期格式应为 yyyy-MM-dd';
export const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MSG);
/** True when `value` (yyyy-MM-dd) is a day of the calendar (not 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
/** SPEC §5: 15- or 18-digit ID card (last character a digit or X). */
export const ID_CARD_MSG = '请输入正确的身份证号';
export const idCardSchema = z.string().trim().regex(/^(\d{15}|\d{17}[\dXx])$/, ID_CARD_MSG);
/** Value of zw meaning "another post", whose name is typed in qtzw (SPEC §5 Profile form). */
export const ZW_OTHER = XZZW_OTHER;

/**
 * The profile fields of a user (SPEC §3 "User" profile fields) with their dictionary codes: sex
 * (sex), mz (nation), zzmm (political_landscape), whcd (educational_level), zw (xzzw; or the name of
 * another post), dnzw (dnzw); csrq birth date and gzsj work start date (yyyy-MM-dd); bmmc the
 * department name typed by the learner when the chosen unit has sfyxjbm = 1; idCard optional but
 * validated when filled.
 */
export const profileFields = z.object({
  email: z.union([z.literal(''), z.string().trim().email('邮箱格式不正确！').max(128)]).default(''),
  sex: z.string().trim().max(16).default(''),
  mz: z.string().trim().max(16).default(''),
  csrq: z.union([z.literal(''), dateSchema]).default(''),
  zzmm: z.string().trim().max(16).default(''),
  gzsj: z.union([z.literal(''), dateSchema]).default(''),
  whcd: z.string().trim().max(16).default(''),
  zw: z.string().trim().max(64).default(''),
  dnzw: z.string().trim().max(16).default(''),
  bmmc: z.string().trim().max(100).default(''),
  idCard: z.union([z.literal(''), idCardSchema]).default(''),
});
export type ProfileFields = z.infer<typeof profileFields>;

/** SPEC §5 Profile form message when required fields are missing. */
export const PROFILE_INCOMPLETE_MSG = '请完善必填项';
/** A required date of the profile form (csrq, gzsj): missing or empty → PROFILE_INCOMPLETE_MSG. */
const requiredDate = z.string({ error: PROFILE_INCOMPLETE_MSG }).trim().min(1, PROFILE_INCOMPLETE_MSG).regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MSG);

/**
 * The dictionary of each dictionary-coded profile field (SPEC §7 dictionary codes) and its name in
 * messages: a value that is not an entry of its dictionary is refused with `${label}选项不存在！`.
 * zw is an entry of xzzw, or the name of another post (qtzw, SPEC §5), so it is not checked.
 */
export const PROFILE_DICTS = {
  sex: { dicCode: DicCode.SEX, label: '性别' },
  mz: { dicCode: DicCode.NATION, label: '民族' },
  zzmm: { dicCode: DicCode.POLITICAL_LANDSCAPE, label: '政治面貌' },
  whcd: { dicCode: DicCode.EDUCATIONAL_LEVEL, label: '文化程度' },
  dnzw: { dicCode: DicCode.DNZW, label: '党内职务' },
} as const;
/** Dictionary of the post (zw): its entries get their label; any other value is another post's name. */
export const ZW_DIC_CODE = DicCode.XZZW;

/**
 * POST /api/sys/user/update (SPEC §7 "user update by token"): the caller's own profile, with the
 * rules of SPEC §5 Profile form: deptCode ('请选择所属单位'), sex, mz, csrq, zzmm, gzsj and whcd
 * required; a post (zw) or a party post (dnzw) chosen ('请选择职务'); when zw is `other` the client
 * sends the typed name in zw (qtzw replaces zw, '请输入职务名称'); bmmc required when the unit has
 * sfyxjbm = 1 (checked by the server, which knows the unit). The real name is not in this form
 * when face login is on (SPEC §5), so it is optional here.
 */
export const profileUpdateReq = profileFields
  .extend({
    realName: realNameSchema.optional(),
    deptCode: z.string({ error: DEPT_REQUIRED_MSG }).trim().min(1, DEPT_REQUIRED_MSG).max(64),
    sex: z.string({ error: PROFILE_INCOMPLETE_MSG }).trim().min(1, PROFILE_INCOMPLETE_MSG).max(16),
    mz: z.string({ error: PROFILE_INCOMPLETE_MSG }).trim().min(1, PROFILE_INCOMPLETE_MSG).max(16),
    csrq: requiredDate,
    zzmm: z.string({ error: PROFILE_INCOMPLETE_MSG }).trim().min(1, PROFILE_INCOMPLETE_MSG).max(16),
    gzsj: requiredDate,
    whcd: z.string({ error: PROFILE_INCOMPLETE_MSG }).trim().min(1, PROFILE_INCOMPLETE_MSG).max(16),
  })
  .superRefine((v, ctx) => {
    if (!v.zw && !v.dnzw) ctx.addIssue({ code: 'custom', path: ['zw'], message: '请选择职务' });
    if (v.zw === ZW_OTHER) ctx.addIssue({ code: 'custom', path: ['zw'], message: '请输入职务名称' });
    for (const f of ['csrq', 'gzsj'] as const) if (!isCalendarDate(v[f])) ctx.addIssue({ code: 'custom', path: [f], message: DATE_MSG });
  });
export type ProfileUpdateReq = z.infer<typeof profileUpdateReq>;

/**
 * The caller's profile as the profile page shows it (SPEC §3 profile fields), with labels:
 * deptCode_dictText the unit's name, `<field>_dictText` the dictionary titles ('' when none);
 * zw_dictText is the xzzw title, or zw itself when zw is another post's name (then no xzzw entry
 * has that value: the form shows 'other' with qtzw = zw).
 */
export const profileDetail = profileFields.extend({
  id: z.string(),
  userName: z.string(),
  realName: z.string(),
  deptCode: z.string(),
  deptCode_dictText: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  sex_dictText: z.string(),
  mz_dictText: z.string(),
  zzmm_dictText: z.string(),
  whcd_dictText: z.string(),
  zw_dictText: z.string(),
  dnzw_dictText: z.string(),
});
export type ProfileDetail = z.infer<typeof profileDetail>;

/**
 * POST /api/sys/user/update-avatar (ours; SPEC §7 "avatar update (payload avatar)"): the url
 * (`/api/common/file/view/<id>.<ext>`) of a jpg or png the caller uploaded (SPEC §5 Uploads).
 */
export const avatarReq = z.object({ avatar: z.string({ error: '请上传头像！' }).trim().min(1, '请上传头像！').max(1000) });
/** The avatar url is not a file of ours uploaded by the caller. */
export const AVATAR_NOT_FOUND_MSG = '头像文件不存在，请重新上传！';
/** The avatar file is not a jpg or png image (SPEC §5: avatar jpg/png/jpeg). */
export const AVATAR_NOT_IMAGE_MSG = '头像只能是jpg、png格式的图片！';

/** POST /api/sys/user/update-pass — SPEC §3 password change form (confirm checked on the form). */
export const updatePassReq = z.object({
  oldPassword: z.string({ error: '旧密码不能为空！' }).min(1, '旧密码不能为空！').max(128),
  password: passwordSchema,
});
export type UpdatePassReq = z.infer<typeof updatePassReq>;
export const CONFIRM_MISMATCH_MSG = '两次密码输入不一致！';

/**
 * Session user (SPEC §3). `realPerson` is 1 when real-name verification passed or is not required.
 * `passState` '1' with `changedPass` false means the password was set by someone else (an
 * administrator, an import, a reset) and the user must change it before normal use (SPEC §2).
 */
export const sessionUser = z.object({
  token: z.string(),
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  avatar: z.string(),
  roleType: z.number().int(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  unreadMsg: z.number().int(),
  mobile: z.string(),
  realPerson: z.number().int(),
  deptCode: z.string(),
  passState: z.string(),
  changedPass: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** Errors of accounts and sessions (9001xxxx). */
export const UserError = defineErrors({
  /** The user name is taken. */
  USER_EXISTS: { code: 90010001, msg: '用户名已存在！' },
  /** Wrong account or password; data `LoginFailData` `{remaining, captchaRequired, retryAfter?}`, msg from `loginMsg`. */
  BAD_CREDENTIALS: { code: 90010002, msg: '账号或密码错误！' },
  /** Registration is closed by the site's switch configuration. */
  REG_CLOSED: { code: 90010003, msg: '系统未开放注册！' },
  /** The old password does not match. */
  OLD_PASSWORD_WRONG: { code: 90010004, msg: '旧密码不正确！' },
  /** The account is disabled. */
  ACCOUNT_DISABLED: { code: 90010005, msg: '账号已被禁用，请联系管理员！' },
  /** The account waits for an administrator's review (user state 2, switch userAudit). */
  ACCOUNT_PENDING: { code: 90010007, msg: '账号正在审核中，审核通过后即可登录！' },
  /** Login by SMS is switched off (switch mobileLogin). */
  MOBILE_LOGIN_OFF: { code: 90010008, msg: '系统未开启手机号登录！' },
  /** Too many registrations from one address; data `{retryAfter}` seconds (HTTP 429). */
  REG_TOO_MANY: { code: 90010009, msg: '注册过于频繁，请稍后再试！' },
  /** The profile's unit allows sub-departments (sfyxjbm = 1): the department name is required. */
  BMMC_REQUIRED: { code: 90010010, msg: '请输入部门名称' },
});

/** Calls of accounts and sessions (SPEC §7 "User"). */
export const userApi = {
  login: json({
    path: '/api/sys/user/login',
    summary: '账号密码登录（连续失败后需图形验证码；失败过多时短暂等待，HTTP 429）',
    access: 'public',
    body: loginReq,
    data: sessionUser,
  }),
  reg: json({ path: '/api/sys/user/reg', summary: '学员注册（需图形验证码，按IP限频；应答同登录，需审核时令牌为空）', access: 'public', body: regReq, data: sessionUser }),
  info: json({ path: '/api/sys/user/info', readOnly: true, summary: '当前令牌的会话用户', access: 'user', data: sessionUser }),
  logout: json({ path: '/api/sys/user/logout', summary: '退出登录（令牌立即失效）', access: 'user', data: z.null() }),
  updatePass: json({ path: '/api/sys/user/update-pass', summary: '修改本人密码（其他会话随之失效；不再要求修改密码）', access: 'user', body: updatePassReq, data: z.null() }),
  mobileLogin: json({ path: '/api/sys/user/mobile-login', summary: '手机号加短信验证码登录（需开启手机号登录）', access: 'public', body: mobileLoginReq, data: sessionUser }),
  resetBySms: json({ path: '/api/sys/user/reset-by-sms', summary: '忘记密码：用绑定手机收到的短信验证码重设密码（所有会话随之失效）', access: 'public', body: resetBySmsReq, data: z.null(), ours: true }),
  profile: json({ path: '/api/sys/user/profile', readOnly: true, summary: '本人资料', access: 'user', data: profileDetail, ours: true }),
  update: json({ path: '/api/sys/user/update', summary: '修改本人资料（资料表单规则见 SPEC §5）', access: 'user', body: profileUpdateReq, data: z.null() }),
  updateAvatar: json({ path: '/api/sys/user/update-avatar', summary: '修改本人头像', access: 'user', body: avatarReq, data: z.null(), ours: true }),
};
