/**
 * Route table (SPEC §2): static public pages (/login, /register in the login layout; /401, /404;
 * /web/home in the learner layout for visitors) plus the routes built at runtime from the server
 * tree — 'Layout' children under AdminLayout, 'WebLayout' children under WebLayout, other component
 * names resolved lazily by the registry (unknown names are logged and skipped). Everything renders
 * inside THE navigation guard.
 */
import { Suspense, useMemo, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAuth } from '../store/auth';
import { NavigationGuard } from './guard';
import { resolveView, viewRegistry } from './registry';
import { flattenRoutes, redirectRoutes, type FlatRoute } from './tree';
import { PageLoading } from '../components/PageLoading';
import LoginLayout from '../layouts/LoginLayout';
import AdminLayout from '../layouts/AdminLayout';
import WebLayout from '../layouts/WebLayout';
import Login from '../pages/login/Login';
import Register from '../pages/login/Register';
import { NotFound, Unauthorized } from '../pages/error/ErrorPage';

/** Titles of the static routes (document title, SPEC §2). */
export const STATIC_TITLES = [
  { path: '/login', title: '用户登录' },
  { path: '/register', title: '用户注册' },
  { path: '/401', title: '无权访问' },
  { path: '/404', title: '页面不存在' },
  { path: '/web/home', title: '首页' },
];

/** Remount a view when its path changes (/qu/add → /qu/update/1 share one component). */
function Keyed({ view: View }: { view: ComponentType }) {
  const { pathname } = useLocation();
  return <View key={pathname} />;
}

function pageRoutes(list: FlatRoute[]) {
  return list.flatMap((r) => {
    const view = resolveView(r.component, r.path);
    return view ? [<Route key={r.path} path={r.path} element={<Keyed view={view} />} />] : [];
  });
}

export function AppRoutes() {
  const { routes } = useAuth();
  const flat = useMemo(() => flattenRoutes(routes), [routes]);
  const redirects = useMemo(() => redirectRoutes(routes), [routes]);
  const titles = useMemo(() => [...flat.map((r) => ({ path: r.path, title: r.title })), ...STATIC_TITLES], [flat]);
  const admin = flat.filter((r) => r.layout === 'admin');
  const web = flat.filter((r) => r.layout === 'web');
  const WebHome = viewRegistry.WebHome;

  return (
    <NavigationGuard titles={titles}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route element={<LoginLayout />}>
            <Route path="/login" element={<Login />} />
            <Route path="/register" element={<Register />} />
          </Route>
          <Route path="/401" element={<Unauthorized />} />
          <Route path="/404" element={<NotFound />} />
          <Route element={<WebLayout />}>
            {web.some((r) => r.path === '/web/home') ? null : <Route path="/web/home" element={<WebHome />} />}
            {pageRoutes(web)}
          </Route>
          <Route element={<AdminLayout />}>{pageRoutes(admin)}</Route>
          {redirects.map((r) => (
            <Route key={`redirect:${r.path}`} path={r.path} element={<Navigate to={r.to} replace />} />
          ))}
          {redirects.some((r) => r.path === '/web') ? null : <Route path="/web" element={<Navigate to="/web/home" replace />} />}
          <Route path="/" element={<Navigate to="/web/home" replace />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </NavigationGuard>
  );
}
