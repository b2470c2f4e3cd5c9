/**
 * What the binding widgets show of each login type (SPEC §3 "Binding"): its icon and colour, and
 * how a third-party flow starts (get-url, then the browser goes to the provider).
 */
import type { ReactNode } from 'react';
import { DingtalkOutlined, MobileOutlined, WechatOutlined, WechatWorkOutlined } from '@ant-design/icons';
import { OAUTH_ENDPOINTS, type LoginTypeValue, type OauthPurpose, type ThirdPartyType } from '@kaopei/contracts/sys-bind';
import { call } from '../../api/request';

export const LOGIN_TYPE_ICON: Record<LoginTypeValue, ReactNode> = {
  mobile: <MobileOutlined style={{ color: '#409EFF' }} />,
  wechat: <WechatOutlined style={{ color: '#07c160' }} />,
  'crop-wechat': <WechatWorkOutlined style={{ color: '#2a7de1' }} />,
  'ding-talk': <DingtalkOutlined style={{ color: '#1677ff' }} />,
};

/**
 * Asks the server for the authorize URL of `type` (`purpose` login or bind; `redirect`: this site's
 * page to come back to) and sends the browser there. Rejects when the server refuses (the request
 * helper showed why).
 */
export async function goAuthorize(type: ThirdPartyType, purpose: OauthPurpose, redirect?: string): Promise<void> {
  const { url } = await call(OAUTH_ENDPOINTS[type].url, { state: purpose, ...(redirect ? { redirect } : {}) });
  window.location.assign(url);
}
