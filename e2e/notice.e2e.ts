/**
 * The first domain built on the module platform, in the browser: the administrator finds 系统管理 →
 * 通知公告 in the menu the server sends, adds a notice in the dialog, sees it listed with its state
 * and author, withdraws it, and a learner's menu has no such page.
 */
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage } from './support/ui';

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
    await admin.getByText('系统管理', { exact: true }).click();
    await admin.getByText('通知公告', { exact: true }).click();
    await admin.waitForURL('**/admin/sys/notice');
    await admin.getByText('暂无相关数据！').first().waitFor();

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
});
