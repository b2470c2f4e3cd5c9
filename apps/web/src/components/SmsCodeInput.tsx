/**
 * SMS code input (SPEC §2 "SMS code input", §3 phone form, §4 "SMS and binding", §5 formats, §8):
 * a 6-digit code field with a 获取验证码 button. The button first has the form check the mobile
 * number ('手机号不能为空', '手机号码格式不正确!') and the image captcha ('图形验证码不能为空！')
 * through `prepare` — on failure those fields show their errors and nothing is sent — then calls
 * POST /api/sys/user/sms (smsApi.send). A success shows '短信发送成功，请查收手机短信！' and counts
 * down 60 s ('60秒后重发' … ), sending blocked meanwhile; a failure ends the loading state (the
 * request helper shows the message; 'too soon' counts down the server's remaining wait). The image
 * captcha is used up by every attempt: `onAttempt` lets the form show a new one.
 *
 *   <Form.Item name="smsCode" rules={[zodRule(smsCodeSchema)]}>
 *     <SmsCodeInput smsType={SmsType.LOGIN} prepare={async () => …} onAttempt={() => …} testId="sms-code" />
 *   </Form.Item>
 *
 * Test ids: `{testId}` on the input, `{testId}-send` on the button.
 */
import { useEffect, useState } from 'react';
import { App, Button, Input } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { SMS_SENT_MSG, smsApi, type SmsReq, type SmsTypeValue } from '@kaopei/contracts/sms';
import { call, isApiError } from '../api/request';
import { countdownAfter, secondsLeft, smsButtonText } from './sms-code';

export interface SmsCodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** What the code is for (SmsType of the contracts). */
  smsType: SmsTypeValue;
  /** Validates the mobile and captcha fields (showing their errors) and answers them; a rejection sends nothing. */
  prepare: () => Promise<Omit<SmsReq, 'smsType'>>;
  /** After every send attempt (`ok` false when refused or unreachable): the captcha is used up, show a new one. */
  onAttempt?: (ok: boolean) => void;
  testId?: string;
  placeholder?: string;
}

export default function SmsCodeInput({ value, onChange, smsType, prepare, onAttempt, testId = 'sms-code', placeholder = '短信验证码' }: SmsCodeInputProps) {
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);

  // Ticks while a countdown runs.
  useEffect(() => {
    if (until <= Date.now()) return undefined;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [until]);

  const send = async () => {
    if (sending || left > 0) return;
    let fields: Omit<SmsReq, 'smsType'>;
    try {
      fields = await prepare();
    } catch {
      return; // the form shows what is missing
    }
    setSending(true);
    try {
      await call(smsApi.send, { ...fields, smsType });
      message.success(SMS_SENT_MSG);
      const t = Date.now();
      setNow(t);
      setUntil(countdownAfter(t, { ok: true }));
      onAttempt?.(true);
    } catch (err) {
      if (isApiError(err)) {
        const t = Date.now();
        setNow(t);
        setUntil(countdownAfter(t, { ok: false, code: err.code, data: err.data }));
      }
      onAttempt?.(false);
    } finally {
      setSending(false);
    }
  };

  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Input
        prefix={<MessageOutlined />}
        placeholder={placeholder}
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        data-testid={testId}
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value)}
        style={{ flex: 1 }}
      />
      <Button onClick={send} loading={sending} disabled={left > 0} data-testid={`${testId}-send`} style={{ width: 120, flex: 'none' }}>
        {smsButtonText(left, sending)}
      </Button>
    </div>
  );
}
