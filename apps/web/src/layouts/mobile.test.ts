import { describe, expect, it } from 'vitest';
import { isPhoneAgent, shouldOfferMobile, tabOf } from './mobile';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('tab bar visibility', () => {
  it('shows on home, class and mine only', () => {
    expect(tabOf('/m/home')).toBe('/m/home');
    expect(tabOf('/m/class')).toBe('/m/class');
    expect(tabOf('/m/mine/')).toBe('/m/mine');
    expect(tabOf('/m/info/kcInfo')).toBeNull();
    expect(tabOf('/m/info/exam')).toBeNull();
    expect(tabOf('/m/homework')).toBeNull();
    expect(tabOf('/m')).toBeNull();
  });
});

describe('phone detection and the offer of /m', () => {
  it('tells phones from tablets and desktops', () => {
    expect(isPhoneAgent(IPHONE)).toBe(true);
    expect(isPhoneAgent(ANDROID)).toBe(true);
    expect(isPhoneAgent(ANDROID_TABLET)).toBe(false);
    expect(isPhoneAgent(DESKTOP)).toBe(false);
  });

  it('offers /m to phones and narrow windows, never on exam pages nor after dismissal', () => {
    const base = { pathname: '/web/home', userAgent: DESKTOP, width: 1440, dismissed: false };
    expect(shouldOfferMobile(base)).toBe(false);
    expect(shouldOfferMobile({ ...base, userAgent: IPHONE })).toBe(true);
    expect(shouldOfferMobile({ ...base, width: 390 })).toBe(true);
    expect(shouldOfferMobile({ ...base, width: 390, dismissed: true })).toBe(false);
    expect(shouldOfferMobile({ ...base, userAgent: IPHONE, pathname: '/web/exam/start/1' })).toBe(false);
    expect(shouldOfferMobile({ ...base, userAgent: IPHONE, pathname: '/web/exam/check/1' })).toBe(false);
    expect(shouldOfferMobile({ ...base, userAgent: IPHONE, pathname: '/web/examine' })).toBe(true);
  });
});
