/**
 * Error codes (ARCHITECTURE §3, SPEC §8). Every business failure answers HTTP 200 with
 * `{code, msg, data, success:false}`; `code` is a number of an `ErrorDef` and `msg` its Chinese text
 * (a service may replace the text with a more precise one, e.g. naming the rule or row that failed).
 * HTTP 4xx/5xx are only used for transport faults (unknown route, body too large, rate limited, crash).
 *
 * The codes of the platform are below. Each domain declares its own codes in its contracts file
 * with `defineErrors` (e.g. `PaperError` in paper.ts), so a new domain edits no shared table; the one
 * table of every code is generated into docs/api.md and a test refuses a number used twice.
 * Numbering: 1001xxxx platform, 2001xxxx exams and banks, 9001xxxx accounts; a new domain takes the
 * next free block (see docs/api.md "Error codes").
 */

/** One error: its number and default Chinese message. */
export interface ErrorDef {
  readonly code: number;
  readonly msg: string;
}

/** Declares a domain's errors; the object's keys name them (e.g. `PaperError.QU_DELETED`). */
export function defineErrors<T extends Record<string, ErrorDef>>(errors: T): Readonly<T> {
  return Object.freeze(errors);
}

/** True when `value` looks like an ErrorDef (used to enumerate a contracts file's errors). */
export function isErrorDef(value: unknown): value is ErrorDef {
  return typeof value === 'object' && value !== null && typeof (value as ErrorDef).code === 'number' && typeof (value as ErrorDef).msg === 'string';
}

/** Codes every domain may answer. */
export const CommonError = defineErrors({
  /** Success. */
  OK: { code: 0, msg: '操作成功！' },
  /** Bad parameters: missing fields, wrong types, failed validation. */
  BAD_PARAMS: { code: 10010001, msg: '缺少必要参数或参数类型不正确。' },
  /** Not logged in, or token unknown/expired. The web client resets its token and reloads. */
  NOT_LOGGED_IN: { code: 10010002, msg: '您的登录已失效，请重新登录！' },
  /** The requested record does not exist (or is not visible to the caller). */
  NOT_FOUND: { code: 10010003, msg: '数据不存在或已被删除！' },
  /** The caller lacks the permission code the call needs. */
  NO_PERMISSION: { code: 10010004, msg: '无相关权限！' },
  /** Too many attempts (rate limit); answered with HTTP 429. */
  TOO_MANY_REQUESTS: { code: 10010005, msg: '尝试次数过多，请稍后再试！' },
  /** The image captcha is required (data `{captchaRequired: true}`) or its value is wrong. */
  CAPTCHA_INVALID: { code: 10010006, msg: '图形验证码不正确或已失效，请重新输入！' },
});

/** Numbers of the common codes, e.g. `ErrorCode.NOT_LOGGED_IN` = 10010002. */
export const ErrorCode = {
  OK: CommonError.OK.code,
  BAD_PARAMS: CommonError.BAD_PARAMS.code,
  NOT_LOGGED_IN: CommonError.NOT_LOGGED_IN.code,
  NOT_FOUND: CommonError.NOT_FOUND.code,
  NO_PERMISSION: CommonError.NO_PERMISSION.code,
  TOO_MANY_REQUESTS: CommonError.TOO_MANY_REQUESTS.code,
  CAPTCHA_INVALID: CommonError.CAPTCHA_INVALID.code,
} as const;
