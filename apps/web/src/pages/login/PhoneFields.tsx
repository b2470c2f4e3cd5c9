/**
 * The phone form's fields (SPEC §3 "Phone and captcha forms": mobile, captcha, smsCode), shared by
 * the SMS login tab and /forgot: the mobile number ('手机号不能为空', '手机号码格式不正确!'), the
 * image captcha and the SMS code with its send button. The captcha is checked only when a code is
 * asked for ('图形验证码不能为空！'; the server checks it before sending) and is used up by that
 * attempt, so a new image is shown after it; submitting the form needs the mobile and the code only.
 *
 * Test ids: `{prefix}-mobile`, `{prefix}-captcha` (+ `-img`), `{prefix}-sms` (+ `-send`).
 */
import type { FormInstance } from 'antd';
import { Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { mobileSchema, smsCodeSchema, type SmsTypeValue } from '@kaopei/contracts/sms';
import { captchaValueSchema } from '@kaopei/contracts/captcha';
import CaptchaInput from '../../components/CaptchaInput';
import SmsCodeInput from '../../components/SmsCodeInput';
import { freshCaptcha, type CaptchaValue } from '../../components/captcha';
import { zodRule } from '../../utils/zod-rule';

/** The fields every phone form holds (the form may hold more). */
export interface PhoneValues {
  mobile: string;
  captcha: CaptchaValue;
  smsCode: string;
}

export function PhoneFields({ form, smsType, prefix }: { form: FormInstance; smsType: SmsTypeValue; prefix: string }) {
  const prepare = async () => {
    const checked = await Promise.allSettled([
      form.validateFields(['mobile']),
      (async () => {
        const captcha = form.getFieldValue('captcha') as CaptchaValue | undefined;
        const result = captchaValueSchema.safeParse(captcha?.captchaValue ?? '');
        form.setFields([{ name: 'captcha', errors: result.success ? [] : [result.error.issues[0]?.message ?? ''] }]);
        if (!result.success || !captcha) throw new Error('captcha');
        return captcha;
      })(),
    ]);
    const captcha = checked[1].status === 'fulfilled' ? checked[1].value : null;
    if (checked[0].status === 'rejected' || !captcha) throw new Error('incomplete');
    return { mobile: String(form.getFieldValue('mobile')).trim(), captchaKey: captcha.captchaKey, captchaValue: captcha.captchaValue.trim() };
  };

  return (
    <>
      <Form.Item name="mobile" rules={[zodRule(mobileSchema, { empty: '' })]}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={11} inputMode="tel" autoComplete="tel" data-testid={`${prefix}-mobile`} />
      </Form.Item>
      <Form.Item name="captcha" initialValue={freshCaptcha()}>
        <CaptchaInput testId={`${prefix}-captcha`} />
      </Form.Item>
      <Form.Item name="smsCode" rules={[zodRule(smsCodeSchema, { empty: '' })]}>
        <SmsCodeInput smsType={smsType} prepare={prepare} onAttempt={() => form.setFieldValue('captcha', freshCaptcha())} testId={`${prefix}-sms`} />
      </Form.Item>
    </>
  );
}
