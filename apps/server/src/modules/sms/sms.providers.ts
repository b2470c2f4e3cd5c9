/**
 * SMS providers behind one interface (ARCHITECTURE §1: external services have a real client and a
 * working local default):
 * - `LogSmsProvider` (default, SMS_PROVIDER=log): writes the message to the server log and keeps
 *   the last messages in memory (the demo site and tests read codes there);
 * - `AliyunSmsProvider` (SMS_PROVIDER=aliyun): Alibaba Cloud SMS `SendSms` (API version 2017-05-25)
 *   over its RPC interface, signed with HMAC-SHA1 as documented ("签名机制": sorted, percent-encoded
 *   query, `GET&%2F&<encoded query>`, key = AccessKeySecret + '&').
 * Configuration is read from the environment by `loadSmsConfig`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';

/** Sends SMS to one mainland mobile number; each method rejects with an Error when the provider refuses. */
export interface SmsProvider {
  readonly name: string;
  /** A verification code (the provider's code template, variable `code`). */
  sendCode(mobile: string, code: string): Promise<void>;
  /**
   * A notification through the provider's template `templateCode` with its variables `params`
   * (module notify: a message template whose SMS flag is set; Aliyun: TemplateCode + TemplateParam JSON).
   */
  sendTemplate(mobile: string, templateCode: string, params: Record<string, string>): Promise<void>;
}

/** A template SMS the log provider "sent". */
export interface LoggedTemplateSms {
  mobile: string;
  templateCode: string;
  params: Record<string, string>;
  at: number;
}

/** A message the log provider "sent". */
export interface LoggedSms {
  mobile: string;
  code: string;
  at: number;
}

/** Writes codes and template messages to the log; keeps the last 100 codes in `outbox` and the last 1000 template messages in `templateOutbox`. */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly outbox: LoggedSms[] = [];
  readonly templateOutbox: LoggedTemplateSms[] = [];

  constructor(private readonly log: (msg: string) => void) {}

  async sendCode(mobile: string, code: string): Promise<void> {
    this.outbox.push({ mobile, code, at: Date.now() });
    if (this.outbox.length > 100) this.outbox.shift();
    this.log(`SMS (log provider) to ${mobile}: verification code ${code}`);
  }

  async sendTemplate(mobile: string, templateCode: string, params: Record<string, string>): Promise<void> {
    this.templateOutbox.push({ mobile, templateCode, params, at: Date.now() });
    if (this.templateOutbox.length > 1000) this.templateOutbox.shift();
    this.log(`SMS (log provider) to ${mobile}: template ${templateCode} ${JSON.stringify(params)}`);
  }
}

/** RFC 3986 percent-encoding as Alibaba Cloud's signature requires (only A-Z a-z 0-9 - _ . ~ left as they are). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The RPC signature of `params` (without Signature) for `method` with `secret`. */
export function aliyunSignature(method: 'GET' | 'POST', params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] as string)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Template of verification codes, with one variable `${code}` (notifications name their own templates). */
  templateCode: string;
  /** Default https://dysmsapi.aliyuncs.com (tests point it at a local fake). */
  endpoint: string;
  /** Request timeout (ms). */
  timeoutMs?: number;
}

/** Alibaba Cloud SMS client (SendSms). */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(private readonly opts: AliyunSmsOptions) {}

  async sendCode(mobile: string, code: string): Promise<void> {
    await this.sendSms(mobile, this.opts.templateCode, { code });
  }

  async sendTemplate(mobile: string, templateCode: string, params: Record<string, string>): Promise<void> {
    await this.sendSms(mobile, templateCode, params);
  }

  /** One signed SendSms call; rejects unless the answer's Code is OK. */
  private async sendSms(mobile: string, templateCode: string, templateParam: Record<string, string>): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      TemplateParam: JSON.stringify(templateParam),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = aliyunSignature('GET', params, this.opts.accessKeySecret);
    const query = [`Signature=${percentEncode(signature)}`, ...Object.keys(params).sort().map((k) => `${percentEncode(k)}=${percentEncode(params[k] as string)}`)].join('&');
    const res = await fetch(`${this.opts.endpoint.replace(/\/$/, '')}/?${query}`, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code !== 'OK') throw new Error(`aliyun SendSms: ${body.Code ?? res.status} ${body.Message ?? ''}`.trim());
  }
}

const smsEnv = z
  .object({
    SMS_PROVIDER: z.enum(['log', 'aliyun']).default('log'),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
    ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com'),
  })
  .refine((e) => e.SMS_PROVIDER !== 'aliyun' || (e.ALIYUN_SMS_ACCESS_KEY_ID && e.ALIYUN_SMS_ACCESS_KEY_SECRET && e.ALIYUN_SMS_SIGN_NAME && e.ALIYUN_SMS_TEMPLATE_CODE), {
    message: 'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE',
  });

/** The provider the environment asks for (SMS_PROVIDER, ALIYUN_SMS_*); throws listing what is missing. */
export function providerFromEnv(env: Record<string, string | undefined>, log: (msg: string) => void): SmsProvider {
  const parsed = smsEnv.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid SMS configuration: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const e = parsed.data;
  if (e.SMS_PROVIDER === 'log') return new LogSmsProvider(log);
  return new AliyunSmsProvider({
    accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID as string,
    accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET as string,
    signName: e.ALIYUN_SMS_SIGN_NAME as string,
    templateCode: e.ALIYUN_SMS_TEMPLATE_CODE as string,
    endpoint: e.ALIYUN_SMS_ENDPOINT,
  });
}
