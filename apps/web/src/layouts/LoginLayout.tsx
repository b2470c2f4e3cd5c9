/**
 * Login layout (SPEC §2 "Login layout"): site logo or name above the form (/login, /register), and
 * the copyright html and filing number from /api/sys/config/site in the footer.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSiteInfo } from '../store/site';
import { SiteFooter } from './SiteFooter';
import { PageLoading } from '../components/PageLoading';

export default function LoginLayout() {
  const { site } = useSiteInfo();
  return (
    <div className="login-layout">
      <div className="login-main">
        <div className="login-brand">
          {site.frontLogo ? <img src={site.frontLogo} alt={site.siteName} className="login-logo" /> : null}
          <h1>{site.siteName}</h1>
        </div>
        <div className="login-card">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
      <SiteFooter className="site-footer login-footer" />
    </div>
  );
}
