/**
 * The pure part of the SMS code input (SPEC §4 "SMS and binding": after a successful send the
 * button counts down 60 seconds, during which sending is blocked; §9 SMS resend countdown 60 s).
 * The countdown runs against a deadline (epoch ms), so a throttled background tab still ends it on
 * time.
 */
import { SMS_RESEND_SECONDS, SmsError } from '@kaopei/contracts/sms';

/** Text of the idle button. */
export const SMS_BUTTON_IDLE = '获取验证码';

/** Whole seconds left until `until` at `now` (0 once passed). */
export function secondsLeft(until: number, now: number): number {
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** The button's text: '发送中…' while sending, '{n}秒后重发' while counting down, else '获取验证码'. */
export function smsButtonText(left: number, sending: boolean): string {
  if (sending) return '发送中…';
  return left > 0 ? `${left}秒后重发` : SMS_BUTTON_IDLE;
}

/**
 * The deadline of the countdown after a send attempt at `now`: 60 s after a success; after a refusal
 * because the number got a code less than a minute ago (90070001 with `data.retryAfter` seconds),
 * the server's remaining wait; after any other failure none (0: the button is free at once).
 */
export function countdownAfter(now: number, result: { ok: true } | { ok: false; code: number; data: unknown }): number {
  if (result.ok) return now + SMS_RESEND_SECONDS * 1000;
  if (result.code === SmsError.TOO_SOON.code) {
    const retryAfter = (result.data as { retryAfter?: unknown } | null)?.retryAfter;
    const seconds = typeof retryAfter === 'number' && retryAfter > 0 ? Math.min(retryAfter, SMS_RESEND_SECONDS) : SMS_RESEND_SECONDS;
    return now + seconds * 1000;
  }
  return 0;
}
