/** Small helpers of the binding widgets and the callback pages (no React, no icons). */
import { LOGIN_TYPE_LABEL, LoginType, type BindListItem } from '@kaopei/contracts/sys-bind';

/** TanStack Query key of the caller's binding list (BindList; the callback page refreshes it after a bind). */
export const BIND_LIST_KEY = ['bind-list'] as const;

/** A page of this site (one leading '/', not a /login page), or undefined: never another site (an open redirect). */
export function sitePath(value: string | null | undefined): string | undefined {
  return value && /^\/(?![/\\])[^\s\\]*$/.test(value) && !value.startsWith('/login') ? value : undefined;
}

/** The lines to show: the server's, with mobile and WeChat present even if it left them out. */
export function withAlwaysListed(items: readonly BindListItem[]): BindListItem[] {
  const always = [LoginType.MOBILE, LoginType.WECHAT].filter((t) => !items.some((i) => i.loginType === t));
  const missing = always.map((loginType) => ({ loginType, loginType_dictText: LOGIN_TYPE_LABEL[loginType], bound: false, openId: '', createTime: '', canBind: loginType === LoginType.MOBILE }));
  return [...missing, ...items];
}

/** A new random identity: `local_` + 24 hex digits. */
export function newIdentity(): string {
  return `local_${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The path and query of `redirectUri` when it is a page of this site (`origin`), else null. */
export function sameSiteTarget(redirectUri: string | null, origin: string): URL | null {
  try {
    const url = redirectUri ? new URL(redirectUri) : null;
    return url && url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

