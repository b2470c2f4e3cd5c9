/**
 * The phone site /m in the browser (issue 14 "Mobile site"), at 390×844 with a phone user agent: the
 * demo learner opens /m/home without a session, is sent to /login and comes back to /m/home after
 * logging in; home shows his course and class; the tab bar shows on /m/home, /m/class and /m/mine
 * and not on an /m/info page (which has the nav bar instead, whose back arrow returns); no page
 * scrolls sideways; the demo course opens on /m/info/kcInfo with the web's study pane and PDF
 * player; /m goes to /m/home; the learner site offers /m in a banner that stays closed once closed;
 * 退出登录 on /m/mine asks first and ends at /login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { courseApi } from '@kaopei/contracts/course';
import { msgApi } from '@kaopei/contracts/notify';
import { studyStatApi } from '@kaopei/contracts/study-stat';
import { userApi } from '@kaopei/contracts/sys-user';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { laterUnreadMessages, POLL } from './support/ui';

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DEMO_COURSE = '安全生产基础知识（演示课程）';

/** A time as the forms take it: `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai. */
const fmt = (d: dayjs.Dayjs) => new Date(d.valueOf()).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai', hour12: false });

/** The page's width overflow in CSS px (0: no horizontal scroll). */
const overflow = (page: Page) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** No horizontal scroll once the page has laid out (a page still loading can be wider for a moment). */
async function expectNoSideScroll(page: Page): Promise<void> {
  await expect.poll(() => overflow(page), { ...POLL, message: `horizontal scroll on ${page.url()}` }).toBeLessThanOrEqual(0);
}

