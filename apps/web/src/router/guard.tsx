/**
 * THE navigation guard (SPEC §2 navigation rules, §4 Session, §6), run on every location:
 * - public paths (/login, /register, /forgot, /401, /404, /sync, /web/home, /web/state,
 *   /web/state/details, and the open pages of router/extensions.ts such as /cert/verify) pass without
 *   a token; an open page (/cert/verify/<no>) passes whatever the session (a learner held on /web/uc, an administrator without menus: it is a public page); any other path shows "请先登录" for 1.5 s, then goes
 *   to /login?redirect=<path>;
 * - with a token, the session (user + route tree) is loaded first (a spinner meanwhile); a failed
 *   load resets the token and goes to login;
 * - a logged-in user on /login, '' or / goes to the redirect query or the role home;
 * - an admin without generated admin menus: '您无权访问此系统，请联系管理员进行菜单授权！', token reset,
 *   /login?redirect=<path>;
 * - roleType 1 on /admin/* → /web/home;
 * - a learner whose password was set by someone else and not changed since (passState '1',
 *   changedPass false) → /web/uc?to=pass (the password tab) with '您需要修改密码后才能正常使用！';
 *   then a learner whose realPerson ≠ 1 → /web/uc?to=real (the 实名认证 tab) with a warning (neither
 *   when already on /web/uc);
 * - the document title is "<route title> - <siteName>".
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Spin } from 'antd';
import { RoleType } from '@kaopei/contracts';
import { MenuError } from '@kaopei/contracts/sys-menu';
import { mustChangePassword, roleHome, useAuth, type AuthValue } from '../store/auth';
import { useSiteInfo } from '../store/site';
import { feedback, MESSAGE_SECONDS } from '../utils/feedback';
import { hasAdminMenus, titleOf } from './tree';
import { openPages } from './extensions';

/** Public pages shown to everybody as they are, whatever the session: the fixed parts of the open pages page folders declare (router/extensions.ts; the certificate verification page a QR code opens). */
export const OPEN_PATHS: readonly string[] = openPages.map((p) => p.prefix);
export const PUBLIC_PATHS: readonly string[] = ['/login', '/register', '/forgot', '/401', '/404', '/sync', '/web/home', '/web/state', '/web/state/details', ...OPEN_PATHS];
export const LOGIN_REQUIRED_MSG = '请先登录';
export const REAL_NAME_MSG = '您需要完成实名认证后才能正常使用！';
/** Where a learner not yet verified is sent: /web/uc, on its 实名认证 tab (pages/web/real). The server's realPerson is 1 when the site requires no verification (switch faceAudit 'no'). */
export const REAL_NAME_URL = '/web/uc?to=real';
/** SPEC §2 "change your password before normal use". */
export const CHANGE_PASS_MSG = '您需要修改密码后才能正常使用！';
/** Where a learner who must change the password is sent (the password tab of the personal centre). */
export const CHANGE_PASS_URL = '/web/uc?to=pass';
/** Paths the learner redirects below never leave (the personal centre; the error pages, so that a missing /web/uc cannot loop). */
const UC_EXEMPT = ['/web/uc', '/404', '/401'];

const LOGIN_DELAY_MS = 1500;

/** True for the paths a visitor may open without a token (PUBLIC_PATHS and below). */
export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** `/login?redirect=<fullPath>` (path + query, URI-encoded). */
export function loginUrl(fullPath: string): string {
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

type Decision =
  | { kind: 'pass' }
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; warn?: string }
  | { kind: 'login-required'; to: string }
  | { kind: 'reset'; to: string; error?: string };

function safeRedirect(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login') ? target : null;
}

/** Pure decision of SPEC §2 for one location and auth state. */
export function decide(pathname: string, search: string, auth: Pick<AuthValue, 'status' | 'user' | 'routes'>): Decision {
  const fullPath = pathname + search;
  if (OPEN_PATHS.some((p) => pathname.startsWith(`${p}/`))) return { kind: 'pass' };
  if (auth.status === 'anonymous') {
    return isPublicPath(pathname) ? { kind: 'pass' } : { kind: 'login-required', to: loginUrl(fullPath) };
  }
  if (auth.status === 'loading') return { kind: 'wait' };
  if (auth.status === 'failed' || !auth.user) return { kind: 'reset', to: loginUrl(fullPath) };
  const user = auth.user;
  const isLearner = user.roleType === RoleType.LEARNER;
  if (pathname === '/login' || pathname === '' || pathname === '/') {
    return { kind: 'redirect', to: (pathname === '/login' && safeRedirect(search)) || roleHome(user) };
  }
  if (!isLearner && !hasAdminMenus(auth.routes)) {
    return { kind: 'reset', to: loginUrl(fullPath), error: MenuError.NO_MENUS.msg };
  }
  if (isLearner && (pathname === '/admin' || pathname.startsWith('/admin/'))) return { kind: 'redirect', to: '/web/home' };
  if (isLearner && mustChangePassword(user) && !UC_EXEMPT.includes(pathname)) {
    return { kind: 'redirect', to: CHANGE_PASS_URL, warn: CHANGE_PASS_MSG };
  }
  if (isLearner && user.realPerson !== 1 && !UC_EXEMPT.includes(pathname)) {
    return { kind: 'redirect', to: REAL_NAME_URL, warn: REAL_NAME_MSG };
  }
  return { kind: 'pass' };
}

function FullPageSpin() {
  return (
    <div className="page-spin">
      <Spin size="large" />
    </div>
  );
}

/** Applies decide() to every location: renders `children` on 'pass', a full-page spinner otherwise; sets the document title from `titles`. */
export function NavigationGuard({ titles, children }: { titles: { path: string; title: string }[]; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const { site } = useSiteInfo();
  const { status, user, routes, resetToken } = auth;
  const decision = useMemo(() => decide(location.pathname, location.search, { status, user, routes }), [location.pathname, location.search, status, user, routes]);
  const key = decision.kind === 'pass' || decision.kind === 'wait' ? decision.kind : `${decision.kind}:${decision.to}`;

  useEffect(() => {
    if (decision.kind === 'redirect') {
      if (decision.warn) feedback.message.warning(decision.warn, MESSAGE_SECONDS);
      navigate(decision.to, { replace: true });
    } else if (decision.kind === 'reset') {
      if (decision.error) feedback.message.error(decision.error, MESSAGE_SECONDS);
      resetToken();
      navigate(decision.to, { replace: true });
    } else if (decision.kind === 'login-required') {
      feedback.message.error(LOGIN_REQUIRED_MSG, MESSAGE_SECONDS);
      const timer = window.setTimeout(() => navigate(decision.to, { replace: true }), LOGIN_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    return undefined;
    // `key` identifies the decision; the decision object itself changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const title = titleOf(location.pathname, titles);
  useEffect(() => {
    document.title = title ? `${title} - ${site.siteName}` : site.siteName;
  }, [title, site.siteName]);

  return decision.kind === 'pass' ? <>{children}</> : <FullPageSpin />;
}
