/**
 * Route table (SPEC §2): static public pages (/login, /register, /forgot in the login layout; /401,
 * /404; the open pages page folders declare, router/extensions.ts; /web/home and the visitor pages (extensions.ts
 * visitorPages: /web/state …) in the learner layout for visitors) plus the routes built at runtime from the
 * server tree — 'WebLayout' children under WebLayout, other component names resolved lazily by the
 * registry (unknown names are logged and skipped). The 'Layout' children are AdminLayout's: on
 * /admin paths (and /profile/index for administrators, router/shared-routes.ts) the layout is
 * rendered instead of the route table, and renders its pages itself (absolute paths) so that it can
 * keep visited ones alive (router/admin-views.tsx). /profile/index of a learner is a page of the
 * learner layout. Everything renders inside THE navigation guard.
 *
 * Layouts and pages are lazy chunks, so a page loads only its own layout (learner pages never load
 * AdminLayout, /login loads neither). While the session loads, the layout and view of the current
 * path are preloaded, so the chunks arrive in parallel with the session calls instead of after them.
 *
 * The phone site: the pages folders declare in `mobilePages` render inside the lazy MobileLayout
 * (bottom tab bar / nav bar, issue 14); /m and /m/ go to /m/home.
 */
import { Suspense, useEffect, useMemo } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router';
import { RoleType } from '@kaopei/contracts';
import { useAuth } from '../store/auth';
import { NavigationGuard } from './guard';
import { lazyView, resolveView, viewRegistry, type LazyView } from './registry';
import { flattenRoutes, redirectRoutes, type FlatRoute } from './tree';
import { Keyed } from './keyed';
import { mobilePages, openPageOf, openPages, visitorPages } from './extensions';
import { inAdminLayout, PROFILE_PATH, PROFILE_TITLE, PROFILE_VIEW } from './shared-routes';
import { PageLoading } from '../components/PageLoading';

const LoginLayout = lazyView(() => import('../layouts/LoginLayout'));
const AdminLayout = lazyView(() => import('../layouts/AdminLayout'));
const WebLayout = lazyView(() => import('../layouts/WebLayout'));
/** The phone site's layout (antd-mobile lives in its chunk and the /m pages' only). */
const MobileLayout = lazyView(() => import('../layouts/MobileLayout'));
const Login = lazyView(() => import('../pages/login/Login'));
const Register = lazyView(() => import('../pages/login/Register'));
const OauthCallback = lazyView(() => import('../pages/login/OauthCallback'));
const OauthLocal = lazyView(() => import('../pages/login/OauthLocal'));
const Forgot = lazyView(() => import('../pages/login/Forgot'));
const NotFound = lazyView(() => import('../pages/error/ErrorPage').then((m) => ({ default: m.NotFound })));
const Unauthorized = lazyView(() => import('../pages/error/ErrorPage').then((m) => ({ default: m.Unauthorized })));

/** Titles of the static routes (document title, SPEC §2). */
export const STATIC_TITLES = [
  { path: '/login', title: '用户登录' },
  { path: '/register', title: '用户注册' },
  { path: '/forgot', title: '找回密码' },
  { path: PROFILE_PATH, title: PROFILE_TITLE },
  { path: '/401', title: '无权访问' },
  { path: '/404', title: '页面不存在' },
  { path: '/web/home', title: '首页' },
  ...openPages.map((p) => ({ path: p.path, title: p.title })),
  ...mobilePages.map((p) => ({ path: p.path, title: p.title })),
  ...visitorPages.map((p) => ({ path: p.path, title: p.title })),
];

function pageRoutes(list: FlatRoute[]) {
  return list.flatMap((r) => {
    const view = resolveView(r.component, r.path);
    return view ? [<Route key={r.path} path={r.path} element={<Keyed view={view} />} />] : [];
  });
}

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The lazy chunks the page at `pathname` will render: its layout and, when the route tree is known,
 * its view (/profile/index: in the admin layout for an administrator, `isAdmin`). Pure; [] for
 * paths that only redirect.
 */
