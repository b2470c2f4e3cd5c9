/**
 * Real-name verification in the browser (issue 12; SPEC §2 navigation rule and real-person form,
 * §4 Real-name state, §5, §9 crop box 295×413): with faceAudit 'manual' the learner is sent from
 * the site to /web/uc's 实名认证 tab; he fills name and ID number, chooses a photo, crops it in the
 * dialog (the uploaded photo is a 295×413 png), confirms and sees 审核中; the administrator opens
 * 系统管理 → 实名认证, sees the row with its photo and approves it; the learner sees 已通过, his
 * button reads 修改 and the site no longer sends him back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configApi } from '@kaopei/contracts/sys-config';
import { userRealApi } from '@kaopei/contracts/user-real';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu, POLL } from './support/ui';

/** PNG header → width and height. */
const pngSize = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

describe.skipIf(skipWithoutChromium())('real-name verification: learner form with crop, admin approval', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const switches = await admin.call(configApi.switchDetail, {});
    await admin.call(configApi.switchSave, { ...switches, faceAudit: 'manual' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the learner submits a cropped photo, the administrator approves, the learner sees 已通过', async () => {
    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    // Not verified yet: the guard sends him to the 实名认证 tab of /web/uc.
    await learner.waitForURL('**/web/uc?to=real');
    await learner.getByTestId('real-page').waitFor();
    expect(await learner.getByTestId('real-state').count()).toBe(0);
    expect((await learner.getByTestId('real-submit').textContent())?.replace(/\s/g, '')).toBe('提交');

    // The form's own messages first.
    await learner.getByTestId('real-submit').click();
    await learner.getByText('真实姓名不能为空！').waitFor();
    await learner.getByText('人脸照片必须上传！').waitFor();

    await learner.getByTestId('real-name').fill('演示学员');
    await learner.getByTestId('real-idcard').fill('11010519491231002X');
    // A 600×800 picture drawn by the browser, chosen in the file input: the crop dialog opens.
    const dataUrl = await learner.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 600;
      c.height = 800;
      const g = c.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = '#8ab';
      g.fillRect(0, 0, 600, 800);
      g.fillStyle = '#fc9';
      g.beginPath();
      g.ellipse(300, 360, 150, 200, 0, 0, Math.PI * 2);
      g.fill();
      return c.toDataURL('image/png');
    });
    await learner.getByTestId('real-face').locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] as string, 'base64') });
    await learner.getByTestId('real-crop').waitFor();
    await learner.getByTestId('real-crop-ok').click();
    const img = learner.getByTestId('real-face-img');
    await img.waitFor();
    const url = (await img.getAttribute('src')) ?? '';
    expect(url).toMatch(/^\/api\/common\/file\/view\/[0-9a-f]{32}\.png$/);
    const uploaded = Buffer.from(await (await learner.request.get(url)).body());
    expect(pngSize(uploaded)).toEqual({ width: 295, height: 413 });

    await learner.getByTestId('real-submit').click();
    await learner.getByTestId('real-confirm-ok').click();
    await expect.poll(async () => (await learner.getByTestId('real-state').textContent()) ?? '', POLL).toContain('审核中');
    expect((await learner.getByTestId('real-submit').textContent())?.replace(/\s/g, '')).toBe('修改');

    // The administrator approves it on 系统管理 → 实名认证.
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '系统管理', '实名认证', '**/admin/sys/user-real');
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const rec = (await api.call(userRealApi.paging, { current: 1, size: 10, params: { state: 0 } })).records.find((r) => r.userName === DEMO_LEARNER.username);
    if (!rec) throw new Error('the learner’s record is not in the audit list');
    await admin.getByTestId(`real-photo-${rec.id}`).waitFor();
    await admin.getByTestId(`real-approve-${rec.id}`).click();
    await admin.getByTestId('real-approve-ok').click();
    await expect.poll(() => admin.getByTestId(`real-approve-${rec.id}`).count(), POLL).toBe(0);

    // The learner sees 已通过 and may use the site.
    await learner.reload();
    await expect.poll(async () => (await learner.getByTestId('real-state').textContent()) ?? '', POLL).toContain('已通过');
    await learner.goto('/web/index');
    await learner.locator('[data-testid^="online-exam-"]').first().waitFor();
    expect(new URL(learner.url()).pathname).toBe('/web/index');
  });
});
