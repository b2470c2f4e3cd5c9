/**
 * Third-party login buttons under the login form (SPEC §3 switch config login methods, §7 get-url
 * calls): one round button per login type the site switches on (WeChat, enterprise WeChat,
 * DingTalk); a click asks the server for the provider's authorize URL and sends the browser there.
 * The provider brings it back to /login/oauth/<type>, which logs in and goes to `redirect` (default:
 * the page's `?redirect=` query, else the role home). Renders nothing when no type is switched on.
 *
 *   <ThirdPartyLogin />   (the login page, below the password form)
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Divider, Space, Tooltip } from 'antd';
import { LOGIN_TYPE_LABEL, THIRD_PARTY_TYPES, type ThirdPartyType } from '@kaopei/contracts/sys-bind';
import { useSiteInfo } from '../../store/site';
import { sitePath } from './bind-utils';
import { goAuthorize, LOGIN_TYPE_ICON } from './login-types';

export default function ThirdPartyLogin({ redirect }: { redirect?: string }) {
  const { site } = useSiteInfo();
  const [query] = useSearchParams();
  const [busy, setBusy] = useState<ThirdPartyType | ''>('');
  const on: Record<ThirdPartyType, boolean> = { wechat: site.wechatLogin, 'crop-wechat': site.cropLogin, 'ding-talk': site.dingLogin };
  const types = THIRD_PARTY_TYPES.filter((t) => on[t]);
  if (types.length === 0) return null;

  const start = async (type: ThirdPartyType) => {
    setBusy(type);
    try {
      await goAuthorize(type, 'login', sitePath(redirect) ?? sitePath(query.get('redirect')));
    } catch {
      setBusy(''); // shown by the request helper
    }
  };

  return (
    <div data-testid="third-party-login">
      <Divider plain>其他登录方式</Divider>
      <Space size="large" style={{ width: '100%', justifyContent: 'center' }}>
        {types.map((t) => (
          <Tooltip key={t} title={`${LOGIN_TYPE_LABEL[t]}登录`}>
            <Button
              shape="circle"
              size="large"
              icon={LOGIN_TYPE_ICON[t]}
              loading={busy === t}
              disabled={busy !== '' && busy !== t}
              aria-label={`${LOGIN_TYPE_LABEL[t]}登录`}
              data-testid={`third-party-login-${t}`}
              onClick={() => void start(t)}
            />
          </Tooltip>
        ))}
      </Space>
    </div>
  );
}
