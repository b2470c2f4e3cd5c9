/**
 * /login/oauth/:type/authorize — the local demonstration provider's consent page (used when the
 * site has no credentials of that provider; see sys-bind.providers.ts on the server). The person
 * picks the identity that stands for their WeChat / enterprise WeChat / DingTalk account (this
 * browser remembers it per type), agrees, and goes back to the site's callback page with a one-use
 * code, as a real provider would send them; 取消 goes back without a code (a refusal). Only a
 * redirect_uri of this site is followed.
 */
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, Result, Space } from 'antd';
import { LOGIN_TYPE_LABEL, localIdentitySchema, oauthApi, THIRD_PARTY_TYPES, type ThirdPartyType } from '@kaopei/contracts/sys-bind';
import { call } from '../../api/request';
import { newIdentity, sameSiteTarget } from '../../components/bind/bind-utils';
import { zodRule } from '../../utils/zod-rule';

const isType = (t: string | undefined): t is ThirdPartyType => (THIRD_PARTY_TYPES as readonly string[]).includes(t ?? '');
const storageKey = (type: string) => `kaopei.oauth-local.${type}`;

export default function OauthLocal() {
  const { type } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ openId: string }>();
  const [busy, setBusy] = useState(false);
  const state = query.get('state') ?? '';
  const target = sameSiteTarget(query.get('redirect_uri'), window.location.origin);
  const [initial] = useState(() => (isType(type) && window.localStorage.getItem(storageKey(type))) || newIdentity());

  if (!isType(type) || !target) {
    return <Result status="warning" title="授权请求不正确" subTitle="登录方式或回调地址不正确，请返回重新发起。" extra={<Button onClick={() => navigate('/login')}>返回登录</Button>} />;
  }
  const label = LOGIN_TYPE_LABEL[type];

  const back = (params: Record<string, string>) => {
    const to = new URL(target);
    for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
    navigate(to.pathname + to.search, { replace: true });
  };

  const agree = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const openId = v.openId.trim();
      const { code } = await call(oauthApi.localAuthorize, { loginType: type, openId, state });
      window.localStorage.setItem(storageKey(type), openId);
      back({ code, state });
    } catch {
      setBusy(false); // shown by the request helper
    }
  };

  return (
    <>
      <h2 className="login-title">{label}授权（本地模拟）</h2>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`本站未配置${label}开放平台，当前使用本地模拟授权，仅供演示与测试：下面的身份标识代表你的${label}账号，本浏览器会记住它。`}
      />
      <Form form={form} layout="vertical" initialValues={{ openId: initial }} autoComplete="off">
        <Form.Item name="openId" label={`${label}身份标识`} required rules={[zodRule(localIdentitySchema)]}>
          <Input maxLength={64} data-testid="oauth-local-identity" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" loading={busy} onClick={() => void agree()} data-testid="oauth-local-agree">
            同意授权
          </Button>
          <Button onClick={() => form.setFieldValue('openId', newIdentity())} data-testid="oauth-local-new">
            换一个身份
          </Button>
          <Button onClick={() => back({ state })} data-testid="oauth-local-cancel">
            取消
          </Button>
        </Space>
      </Form>
    </>
  );
}
