/**
 * Admin layout (SPEC §2 "Admin layout", "Screens and dialogs" generic items), shown on /admin paths
 * and, for administrators, /profile/index (router/index.tsx):
 * - sidebar menu from the server's 'Layout' trees, 210 px, collapsible (kept in this browser); below
 *   992 px the screen is treated as mobile: the sidebar closes and opens as a drawer, and closes
 *   again once an entry is chosen; the logo above it follows the sidebarLogo setting;
 * - header: collapse toggle, breadcrumb, header search (Fuse over the visible menu entries), fullscreen
 *   toggle, font size switcher, the page-style drawer (gear) and the user dropdown (个人中心 →
 *   /profile/index, 学员首页 → /web/home, 退出登录 after a confirmation); fixed at the top when the
 *   fixedHeader setting is on;
 * - tags view under the header (setting tagsView) and the pages themselves, kept alive per tag except
 *   the noCache ones (router/admin-views.tsx, store/tags.ts).
 *
 * The page's content never waits for the header tools or the tabs: they are loaded lazily after the
 * layout renders (delivery e2e measures what an admin page needs before its content shows).
 */
import { Suspense, useEffect, useMemo, useState, type ComponentProps } from 'react';
import { Link, matchPath, parsePath, useLocation, useNavigate } from 'react-router';
import { Avatar, Breadcrumb, Button, Drawer, Grid, Layout, Menu } from 'antd';
import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import { useAuth } from '../store/auth';
import { useSiteInfo } from '../store/site';
import { updateSettings, useSettings } from '../store/settings';
import { cachedPaths, tagsStore, useTags, type TagView } from '../store/tags';
import { activeMenuKey, flattenRoutes, rootsOf, type FlatRoute } from '../router/tree';
import { AdminViews, type AdminPane } from '../router/admin-views';
import { profileRoute } from '../router/shared-routes';
import { lazyPart } from '../utils/lazy-part';
import { FontSizeSwitch } from '../components/layout/FontSizeSwitch';
import { FullscreenToggle } from '../components/layout/FullscreenToggle';
import type { default as TagsViewType } from '../components/layout/TagsView';
import type { default as HeaderSearchType } from '../components/layout/HeaderSearch';
import type { default as ThemeDrawerType } from '../components/layout/ThemeDrawer';
import { buildAdminMenu, parentKeysOf } from './admin-menu';
import { UserMenu, type UserMenuLink } from './UserMenu';

export const SIDEBAR_WIDTH = 210;

/** SPEC §2 navbar dropdown: personal profile, learner home (then logout). */
export const NAVBAR_LINKS: UserMenuLink[] = [
  { label: '个人中心', icon: <UserOutlined />, to: '/profile/index' },
  { label: '学员首页', icon: <HomeOutlined />, to: '/web/home', divider: true },
];

const TagsView = lazyPart<ComponentProps<typeof TagsViewType>>(() => import('../components/layout/TagsView'), () => null);
const HeaderSearch = lazyPart<ComponentProps<typeof HeaderSearchType>>(() => import('../components/layout/HeaderSearch'), () => null);
const ThemeDrawer = lazyPart<ComponentProps<typeof ThemeDrawerType>>(() => import('../components/layout/ThemeDrawer'), () => null);

function breadcrumbOf(roots: RouteNode[], pathname: string): string[] {
  for (const root of roots) {
    const trail: string[] = [];
    const find = (node: RouteNode, titles: string[]): boolean => {
      const here = node.meta?.title ? [...titles, node.meta.title] : titles;
      if (!node.children?.length) {
        if (matchPath({ path: node.path, end: true }, pathname)) {
          trail.push(...here);
          return true;
        }
        return false;
      }
      return node.children.some((c) => find(c, here));
    };
    if (find(root, [])) return trail;
  }
  return [];
}

const tagOf = (route: FlatRoute, path: string, fullPath: string): Omit<TagView, 'nonce'> => ({
  path,
  fullPath,
  title: route.title,
  affix: route.affix,
  noCache: route.noCache,
});

/** How many recently shown paths are remembered for choosing the views to keep alive. */
const RECENT_LIMIT = 50;

