/**
 * The 获取验证码 button of an SMS code input (SPEC §2 "SMS code input", §4 "SMS button: after a
 * successful send it counts down 60 seconds, during which sending is blocked", §8
 * '短信发送成功，请查收手机短信！', "on SMS send failure the loading state ends").
 *
 * The form that holds it asks for the number and the image captcha first: `prepare` validates them
 * (antd `validateFields`) and answers them, or null to send nothing. A send answered "too soon" counts
 * down the seconds the server gives. The captcha is good for one try, so `onCaptchaUsed` is called
 * after every attempt (the form shows a new image).
 *
 *   <Input addonAfter={<SmsCodeButton smsType={SmsType.BIND} prepare={…} onCaptchaUsed={…} testId="bind-sms-send" />} />
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button } from 'antd';
import { SMS_RESEND_SECONDS, SMS_SENT_MSG, smsApi, SmsError, type SmsTypeValue } from '@kaopei/contracts/sms';
import { call, isApiError } from '../../api/request';
import { secondsLeft } from './bind-utils';

export interface SmsTarget {
  mobile: string;
  captchaKey: string;
  captchaValue: string;
}

export interface SmsCodeButtonProps {
  smsType: SmsTypeValue;
  /** Validates and answers the number and captcha, or null (nothing is sent). */
  prepare: () => Promise<SmsTarget | null>;
  /** Called after every send attempt, successful or not (the captcha was used up). */
  onCaptchaUsed?: () => void;
  testId?: string;
}

export default function SmsCodeButton({ smsType, prepare, onCaptchaUsed, testId = 'sms-send' }: SmsCodeButtonProps) {
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (until <= Date.now()) return undefined;
    setLeft(secondsLeft(until, Date.now()));
    timer.current = window.setInterval(() => {
      const s = secondsLeft(until, Date.now());
      setLeft(s);
      if (s === 0) window.clearInterval(timer.current);
    }, 250);
    return () => window.clearInterval(timer.current);
  }, [until]);

  const send = async () => {
    const target = await prepare();
    if (!target) return;
    setSending(true);
    try {
      await call(smsApi.send, { mobile: target.mobile, smsType, captchaKey: target.captchaKey, captchaValue: target.captchaValue });
      message.success(SMS_SENT_MSG);
      setUntil(Date.now() + SMS_RESEND_SECONDS * 1000);
    } catch (err) {
      // The request helper showed the message; a "too soon" answer also says how long to wait.
      const retryAfter = isApiError(err, SmsError.TOO_SOON.code) ? Number((err.data as { retryAfter?: number } | null)?.retryAfter) : 0;
      if (retryAfter > 0) setUntil(Date.now() + retryAfter * 1000);
    } finally {
      setSending(false);
      onCaptchaUsed?.();
    }
  };

  return (
    <Button onClick={() => void send()} loading={sending} disabled={left > 0} data-testid={testId} style={{ minWidth: 112 }}>
      {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
    </Button>
  );
}
