/**
 * Helpers of the login API tests (sys-user *.test.ts only; nothing here is served): logins from a
 * chosen client address, and a solved image captcha (its text read through the captcha service).
 */
import { randomBytes } from 'node:crypto';
import type { Envelope } from '@kaopei/contracts';
import { captchaApi } from '@kaopei/contracts/captcha';
import { userApi, type LoginFailData, type SessionUser } from '@kaopei/contracts/sys-user';
import type { TestApp } from '../../test/app';

/** A client address no other test (or earlier run against the same Redis) uses: 10.x.y.z. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${(c as number) | 1}`;
}

/** The answer of a login, with the HTTP status. */
export type LoginAnswer = Envelope<SessionUser | LoginFailData | null> & { status: number };

/** POST /api/sys/user/login from `ip`. */
export async function loginFrom(t: TestApp, ip: string, body: Record<string, unknown>): Promise<LoginAnswer> {
  const res = await t.app.inject({ method: 'POST', url: userApi.login.path, payload: body, remoteAddress: ip });
  return { ...(res.json() as Envelope<never>), status: res.statusCode };
}

/** A new captcha (GET gen, checked to be an SVG) and its right answer: `{captchaKey, captchaValue}`. */
export async function solvedCaptcha(t: TestApp, ip = randomIp()): Promise<{ captchaKey: string; captchaValue: string }> {
  const captchaKey = randomBytes(16).toString('hex');
  const res = await t.app.inject({ method: 'GET', url: `${captchaApi.gen.path}?key=${captchaKey}`, remoteAddress: ip });
  if (res.statusCode !== 200 || !res.headers['content-type']?.toString().startsWith('image/svg+xml')) throw new Error(`captcha gen failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const captchaValue = await t.services.captcha.textOf(captchaKey);
  if (!captchaValue) throw new Error('captcha not stored');
  return { captchaKey, captchaValue };
}

/** A captcha that exists but is answered wrongly. */
export async function wrongCaptcha(t: TestApp): Promise<{ captchaKey: string; captchaValue: string }> {
  const { captchaKey, captchaValue } = await solvedCaptcha(t);
  return { captchaKey, captchaValue: captchaValue === 'xxxx' ? 'yyyy' : 'xxxx' };
}
