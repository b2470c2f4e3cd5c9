/**
 * SMS verification codes (SPEC §3 "Phone and captcha forms", §4 "SMS and binding", §5 "Formats",
 * §7 "/api/sys/user/sms", §8 successes, §9 "SMS resend countdown 60 s").
 *
 * A code is asked for with the image captcha first; one number gets at most one code a minute and a
 * few a day; a code lives 5 minutes and survives only a few wrong tries. What a code is for is its
 * `smsType`; a code of one type never serves another.
 */
import { z } from 'zod';
import { captchaKeySchema, captchaValueSchema } from './captcha';
import { json } from './endpoint';
import { defineErrors } from './errors';

/** What a code is for (ours; SPEC §3 names the field only). */
export const SmsType = { LOGIN: 1, BIND: 2, UNBIND: 3, RESET_PASSWORD: 4 } as const;
export type SmsTypeValue = (typeof SmsType)[keyof typeof SmsType];
export const SMS_TYPE_LABEL: Record<number, string> = { 1: '登录', 2: '绑定手机', 3: '解绑手机', 4: '找回密码' };

/** Seconds before the same number may get another code (SPEC §9). */
export const SMS_RESEND_SECONDS = 60;
/** Life of a code (ms). */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** Wrong tries after which a code is void. */
export const SMS_MAX_TRIES = 5;
/** Codes one number may get in 24 hours. */
export const SMS_DAILY_LIMIT = 10;
/** Success message shown after a send (SPEC §8). */
export const SMS_SENT_MSG = '短信发送成功，请查收手机短信！';

/** SPEC §5: mainland 11-digit mobile number. */
export const mobileSchema = z
  .string({ error: '手机号不能为空' })
  .trim()
  .min(1, '手机号不能为空')
  .regex(/^1[3-9]\d{9}$/, '手机号码格式不正确!');

/** SPEC §5: the SMS code (6 digits). */
export const smsCodeSchema = z.string({ error: '短信验证码不能为空' }).trim().min(1, '短信验证码不能为空').regex(/^\d{6}$/, '短信验证码不正确或已失效！');

export const smsTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: '短信类型不正确！' });

/** POST /api/sys/user/sms (SPEC §3 phone form without the code). */
export const smsReq = z.object({ mobile: mobileSchema, smsType: smsTypeSchema, captchaKey: captchaKeySchema, captchaValue: captchaValueSchema });
export type SmsReq = z.infer<typeof smsReq>;

/** Errors of SMS codes (9007xxxx). */
export const SmsError = defineErrors({
  /** Another code was sent to this number less than a minute ago; data `{retryAfter}` seconds. */
  TOO_SOON: { code: 90070001, msg: '短信发送过于频繁，请稍后再试！' },
  /** This number got SMS_DAILY_LIMIT codes in 24 hours. */
  DAILY_LIMIT: { code: 90070002, msg: '该手机号今日接收验证码次数已达上限，请明天再试！' },
  /** The code is wrong, used, expired or tried too often. */
  CODE_INVALID: { code: 90070003, msg: '短信验证码不正确或已失效！' },
  /** The SMS provider refused or could not be reached. */
  SEND_FAILED: { code: 90070004, msg: '短信发送失败，请稍后再试！' },
});

/** Calls of SMS codes (SPEC §7 "User"). */
export const smsApi = {
  send: json({ path: '/api/sys/user/sms', summary: '发送短信验证码（先校验图形验证码；同一号码60秒内只发一次）', access: 'public', body: smsReq, data: z.null() }),
};
