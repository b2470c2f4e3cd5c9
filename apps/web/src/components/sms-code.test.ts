/** The SMS button's countdown (SPEC §4 "SMS and binding", §9 60 s), decided without a browser. */
import { describe, expect, it } from 'vitest';
import { SmsError } from '@kaopei/contracts/sms';
import { countdownAfter, secondsLeft, smsButtonText, SMS_BUTTON_IDLE } from './sms-code';

describe('SMS code button', () => {
  it('counts down 60 s after a successful send, then offers sending again', () => {
    const t0 = 1_000_000;
    const until = countdownAfter(t0, { ok: true });
    expect(until).toBe(t0 + 60_000);
    expect(smsButtonText(secondsLeft(until, t0), false)).toBe('60秒后重发');
    expect(smsButtonText(secondsLeft(until, t0 + 200), false)).toBe('60秒后重发');
    expect(smsButtonText(secondsLeft(until, t0 + 1_000), false)).toBe('59秒后重发');
    expect(smsButtonText(secondsLeft(until, t0 + 59_001), false)).toBe('1秒后重发');
    expect(secondsLeft(until, t0 + 60_000)).toBe(0);
    expect(smsButtonText(secondsLeft(until, t0 + 61_000), false)).toBe(SMS_BUTTON_IDLE);
    expect(SMS_BUTTON_IDLE).toBe('获取验证码');
  });

  it('frees the button at once after a failure, except "too soon", which waits what the server says', () => {
    const t0 = 5_000;
    expect(countdownAfter(t0, { ok: false, code: 10010006, data: null })).toBe(0);
    expect(countdownAfter(t0, { ok: false, code: -1, data: null })).toBe(0);
    expect(countdownAfter(t0, { ok: false, code: SmsError.TOO_SOON.code, data: { retryAfter: 17 } })).toBe(t0 + 17_000);
    expect(countdownAfter(t0, { ok: false, code: SmsError.TOO_SOON.code, data: { retryAfter: 600 } })).toBe(t0 + 60_000);
    expect(countdownAfter(t0, { ok: false, code: SmsError.TOO_SOON.code, data: null })).toBe(t0 + 60_000);
  });

  it('shows the sending state while the request runs', () => {
    expect(smsButtonText(0, true)).toBe('发送中…');
    expect(smsButtonText(30, true)).toBe('发送中…');
  });
});
