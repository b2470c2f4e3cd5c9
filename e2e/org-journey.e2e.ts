/**
 * Issue 6's journey in the browser: the administrator builds a piece of the organisation on the
 * back-office screens — a department (部门管理), a role granted only 控制台 and 通知公告 (角色管理 →
 * 授权), a user in that department with that role (用户管理) — and that user logs in and sees exactly
 * those menus; the header search finds 通知公告 and opens it, and finds nothing it was not granted.
 * Then a learner binds a mobile number on 个人中心 → 账号绑定 with an SMS code (the server runs with
 * LOG_LEVEL=info: the default SMS provider writes codes to its log) and unbinds it again.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindApi } from '@kaopei/contracts/sys-bind';
import { roleApi } from '@kaopei/contracts/sys-role';
import { Api, DEMO_ADMIN, uniqueUserName } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { captchaKeyOf, chooseByTyping, fillNumber, loginThroughPage, POLL, registerThroughPage, smsCodeFor, solveCaptcha, waitForText } from './support/ui';

/** Opens 系统管理 → `entry` in the admin sider and waits for `url`. */
async function openSysPage(page: Page, entry: string, url: string): Promise<void> {
  const sider = page.locator('.admin-sider');
  const item = sider.locator('.ant-menu-item', { hasText: entry });
  if (!(await item.isVisible())) await sider.locator('.ant-menu-submenu-title', { hasText: '系统管理' }).click();
  await item.click();
  await page.waitForURL(`**${url}`);
}

/** Every entry of the admin sider, submenus opened: `['系统管理', '系统管理/通知公告', '控制台']`, sorted. */
async function siderEntries(page: Page): Promise<string[]> {
  const sider = page.locator('.admin-sider');
  for (const title of await sider.locator('.ant-menu-submenu-title').all()) {
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  }
  return sider.evaluate((root) => {
    const out: string[] = [];
    const walk = (list: Element, prefix: string) => {
      for (const li of Array.from(list.children)) {
        if (li.classList.contains('ant-menu-submenu')) {
          const title = li.querySelector(':scope > .ant-menu-submenu-title')?.textContent?.trim() ?? '';
          out.push(prefix + title);
          const sub = li.querySelector(':scope > ul');
          if (sub) walk(sub, `${prefix}${title}/`);
        } else if (li.classList.contains('ant-menu-item')) {
          out.push(prefix + (li.textContent?.trim() ?? ''));
        }
      }
    };
    const top = root.querySelector('ul.ant-menu');
    if (top) walk(top, '');
    return out.sort();
  });
}

