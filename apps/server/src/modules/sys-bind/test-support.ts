/**
 * Helpers of the binding API tests (sys-bind *.test.ts only; nothing here is served): calls that
 * carry the browser's cookies, the switch configuration, SMS codes read from the log provider's
 * outbox, and a test app built with extra process environment (the providers read it).
 */
import type { Endpoint, Envelope } from '@kaopei/contracts';
import { smsApi } from '@kaopei/contracts/sms';
import type { SwitchConfig } from '@kaopei/contracts/sys-config';
import { advanceClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import type { LogSmsProvider } from '../sms/sms.providers';

/** An answer with its HTTP status and the cookies it set (name → value; '' when cleared). */
export type CookieAnswer<T> = Envelope<T> & { status: number; cookies: Record<string, string> };

/** POST an endpoint with an optional token and cookies. */
export async function callWith<T = unknown>(t: TestApp, ep: Endpoint, body: unknown, opts: { token?: string; cookies?: Record<string, string> } = {}): Promise<CookieAnswer<T>> {
  const res = await t.app.inject({ method: 'POST', url: ep.path, payload: body as object, headers: opts.token ? { token: opts.token } : {}, cookies: opts.cookies ?? {} });
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { ...(res.json() as Envelope<T>), status: res.statusCode, cookies };
}

/** Turns login types of the switch configuration on or off (the rest unchanged). */
export async function setSwitches(t: TestApp, on: Partial<Pick<SwitchConfig, 'wechatLogin' | 'cropLogin' | 'dingLogin'>>): Promise<void> {
  const current = await t.services.sysConfig.switches();
  await t.services.sysConfig.saveSwitch({ ...current, ...on }, 'test');
}

/**
 * Sends an SMS code of `smsType` to `mobile` as `token`'s user and answers it (read from the log
 * provider). The server clock first moves 61 s on, past the number's resend lock.
 */
export async function smsCode(t: TestApp, mobile: string, smsType: number, token: string): Promise<string> {
  advanceClock(61_000);
  const res = await t.call(smsApi.send, { mobile, smsType, ...(await t.captcha()) }, token);
  if (res.code !== 0) throw new Error(`sms send failed: ${res.msg}`);
  const outbox = (t.services.sms.provider as LogSmsProvider).outbox;
  const code = [...outbox].reverse().find((m) => m.mobile === mobile)?.code;
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}

let seq = 0;
/** A mobile number no other test of this process uses (139 + 4 digits of the pid + a counter). */
export function uniqueMobile(): string {
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(++seq % 10_000).padStart(4, '0')}`;
}

/**
 * A test app whose process environment has `env` while it is built (the providers read
 * process.env once, when the service is made); the environment is restored at once.
 */
export async function testAppWithProcessEnv(env: Record<string, string>): Promise<TestApp> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await testApp();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
