/**
 * /register (SPEC §2, §5): userName, realName, password, confirm → /api/sys/user/reg. Rules come from
 * the contracts (userNameSchema '用户不能为空！', realNameSchema '姓名不能为空！', passwordSchema with
 * PASSWORD_MSG) and the confirm check '两次密码输入不一致！'. Success logs the learner in → /web/home.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { CONFIRM_MISMATCH_MSG, regReq } from '@kaopei/contracts/sys-user';
import { roleHome, useAuth } from '../../store/auth';
import { useSiteInfo } from '../../store/site';
import { zodRule } from '../../utils/zod-rule';

interface RegForm {
  userName: string;
  realName: string;
  password: string;
  confirm: string;
}

export default function Register() {
  const { register } = useAuth();
  const { site, loaded } = useSiteInfo();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);

  const onFinish = async (values: RegForm) => {
    setLoading(true);
    try {
      const user = await register({ userName: values.userName.trim(), realName: values.realName.trim(), password: values.password });
      navigate(roleHome(user), { replace: true });
    } catch {
      // shown by the request helper
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <h2 className="login-title">用户注册</h2>
      {loaded && !site.userReg ? <Alert type="warning" showIcon title="系统未开放注册！" style={{ marginBottom: 16 }} /> : null}
      <Form<RegForm> size="large" layout="vertical" onFinish={onFinish} autoComplete="off" requiredMark={false}>
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
