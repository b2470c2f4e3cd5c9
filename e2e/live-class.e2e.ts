/**
 * The live classroom in the browser (issue 13 "Live classroom"; SPEC §2 /web/liveClass, the player
 * page /player/live.html with an encoded source parameter, §3 "Live configuration"): the
 * administrator saves 系统管理 → 直播配置 (keys masked afterwards) and a session on 课程管理 → 直播课堂
 * and opens its 推流地址; the learner opens /web/liveClass, enters the session and gets the player
 * page embedded with the signed HLS URL encoded in `src`; the page's heartbeats are counted by the
 * server (the server clock is moved, no real stream is needed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveApi, LIVE_PLAYER_PATH } from '@kaopei/contracts/live-class';
import { LIVE_PROP_MSG, maskSecret, propApi } from '@kaopei/contracts/sys-config-prop';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu, POLL } from './support/ui';

/** Epoch ms → `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (as the forms take times). */
const shanghai = (ms: number) => new Date(ms).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai', hour12: false });

describe.skipIf(skipWithoutChromium())('live classroom', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ env: { KAOPEI_TEST_CLOCK: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('admin configures live and a session; the learner watches through the embedded player and is counted', async () => {
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '系统管理', '直播配置', '**/admin/sys/live');
    await admin.getByTestId('sys-live-unsaved').waitFor();
    await admin.getByTestId('sys-live-save').click();
    await admin.getByText(LIVE_PROP_MSG.pushDomain).first().waitFor();
    await admin.getByTestId('sys-live-pushDomain').fill('push.example.com');
    await admin.getByTestId('sys-live-pushKey').fill('push-secret-key-1');
    await admin.getByTestId('sys-live-pullDomain').fill('play.example.com');
    await admin.getByTestId('sys-live-pullKey').fill('pull-secret-key-2');
    await admin.getByTestId('sys-live-save').click();
    await admin.getByText(LIVE_PROP_MSG.saved).first().waitFor();
    await expect.poll(() => admin.getByTestId('sys-live-pullKey').inputValue(), POLL).toBe(maskSecret('pull-secret-key-2'));

    // A session from a minute ago to an hour from now, through the form.
    const title = `直播${Date.now().toString(36)}`;
    await openAdminMenu(admin, '课程管理', '直播课堂', '**/admin/course/live');
    await admin.getByTestId('live-add').click();
    await admin.getByTestId('live-title').fill(title);
    const inputs = admin.locator('.ant-modal .ant-picker-range input');
    await inputs.nth(0).click();
    await inputs.nth(0).fill(shanghai(Date.now() - 60_000));
    await inputs.nth(0).press('Enter');
    await inputs.nth(1).fill(shanghai(Date.now() + 3600_000));
    await inputs.nth(1).press('Enter');
    await admin.getByTestId('live-stream').fill('e2estream');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByText(title).waitFor();

    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const session = (await api.call(liveApi.paging, { current: 1, size: 10, params: { title } })).records[0]!;
    expect(session).toMatchObject({ title, appName: 'live', streamName: 'e2estream', phase: 1 });
    await admin.getByTestId(`live-push-${session.id}`).click();
    await expect.poll(() => admin.getByTestId('live-push-url').inputValue(), POLL).toMatch(/^rtmp:\/\/push\.example\.com\/live\/e2estream\?auth_key=\d+-[0-9a-f]+-0-[0-9a-f]{32}$/);

    // The learner: list, 进入直播, the player page embedded with the encoded signed HLS URL.
    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.goto(`${server.baseUrl}/web/liveClass`);
    await learner.getByTestId(`web-live-phase-${session.id}`).getByText('直播中').waitFor();
    await learner.getByTestId(`web-live-enter-${session.id}`).click();
    await learner.waitForURL(`**/web/liveClass/play/${session.id}`);
    const frame = learner.getByTestId('web-live-player');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src.startsWith(`${LIVE_PLAYER_PATH}?src=`)).toBe(true);
    const url = decodeURIComponent(src.slice(`${LIVE_PLAYER_PATH}?src=`.length));
    expect(src).toBe(`${LIVE_PLAYER_PATH}?src=${encodeURIComponent(url)}`);
    expect(url).toMatch(/^https:\/\/play\.example\.com\/live\/e2estream\.m3u8\?auth_key=\d+-[0-9a-f]+-0-[0-9a-f]{32}$/);
    // The player page itself loads inside the frame (framing by the site is allowed).
    await learner.frameLocator('[data-testid="web-live-player"]').getByTestId('live-player-video').waitFor({ state: 'attached' });

    // Heartbeats: after the first beat, move the server clock; the next beat credits the time.
    await expect.poll(async () => (await api.call(liveApi.attendance, { current: 1, size: 10, params: { id: session.id } })).total, POLL).toBe(1);
    await api.advanceClock(10_000);
    await expect
      .poll(async () => (await api.call(liveApi.attendance, { current: 1, size: 10, params: { id: session.id } })).records[0]?.attendSec ?? 0, { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(10);
    await expect.poll(() => learner.getByTestId('web-live-attend').textContent(), { timeout: 30_000, interval: 500 }).not.toMatch(/已观看 0 分 \d 秒$/);
    expect(await api.call(propApi.detail, { type: 'live' })).toMatchObject({ current: 'aliyun', saved: true, data: { pushDomain: 'push.example.com', pullDomain: 'play.example.com' } });
  });
});
