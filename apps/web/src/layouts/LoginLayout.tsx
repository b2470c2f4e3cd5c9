/**
 * Login layout (SPEC §2 "Login layout"): site logo or name above the form (/login, /register), and
 * the copyright html and filing number from /api/sys/config/site in the footer.
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSiteInfo } from '../store/site';
import { RichText } from '../components/RichText';
import { PageLoading } from '../components/PageLoading';

export function SiteFooter({ className }: { className?: string }) {
  const { site } = useSiteInfo();
  return (
    <footer className={className ?? 'site-footer'}>
      {site.copyRight ? <RichText html={site.copyRight} /> : null}
      {site.filingNo ? (
        <div>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {site.filingNo}
          </a>
        </div>
      ) : null}
    </footer>
  );
}

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
