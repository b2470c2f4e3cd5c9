/**
 * Accounts and sessions: login, registration, session user, password change (SPEC §3, §5, §7).
 */
import { z } from 'zod';

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

/** POST /api/sys/user/login */
export const loginReq = z.object({
  username: z.string({ error: '用户名不能为空！' }).trim().min(1, '用户名不能为空！').max(64),
  password: z.string({ error: '密码不能为空！' }).min(1, '密码不能为空！').max(128),
});
export type LoginReq = z.infer<typeof loginReq>;

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
