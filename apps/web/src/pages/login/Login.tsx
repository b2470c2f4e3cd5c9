/**
 * /login (SPEC §2 login layout): username + password → /api/sys/user/login. On success the token is
 * stored and the guard sends the user to the `redirect` query or the role home. The register link
 * shows only when the site allows registration (siteInfo.userReg).
 *
 * Failed logins (server rules in sys-user login-guard.ts): the answer's message (e.g.
 * '账号或密码错误！还可尝试2次，之后需输入图形验证码') stays above the form; once an answer says
 * `captchaRequired`, the image captcha field appears (SPEC §7 "Captcha"; '图形验证码不能为空！') and
 * its key and value go with every further attempt. A captcha is good for one attempt: after each
 * failed one a new image is shown.
 *
 * When the site offers login by SMS (siteInfo.mobileLogin) two tabs show: 账号登录 (this form) and
 * 短信登录 (MobileLoginForm, a lazy chunk loaded only then); with siteInfo.faceLogin a 人脸登录 tab
 * (FaceLoginPane, lazy too: the camera and the face dialog). 忘记密码？ leads to /forgot. Below, the
 * third-party login buttons when the site switches WeChat, enterprise WeChat or DingTalk login on.
 */
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginFailData, loginReq } from '@kaopei/contracts/sys-user';
import { isApiError } from '../../api/request';
import CaptchaInput from '../../components/CaptchaInput';
import { captchaRule, freshCaptcha, type CaptchaValue } from '../../components/captcha';
import { useAuth } from '../../store/auth';
import { useSiteInfo } from '../../store/site';
import { zodRule } from '../../utils/zod-rule';

const MobileLoginForm = lazy(() => import('./MobileLoginForm'));
const FaceLoginPane = lazy(() => import('./FaceLoginPane'));
/** WeChat / enterprise WeChat / DingTalk buttons: a lazy chunk, loaded only when the site switches one on. */
const ThirdPartyLogin = lazy(() => import('../../components/bind/ThirdPartyLogin'));

type Mode = 'password' | 'mobile' | 'face';
const MODES: { key: Mode; label: string }[] = [
  { key: 'password', label: '账号登录' },
  { key: 'mobile', label: '短信登录' },
  { key: 'face', label: '人脸登录' },
];

interface LoginForm {
  username: string;
  password: string;
  captcha?: CaptchaValue;
}

export default function Login() {
  const { login } = useAuth();
  const { site } = useSiteInfo();
  const [form] = Form.useForm<LoginForm>();
  const [loading, setLoading] = useState(false);
  const [captchaRequired, setCaptchaRequired] = useState(false);
  const [warning, setWarning] = useState('');
  const [mode, setMode] = useState<Mode>('password');
  const modes = MODES.filter((m) => m.key === 'password' || (m.key === 'mobile' && site.mobileLogin) || (m.key === 'face' && site.faceLogin));
  const showMobile = site.mobileLogin && mode === 'mobile';
  const showFace = site.faceLogin && mode === 'face';
  const other = showMobile || showFace;

  const onFinish = async (values: LoginForm) => {
    setLoading(true);
    const captcha = captchaRequired && values.captcha ? { captchaKey: values.captcha.captchaKey, captchaValue: values.captcha.captchaValue.trim() } : {};
    try {
      await login({ username: values.username.trim(), password: values.password, ...captcha });
    } catch (err) {
      // The request helper already showed the message; keep it in view and show the captcha when asked.
      const fail = isApiError(err) ? loginFailData.safeParse(err.data) : null;
      if (fail?.success && isApiError(err)) setWarning(err.message);
      const needed = captchaRequired || (fail?.success === true && fail.data.captchaRequired);
      if (needed) {
        setCaptchaRequired(true);
        form.setFieldValue('captcha', freshCaptcha());
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <h2 className="login-title">用户登录</h2>
      {modes.length > 1 ? (
        <div className="login-modes" role="tablist">
          {modes.map((m) => (
            <button
              key={m.key}
              type="button"
              role="tab"
              aria-selected={mode === m.key}
              className={mode === m.key ? 'login-mode active' : 'login-mode'}
              onClick={() => setMode(m.key)}
              data-testid={`login-mode-${m.key}`}
            >
              {m.label}
            </button>
          ))}
        </div>
      ) : null}
      {showMobile ? (
        <Suspense fallback={null}>
          <MobileLoginForm />
        </Suspense>
      ) : null}
      {showFace ? (
        <Suspense fallback={null}>
          <FaceLoginPane />
        </Suspense>
      ) : null}
      {!other && warning ? (
        <div data-testid="login-warning" style={{ marginBottom: 16 }}>
          <Alert type="warning" showIcon title={warning} />
        </div>
      ) : null}
      <Form<LoginForm> form={form} size="large" onFinish={onFinish} autoComplete="off" hidden={other}>
        <Form.Item name="username" rules={[zodRule(loginReq.shape.username)]}>
          <Input prefix={<UserOutlined />} placeholder="用户名" data-testid="login-username" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[zodRule(loginReq.shape.password)]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" data-testid="login-password" autoComplete="current-password" />
        </Form.Item>
        {captchaRequired ? (
          <Form.Item name="captcha" rules={[captchaRule]}>
            <CaptchaInput testId="login-captcha" />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
          登录
        </Button>
      </Form>
      <div className="login-links">
        <Link to="/web/home">返回首页</Link>
        <Link to="/forgot" data-testid="login-forgot">
          忘记密码？
        </Link>
        {site.userReg ? <Link to="/register">没有账号？立即注册</Link> : null}
      </div>
      {site.wechatLogin || site.cropLogin || site.dingLogin ? (
        <Suspense fallback={null}>
          <ThirdPartyLogin />
        </Suspense>
      ) : null}
    </>
  );
}
