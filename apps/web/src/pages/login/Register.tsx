/**
 * /register (SPEC §2, §5): userName, realName, password, confirm and the image captcha →
 * /api/sys/user/reg. Rules come from the contracts (userNameSchema '用户不能为空！', realNameSchema
 * '姓名不能为空！', passwordSchema with PASSWORD_MSG, '图形验证码不能为空！') and the confirm check
 * '两次密码输入不一致！'. Success logs the learner in → /web/home; a failed attempt shows a new captcha
 * (each is good for one check).
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import CaptchaInput from '../../components/CaptchaInput';
import { captchaRule, freshCaptcha, type CaptchaValue } from '../../components/captcha';
import { CONFIRM_MISMATCH_MSG, regReq } from '@kaopei/contracts/sys-user';
import { roleHome, useAuth } from '../../store/auth';
import { useSiteInfo } from '../../store/site';
import { zodRule } from '../../utils/zod-rule';

interface RegForm {
  userName: string;
  realName: string;
  password: string;
  confirm: string;
  captcha: CaptchaValue;
}

export default function Register() {
  const { register } = useAuth();
  const { site, loaded } = useSiteInfo();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<RegForm>();

  const onFinish = async (values: RegForm) => {
    setLoading(true);
    try {
      const user = await register({
        userName: values.userName.trim(),
        realName: values.realName.trim(),
        password: values.password,
        captchaKey: values.captcha.captchaKey,
        captchaValue: values.captcha.captchaValue.trim(),
      });
      navigate(roleHome(user), { replace: true });
    } catch {
      // Shown by the request helper; the captcha was used up, show a new one.
      form.setFieldValue('captcha', freshCaptcha());
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <h2 className="login-title">用户注册</h2>
      {loaded && !site.userReg ? <Alert type="warning" showIcon title="系统未开放注册！" style={{ marginBottom: 16 }} /> : null}
      <Form<RegForm> form={form} size="large" layout="vertical" onFinish={onFinish} initialValues={{ captcha: freshCaptcha() }} autoComplete="off" requiredMark={false}>
        <Form.Item name="userName" label="用户名" rules={[zodRule(regReq.shape.userName)]}>
          <Input placeholder="用户名" data-testid="reg-username" autoComplete="username" />
        </Form.Item>
        <Form.Item name="realName" label="姓名" rules={[zodRule(regReq.shape.realName)]}>
          <Input placeholder="真实姓名" data-testid="reg-realname" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[zodRule(regReq.shape.password)]}>
          <Input.Password placeholder="密码" data-testid="reg-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, value: string | undefined) => {
                if (!value || value !== getFieldValue('password')) throw new Error(CONFIRM_MISMATCH_MSG);
              },
            }),
          ]}
        >
          <Input.Password placeholder="再次输入密码" data-testid="reg-confirm" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="captcha" label="图形验证码" rules={[captchaRule]}>
          <CaptchaInput testId="reg-captcha" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="reg-submit">
          注册
        </Button>
      </Form>
      <div className="login-links">
        <Link to="/web/home">返回首页</Link>
        <Link to="/login">已有账号？立即登录</Link>
      </div>
    </>
  );
}
