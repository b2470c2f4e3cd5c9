/**
 * Routes the web app adds to the server's route tree (SPEC §2 "Other shared routes"):
 * /profile/index, the personal profile, reachable from the admin navbar (个人中心) and shown in the
 * layout of the user's side — inside the admin layout for administrators (a hidden page of its own,
 * with a tag), inside the learner layout for learners. It is not a server menu, so no role can lose
 * it.
 */
import { matchPath } from 'react-router';
import type { FlatRoute, LayoutKind, RedirectRoute } from './tree';

export const PROFILE_PATH = '/profile/index';
export const PROFILE_TITLE = '个人中心';
/** The view's name in the registry (pages/profile/views.ts). */
export const PROFILE_VIEW = 'Profile';

/** /profile/index as a page of `layout`. */
export function profileRoute(layout: LayoutKind): FlatRoute {
  return { path: PROFILE_PATH, name: PROFILE_VIEW, component: PROFILE_VIEW, title: PROFILE_TITLE, hidden: true, layout, affix: false, noCache: false };
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * True when `pathname` is shown by the admin layout: /admin and below (except the paths that only
 * redirect), and /profile/index for an administrator (`isAdmin`).
 */
export function inAdminLayout(pathname: string, redirects: readonly RedirectRoute[], isAdmin: boolean): boolean {
  if (pathname === PROFILE_PATH) return isAdmin;
  return under(pathname, '/admin') && !redirects.some((r) => matchPath({ path: r.path, end: true }, pathname));
}
