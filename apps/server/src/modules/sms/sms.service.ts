/**
 * SMS verification codes (SPEC §4 "SMS and binding", §7 /api/sys/user/sms): a code is sent only
 * after the image captcha, at most once a minute and SMS_DAILY_LIMIT times a day per number and
 * purpose (the resend lock is in the UPDATE's WHERE clause, so two concurrent sends cannot both
 * pass), lives SMS_CODE_TTL_MS, and is void after SMS_MAX_TRIES wrong tries. Only its hash is
 * stored. For login and password reset, a number no account has gets no SMS but the same answer, so
 * the call tells nobody which numbers are registered. Other modules call `verify`.
 */
import { createHash, randomInt } from 'node:crypto';
import { CommonError } from '@kaopei/contracts';
import {
  SMS_CODE_TTL_MS,
  SMS_DAILY_LIMIT,
  SMS_MAX_TRIES,
  SMS_RESEND_SECONDS,
  SmsError,
  SmsType,
  type SmsReq,
} from '@kaopei/contracts/sms';
import type { ModuleContext } from '../../platform/module';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { now } from '../../lib/time';
import { providerFromEnv, type SmsProvider } from './sms.providers';
import * as repo from './sms.repository';

const DAY_MS = 24 * 3600_000;

/** sha-256 of the code with its number and purpose. */
function codeHash(mobile: string, smsType: number, code: string): string {
  return createHash('sha256').update(`${mobile}:${smsType}:${code}`).digest('hex');
}

export class SmsService {
  /** The provider of SMS_PROVIDER (the log provider by default). */
  readonly provider: SmsProvider;

  constructor(private readonly ctx: ModuleContext<'captcha' | 'sysUser'>, provider?: SmsProvider) {
    this.provider = provider ?? providerFromEnv(process.env, (msg) => ctx.log.info(msg));
  }

  /**
   * Sends a code to `req.mobile` for `req.smsType`. Errors: 10010006 wrong captcha, 90070001 too soon
   * (data `{retryAfter}` seconds), 90070002 daily limit, 90070004 the provider failed (the number may
   * ask again at once).
   */
  async send(req: SmsReq): Promise<void> {
    if (!(await this.ctx.services.captcha.check(req.captchaKey, req.captchaValue))) throw new AppError(CommonError.CAPTCHA_INVALID);
    const forAccount = req.smsType === SmsType.LOGIN || req.smsType === SmsType.RESET_PASSWORD;
    if (forAccount && !(await this.ctx.services.sysUser.idByMobile(req.mobile))) return; // same answer, nothing sent
    const at = now();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const last = await repo.findCode(this.ctx.db, req.mobile, req.smsType);
    const sameDay = last && at - last.dayStart < DAY_MS;
    const dayCount = sameDay ? last.dayCount + 1 : 1;
    if (dayCount > SMS_DAILY_LIMIT) throw new AppError(SmsError.DAILY_LIMIT);
    const row = {
      mobile: req.mobile, smsType: req.smsType, codeHash: codeHash(req.mobile, req.smsType, code), expireTime: at + SMS_CODE_TTL_MS,
      tries: 0, sentTime: at, dayStart: sameDay ? last.dayStart : at, dayCount,
    };
    const lockEnds = (last?.sentTime ?? 0) + SMS_RESEND_SECONDS * 1000;
    const tooSoon = () => new AppError(SmsError.TOO_SOON, `短信发送过于频繁，请${Math.max(1, Math.ceil((lockEnds - at) / 1000))}秒后再试！`, { retryAfter: Math.max(1, Math.ceil((lockEnds - at) / 1000)) });
    if (last) {
      if (!(await repo.replaceCode(this.ctx.db, row, at - SMS_RESEND_SECONDS * 1000))) throw tooSoon();
    } else {
      try {
        await repo.insertCode(this.ctx.db, row);
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError(SmsError.TOO_SOON, undefined, { retryAfter: SMS_RESEND_SECONDS });
        throw e;
      }
    }
    try {
      await this.provider.sendCode(req.mobile, code);
    } catch (err) {
      this.ctx.log.error({ err, provider: this.provider.name }, 'SMS send failed');
      await repo.releaseLock(this.ctx.db, req.mobile, req.smsType);
      throw new AppError(SmsError.SEND_FAILED);
    }
  }

  /**
   * True when `code` is the live code of `mobile` for `smsType`; it is then used up (exactly once:
   * of two concurrent checks one succeeds). A wrong code counts a try.
   */
  async verify(mobile: string, smsType: number, code: string): Promise<boolean> {
    if (await repo.consume(this.ctx.db, mobile, smsType, codeHash(mobile, smsType, code), now(), SMS_MAX_TRIES)) return true;
    await repo.countTry(this.ctx.db, mobile, smsType, SMS_MAX_TRIES);
    return false;
  }
}
