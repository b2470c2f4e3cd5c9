/**
 * Messages in the browser (issue 7, SPEC §2 message centre and unread dialog, §4 Messages, §9 poll
 * 20 s): the administrator edits the built-in 考试发布 template on 系统管理 → 消息模板 and sees the
 * live preview; prepare-notify of the demo exam sends it to every learner; the learner, already on
 * the site, gets the header badge and the unread dialog from the 20 s poll, goes to 我的消息, opens
 * the message (rendered from the edited template) and the unread count drops to zero.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { msgApi } from '@kaopei/contracts/notify';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu, POLL } from './support/ui';

describe.skipIf(skipWithoutChromium())('messages: template, prepare-notify, badge, dialog, message centre', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('delivers an edited template to a learner who sees the badge and the dialog and reads the message', async () => {
    const stamp = Date.now().toString(36);
    // The administrator edits the built-in template of 考试发布.
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '系统管理', '消息模板', '**/admin/sys/notify-tmpl');
    const row = admin.locator('tr', { hasText: '考试发布' }).first();
    await row.waitFor();
    await row.getByRole('button', { name: '编辑' }).click();
    const title = admin.getByTestId('tmpl-title');
    await expect.poll(() => title.inputValue(), POLL).toContain('{examTitle}');
    await title.fill(`E2E${stamp} 新考试：{examTitle}`);
    // The rich-text editor: the text, then the exam title variable inserted at the cursor from its hint.
    await admin.getByTestId('tmpl-content').fill('{realName}同学，请参加“”。');
    await admin.getByTestId('tmpl-content').press('ArrowLeft');
    await admin.getByTestId('tmpl-content').press('ArrowLeft');
    await admin.getByTestId('tmpl-var-examTitle').click();
    // The live preview substitutes the sample values.
    await expect.poll(() => admin.getByTestId('tmpl-preview-title').textContent(), POLL).toBe(`E2E${stamp} 新考试：2026年安全生产知识考试`);
    await expect.poll(() => admin.getByTestId('tmpl-preview-content').textContent(), POLL).toBe('张三同学，请参加“2026年安全生产知识考试”。');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.locator('tr', { hasText: `E2E${stamp} 新考试` }).waitFor();

    // The learner is on the site with nothing unread.
    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.getByTestId('msg-bell').waitFor();
    expect(await learner.getByTestId('msg-dialog').count()).toBe(0);

    // prepare-notify of the demo exam (one background job).
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const exam = (await api.call(examApi.paging, { current: 1, size: 1 })).records[0];
    if (!exam) throw new Error('the demo exam is missing');
    const { jobId } = await api.call(examApi.prepareNotify, { id: exam.id });
    expect(jobId).toMatch(/^\d+$/);

    // Within one poll (20 s) the badge shows 1 and the dialog opens.
    const badgeCount = learner.getByTestId('msg-badge').locator('.ant-badge-count');
    await expect.poll(async () => ((await badgeCount.count()) ? (await badgeCount.getAttribute('title')) : null), { timeout: 30_000, interval: 250 }).toBe('1');
    await learner.getByTestId('msg-dialog').waitFor({ timeout: 5_000 });
    expect(await learner.getByTestId('msg-dialog').textContent()).toContain('1 条未读消息');
    await learner.getByTestId('msg-dialog-go').click();
    await learner.waitForURL('**/web/uc?to=msg');
    await learner.getByTestId('msg-centre').waitFor();

    const title1 = `E2E${stamp} 新考试：${exam.title}`;
    const link = learner.locator('[data-testid^="msg-open-"]', { hasText: title1 });
    await link.waitFor();
    await link.click();
    const detail = learner.getByTestId('msg-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain(`演示学员同学，请参加“${exam.title}”。`);
    // Opening it marked it read: the badge disappears and the unread list is empty.
    await expect.poll(() => badgeCount.count(), POLL).toBe(0);
    await learner.getByTestId('msg-detail-close').click();
    await learner.getByText('暂无相关数据！').filter({ visible: true }).first().waitFor();
    await learner.getByTestId('msg-tab-read').click();
    await learner.locator('[data-testid^="msg-open-"]', { hasText: title1 }).waitFor();
    const me = await Api.login(server.baseUrl, DEMO_LEARNER);
    expect((await me.call(msgApi.countUnread, {})).count).toBe(0);
  });
});