export function chunksFor(pathname: string, flat: FlatRoute[], isAdmin = false): LazyView[] {
  if (pathname === '/login') return [LoginLayout, Login];
  if (pathname === '/register') return [LoginLayout, Register];
  if (pathname === '/forgot') return [LoginLayout, Forgot];
  const open = openPageOf(pathname);
  if (open) return [open.view];
  const mobile = mobilePages.find((p) => matchPath({ path: p.path, end: true }, pathname));
  if (mobile) return [MobileLayout, mobile.view];
  if (pathname === PROFILE_PATH) {
    const profile = viewRegistry[PROFILE_VIEW];
    return [isAdmin ? AdminLayout : WebLayout, ...(profile ? [profile] : [])];
  }
  const hit = flat.find((r) => matchPath({ path: r.path, end: true }, pathname));
  const view = hit && Object.hasOwn(viewRegistry, hit.component) ? viewRegistry[hit.component] : undefined;
  if (under(pathname, '/admin')) return view ? [AdminLayout, view] : [AdminLayout];
  if (under(pathname, '/web')) {
    const visitorView = visitorPages.find((p) => p.path === pathname)?.view;
    const home = pathname === '/web/home' ? viewRegistry.WebHome : visitorView && Object.hasOwn(viewRegistry, visitorView) ? viewRegistry[visitorView] : undefined;
    return [WebLayout, ...(view ? [view] : home ? [home] : [])];
  }
  return [];
}

/** The whole route table inside THE navigation guard; re-renders when the session's route tree changes. */
export function AppRoutes() {
  const { routes, user } = useAuth();
  const { pathname } = useLocation();
  const isAdmin = user !== null && user.roleType !== RoleType.LEARNER;
  const flat = useMemo(() => flattenRoutes(routes), [routes]);
  const redirects = useMemo(() => redirectRoutes(routes), [routes]);
  const titles = useMemo(() => [...flat.map((r) => ({ path: r.path, title: r.title })), ...STATIC_TITLES], [flat]);
  const web = flat.filter((r) => r.layout === 'web');
  const WebHome = viewRegistry.WebHome;
  const Profile = resolveView(PROFILE_VIEW, PROFILE_PATH);

  // Start the current page's chunks now (the guard may still be waiting for the session).
  useEffect(() => {
    for (const chunk of chunksFor(pathname, flat, isAdmin)) chunk.preload();
  }, [pathname, flat, isAdmin]);

  const table = (
    <Routes>
      <Route element={<LoginLayout />}>
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/forgot" element={<Forgot />} />
        <Route path="/login/oauth/:type" element={<OauthCallback />} />
        <Route path="/login/oauth/:type/authorize" element={<OauthLocal />} />
      </Route>
      {openPages.map((p) => (
        <Route key={p.path} path={p.path} element={<p.view />} />
      ))}
      <Route element={<MobileLayout />}>
        {mobilePages.map((p) => (
          <Route key={p.path} path={p.path} element={<p.view />} />
        ))}
      </Route>
      {/* layouts/mobile.ts MOBILE_HOME, written out: that module stays out of the entry chunk. */}
      <Route path="/m" element={<Navigate to="/m/home" replace />} />
      <Route path="/401" element={<Unauthorized />} />
      <Route path="/404" element={<NotFound />} />
      <Route element={<WebLayout />}>
        {web.some((r) => r.path === '/web/home') || !WebHome ? null : <Route path="/web/home" element={<WebHome />} />}
        {pageRoutes(web)}
        {/* Pages visitors may open too (router/extensions.ts visitorPages), when the tree does not hold them. */}
        {pageRoutes(visitorPages.filter((p) => !web.some((r) => r.path === p.path)).map((p) => ({ path: p.path, name: p.view, component: p.view, title: p.title, hidden: true, layout: 'web', affix: false, noCache: false })))}
        {Profile ? <Route path={PROFILE_PATH} element={<Profile />} /> : null}
      </Route>
      {redirects.map((r) => (
        <Route key={`redirect:${r.path}`} path={r.path} element={<Navigate to={r.to} replace />} />
      ))}
      {redirects.some((r) => r.path === '/web') ? null : <Route path="/web" element={<Navigate to="/web/home" replace />} />}
      <Route path="/" element={<Navigate to="/web/home" replace />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );

  return (
    <NavigationGuard titles={titles}>
      <Suspense fallback={<PageLoading />}>{inAdminLayout(pathname, redirects, isAdmin) ? <AdminLayout /> : table}</Suspense>
    </NavigationGuard>
  );
}
