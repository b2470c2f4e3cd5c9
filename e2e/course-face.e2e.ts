/**
 * Issue 12 "Camera proctoring", Study, in the browser with Chromium's fake camera (a y4m made here
 * with ffmpeg from the sample photos of apps/server/src/test/faces.ts; see exam-camera.e2e.ts): the
 * administrator turns on 学习人脸核验 in a course's form; the demo learner, whose real-name photo is
 * enrolled (faceAudit 'no' passes a submission at once), opens the course: study is held by the
 * face-check dialog until the server's engine matches the camera's face, then the corner camera shows and the server credits the time; the administrator sees the passed check with
 * its picture under ListCourse → 人脸. With the faceLogin switch on, the same camera face logs the
 * learner in from the 人脸登录 tab of /login (issue 12 "Face login").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApi } from '@kaopei/contracts/course';
import { courseFileApi } from '@kaopei/contracts/course-file';
import { configApi } from '@kaopei/contracts/sys-config';
import { userApi } from '@kaopei/contracts/sys-user';
import { userRealApi } from '@kaopei/contracts/user-real';
import { FACE_SAMPLES, personA, personA2 } from '../apps/server/src/test/faces';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { laterUnreadMessages, loginThroughPage, openAdminMenu, POLL } from './support/ui';

const dir = mkdtempSync(path.join(os.tmpdir(), 'kaopei-study-cam-'));
const FACE_Y4M = path.join(dir, 'face.y4m');
// Made before the browser starts, so that its fake camera finds the clip.
if (FACE_SAMPLES) {
  writeFileSync(`${FACE_Y4M}.jpg`, await personA2());
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-loop', '1', '-i', `${FACE_Y4M}.jpg`, '-t', '1', '-r', '10', '-vf', 'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2', '-pix_fmt', 'yuv420p', FACE_Y4M]);
}

describe.skipIf(skipWithoutChromium() || !FACE_SAMPLES)('course study with face checks', () => {
  let server: RunningServer;
  const browser = useBrowser(() => ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${FACE_Y4M}`]);
  let courseId = '';
  const title = `E2E 人脸课程 ${Date.now()}`;

  beforeAll(async () => {
    server = await startServer();
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    // The learner's real-name photo (passed at once: faceAudit 'no'), which enrols the face.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await personA())], { type: 'image/jpeg' }), 'me.jpg');
    const up = (await (await fetch(`${server.baseUrl}/api/common/file/upload`, { method: 'POST', headers: { token: learner.token }, body: form })).json()) as { code: number; data: { url: string } };
    expect(up.code).toBe(0);
    expect(await learner.call(userRealApi.submit, { realName: '张三', idCard: '11010519491231002X', face: up.data.url })).toMatchObject({ state: 1 });
    const { id: fileId } = await admin.call(courseFileApi.save, { title: `E2E 人脸课件 ${Date.now()}`, fileType: 11, viewUrl: 'https://example.com/lesson' });
    courseId = (await admin.call(courseApi.save, { title, fileList: [{ fileId, chapter: '第一章', sort: 1 }] })).id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets the administrator turn the face checks on in the course form', async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await openAdminMenu(page, '课程管理', '课程列表', '**/admin/course/list');
    await page.getByTestId(`course-edit-${courseId}`).click();
    await expect.poll(() => page.getByTestId('course-title').inputValue(), POLL).toBe(title);
    await page.getByTestId('course-face-on').click();
    await page.getByTestId('course-face-interval').fill('2');
    await page.getByTestId('course-face-chance').fill('2');
    await page.locator('.ant-modal', { hasText: '修改课程' }).getByRole('button', { name: '保存' }).click();
    await page.locator('.admin-view:visible tr', { hasText: title }).getByText('每2分钟').waitFor();
  });

  it('holds study until the camera face matches, then credits the time; the administrator sees the check', async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_LEARNER);
    await laterUnreadMessages(page);
    await page.goto(`/web/course/view/${courseId}`);
    // The face-check dialog opens, captures after 2 s and closes 2 s after '人脸比对成功！' — quickly
    // once the engine is warm, so the journey waits for what follows: the corner camera of a study
    // the server opened (the dialog's texts are the exam-camera journey's).
    await page.getByTestId('study-face-camera').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByTestId('face-check-msg').isVisible(), POLL).toBe(false);
    const learnSec = async () => Number(/已学 (\d+) 分 (\d+) 秒/.exec((await page.getByTestId('study-learn-sec').textContent()) ?? '')?.slice(1).reduce((m, s, i) => (i === 0 ? Number(s) * 60 : m + Number(s)), 0) ?? -1);
    await expect.poll(learnSec, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(5);

    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '课程管理', '课程列表', '**/admin/course/list');
    await admin.getByTestId(`course-face-${courseId}`).click();
    const table = admin.getByTestId('course-face-table-check');
    await table.getByText('通过').first().waitFor();
    await expect.poll(() => table.locator('img').first().evaluate((img) => (img as HTMLImageElement).naturalWidth), POLL).toBeGreaterThan(0);
  }, 180_000);

  it('logs the enrolled learner in by face from the 人脸登录 tab when the site allows it', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const switches = await admin.call(configApi.switchDetail, {});
    await admin.call(configApi.switchSave, { ...switches, faceLogin: true });
    const page = await browser.page(server.baseUrl);
    await page.goto('/login');
    await page.getByTestId('login-mode-face').click();
    await page.getByTestId('face-login-start').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 90_000 });
    // The session the page stored (cookie `token`, SPEC §4 Session) belongs to the demo learner.
    const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
    expect(token).not.toBe('');
    expect(await new Api(server.baseUrl, token).call(userApi.info, {})).toMatchObject({ userName: DEMO_LEARNER.username });
  }, 120_000);
});
