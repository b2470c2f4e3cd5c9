/**
 * The 短信登录 tab of /login (SPEC §4 Session "mobile-login"; switch mobileLogin): mobile number,
 * image captcha, SMS code (smsType 1) → POST /api/sys/user/mobile-login; the answer logs in like the
 * password login (the guard then leaves /login). Loaded only when the site offers it, so the
 * password login page stays as light as before.
 */
import { useState } from 'react';
import { Button, Form } from 'antd';
import { SmsType } from '@kaopei/contracts/sms';
import { useAuth } from '../../store/auth';
import { PhoneFields, type PhoneValues } from './PhoneFields';

export default function MobileLoginForm() {
  const { mobileLogin } = useAuth();
  const [form] = Form.useForm<PhoneValues>();
  const [loading, setLoading] = useState(false);

  const onFinish = async (values: PhoneValues) => {
    setLoading(true);
    try {
      await mobileLogin({ mobile: values.mobile.trim(), smsCode: values.smsCode.trim() });
    } catch {
      // Shown by the request helper (wrong or expired code, mobile login off, disabled account …).
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<PhoneValues> form={form} size="large" onFinish={onFinish} autoComplete="off">
      <PhoneFields form={form} smsType={SmsType.LOGIN} prefix="mlogin" />
      <Button type="primary" htmlType="submit" block loading={loading} data-testid="mlogin-submit">
        登录
      </Button>
    </Form>
  );
}
