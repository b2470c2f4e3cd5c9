/**
 * Pure rules of the phone site /m (SPEC §2 mobile routes; issue 14 "Mobile site"), kept free of
 * React and antd-mobile so the learner layout can use the phone detection without loading the phone
 * site:
 * - the bottom tab bar (首页 /m/home, 班级 /m/class, 我的 /m/mine) shows on those three paths only;
 * - a phone (user agent) or a narrow viewport opening the learner site /web/* is offered /m, except
 *   on the exam pages (/web/exam/*: no distraction, and e2e journeys sit exams at 375 px there) and
 *   once the learner has dismissed the offer (remembered in localStorage, MOBILE_OFFER_KEY).
 */

/** The tabs of the bottom bar, in order: `key` is the path. */
export const MOBILE_TABS = [
  { key: '/m/home', title: '首页' },
  { key: '/m/class', title: '班级' },
  { key: '/m/mine', title: '我的' },
] as const;

/** Where /m and /m/ lead. */
export const MOBILE_HOME = '/m/home';

/** The tab `pathname` is (a trailing slash ignored), or null when the tab bar is hidden there. */
export function tabOf(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return MOBILE_TABS.some((t) => t.key === path) ? path : null;
}

/** Widths below this (CSS px) count as a phone even with a desktop user agent. */
export const NARROW_WIDTH = 768;

/** True for a phone's user agent (Android phones, iPhone/iPod, Windows Phone, and the generic "Mobi" token); tablets are not phones. */
export function isPhoneAgent(userAgent: string): boolean {
  return /iPhone|iPod|Windows Phone|Android.+Mobile|Mobi/i.test(userAgent);
}

/** localStorage key remembering that the learner dismissed the offer of /m. */
export const MOBILE_OFFER_KEY = 'kaopei.mobileOffer.dismissed';

/** Whether the learner layout offers /m at `pathname` to this device (`width` in CSS px). */
export function shouldOfferMobile(o: { pathname: string; userAgent: string; width: number; dismissed: boolean }): boolean {
  if (o.dismissed) return false;
  if (o.pathname === '/web/exam' || o.pathname.startsWith('/web/exam/')) return false;
  return isPhoneAgent(o.userAgent) || o.width < NARROW_WIDTH;
}

/** Reads the dismissal; false when storage is unavailable. */
export function offerDismissed(): boolean {
  try {
    return localStorage.getItem(MOBILE_OFFER_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers the dismissal (ignored when storage is unavailable). */
export function dismissOffer(): void {
  try {
    localStorage.setItem(MOBILE_OFFER_KEY, '1');
  } catch {
    // private mode: the offer comes back next visit
  }
}
