/**
 * The offer of the phone site on the learner layout (issue 14 "Phones opening the learner site are
 * offered /m"): a slim banner in the page flow above the content — never a modal, it covers nothing —
 * with 打开手机版 (→ /m/home) and a close button; closing it is remembered (layouts/mobile.ts
 * dismissOffer). Loaded lazily by WebLayout, only when layouts/mobile.ts shouldOfferMobile says so.
 */
import { Link } from 'react-router';
import { MOBILE_HOME } from './mobile';

export default function MobileOffer({ onClose }: { onClose: () => void }) {
  return (
    <div className="m-offer" role="note" data-testid="m-offer">
      <span className="m-offer-text">手机访问？试试更适合手机的版本</span>
      <Link to={MOBILE_HOME} className="m-offer-open" data-testid="m-offer-open">
        打开手机版
      </Link>
      <button type="button" className="m-offer-close" aria-label="关闭" onClick={onClose} data-testid="m-offer-close">
        ×
      </button>
    </div>
  );
}
