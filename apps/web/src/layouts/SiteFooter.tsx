/**
 * The site footer of the login and learner layouts (SPEC §2): copyright html and filing number from
 * /api/sys/config/site. The copyright's sanitiser (RichText → DOMPurify) is loaded lazily: the
 * footer is below the fold, so /login paints without it.
 */
import { lazy, Suspense } from 'react';
import { useSiteInfo } from '../store/site';

const RichText = lazy(() => import('../components/RichText').then((m) => ({ default: m.RichText })));

/** Renders the copyright (sanitised html) and the filing number linking to beian.miit.gov.cn; `className` defaults to 'site-footer'. */
export function SiteFooter({ className }: { className?: string }) {
  const { site } = useSiteInfo();
  return (
    <footer className={className ?? 'site-footer'}>
      {site.copyRight ? (
        <Suspense fallback={null}>
          <RichText html={site.copyRight} />
        </Suspense>
      ) : null}
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
