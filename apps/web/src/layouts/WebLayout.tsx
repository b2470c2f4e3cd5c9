/**
 * Learner layout (SPEC §2 "Learner web routes"): header with the site name, the header menu, and on
 * the right 注册/登录 for visitors or the real name with a dropdown (个人中心 → /web/uc, 管理后台 for
 * admins, 退出登录 after confirmation); the header lists the visitor pages (router/extensions.ts) to everybody; footer with the copyright. Header entries of the spec whose pages are not
 * built yet stay hidden; the learner tree's visible children (在线考试, 我的成绩) are added. Below
 * 768 px the menu moves into a drawer.
 *
 * The layout is on the way to every learner page's first paint (the exam page has a JS budget, see
 * e2e/delivery.e2e.ts), so the interactive parts that the page's content does not wait for are loaded
 * after the layout renders, without holding it up: the header Menu (its place stays empty meanwhile),
 * the user dropdown (its trigger shows at once, the same button; it opens once loaded) and the
 * drawer of small screens, and the message bell with its unread badge and dialog (polled every 20 s; left out on the exam page).
 * Phones and narrow windows get a dismissible banner offering the phone site /m (layouts/MobileOffer, a
 * lazy part that decides itself; not loaded on the exam pages).
 */
import { Suspense, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { Button, Grid, Layout, type MenuProps } from 'antd';
import { DashboardOutlined, DownOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import { RoleType } from '@kaopei/contracts';
import { useAuth } from '../store/auth';
import { useSiteInfo } from '../store/site';
import { activeMenuKey, flattenRoutes, rootsOf } from '../router/tree';
import { visitorPages } from '../router/extensions';
import { PageLoading } from '../components/PageLoading';
import { lazyPart } from '../utils/lazy-part';
import { SiteFooter } from './SiteFooter';
import type { UserMenu as UserMenuView, UserMenuLink } from './UserMenu';

/** Loaded after the layout renders; if one cannot be loaded, its place stays as it first showed. */
const Menu = lazyPart(() => import('antd/es/menu'), () => <div className="web-menu-spacer" />);
const Drawer = lazyPart(() => import('antd/es/drawer'), () => null);
const UserMenu = lazyPart<ComponentProps<typeof UserMenuView>>(
  () => import('./UserMenu').then((m) => ({ default: m.UserMenu })),
  ({ className, children }) => (
    <Button type="text" className={className}>
      {children}
    </Button>
  ),
);

/** The message entry with the unread badge and dialog (SPEC §2, §4 Messages), after the layout renders. */
const MsgBell = lazyPart(() => import('../components/msg/MsgBell'), () => null);
/** The exam page (no message bell there). */
const EXAM_PATH = '/web/exam/start/';
/** The offer of the phone site (issue 14), for phones and narrow windows, after the layout renders. */
const MobileOffer = lazyPart(() => import('./MobileOffer'), () => null);

/** SPEC §2 header menu, in order. Only entries with a built page are shown. */
export const WEB_HEADER_MENU = [
  { path: '/web/home', title: '首页' },
  { path: '/web/state', title: '工作动态' },
  { path: '/web/webclassapply', title: '网络培训' },
  { path: '/web/faceTeach', title: '集中培训' },
  { path: '/web/liveClass', title: '直播课堂' },
  { path: '/web/publicCourse', title: '公开课' },
  { path: '/web/uc', title: '个人中心' },
];

/** The personal centre (SPEC §2 navbar dropdown "personal profile"), for everybody. */
const TO_UC: UserMenuLink = { label: '个人中心', icon: <UserOutlined />, to: '/web/uc' };
/** Shown to admins only. */
const TO_ADMIN: UserMenuLink = { label: '管理后台', icon: <DashboardOutlined />, to: '/admin/dashboard' };

export default function WebLayout() {
  const { routes, user, status } = useAuth();
  const { site } = useSiteInfo();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  const pages = useMemo(() => flattenRoutes(rootsOf(routes, 'web')), [routes]);
  const headerItems = useMemo(() => {
    // Pages visitors may open too (router/extensions.ts) are in the header with or without a session.
    const built = new Set(['/web/home', ...visitorPages.filter((p) => p.menu).map((p) => p.path), ...pages.map((p) => p.path)]);
    const fromSpec = WEB_HEADER_MENU.filter((e) => built.has(e.path));
    const specPaths = new Set(WEB_HEADER_MENU.map((e) => e.path));
    const extras = pages.filter((p) => !p.hidden && !specPaths.has(p.path)).map((p) => ({ path: p.path, title: p.title }));
    return [...fromSpec.slice(0, 1), ...extras, ...fromSpec.slice(1)];
  }, [pages]);

  const path = location.pathname;
  // The route's activeMenu (e.g. /web/exam/check/:id → /web/index), else the longest matching entry.
  const selected = activeMenuKey(path, pages) ?? headerItems.find((i) => path === i.path || path.startsWith(`${i.path}/`))?.path;

  const menuItems: MenuProps['items'] = headerItems.map((i) => ({ key: i.path, label: i.title }));

  // The trigger's content, as three children (the button spaces them).
  const userLabel: ReactNode[] = user
    ? [<UserOutlined key="icon" />, <span key="name" className="web-user-name">{user.realName || user.userName}</span>, <DownOutlined key="down" />]
    : [];
  const right =
    status === 'ready' && user ? (
      <div className="web-visitor">
        {/* Not during an exam: no distraction, and the exam page's JS budget (e2e/delivery.e2e.ts). */}
        {path.startsWith(EXAM_PATH) ? null : (
          <Suspense fallback={null}>
            <MsgBell />
          </Suspense>
        )}
        <Suspense
          fallback={
            <Button type="text" className="web-user">
              {userLabel}
            </Button>
          }
        >
          <UserMenu links={user.roleType !== RoleType.LEARNER ? [TO_UC, TO_ADMIN] : [TO_UC]} className="web-user" testId="web-user-menu">
            {userLabel}
          </UserMenu>
        </Suspense>
      </div>
    ) : (
      <div className="web-visitor">
        {site.userReg ? (
          <Link to="/register">
            <Button type="text">注册</Button>
          </Link>
        ) : null}
        <Link to="/login">
          <Button type="primary" size="small">
            登录
          </Button>
        </Link>
      </div>
    );

  return (
    <Layout className="web-layout">
      <Layout.Header className="web-header">
        <div className="web-header-inner">
          {isMobile ? <Button type="text" icon={<MenuOutlined />} aria-label="菜单" onClick={() => setDrawerOpen(true)} /> : null}
          <Link to="/web/home" className="web-brand">
            {site.frontLogo ? <img src={site.frontLogo} alt="" /> : null}
            <span>{site.siteName}</span>
          </Link>
          {!isMobile ? (
            <Suspense fallback={<div className="web-menu-spacer" />}>
              <Menu
                className="web-menu"
                mode="horizontal"
                items={menuItems}
                selectedKeys={selected ? [selected] : []}
                onClick={({ key }) => navigate(key)}
              />
            </Suspense>
          ) : (
            <div className="web-menu-spacer" />
          )}
          {right}
        </div>
      </Layout.Header>
      {isMobile ? (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} placement="left" size={220} onClose={() => setDrawerOpen(false)} title={site.siteName}>
            <Menu
              mode="inline"
              items={menuItems}
              selectedKeys={selected ? [selected] : []}
              onClick={({ key }) => {
                navigate(key);
                setDrawerOpen(false);
              }}
            />
          </Drawer>
        </Suspense>
      ) : null}
      {/* Never on the exam pages (their JS budget; nothing over the exam). */}
      {path.startsWith('/web/exam') ? null : (
        <Suspense fallback={null}>
          <MobileOffer />
        </Suspense>
      )}
      <Layout.Content className="web-content">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <SiteFooter className="site-footer web-footer" />
    </Layout>
  );
}
