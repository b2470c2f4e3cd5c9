/**
 * /login/oauth/:type — where a login provider sends the browser back (SPEC §4 "Binding wechat,
 * enterprise wechat or DingTalk redirects the browser to a URL the server returns, with state bind";
 * §8 '绑定成功!'). The page posts the `code` (DingTalk: `authCode`) and `state` of its query to the
 * type's callback; then
 * - login: the token is stored and the browser goes (reloading) to the state's page or the role home;
 * - bind: '绑定成功!' and back to the page the binding started from.
 * A refusal (state used or expired, account not bound, provider failed, cancelled) is shown on the
 * page with a way back. The page is public (/login…), so it also serves a learner who is logged in.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Result, Spin } from 'antd';
import { BIND_MSG, LOGIN_TYPE_LABEL, OAUTH_ENDPOINTS, THIRD_PARTY_TYPES, type ThirdPartyType } from '@kaopei/contracts/sys-bind';
import { call, isApiError } from '../../api/request';
import { BIND_LIST_KEY, sitePath } from '../../components/bind/bind-utils';
import { roleHome, useAuth } from '../../store/auth';
import { setToken } from '../../utils/token';

const isType = (t: string | undefined): t is ThirdPartyType => (THIRD_PARTY_TYPES as readonly string[]).includes(t ?? '');

export default function OauthCallback() {
  const { type } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { user } = useAuth();
  const [error, setError] = useState('');
  const started = useRef(false);
  const label = isType(type) ? LOGIN_TYPE_LABEL[type] : '第三方';

  useEffect(() => {
    // Once: a code and a state are good for one call (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    const code = query.get('code') ?? query.get('authCode') ?? '';
    const state = query.get('state') ?? '';
    if (!isType(type)) {
      setError('不支持的登录方式！');
      return;
    }
    if (!code) {
      setError(`已取消${LOGIN_TYPE_LABEL[type]}授权。`);
      return;
    }
    call(OAUTH_ENDPOINTS[type].callback, { code, state }, { quiet: true })
      .then((result) => {
        const back = sitePath(result.redirect);
        if (result.user) {
          setToken(result.user.token);
          window.location.replace(back ?? roleHome(result.user));
          return;
        }
        message.success(BIND_MSG.bound);
        void queryClient.invalidateQueries({ queryKey: BIND_LIST_KEY });
        navigate(back ?? roleHome(user), { replace: true });
      })
      .catch((err: unknown) => setError(isApiError(err) ? err.message : '授权失败，请重试！'));
  }, [type, query, navigate, queryClient, message, user]);

  if (!error) {
    return (
      <div style={{ textAlign: 'center', padding: '48px 0' }} data-testid="oauth-callback-working">
        <Spin size="large" />
        <p style={{ marginTop: 16 }}>正在处理{label}授权，请稍候…</p>
      </div>
    );
  }
  return (
    <Result
      status="warning"
      title={`${label}授权未完成`}
      subTitle={<span data-testid="oauth-callback-error">{error}</span>}
      extra={[
        <Button key="login" type="primary" onClick={() => navigate(user ? roleHome(user) : '/login', { replace: true })}>
          {user ? '返回首页' : '返回登录'}
        </Button>,
      ]}
    />
  );
}