describe.skipIf(skipWithoutChromium())('organisation: department, role with restricted menus, user, what the user sees', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('builds a department, a role granted 控制台 and 通知公告, and a user; the user sees exactly those menus', async () => {
    const stamp = Date.now().toString(36);
    const deptName = `E2E机构${stamp}`;
    const roleName = `E2E公告员${stamp}`;
    const userName = uniqueUserName('org');
    const password = 'Org@user2026';
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);

    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await admin.waitForURL('**/admin/dashboard');

    // ── 部门管理: a top-level department ──
    await openSysPage(admin, '部门管理', '/admin/sys/depart');
    await admin.getByTestId('depart-add').click();
    await waitForText(admin, 'depart-form-parent', '无（顶级部门）');
    await admin.getByTestId('depart-name').fill(deptName);
    await admin.locator('.ant-modal:visible').getByRole('button', { name: '保存' }).click();
    await admin.getByTestId('depart-tree-admin').getByText(deptName).waitFor();

    // ── 角色管理: an administrator role, then 授权 with 控制台 and 通知公告 only ──
    await openSysPage(admin, '角色管理', '/admin/sys/role');
    await admin.getByTestId('role-add').click();
    await admin.getByTestId('role-name').fill(roleName);
    await fillNumber(admin, 'role-level', 3);
    await admin.locator('.ant-modal:visible').getByRole('button', { name: '保存' }).click();
    let roleId = '';
    await expect
      .poll(async () => (roleId = (await api.call(roleApi.list, {})).find((r) => r.roleName === roleName)?.id ?? ''), POLL)
      .not.toBe('');
    await admin.getByTestId(`role-grant-${roleId}`).click();
    const drawer = admin.getByTestId('role-menu-drawer');
    for (const name of ['Dashboard', 'ListNotice']) {
      await drawer.locator('.ant-tree-treenode', { has: admin.getByTestId(`role-menu-node-${name}`) }).locator('.ant-tree-checkbox').click();
    }
    await admin.getByTestId('role-menu-save').click();
    await admin.getByText('操作成功！').first().waitFor();

    // ── 用户管理: a user of that department with that role ──
    await openSysPage(admin, '用户管理', '/admin/sys/user');
    await admin.getByTestId('user-add').click();
    await admin.getByTestId('user-form-username').fill(userName);
    await admin.getByTestId('user-form-realname').fill('公告管理员');
    await chooseByTyping(admin, 'user-form-dept', deptName);
    await chooseByTyping(admin, 'user-form-roles', roleName);
    await admin.getByTestId('user-form-password').fill(password);
    await admin.getByTestId('user-form-submit').click();
    await admin.getByText('用户保存成功!').first().waitFor();

    // ── the new user: exactly the granted menus ──
    const user = await browser.page(server.baseUrl);
    await loginThroughPage(user, { username: userName, password });
    await user.waitForURL('**/admin/dashboard');
    await expect.poll(() => siderEntries(user), POLL).toEqual(['控制台', '系统管理', '系统管理/通知公告']);

    // The header search finds the granted 通知公告 under /admin/sys and nothing that was not granted
    // (用户管理, 角色管理 … are under /admin/sys too), and opens it.
    await user.getByTestId('header-search').click();
    await user.keyboard.type('/admin/sys');
    await user.getByTestId('header-search-option-/admin/sys/notice').waitFor();
    const options = await user.locator('[data-testid^="header-search-option-"]:visible').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    // (the fuzzy match may also offer 控制台, /admin/dashboard: granted too)
    expect(options.every((o) => ['header-search-option-/admin/sys/notice', 'header-search-option-/admin/dashboard'].includes(o ?? ''))).toBe(true);
    await user.keyboard.press('Enter');
    await user.waitForURL('**/admin/sys/notice');
    await user.getByPlaceholder('搜索公告标题').waitFor();

    // A page that was not granted is not reachable by its address either.
    await user.goto('/admin/sys/user');
    await user.waitForURL((url) => !url.pathname.startsWith('/admin/sys/user'));
    expect(await user.getByTestId('user-add').count()).toBe(0);
  });

  it('lets a learner bind a mobile number with an SMS code on 个人中心 → 账号绑定, and unbind it', async () => {
    const page = await browser.page(server.baseUrl);
    const learner = { userName: uniqueUserName('bind'), realName: '绑定学员', password: 'Bind@2026!' };
    await registerThroughPage(page, server.dataDir, learner);
    await page.goto('/web/uc?to=bind');
    await page.getByTestId('profile-tab-bind').click();
    await waitForText(page, 'bind-status-mobile', /未绑定/);

    const mobile = `139${String(Date.now()).slice(-8)}`;
    await page.getByTestId('bind-action-mobile').click();
    await page.getByTestId('mobile-bind-mobile').fill(mobile);
    await solveCaptcha(page, server.dataDir, 'mobile-bind-captcha', await captchaKeyOf(page, 'mobile-bind-captcha'));
    const mark = server.output().split('\n').length;
    await page.getByTestId('mobile-bind-code-send').click();
    await page.getByText('短信发送成功，请查收手机短信！').first().waitFor();
    await page.getByTestId('mobile-bind-code').fill(await smsCodeFor(server, mobile, Math.max(0, mark - 5)));
    await page.getByTestId('mobile-bind-ok').click();
    await waitForText(page, 'bind-status-mobile', new RegExp(`已绑定.*${mobile.slice(0, 3)}`));

    const session = await Api.login(server.baseUrl, { username: learner.userName, password: learner.password });
    expect((await session.call(bindApi.bindList, {})).find((b) => b.loginType === 'mobile')).toMatchObject({ bound: true, openId: mobile });

    // Unbinding asks a code sent to the bound number.
    await page.getByTestId('bind-action-mobile').click();
    expect(await page.getByTestId('mobile-bind-mobile').isDisabled()).toBe(true);
    await solveCaptcha(page, server.dataDir, 'mobile-bind-captcha', await captchaKeyOf(page, 'mobile-bind-captcha'));
    const mark2 = server.output().split('\n').length;
    await page.getByTestId('mobile-bind-code-send').click();
    await page.getByText('短信发送成功，请查收手机短信！').first().waitFor();
    await page.getByTestId('mobile-bind-code').fill(await smsCodeFor(server, mobile, Math.max(0, mark2 - 5)));
    await page.getByTestId('mobile-bind-ok').click();
    await waitForText(page, 'bind-status-mobile', /未绑定/);
    expect((await session.call(bindApi.bindList, {})).find((b) => b.loginType === 'mobile')).toMatchObject({ bound: false });
  });
});
