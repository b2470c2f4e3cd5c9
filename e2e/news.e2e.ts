/**
 * Training news (issue 13 "Training news"; SPEC §2 /web/state and /web/state/details are reachable
 * without login): the administrator opens 培训管理 → 培训资讯, adds a site-wide article with a cover
 * image and publishes it; a visitor who never logged in opens /web/state inside the learner layout
 * (the header offers 登录), sees the article with its cover and summary, and opens its details page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu } from './support/ui';

/** An 8×8 red PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4o6SEFTEMLQkAvM5EAT6yk8sAAAAASUVORK5CYII=', 'base64');

describe.skipIf(skipWithoutChromium())('training news: public pages', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('an article the administrator publishes with a cover is read by a visitor without login', async () => {
    const title = `E2E 培训动态 ${Date.now()}`;
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '培训管理', '培训资讯', '**/admin/trainClass/news');
    await admin.getByTestId('news-add').click();
    await admin.getByTestId('news-title').fill(title);
    await admin.locator('.ant-modal .ant-upload input[type=file][name="file"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await admin.locator('.ant-modal .ant-upload-list-item-done, .ant-modal .ant-upload-list-item img').first().waitFor();
    await admin.getByTestId('news-summary').fill('新一期安全培训圆满结束。');
    const editor = admin.getByTestId('news-content');
    await editor.click();
    await editor.pressSequentially('本期培训共有 120 人参加。');
    await admin.getByRole('button', { name: '保存' }).click();
    const row = admin.locator('.admin-view:visible tr', { hasText: title });
    await row.getByText('已发布').waitFor();

    const visitor = await browser.page(server.baseUrl);
    await visitor.goto('/web/state');
    await visitor.getByRole('button', { name: '登录' }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/web/state');
    const link = visitor.getByRole('link', { name: title });
    await link.waitFor();
    const item = visitor.locator('[data-testid^="state-news-"]', { hasText: title }).first();
    expect(await item.locator('img').getAttribute('src')).toBeTruthy();
    await visitor.getByText('新一期安全培训圆满结束。').waitFor();
    await link.click();
    await visitor.waitForURL('**/web/state/details?id=*');
    expect(await visitor.getByTestId('state-detail-title').textContent()).toContain(title);
    await visitor.getByTestId('state-detail-content').getByText('本期培训共有 120 人参加。').waitFor();
    expect(await visitor.getByTestId('state-detail-cover').getAttribute('src')).toBeTruthy();
    expect(new URL(visitor.url()).pathname).toBe('/web/state/details');
  });
});
