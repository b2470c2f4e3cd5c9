/**
 * Accounts and sessions: login, registration, session user, password change (SPEC §3, §5, §7).
 */
import { z } from 'zod';
import { defineErrors } from './errors';
import { json } from './endpoint';

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

/** POST /api/sys/user/reg — learner self-registration (SPEC §5 rules). Answers like login. */
export const regReq = z.object({
  userName: userNameSchema,
  realName: realNameSchema,
  password: passwordSchema,
});
export type RegReq = z.infer<typeof regReq>;

/** POST /api/sys/user/update-pass — SPEC §3 password change form (confirm checked on the form). */
export const updatePassReq = z.object({
  oldPassword: z.string({ error: '旧密码不能为空！' }).min(1, '旧密码不能为空！').max(128),
  password: passwordSchema,
});
export type UpdatePassReq = z.infer<typeof updatePassReq>;
export const CONFIRM_MISMATCH_MSG = '两次密码输入不一致！';

/** Session user (SPEC §3). `realPerson` is 1 when real-name verification passed or is not required. */
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
  reg: json({ path: '/api/sys/user/reg', summary: '学员注册（应答同登录）', access: 'public', body: regReq, data: sessionUser }),
  info: json({ path: '/api/sys/user/info', summary: '当前令牌的会话用户', access: 'user', data: sessionUser }),
  logout: json({ path: '/api/sys/user/logout', summary: '退出登录（令牌立即失效）', access: 'user', data: z.null() }),
  updatePass: json({ path: '/api/sys/user/update-pass', summary: '修改本人密码（其他会话随之失效）', access: 'user', body: updatePassReq, data: z.null() }),
};
