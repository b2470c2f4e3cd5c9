/** Texts of the binding domain that name a login type, and how accounts are shown masked. */
import { LOGIN_TYPE_LABEL, LoginType, maskMobile, type ThirdPartyType } from '@kaopei/contracts/sys-bind';

/** `138****5678` for a mobile; `oX2a****9fQc` (or `ab****`) for a third-party account. */
export function maskAccount(loginType: string, value: string): string {
  if (!value) return '';
  if (loginType === LoginType.MOBILE) return maskMobile(value);
  return value.length > 8 ? `${value.slice(0, 4)}****${value.slice(-4)}` : `${value.slice(0, 2)}****`;
}

/** "微信" → '系统未开启微信登录！' etc. */
export const typeMsg = {
  off: (t: ThirdPartyType) => `系统未开启${LOGIN_TYPE_LABEL[t]}登录！`,
  elsewhere: (t: ThirdPartyType) => `该${LOGIN_TYPE_LABEL[t]}账号已绑定其他用户！`,
  noUser: (t: ThirdPartyType) => `该${LOGIN_TYPE_LABEL[t]}账号尚未绑定用户，请先使用账号密码登录，在个人中心绑定后再使用！`,
  already: (t: ThirdPartyType) => `您已绑定${LOGIN_TYPE_LABEL[t]}，请先解除绑定！`,
  notBound: (t: ThirdPartyType) => `尚未绑定${LOGIN_TYPE_LABEL[t]}！`,
  failed: (t: ThirdPartyType) => `${LOGIN_TYPE_LABEL[t]}授权失败，请重试！`,
};

