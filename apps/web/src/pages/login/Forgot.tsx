/**
 * /forgot (SPEC §2 login layout "forgot password"): the mobile number bound to the account, the
 * image captcha, an SMS code of smsType 4 (找回密码), the new password (SPEC §5 password rule) and
 * its confirmation ('两次密码输入不一致！') → POST /api/sys/user/reset-by-sms. Success says
 * '密码重置成功，请重新登录！' and goes to /login (the account's other sessions have ended).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { SmsType } from '@kaopei/contracts/sms';
import { CONFIRM_MISMATCH_MSG, passwordSchema, userApi } from '@kaopei/contracts/sys-user';
import { call } from '../../api/request';
import { zodRule } from '../../utils/zod-rule';
import { PhoneFields, type PhoneValues } from './PhoneFields';

/** Shown once the password was reset. */
export const RESET_DONE_MSG = '密码重置成功，请重新登录！';

interface ForgotValues extends PhoneValues {
  password: string;
  confirm: string;
}

export default function Forgot() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotValues>();
  const [loading, setLoading] = useState(false);

  const onFinish = async (values: ForgotValues) => {
    setLoading(true);
    try {
      await call(userApi.resetBySms, { mobile: values.mobile.trim(), smsCode: values.smsCode.trim(), password: values.password });
      message.success(RESET_DONE_MSG);
      navigate('/login', { replace: true });
    } catch {
      // Shown by the request helper (wrong or expired code …); the form keeps what was typed.
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <h2 className="login-title">找回密码</h2>
      <Form<ForgotValues> form={form} size="large" onFinish={onFinish} autoComplete="off">
        <PhoneFields form={form} smsType={SmsType.RESET_PASSWORD} prefix="forgot" />
        <Form.Item name="password" rules={[zodRule(passwordSchema, { empty: '' })]}>
          <Input.Password prefix={<LockOutlined />} placeholder="新密码" autoComplete="new-password" data-testid="forgot-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: string | undefined) => {
                if (!value || value !== getFieldValue('password')) throw new Error(CONFIRM_MISMATCH_MSG);
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} placeholder="确认新密码" autoComplete="new-password" data-testid="forgot-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="forgot-submit">
          重置密码
        </Button>
      </Form>
      <div className="login-links">
        <Link to="/web/home">返回首页</Link>
        <Link to="/login">返回登录</Link>
      </div>
    </>
  );
}
