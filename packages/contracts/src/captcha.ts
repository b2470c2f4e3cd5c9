/**
 * Image captcha (SPEC §7 "Captcha", §3 "Phone and captcha forms", §5 "Formats").
 *
 * The client picks a random key, shows the image `GET /api/common/captcha/gen?key={key}` and sends
 * `{captchaKey, captchaValue}` with the form that needs it (login after repeated failures, SMS …) or
 * to `/api/common/captcha/check`. The server keeps the text (5 minutes, one use: checking consumes
 * it, right or wrong; case-insensitive). `/api/common/captcha/captchaGen {key}` (SPEC §7: "returns
 * the captcha text in data") answers in `data` the SVG markup of a new captcha for the key, the
 * same image as /gen: sending the answer itself would let any robot read it (docs/decisions.md).
 */
import { z } from 'zod';
import { download, json } from './endpoint';

/** Life of a captcha (ms): 5 minutes. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

/** SPEC §5: image captcha value required. */
export const CAPTCHA_EMPTY_MSG = '图形验证码不能为空！';

/** A captcha key: 16–64 characters of `[A-Za-z0-9_-]` (the web uses 32 random hex digits). */
export const captchaKeySchema = z
  .string({ error: '图形验证码标识不能为空！' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, '图形验证码标识不正确，请刷新验证码！');

/** What the user typed (trimmed; compared case-insensitively). */
export const captchaValueSchema = z.string({ error: CAPTCHA_EMPTY_MSG }).trim().min(1, CAPTCHA_EMPTY_MSG).max(16, '图形验证码不正确！');

/** GET /api/common/captcha/gen?key= */
export const captchaGenReq = z.object({ key: captchaKeySchema });
export type CaptchaGenReq = z.infer<typeof captchaGenReq>;

/** POST /api/common/captcha/check (SPEC §3 captcha form). */
export const captchaCheckReq = z.object({ captchaKey: captchaKeySchema, captchaValue: captchaValueSchema });
export type CaptchaCheckReq = z.infer<typeof captchaCheckReq>;

/** Calls of the image captcha (SPEC §7 "Captcha"). */
export const captchaApi = {
  gen: download({
    path: '/api/common/captcha/gen',
    summary: '图形验证码图片（SVG；同一 key 重新获取即换一张；5分钟内有效，校验一次即失效）',
    access: 'public',
    body: captchaGenReq,
    fileName: 'captcha.svg',
  }),
  captchaGen: json({
    path: '/api/common/captcha/captchaGen',
    summary: '新图形验证码的SVG标记（data 为 <svg>…</svg>，文字以路径绘制；不返回答案本身）',
    access: 'public',
    body: captchaGenReq,
    data: z.string(),
  }),
  check: json({
    path: '/api/common/captcha/check',
    summary: '校验图形验证码（不区分大小写；无论对错，校验后即失效）',
    access: 'public',
    body: captchaCheckReq,
    data: z.boolean(),
  }),
};
