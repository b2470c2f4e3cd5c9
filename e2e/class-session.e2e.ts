/**
 * Face-to-face sessions in the browser (issue 13 "Face-to-face training"): the administrator opens
 * 培训管理 → 培训班 → 管理 → 面授签到, adds a lesson running now (times through the range picker),
 * opens its 签到二维码 and reads the URL the QR code encodes; the demo learner, enrolled in the
 * class, opens that URL on a 390×844 phone-sized page (/m/info/bjInfo) and sees 签到成功！; the
 * administrator's attendance then shows him 已签到.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { lessonApi } from '@kaopei/contracts/class-session';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu } from './support/ui';

/** A time as the forms take it: `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (the browser's zone), whatever the machine's zone. */
const fmt = (d: dayjs.Dayjs) => new Date(d.valueOf()).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai', hour12: false });

describe.skipIf(skipWithoutChromium())('face-to-face sessions: lesson, QR code, phone sign-in, attendance', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    // A loaded machine may take over a minute to migrate and seed a fresh database.
    server = await startServer({ timeoutMs: 170_000 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets the learner sign in by the QR URL on a phone and the administrator see it', async () => {
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const learnerApi = await Api.login(server.baseUrl, DEMO_LEARNER);
    const stamp = Date.now();
    const title = `E2E 面授班 ${stamp}`;
    const { id: classId } = await api.call(trainClassApi.addOrUpdate, { title, classType: 2, startTime: fmt(dayjs().add(1, 'day')), endTime: fmt(dayjs().add(30, 'day')) });
    // Sign-ups are open until the class starts; no approval needed: enrolled at once.
    expect(await learnerApi.call(trainClassApi.apply, { classId })).toEqual({ state: 1 });

    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '培训管理', '培训班', '**/admin/trainClass/list');
    await admin.getByTestId(`class-manage-${classId}`).click();
    await admin.getByTestId('class-admin-tab-sessions').click();
    await admin.getByTestId('lesson-add').click();
    const lessonTitle = `第一讲 ${stamp}`;
    await admin.getByTestId('lesson-title').fill(lessonTitle);
    await admin.getByTestId('lesson-place').fill('三楼会议室');
    const range = admin.locator('.ant-modal:visible .ant-picker-range').first().locator('input');
    await range.nth(0).click();
    await range.nth(0).fill(fmt(dayjs().subtract(10, 'minute')));
    await admin.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await range.nth(1).fill(fmt(dayjs().add(2, 'hour')));
    await admin.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await admin.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
    await admin.getByText('课次保存成功！').first().waitFor();
    const lessonId = (await api.call(lessonApi.paging, { current: 1, size: 10, params: { classId } })).records[0]?.id as string;
    expect(lessonId).toBeTruthy();

    await admin.getByTestId(`lesson-qr-${lessonId}`).click();
    await admin.getByTestId('sign-qr-image').waitFor();
    const url = ((await admin.getByTestId('sign-qr-url').textContent()) ?? '').trim();
    expect(url).toContain(`/m/info/bjInfo?classId=${classId}&sign=`);

    const learner = await browser.page(server.baseUrl);
    await learner.setViewportSize({ width: 390, height: 844 });
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.goto(url);
    await expect.poll(async () => (await learner.getByTestId('m-sign-result').textContent().catch(() => '')) ?? '', { timeout: 20_000 }).toBe('签到成功！');
    expect(await learner.getByTestId('m-class-title').textContent()).toBe(title);
    // No horizontal scroll on the phone.
    expect(await learner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await admin.keyboard.press('Escape');
    await admin.getByTestId(`lesson-attend-${lessonId}`).click();
    await expect.poll(async () => (await admin.getByTestId(`sign-state-${DEMO_LEARNER.username}`).textContent().catch(() => '')) ?? '', { timeout: 20_000 }).toBe('已签到');
  });
});
