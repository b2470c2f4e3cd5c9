/**
 * The admin layout in the browser (SPEC §2 "Admin layout", navigation rules, generic screen items;
 * §6 permission check and the no-menus message), against the real server:
 * - tags view: the affixed 控制台 tab, a tab per page opened, visited pages kept alive (a typed filter
 *   survives a tab switch) except noCache ones (添加试题 starts empty again), 刷新 remounts, 关闭其他 and
 *   关闭所有 keep 控制台;
 * - header search: '公告' finds 通知公告 and Enter opens /admin/sys/notice (document title follows);
 * - font size switch ('字体切换成功！'), the page-style drawer (theme colour, tags view on/off);
 * - the navbar dropdown: 学员首页, and 退出登录 only after a confirmation;
 * - an admin-side user whose route list has no admin menu gets '您无权访问此系统，请联系管理员进行菜单授权！',
 *   loses the token and lands on /login?redirect=….
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import { DEMO_ADMIN } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, POLL } from './support/ui';

const tagPaths = async (page: Page): Promise<string[]> =>
  (await page.locator('[data-testid^="tag-/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))).map((id) => id.slice('tag-'.length));

const expectTags = (page: Page, paths: string[]) => expect.poll(() => tagPaths(page), { ...POLL, message: 'open tabs' }).toEqual(paths);

/** Chooses a command of the tags view's ⌄ menu (for the page shown). */
async function tagsCommand(page: Page, testId: 'tags-refresh' | 'tags-close' | 'tags-close-others' | 'tags-close-all'): Promise<void> {
  await page.getByTestId('tags-actions').click();
  // Menus opened before (right-click menus of tabs) stay in the DOM, hidden.
  const item = page.locator(`[data-testid="${testId}"]:visible`);
  await item.click();
  await item.waitFor({ state: 'detached' });
}

/**
 * Chooses an item of the navbar's user menu. The item is clicked by its DOM event: while the dropdown
 * animates in, a pointer click can land as the menu moves and choose nothing (CI: 学员首页 never
 * navigated); the command, not the pointer geometry, is tested.
 */
async function userMenu(page: Page, itemTestId: string, { open = true } = {}): Promise<void> {
  if (open) await page.getByTestId('admin-user-menu').click();
  const item = page.locator(`[data-testid="${itemTestId}"]:visible`);
  await item.waitFor();
  await item.dispatchEvent('click');
}

async function openMenu(page: Page, group: string, entry: string, url: string): Promise<void> {
  const sider = page.locator('.admin-sider');
  const item = sider.locator('.ant-menu-item', { hasText: entry });
  if (!(await item.isVisible())) await sider.locator('.ant-menu-submenu-title', { hasText: group }).click();
  await item.click();
  await page.waitForURL(`**${url}`);
  // The URL changes at the click; the layout adds the tab when the page's view is shown (a navigation is a
  // React transition: while the view's chunk loads, a second menu click would supersede it, and its tab never come).
  await page.getByTestId(`tag-${url}`).waitFor();
}

