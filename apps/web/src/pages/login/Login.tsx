/**
 * /login (SPEC §2 login layout): username + password → /api/sys/user/login. On success the token is
 * stored and the guard sends the user to the `redirect` query or the role home. The register link
 * shows only when the site allows registration (siteInfo.userReg).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginReq, type LoginReq } from '@kaopei/contracts';
import { useAuth } from '../../store/auth';
import { useSiteInfo } from '../../store/site';
import { zodRule } from '../../utils/zod-rule';

export default function Login() {
  const { login } = useAuth();
  const { site } = useSiteInfo();
  const [loading, setLoading] = useState(false);

  const onFinish = async (values: LoginReq) => {
    setLoading(true);
    try {
      await login({ username: values.username.trim(), password: values.password });
    } catch {
      // The request helper already showed the message.
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <h2 className="login-title">用户登录</h2>
      <Form<LoginReq> size="large" onFinish={onFinish} autoComplete="off">
        <Form.Item name="username" rules={[zodRule(loginReq.shape.username)]}>
          <Input prefix={<UserOutlined />} placeholder="用户名" data-testid="login-username" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[zodRule(loginReq.shape.password)]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" data-testid="login-password" autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
          登录
        </Button>
      </Form>
      <div className="login-links">
        <Link to="/web/home">返回首页</Link>
        {site.userReg ? <Link to="/register">没有账号？立即注册</Link> : null}
      </div>
    </>
  );
}
