/**
 * The offer of the phone site on the learner layout (issue 14 "Phones opening the learner site are
 * offered /m"): a slim banner in the page flow above the content — never a modal, it covers nothing —
 * with 打开手机版 (→ /m/home) and a close button; closing it is remembered (layouts/mobile.ts
 * dismissOffer). A lazy part of WebLayout (not loaded on /web/exam/*) that decides by itself, with
 * layouts/mobile.ts shouldOfferMobile (phone user agent or a window narrower than 768 px, re-checked
 * on resize), so the layout's own chunk carries none of it; renders nothing otherwise.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { dismissOffer, MOBILE_HOME, offerDismissed, shouldOfferMobile } from './mobile';

export default function MobileOffer() {
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(offerDismissed);
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  if (!shouldOfferMobile({ pathname, userAgent: navigator.userAgent, width, dismissed })) return null;
  return (
    <div className="m-offer" role="note" data-testid="m-offer">
      <span className="m-offer-text">手机访问？试试更适合手机的版本</span>
      <Link to={MOBILE_HOME} className="m-offer-open" data-testid="m-offer-open">
        打开手机版
      </Link>
      <button
        type="button"
        className="m-offer-close"
        aria-label="关闭"
        onClick={() => {
          dismissOffer();
          setDismissed(true);
        }}
        data-testid="m-offer-close"
      >
        ×
      </button>
    </div>
  );
}
