/**
 * The course file library in the browser (issue 11, ListFile): the administrator opens 课程管理 →
 * 课件管理, adds a video course file by uploading a small mp4 made here with ffmpeg (the upload is
 * slowed down through the DevTools protocol so that the progress bar can be seen), saves it
 * ('课件保存成功!'), and watches the row's state move on by itself (the page polls) until 已就绪,
 * with the duration read by ffprobe shown. Skipped (with the reason) without Chromium or ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu, POLL } from './support/ui';

function hasFfmpeg(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const NO_FFMPEG = !hasFfmpeg();
if (NO_FFMPEG) console.warn('course-file e2e skipped: ffmpeg is not installed (.ci/run installs it)');

describe.skipIf(skipWithoutChromium() || NO_FFMPEG)('course files: upload a video with a progress bar, see it processed', () => {
  let server: RunningServer;
  let work: string;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'course-file-e2e-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('uploads an mp4 with a visible progress bar, saves it and sees it reach 已就绪 with its duration', async () => {
    const video = path.join(work, 'clip.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=10', '-pix_fmt', 'yuv420p', video]);
    const bytes = fs.statSync(video).size;

    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await openAdminMenu(page, '课程管理', '课件管理', '**/admin/course/file');
    // The list has loaded: the demo seed's PDF course file is in the library.
    await page.locator('.admin-view:visible tr', { hasText: '安全生产基础知识讲义（演示）' }).waitFor();

    const title = `E2E 视频课件 ${Date.now()}`;
    await page.getByTestId('course-file-add').click();
    await page.getByTestId('course-file-title').fill(title);
    // About 3 s of upload: long enough to see the bar move.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: Math.max(8 * 1024, Math.round(bytes / 3)) });
    const dialog = page.locator('.ant-modal', { hasText: '添加课件' });
    await dialog.locator('input[type=file]').setInputFiles(video);
    const bar = dialog.locator('.ant-upload-list-item-progress');
    await bar.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await bar.locator('.ant-progress').count()).toBe(1);
    await dialog.locator('.ant-upload-list-item-done, .ant-upload-list-item-container .ant-upload-list-item:not(.ant-upload-list-item-uploading)').first().waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('课件保存成功!').first().waitFor();

    const row = page.locator('.admin-view:visible tr', { hasText: title });
    await row.waitFor();
    // No reload: the list polls while the file is processed.
    await expect.poll(async () => (await row.locator('[data-testid^="course-file-state-"]').textContent()) ?? '', { ...POLL, timeout: 90_000 }).toBe('已就绪');
    await expect.poll(async () => (await row.locator('[data-testid^="course-file-duration-"]').textContent()) ?? '', POLL).toBe('00:03');
  });
});