describe.skipIf(skipWithoutChromium())('the phone site /m at 390×844', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 170_000 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('logs in from /m/home, tabs only on home/class/mine, studies a course, offers /m on the web, logs out', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const title = `E2E 手机班 ${Date.now()}`;
    const { id: classId } = await admin.call(trainClassApi.addOrUpdate, { title, classType: 2, startTime: fmt(dayjs().add(1, 'day')), endTime: fmt(dayjs().add(30, 'day')) });
    expect(await learner.call(trainClassApi.apply, { classId })).toEqual({ state: 1 });
    const mine = await learner.call(courseApi.userPaging, { current: 1, size: 100, params: { title: DEMO_COURSE } });
    const courseId = mine.records.find((c) => c.title === DEMO_COURSE)?.id ?? '';
    expect(courseId, 'the demo course is one of the learner’s courses').not.toBe('');
    // More messages than one page of /m/mine (20): 21 study reminders of the demo course, each a message.
    const learnerId = (await learner.call(userApi.info, {})).userId;
    const before = (await learner.call(msgApi.paging, { current: 1, size: 1, params: {} })).total;
    for (let i = 0; i < 21; i++) {
      await admin.call(studyStatApi.remind, { kind: 'course', targetId: courseId, userIds: [learnerId], requestId: `e2e-m-mine-${Date.now()}-${i}` });
    }
    const messages = before + 21;
    expect((await learner.call(msgApi.paging, { current: 1, size: 1, params: {} })).total).toBe(messages);

    const context = await browser.context(server.baseUrl);
    await context.addInitScript((ua: string) => {
      Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => ua });
    }, PHONE_UA);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });

    // ── no session: /m/home → /login?redirect=/m/home → back to /m/home ─────────────────────────
    await page.goto('/m/home');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/m/home');
    await page.getByTestId('login-username').fill(DEMO_LEARNER.username);
    await page.getByTestId('login-password').fill(DEMO_LEARNER.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/m/home');

    // ── home: content, tab bar, no side scroll ───────────────────────────────────────────────────
    await page.getByTestId('m-home-welcome').waitFor();
    await page.getByTestId(`m-course-${courseId}`).waitFor();
    await page.getByTestId(`m-home-class-${classId}`).waitFor();
    await page.getByTestId('m-home-notices').waitFor();
    await page.getByTestId('m-home-exams').waitFor();
    expect(await page.getByTestId('m-tabbar').isVisible()).toBe(true);
    expect(await page.getByTestId('m-navbar').count()).toBe(0);
    await expectNoSideScroll(page);

    // ── 班级 tab → a class on /m/info/bjInfo: no tab bar there, a nav bar whose back returns ─────
    await page.getByTestId('m-tab-class').click();
    await page.waitForURL('**/m/class');
    await page.getByTestId(`m-class-${classId}`).waitFor();
    expect(await page.getByTestId('m-tabbar').isVisible()).toBe(true);
    await expectNoSideScroll(page);
    await page.getByTestId(`m-class-${classId}`).click();
    await page.waitForURL(`**/m/info/bjInfo?classId=${classId}`);
    await expect.poll(async () => page.getByTestId('m-class-title').textContent(), POLL).toBe(title);
    expect(await page.getByTestId('m-tabbar').count()).toBe(0);
    expect(await page.getByTestId('m-navbar').textContent()).toContain('培训班');
    await expectNoSideScroll(page);
    await page.locator('[data-testid="m-navbar"] .adm-nav-bar-back').click();
    await page.waitForURL('**/m/class');

    // ── 我的 tab ─────────────────────────────────────────────────────────────────────────────────
    await page.getByTestId('m-tab-mine').click();
    await page.waitForURL('**/m/mine');
    await page.getByTestId('m-mine-name').waitFor();
    await page.getByTestId('m-mine-certs').waitFor();
    await expect.poll(async () => page.getByTestId('m-mine-balance').textContent(), POLL).toMatch(/^\d+$/);
    // messages a page at a time: 20, then 加载更多 shows the rest and goes away
    const msgRows = page.locator('[data-testid^="m-msg-"]');
    await expect.poll(() => msgRows.count(), POLL).toBe(Math.min(messages, 20));
    await page.getByTestId('m-mine-msgs-more').click();
    await expect.poll(() => msgRows.count(), POLL).toBe(Math.min(messages, 40));
    if (messages <= 40) expect(await page.getByTestId('m-mine-msgs-more').count()).toBe(0);
    expect(await page.getByTestId('m-tabbar').isVisible()).toBe(true);
    await expectNoSideScroll(page);

    // ── /m → /m/home; the demo course on kcInfo: the web's study pane and PDF player ─────────────
    await page.goto('/m');
    await page.waitForURL('**/m/home');
    await page.getByTestId(`m-course-${courseId}`).click();
    await page.waitForURL(`**/m/info/kcInfo?id=${courseId}`);
    await page.getByTestId('study-pane').waitFor();
    const pageNo = page.getByTestId('course-pdf-page');
    await expect.poll(async () => (await pageNo.textContent())?.replace(/\s/g, ''), POLL).toMatch(/^\d+\/3$/);
    await page.getByTestId('m-course-chapters').waitFor();
    expect(await page.getByTestId('m-tabbar').count()).toBe(0);
    expect(await page.getByTestId('m-navbar').textContent()).toContain('课程学习');
    await expectNoSideScroll(page);

    // ── the learner site offers /m in a banner; closed, it stays closed ─────────────────────────
    await laterUnreadMessages(page); // the web's unread-messages dialog (the 21 reminders) is not what this tests
    await page.goto('/web/home');
    await page.getByTestId('m-offer').waitFor();
    expect(await page.getByTestId('m-offer-open').getAttribute('href')).toBe('/m/home');
    await page.getByTestId('m-offer-close').click();
    expect(await page.getByTestId('m-offer').count()).toBe(0);
    await page.reload();
    await page.getByTestId('home-notice-card').waitFor();
    expect(await page.getByTestId('m-offer').count()).toBe(0);

    // ── 退出登录 on /m/mine asks first ─────────────────────────────────────────────────────────
    await page.goto('/m/mine');
    await page.getByTestId('m-logout').click();
    await page.getByTestId('m-logout-cancel').click();
    expect(page.url()).toContain('/m/mine');
    await page.getByTestId('m-logout').click();
    await page.getByTestId('m-logout-ok').click();
    await page.waitForURL((u) => u.pathname === '/login');
  });
});
