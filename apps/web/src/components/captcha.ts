/**
 * Image captcha helpers (SPEC §7 "Captcha", §5 "Formats"): a random key per image, the image URL
 * from the endpoint object of the contracts, and the form rule '图形验证码不能为空！'.
 */
import type { Rule } from 'antd/es/form';
import { captchaApi, captchaValueSchema } from '@kaopei/contracts/captcha';

/** What a captcha field holds: the key of the image shown and what the user typed. */
export interface CaptchaValue {
  captchaKey: string;
  captchaValue: string;
}

/** A new random key (128 bits, 32 hex digits) for one captcha image. */
export function newCaptchaKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A field value showing a new image with nothing typed. */
export function freshCaptcha(): CaptchaValue {
  return { captchaKey: newCaptchaKey(), captchaValue: '' };
}

/** URL of the image of `key` (GET /api/common/captcha/gen?key=). */
export function captchaImageUrl(key: string): string {
  return `${captchaApi.gen.path}?key=${encodeURIComponent(key)}`;
}

/** antd rule of a CaptchaInput field: the typed value is required ('图形验证码不能为空！'). */
export const captchaRule: Rule = {
  validator: async (_rule, value: CaptchaValue | undefined) => {
    const result = captchaValueSchema.safeParse(value?.captchaValue ?? '');
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
};
