/**
 * The issue 7 journey in the browser: the administrator writes the 证书发放 message template in
 * 消息模板 and creates a certificate template in 证书管理 (the live preview moves a field as soon as
 * its position changes), then grants it to the demo learner through the 发放证书 dialog and the
 * user-select dialog. The learner, already on the site, sees the unread badge and the unread dialog
 * within one 20 s poll, goes to the message (written from the administrator's template), finds the
 * certificate under 个人中心 → 我的证书 and downloads the PDF (a real PDF with the number in it);
 * the url the PDF's QR code carries (also its link annotation), opened without a session, says 有效.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { certGrantApi } from '@kaopei/contracts/cert';
import { userApi } from '@kaopei/contracts/sys-user';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { fillNumber, loginThroughPage, openAdminMenu, POLL, waitForText } from './support/ui';

describe.skipIf(skipWithoutChromium())('certificates: template, grant, my certificates, PDF, verification', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('goes from a new template to a downloaded PDF and a valid verification page', async () => {
    const learnerApi = await Api.login(server.baseUrl, DEMO_LEARNER);
    const learnerId = (await learnerApi.call(userApi.info, {})).userId;

    // The learner is on the site, nothing unread.
    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.getByTestId('msg-bell').waitFor();
    expect(await learner.getByTestId('msg-dialog').count()).toBe(0);

    // The administrator writes the message sent when a certificate is granted …
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '系统管理', '消息模板', '**/admin/sys/notify-tmpl');
    const tmplRow = admin.locator('tr', { hasText: '证书发放' }).first();
    await tmplRow.getByRole('button', { name: '编辑' }).click();
    await expect.poll(() => admin.getByTestId('tmpl-title').inputValue(), POLL).toContain('{certTitle}');
    await admin.getByTestId('tmpl-title').fill('恭喜获得证书：{certTitle}');
    await admin.getByTestId('tmpl-content').fill('{realName}，您的证书编号是 {certNo}，请到我的证书下载。');
    await expect.poll(() => admin.getByTestId('tmpl-preview-title').textContent(), POLL).toContain('恭喜获得证书：');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.locator('tr', { hasText: '恭喜获得证书：' }).waitFor();

    // … and creates a certificate template; the preview follows the position inputs.
    await openAdminMenu(admin, '证书管理', '证书模板', '**/admin/cert/cert');
    const title = `E2E 安全培训证书 ${Date.now()}`;
    await admin.getByTestId('cert-add').click();
    await admin.getByTestId('cert-title').fill(title);
    await admin.getByTestId('cert-authority').fill('考培培训中心');
    await fillNumber(admin, 'cert-expire', 12);
    await expect.poll(() => admin.getByTestId('cert-preview-title').textContent(), POLL).toBe(title);
    const nameLeft = () => admin.getByTestId('cert-preview-name').evaluate((el) => (el as HTMLElement).style.left);
    expect(await nameLeft()).toBe('50%');
    await fillNumber(admin, 'cert-pos-name-x', 30);
    await expect.poll(nameLeft, POLL).toBe('30%');
    await admin.getByTestId('cert-submit').click();
    const row = admin.locator('tr', { hasText: title });
    await row.getByText('12个月').waitFor();

    // … and grants it to the demo learner.
    await openAdminMenu(admin, '证书管理', '发放记录', '**/admin/cert/grant**');
    await admin.getByTestId('grant-add').click();
    await admin.getByTestId('grant-cert').click();
    await admin.locator('.ant-select-item-option', { hasText: title }).click();
    await admin.getByTestId('grant-users-open').click();
    await admin.getByTestId('user-select-search').fill(DEMO_LEARNER.username);
    await admin.getByTestId('user-select-search').press('Enter');
    await admin.getByTestId(`user-select-row-${learnerId}`).click();
    await admin.getByTestId('user-select-ok').click();
    await admin.getByTestId(`grant-users-tag-${learnerId}`).waitFor();
    await admin.getByTestId('grant-submit').click();
    await admin.getByText('发放成功：新发放 1 人').waitFor();

    const grant = (await learnerApi.call(certGrantApi.myList, {})).find((g) => g.title === title);
    expect(grant?.certNo).toMatch(/^KP-\d{4}-\d{6}$/);
    const { id, certNo } = grant as { id: string; certNo: string };

    // Within one poll (20 s) the learner's badge shows the message and the unread dialog opens.
    const badgeCount = learner.getByTestId('msg-badge').locator('.ant-badge-count');
    await expect.poll(async () => ((await badgeCount.count()) ? await badgeCount.getAttribute('title') : null), { timeout: 25_000, interval: 250 }).toBe('1');
    await learner.getByTestId('msg-dialog').waitFor({ timeout: 5_000 });
    await learner.getByTestId('msg-dialog-go').click();
    await learner.waitForURL('**/web/uc?to=msg');
    const msgLink = learner.locator('[data-testid^="msg-open-"]', { hasText: `恭喜获得证书：${title}` });
    await msgLink.click();
    await waitForText(learner, 'msg-detail', new RegExp(`演示学员，您的证书编号是 ${certNo}，请到我的证书下载。`));
    await learner.getByTestId('msg-detail-close').click();
    await expect.poll(async () => badgeCount.count(), POLL).toBe(0);

    // The learner downloads the PDF from 我的证书 (enabled once it is rendered).
    await learner.goto('/web/uc?to=cert');
    const pdfButton = learner.getByTestId(`mycert-pdf-${id}`);
    await pdfButton.waitFor();
    await expect
      .poll(async () => {
        if (await pdfButton.isEnabled()) return true;
        await learner.reload();
        await pdfButton.waitFor();
        return false;
      }, { ...POLL, timeout: 30_000, interval: 1000 })
      .toBe(true);
    await learner.getByTestId(`mycert-row-${id}`).getByText(certNo).waitFor();
    const [file] = await Promise.all([learner.waitForEvent('download'), pdfButton.click()]);
    expect(file.suggestedFilename()).toBe(`${certNo}.pdf`);
    const bytes = fs.readFileSync((await file.path()) as string);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(200 * 1024);

    // The QR code's target (the PDF's link annotation over it), opened by somebody without a session.
    const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false }).promise;
    const links = ((await (await pdf.getPage(1)).getAnnotations()) as { subtype?: string; url?: string }[]).filter((a) => a.subtype === 'Link');
    await pdf.destroy();
    const target = links[0]?.url ?? '';
    expect(target).toBe(`${server.baseUrl}/cert/verify/${certNo}`);
    const visitor = await browser.page(server.baseUrl);
    await visitor.goto(target);
    await waitForText(visitor, 'cert-verify-status', '有效');
    await waitForText(visitor, 'cert-verify-title', title);
    await visitor.goto('/cert/verify/KP-1999-000001');
    await visitor.getByTestId('cert-verify-error').getByText('证书不存在，请核对证书编号！').waitFor();
  });
});
