/**
 * The first domain built on the module platform, in the browser: the administrator finds 系统管理 →
 * 通知公告 in the menu the server sends, adds a notice in the dialog, sees it listed with its state
 * and author, withdraws it, and a learner's menu has no such page. Then the learner side (issue 7):
 * a top notice published by the administrator comes first on the learner's home card, opens in a
 * new window with its content, a notice whose publish time is still to come stays hidden, and a
 * withdrawn notice disappears from the card, the list and its detail page; the administrator reaches
 * 通知公告 from the dashboard's quick entry.
 */
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { noticeApi } from '@kaopei/contracts/notice';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu, POLL } from './support/ui';
import { formatTimeStrict } from '../apps/server/src/lib/time';

describe.skipIf(skipWithoutChromium())('notices: a domain added as one folder', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets the administrator add and withdraw a notice from the 通知公告 page', async () => {
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '系统管理', '通知公告', '**/admin/sys/notice');
    // The visible one: the tab left behind (the dashboard) may hold a hidden empty state too.
    await admin.getByText('暂无相关数据！').filter({ visible: true }).first().waitFor();

    const title = `E2E 停电通知 ${Date.now()}`;
    await admin.getByTestId('notice-add').click();
    await admin.getByTestId('notice-title').fill(title);
    await admin.getByTestId('notice-content').fill('周六 9:00-12:00 停电检修。');
    await admin.getByRole('button', { name: '保存' }).click();
    const row = admin.locator('tr', { hasText: title });
    await row.getByText('已发布').waitFor();
    expect(await row.getByText('管理员').count()).toBe(1);
    await row.getByRole('button', { name: '撤回' }).click();
    await row.getByText('已撤回').waitFor();

    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.goto('/admin/sys/notice');
    await learner.waitForURL((url) => !url.pathname.startsWith('/admin'));
  });

  it('shows a top notice first on the learner home card, opens it in a new window, and hides withdrawn and future ones', async () => {
    const stamp = Date.now();
    const topTitle = `E2E 置顶公告 ${stamp}`;
    const futureTitle = `E2E 定时公告 ${stamp}`;
    const laterTitle = `E2E 普通公告 ${stamp}`;

    // The administrator publishes a top notice and a notice due tomorrow through the dialog.
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    // The dashboard's quick entries: 创建考试, 添加课程, 题库管理 and 证书管理 are four, an even count of
    // at least 3, so the 通知公告 card is not added (SPEC §2); the sidebar leads to the notices.
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByTestId('dashboard-entry-cert').waitFor();
    expect(await admin.getByTestId('dashboard-entry-course').count()).toBe(1);
    expect(await admin.getByTestId('dashboard-entry-notice').count()).toBe(0);
    await openAdminMenu(admin, '系统管理', '通知公告', '**/admin/sys/notice');
    await admin.getByTestId('notice-add').click();
    await admin.getByTestId('notice-title').fill(topTitle);
    // The rich-text editor: plain text, then bold through the toolbar.
    const editor = admin.getByTestId('notice-content');
    await editor.click();
    await editor.pressSequentially('本周六进行');
    await admin.getByRole('button', { name: '加粗' }).click();
    await editor.pressSequentially('年度考试');
    await admin.getByRole('button', { name: '加粗' }).click();
    await editor.pressSequentially('，请准时参加。');
    await admin.getByTestId('notice-top').click();
    await admin.getByRole('button', { name: '保存' }).click();
    const topRow = admin.locator('.admin-view:visible tr', { hasText: topTitle });
    await topRow.getByText('置顶', { exact: true }).waitFor();
    expect(await topRow.getByText('立即', { exact: true }).count()).toBe(1);

    const due = formatTimeStrict(Date.now() + 86_400_000);
    await admin.getByTestId('notice-add').click();
    await admin.getByTestId('notice-title').fill(futureTitle);
    await admin.getByTestId('notice-content').fill('明天才发布。');
    await admin.getByTestId('notice-publish-time').fill(due);
    await admin.getByTestId('notice-publish-time').press('Enter');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.locator('.admin-view:visible tr', { hasText: futureTitle }).getByText(due).waitFor();

    // A later, ordinary notice: newer than the top one, still listed after it.
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    await api.call(noticeApi.save, { title: laterTitle, content: '普通内容' });

    const context = await browser.context(server.baseUrl);
    const learner = await context.newPage();
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.waitForURL('**/web/home');
    const card = learner.getByTestId('home-notice-card');
    const links = card.locator('a[data-testid^="home-notice-"]:not([data-testid="home-notice-more"])');
    await card.getByText(laterTitle).waitFor();
    expect(await links.first().textContent()).toBe(topTitle);
    expect(await card.getByText(futureTitle).count()).toBe(0);
    expect(await links.count()).toBeLessThanOrEqual(6);

    // The title opens the detail in a new window.
    const [detail] = await Promise.all([context.waitForEvent('page'), links.first().click()]);
    await detail.waitForURL('**/web/notice/detail/**');
    await detail.getByTestId('notice-detail-title').getByText(topTitle).waitFor();
    expect(await detail.getByTestId('notice-detail-content').locator('strong').textContent()).toBe('年度考试');
    expect(await detail.getByTestId('notice-detail-time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(learner.url()).toMatch(/\/web\/home$/);

    // 更多 leads to the list, top notice first and marked.
    await card.getByTestId('home-notice-more').click();
    await learner.waitForURL('**/web/notice');
    const firstRow = learner.locator('tr[data-testid^="web-notice-row-"]').first();
    await firstRow.getByText(topTitle).waitFor();
    expect(await firstRow.getByText('置顶', { exact: true }).count()).toBe(1);
    expect(await learner.getByText(futureTitle).count()).toBe(0);

    // The administrator withdraws the top notice: it disappears from the card, the list and its page.
    await topRow.getByRole('button', { name: '撤回' }).click();
    await topRow.getByText('已撤回').waitFor();
    await learner.goto('/web/home');
    await card.getByText(laterTitle).waitFor();
    await expect.poll(() => card.getByText(topTitle).count(), POLL).toBe(0);
    await learner.goto('/web/notice');
    await learner.getByText(laterTitle).waitFor();
    expect(await learner.getByText(topTitle).count()).toBe(0);
    await detail.reload();
    await detail.getByTestId('notice-detail-missing').getByText('公告不存在或已被删除！').waitFor();
  });
});