export default function AdminLayout() {
  const { routes, user, token } = useAuth();
  const { site } = useSiteInfo();
  const settings = useSettings();
  const tags = useTags();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.lg === false;
  const collapsed = settings.sidebarCollapsed && !isMobile;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [themeOpen, setThemeOpen] = useState(false);
  const [themeLoaded, setThemeLoaded] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname } = location;

  const roots = useMemo(() => rootsOf(routes, 'admin'), [routes]);
  const items = useMemo(() => buildAdminMenu(roots), [roots]);
  // The server's pages, and /profile/index (a page of every administrator, not a menu: router/shared-routes.ts).
  const flat = useMemo(() => [...flattenRoutes(roots), profileRoute('admin')], [roots]);
  const page = useMemo(() => flat.find((r) => matchPath({ path: r.path, end: true }, pathname)), [flat, pathname]);
  const selected = activeMenuKey(pathname, flat);
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeysOf(roots, selected));
  const crumbs = breadcrumbOf(roots, pathname);

  // Tags: a new session starts from the affixed pages; every page shown gets (or updates) its tag.
  const fullPath = pathname + location.search + location.hash;
  useEffect(() => {
    if (tagsStore.get().owner !== token) {
      const affix = flat.filter((r) => r.affix && !r.path.includes(':')).map((r) => tagOf(r, r.path, r.path));
      tagsStore.dispatch({ type: 'reset', owner: token, affix });
    }
    if (page) tagsStore.dispatch({ type: 'open', view: tagOf(page, pathname, fullPath) });
  }, [token, flat, page, pathname, fullPath]);

  // The recently shown pages, most recent last (derived state: updated while rendering).
  const [recent, setRecent] = useState<string[]>([]);
  if (page && recent.at(-1) !== pathname) setRecent([...recent.filter((p) => p !== pathname), pathname].slice(-RECENT_LIMIT));

  // Panes: the kept-alive tags (tabs on only) in tab order, the shown page among them or last.
  const ownTags = tags.owner === token ? tags.views : [];
  const kept = settings.tagsView ? cachedPaths(ownTags, recent) : new Set<string>();
  const panes: AdminPane[] = [];
  let shown = false;
  for (const v of ownTags) {
    if (v.path === pathname) {
      panes.push({ key: `${v.path}#${v.nonce}`, path: v.path, location, active: true });
      shown = true;
    } else if (kept.has(v.path)) {
      const { search = '', hash = '' } = parsePath(v.fullPath);
      panes.push({ key: `${v.path}#${v.nonce}`, path: v.path, location: { pathname: v.path, search, hash }, active: false });
    }
  }
  if (!shown) panes.push({ key: `${pathname}#0`, path: pathname, location, active: true });

  const toggleSidebar = () => (isMobile ? setDrawerOpen((v) => !v) : updateSettings({ sidebarCollapsed: !settings.sidebarCollapsed }));

  const menu = (
    <>
      {settings.sidebarLogo ? (
        <Link to="/admin/dashboard" className="admin-logo">
          {site.backLogo ? <img src={site.backLogo} alt="" /> : null}
          {!collapsed ? <span>{site.siteName}</span> : <span>{site.siteName.slice(0, 1)}</span>}
        </Link>
      ) : null}
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          navigate(key);
          setDrawerOpen(false);
        }}
      />
    </>
  );

  return (
    <Layout className={`admin-layout${settings.fixedHeader ? ' admin-fixed-header' : ''}`}>
      {isMobile ? (
        <Drawer
          open={drawerOpen}
          placement="left"
          size={SIDEBAR_WIDTH}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Layout.Sider width={SIDEBAR_WIDTH} collapsible collapsed={collapsed} trigger={null} className="admin-sider">
          {menu}
        </Layout.Sider>
      )}
      <Layout className="admin-main">
        <div className="admin-navbar">
          <Layout.Header className="admin-header">
            <Button
              type="text"
              aria-label="切换侧边栏"
              data-testid="sidebar-toggle"
              icon={(isMobile ? !drawerOpen : collapsed) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={toggleSidebar}
            />
            <Breadcrumb className="admin-breadcrumb" items={crumbs.map((title) => ({ title }))} />
            <div className="admin-header-right">
              {!isMobile ? (
                <>
                  <Suspense fallback={<div className="header-search-placeholder" />}>
                    <HeaderSearch roots={roots} />
                  </Suspense>
                  <FullscreenToggle />
                </>
              ) : null}
              <FontSizeSwitch />
              <Button
                type="text"
                icon={<SettingOutlined />}
                aria-label="系统布局配置"
                title="系统布局配置"
                data-testid="settings-open"
                onClick={() => {
                  setThemeLoaded(true);
                  setThemeOpen(true);
                }}
              />
              <UserMenu links={NAVBAR_LINKS} className="admin-user" testId="admin-user-menu">
                <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
                <span className="admin-user-name">{user?.realName || user?.userName}</span>
              </UserMenu>
            </div>
          </Layout.Header>
          {settings.tagsView ? (
            <Suspense fallback={<div className="tags-view" />}>
              <TagsView activePath={pathname} />
            </Suspense>
          ) : null}
        </div>
        <Layout.Content className="admin-content">
          <AdminViews pages={flat} panes={panes} />
        </Layout.Content>
      </Layout>
      {themeLoaded ? (
        <Suspense fallback={null}>
          <ThemeDrawer open={themeOpen} onClose={() => setThemeOpen(false)} />
        </Suspense>
      ) : null}
    </Layout>
  );
}
