/**
 * Admin layout (SPEC §2 "Admin layout"): sidebar menu from the server's 'Layout' trees (210 px,
 * collapsible; below 992 px it is treated as mobile, closes and opens as a drawer), header with the
 * collapse toggle, breadcrumb and the user dropdown (学员端 → /web/home, 退出登录 after confirmation).
 */
import { Suspense, useMemo, useState } from 'react';
import { Link, Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { Avatar, Breadcrumb, Button, Drawer, Grid, Layout, Menu } from 'antd';
import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import { useAuth } from '../store/auth';
import { useSiteInfo } from '../store/site';
import { activeMenuKey, flattenRoutes, rootsOf } from '../router/tree';
import { buildAdminMenu, parentKeysOf } from './admin-menu';
import { PageLoading } from '../components/PageLoading';
import { UserMenu, type UserMenuLink } from './UserMenu';

export const SIDEBAR_WIDTH = 210;
const TO_WEB: UserMenuLink = { label: '学员端', icon: <HomeOutlined />, to: '/web/home', divider: true };

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

export default function AdminLayout() {
  const { routes, user } = useAuth();
  const { site } = useSiteInfo();
  const screens = Grid.useBreakpoint();
  const isMobile = screens.lg === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  const roots = useMemo(() => rootsOf(routes, 'admin'), [routes]);
  const items = useMemo(() => buildAdminMenu(roots), [roots]);
  const flat = useMemo(() => flattenRoutes(roots), [roots]);
  const selected = activeMenuKey(location.pathname, flat);
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentKeysOf(roots, selected));
  const crumbs = breadcrumbOf(roots, location.pathname);

  const menu = (
    <>
      <Link to="/admin/dashboard" className="admin-logo">
        {site.backLogo ? <img src={site.backLogo} alt="" /> : null}
        {!collapsed || isMobile ? <span>{site.siteName}</span> : <span>{site.siteName.slice(0, 1)}</span>}
      </Link>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={collapsed && !isMobile ? undefined : openKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          navigate(key);
          setDrawerOpen(false);
        }}
      />
    </>
  );

  return (
    <Layout className="admin-layout">
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
      <Layout>
        <Layout.Header className="admin-header">
          <Button
            type="text"
            aria-label="切换侧边栏"
            icon={(isMobile ? !drawerOpen : collapsed) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => (isMobile ? setDrawerOpen((v) => !v) : setCollapsed((v) => !v))}
          />
          <Breadcrumb className="admin-breadcrumb" items={crumbs.map((title) => ({ title }))} />
          <div className="admin-header-right">
            <UserMenu link={TO_WEB} className="admin-user" testId="admin-user-menu">
              <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
              <span className="admin-user-name">{user?.realName || user?.userName}</span>
            </UserMenu>
          </div>
        </Layout.Header>
        <Layout.Content className="admin-content">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