describe.skipIf(skipWithoutChromium())('admin layout: tags, header search, settings, logout', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps visited pages in tabs (affixed 控制台 stays), caches them except noCache ones, and closes others / all', async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await page.waitForURL('**/admin/dashboard');
    await expectTags(page, ['/admin/dashboard']);
    await expect.poll(() => page.title(), POLL).toBe('控制台 - 考培');
    // the affixed tab has no close button
    expect(await page.locator('.ant-tabs-tab', { has: page.getByTestId('tag-/admin/dashboard') }).locator('.ant-tabs-tab-remove').count()).toBe(0);

    await openMenu(page, '考试管理', '题库管理', '/admin/exam/repo');
    await openMenu(page, '系统管理', '通知公告', '/admin/sys/notice');
    await expectTags(page, ['/admin/dashboard', '/admin/exam/repo', '/admin/sys/notice']);
    await expect.poll(() => page.title(), POLL).toBe('通知公告 - 考培');

    // kept alive: a filter typed on 通知公告 is still there after visiting 控制台
    const filter = page.getByPlaceholder('搜索公告标题');
    await filter.fill('keep-alive');
    await page.getByTestId('tag-/admin/dashboard').click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByTestId('stat-repoCount').waitFor();
    expect(await filter.isVisible()).toBe(false);
    await page.getByTestId('tag-/admin/sys/notice').click();
    await page.waitForURL('**/admin/sys/notice');
    expect(await filter.inputValue()).toBe('keep-alive');

    // 刷新 (right-click on the tab) mounts the page afresh
    // (On a loaded machine the context menu can close while it is still animating in, and a click
    // can land on an item on its way out: open it again until the page was mounted afresh.)
    const search = page.getByPlaceholder('搜索公告标题');
    for (let attempt = 1; ; attempt++) {
      await page.getByTestId('tag-/admin/sys/notice').click({ button: 'right' });
      try {
        // The item is clicked by its DOM event: while the menu animates in, Playwright's pointer click can
        // find it "not stable" or under the header for seconds; the command, not the pointer geometry, is tested.
        const refresh = page.locator('[data-testid="tags-refresh"]:visible');
        await refresh.waitFor({ timeout: 5_000 });
        await refresh.dispatchEvent('click');
        await expect.poll(() => search.inputValue(), { timeout: 8_000 }).toBe('');
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }

    // noCache (添加试题): not kept when another tab is shown
    await openMenu(page, '考试管理', '试题管理', '/admin/exam/qu');
    await page.getByTestId('qu-add').click();
    await page.waitForURL('**/admin/exam/qu/add');
    await page.getByTestId('qu-content-input').fill('不会被缓存的题目');
    await page.getByTestId('tag-/admin/dashboard').click();
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => page.locator('.admin-view[data-path="/admin/exam/qu/add"]').count(), POLL).toBe(0);
    expect(await page.locator('.admin-view[data-path="/admin/sys/notice"]').count()).toBe(1);
    await page.getByTestId('tag-/admin/exam/qu/add').click();
    await page.waitForURL('**/admin/exam/qu/add');
    await expect.poll(() => page.getByTestId('qu-content-input').textContent(), POLL).toBe('');
    await expectTags(page, ['/admin/dashboard', '/admin/exam/repo', '/admin/sys/notice', '/admin/exam/qu', '/admin/exam/qu/add']);

    // 关闭 (the tab's close button) goes to the last tab left
    await page.locator('.ant-tabs-tab', { has: page.getByTestId('tag-/admin/exam/qu/add') }).locator('.ant-tabs-tab-remove').click();
    await page.waitForURL('**/admin/exam/qu');
    await expectTags(page, ['/admin/dashboard', '/admin/exam/repo', '/admin/sys/notice', '/admin/exam/qu']);

    // 关闭其他 keeps 控制台 and the page shown
    await page.getByTestId('tag-/admin/sys/notice').click();
    await page.waitForURL('**/admin/sys/notice');
    await tagsCommand(page, 'tags-close-others');
    await expectTags(page, ['/admin/dashboard', '/admin/sys/notice']);
    await expect.poll(() => page.locator('.admin-view').count(), POLL).toBe(2);

    // 关闭所有 keeps 控制台 and goes there
    await tagsCommand(page, 'tags-close-all');
    await page.waitForURL('**/admin/dashboard');
    await expectTags(page, ['/admin/dashboard']);
  });

  it("finds 通知公告 by typing '公告' in the header search and opens it with Enter", async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await page.waitForURL('**/admin/dashboard');
    await page.getByTestId('header-search').click();
    await page.keyboard.type('公告');
    await page.getByTestId('header-search-option-/admin/sys/notice').waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/sys/notice');
    await page.getByPlaceholder('搜索公告标题').waitFor();
    await expect.poll(() => page.title(), POLL).toBe('通知公告 - 考培');
    await expectTags(page, ['/admin/dashboard', '/admin/sys/notice']);
  });

  it('switches the font size, sets the theme colour and the tags view from the drawer, and keeps them', async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await page.waitForURL('**/admin/dashboard');
    const primaryHeight = () => page.locator('.admin-header [data-testid="size-switch"]').evaluate((el) => el.getBoundingClientRect().height);
    const before = await primaryHeight();

    await page.getByTestId('size-switch').click();
    await page.getByTestId('size-small').click();
    await page.getByText('字体切换成功！').waitFor();
    await expect.poll(primaryHeight, POLL).toBeLessThan(before);

    await page.getByTestId('settings-open').click();
    expect(await page.getByTestId('setting-theme-value').textContent()).toBe('#409EFF');
    await page.getByTestId('theme-swatch-13C2C2').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--kp-primary')), POLL).toBe('#13C2C2');
    await page.getByTestId('setting-tags-view').click();
    await page.getByTestId('tags-view').waitFor({ state: 'detached' });

    // kept in this browser
    await page.reload();
    await page.locator('.admin-layout').waitFor();
    expect(await page.getByTestId('tags-view').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--kp-primary')), POLL).toBe('#13C2C2');
    expect(await primaryHeight()).toBeLessThan(before);

    await page.getByTestId('settings-open').click();
    await page.getByTestId('setting-reset').click();
    await page.getByTestId('tags-view').waitFor();
    expect(await page.getByTestId('setting-theme-value').textContent()).toBe('#409EFF');
  });

  it('opens 学员首页 from the navbar dropdown and logs out only after the confirmation', async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await page.waitForURL('**/admin/dashboard');

    await page.getByTestId('admin-user-menu').click();
    expect((await page.getByTestId('admin-user-menu-link-0').textContent())?.trim()).toBe('个人中心');
    await userMenu(page, 'admin-user-menu-link-1', { open: false }); // the menu is open already
    await page.waitForURL('**/web/home');
    await page.goto('/admin/dashboard');
    await page.locator('.admin-layout').waitFor();

    await userMenu(page, 'admin-user-menu-logout');
    const dialog = page.locator('.ant-modal-confirm', { hasText: '确定注销并退出系统吗？' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');

    await userMenu(page, 'admin-user-menu-logout');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/login');
    expect((await page.context().cookies()).some((c) => c.name === 'token' && c.value)).toBe(false);
  });

  it('turns away an admin-side user without admin menus: message, token reset, /login?redirect=', async () => {
    const page = await browser.page(server.baseUrl);
    // The server's route list for this user, without its admin part.
    await page.route('**/api/sys/menu/routes', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: RouteNode[] };
      body.data = body.data.filter((r) => r.component !== 'Layout');
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/login?redirect=%2Fadmin%2Fsys%2Fnotice');
    await page.getByTestId('login-username').fill(DEMO_ADMIN.username);
    await page.getByTestId('login-password').fill(DEMO_ADMIN.password);
    await page.getByTestId('login-submit').click();
    await page.getByText('您无权访问此系统，请联系管理员进行菜单授权！').waitFor();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, POLL).toBe(`/login?redirect=${encodeURIComponent('/admin/sys/notice')}`);
    expect((await page.context().cookies()).some((c) => c.name === 'token' && c.value)).toBe(false);
    expect(await page.locator('.admin-layout').count()).toBe(0);
  });

  it('treats a screen below 992 px as mobile: no fixed sidebar, the menu opens as a drawer', async () => {
    const page = await browser.page(server.baseUrl);
    await page.setViewportSize({ width: 900, height: 800 });
    await loginThroughPage(page, DEMO_ADMIN);
    await page.waitForURL('**/admin/dashboard');
    await page.locator('.admin-layout').waitFor();
    expect(await page.locator('.admin-sider').count()).toBe(0);
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.locator('.ant-drawer .ant-menu-root');
    await drawer.waitFor();
    await drawer.locator('.ant-menu-submenu-title', { hasText: '系统管理' }).click();
    await drawer.locator('.ant-menu-item', { hasText: '通知公告' }).click();
    await page.waitForURL('**/admin/sys/notice');
    await drawer.waitFor({ state: 'hidden' });
  });
});
