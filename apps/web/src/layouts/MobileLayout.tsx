/**
 * Layout of the phone site /m (SPEC §2 mobile routes; issue 14 "Mobile site"): every page a folder
 * declares in `mobilePages` (router/extensions.ts) renders inside it, in a phone-width column
 * (`.m-page`, 360–414 px without horizontal scroll). On /m/home, /m/class and /m/mine a bottom
 * TabBar (首页, 班级, 我的) switches between them; every other /m page gets a NavBar with the page's
 * title and a back arrow (history back, or /m/home when the page was opened directly).
 *
 * A lazy chunk of its own: antd-mobile is imported only here and by the /m pages, so the learner
 * and admin layouts never load it. Signed in like any page (THE guard).
 */
import { Suspense, type ReactNode } from 'react';
import { matchPath, Outlet, useLocation, useNavigate } from 'react-router';
import { DotLoading, NavBar, TabBar } from 'antd-mobile';
import { HomeOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { mobilePages } from '../router/extensions';
import { MOBILE_HOME, MOBILE_TABS, tabOf } from './mobile';

const ICONS: Record<string, ReactNode> = { '/m/home': <HomeOutlined />, '/m/class': <TeamOutlined />, '/m/mine': <UserOutlined /> };

function Loading() {
  return (
    <div className="m-loading">
      <DotLoading color="primary" />
    </div>
  );
}

export default function MobileLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(pathname);
  const title = mobilePages.find((p) => matchPath({ path: p.path, end: true }, pathname))?.title ?? '';
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(MOBILE_HOME, { replace: true });
  };

  return (
    <div className={tab ? 'm-shell m-shell-tabs' : 'm-shell'} data-testid="m-shell">
      {tab ? null : (
        <NavBar className="m-navbar" onBack={back} data-testid="m-navbar">
          {title}
        </NavBar>
      )}
      <div className="m-page">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
      {tab ? (
        <div className="m-tabbar" data-testid="m-tabbar">
          <TabBar activeKey={tab} onChange={(key) => void navigate(key)} safeArea>
            {MOBILE_TABS.map((t) => (
              <TabBar.Item key={t.key} icon={ICONS[t.key]} title={<span data-testid={`m-tab-${t.key.slice(3)}`}>{t.title}</span>} />
            ))}
          </TabBar>
        </div>
      ) : null}
    </div>
  );
}
