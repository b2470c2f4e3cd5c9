/**
 * Image captcha field (SPEC §7 "Captcha"): a text input and the captcha image beside it; clicking
 * the image shows a new one (new key, typed text cleared). A controlled antd form control whose
 * value is `{captchaKey, captchaValue}` (see captcha.ts: `freshCaptcha()` to start or to force a new
 * image, `captchaRule` for the required message).
 *
 *   <Form.Item name="captcha" rules={[captchaRule]}><CaptchaInput testId="login-captcha" /></Form.Item>
 *
 * Test ids: `{testId}` on the input, `{testId}-img` on the image.
 */
import { Input } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { captchaImageUrl, freshCaptcha, type CaptchaValue } from './captcha';

export interface CaptchaInputProps {
  value?: CaptchaValue;
  onChange?: (value: CaptchaValue) => void;
  testId?: string;
  placeholder?: string;
}

export default function CaptchaInput({ value, onChange, testId = 'captcha', placeholder = '图形验证码' }: CaptchaInputProps) {
  const current = value ?? null;
  const refresh = () => onChange?.(freshCaptcha());
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Input
        prefix={<SafetyOutlined />}
        placeholder={placeholder}
        maxLength={8}
        autoComplete="off"
        data-testid={testId}
        value={current?.captchaValue ?? ''}
        onChange={(e) => onChange?.({ captchaKey: current?.captchaKey ?? freshCaptcha().captchaKey, captchaValue: e.target.value })}
        style={{ flex: 1 }}
      />
      {current ? (
        <img
          src={captchaImageUrl(current.captchaKey)}
          alt="图形验证码"
          title="看不清？点击换一张"
          width={120}
          height={40}
          role="button"
          tabIndex={0}
          onClick={refresh}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') refresh();
          }}
          data-testid={`${testId}-img`}
          style={{ cursor: 'pointer', border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff', flex: 'none' }}
        />
      ) : (
        <a onClick={refresh} data-testid={`${testId}-img`} style={{ width: 120, textAlign: 'center', flex: 'none' }}>
          获取验证码
        </a>
      )}
    </div>
  );
}
