/**
 * Password change (SPEC §3 "Password change": oldPassword, password, confirm; §5: '旧密码不能为空！',
 * the password rule, '两次密码输入不一致！'; §8: after a change, logout and back to login after 1.5 s)
 * → POST /api/sys/user/update-pass. On success the session user no longer has to change the
 * password (changedPass true: the guard lets a learner sent to /web/uc?to=pass go), the success
 * message shows, and 1.5 s later the user is logged out and sent to /login.
 *
 * Test ids: `pass-old`, `pass-new`, `pass-confirm`, `pass-submit`.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { CONFIRM_MISMATCH_MSG, passwordSchema, updatePassReq, userApi } from '@kaopei/contracts/sys-user';
import { call } from '../../api/request';
import { mustChangePassword, useAuth } from '../../store/auth';
import { zodRule } from '../../utils/zod-rule';

/** Shown after a successful change, before the logout. */
export const PASS_CHANGED_MSG = '密码修改成功，请重新登录！';
/** SPEC §8: the logout follows the change after 1.5 s. */
export const LOGOUT_DELAY_MS = 1500;

interface PassValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

export default function PasswordForm() {
  const { message } = App.useApp();
  const { user, updateUser, logout } = useAuth();
  const [form] = Form.useForm<PassValues>();
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onFinish = async (values: PassValues) => {
    setSaving(true);
    try {
      await call(userApi.updatePass, { oldPassword: values.oldPassword, password: values.password });
    } catch {
      return; // shown by the request helper ('旧密码不正确！' …)
    } finally {
      setSaving(false);
    }
    setDone(true);
    updateUser({ changedPass: true });
    message.success(PASS_CHANGED_MSG);
    timer.current = window.setTimeout(() => void logout(), LOGOUT_DELAY_MS);
  };

  return (
    <Form<PassValues> form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 420 }} autoComplete="off" data-testid="pass-form">
      {user && mustChangePassword(user) ? (
        <Alert type="warning" showIcon title="您的密码由管理员设置，请修改密码后再使用系统" style={{ marginBottom: 16 }} data-testid="pass-required" />
      ) : null}
      <Form.Item name="oldPassword" label="旧密码" required rules={[zodRule(updatePassReq.shape.oldPassword, { empty: '' })]}>
        <Input.Password autoComplete="current-password" data-testid="pass-old" />
      </Form.Item>
      <Form.Item name="password" label="新密码" required rules={[zodRule(passwordSchema, { empty: '' })]}>
        <Input.Password autoComplete="new-password" data-testid="pass-new" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认密码"
        required
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, value: string | undefined) => {
              if (!value || value !== getFieldValue('password')) throw new Error(CONFIRM_MISMATCH_MSG);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="pass-confirm" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} disabled={done} data-testid="pass-submit">
        保存
      </Button>
    </Form>
  );
}
