/**
 * The real HLS path in the browser (issue 11 "Video processing", "Course view … native <video> +
 * hls.js"): the administrator uploads a 14 s H.264 mp4 made here with ffmpeg (libx264, yuv420p,
 * 320×180) through /api/common/file/upload, saves it as a video course file, and the server's media
 * job transcodes it to HLS (dbsczt 2, hlsUrl set; polled through /api/course/file/detail); a free
 * course (videoDrag on, no captcha check) is built on it through /api/course/course/save. The demo
 * learner opens /web/course/view/{courseId}: the <video> plays through hls.js (its `src` is a blob:
 * MediaSource url and its currentTime advances), every playlist and segment request succeeds with
 * the learner's login cookie, and the server-counted time (study-learn-sec, and fetch-file) grows.
 * The same playlist and a segment asked for without a login are refused.
 *
 * Skipped with the reason printed: without Chromium, without ffmpeg's libx264 encoder, or when this
 * Chromium cannot decode H.264 through Media Source Extensions (the HLS renditions are H.264).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope } from '@kaopei/contracts';
import { courseApi } from '@kaopei/contracts/course';
import { courseFileApi, MediaState } from '@kaopei/contracts/course-file';
import { courseStudyApi } from '@kaopei/contracts/course-study';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { laterUnreadMessages, loginThroughPage, POLL, sleep } from './support/ui';

/** Whether ffmpeg is installed with the libx264 encoder (`ffmpeg -encoders`). */
const HAS_X264 = (() => {
  try {
    return /\blibx264\b/.test(execFileSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return false;
  }
})();
if (!HAS_X264) console.warn('[e2e] course-hls skipped: ffmpeg with the libx264 encoder is not installed (the HLS renditions are H.264; .ci/run installs ffmpeg)');

const LONG = { timeout: 60_000, interval: 250 } as const;
const H264 = 'video/mp4; codecs="avc1.42E01E"';

describe.skipIf(skipWithoutChromium() || !HAS_X264)('course video over HLS: transcoded by the server, played through hls.js, time counted by the server', () => {
  let server: RunningServer;
  let work = '';
  const browser = useBrowser();
  let courseId = '';
  let fileId = '';
  let hlsUrl = '';

  beforeAll(async () => {
    server = await startServer();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'kp-hls-'));
    const video = path.join(work, 'lesson.mp4');
    execFileSync('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=14:size=320x180:rate=15',
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', video,
    ]);
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(video)], { type: 'video/mp4' }), 'lesson.mp4');
    const up = (await (await fetch(`${server.baseUrl}/api/common/file/upload`, { method: 'POST', headers: { token: admin.token }, body: form })).json()) as Envelope<{ url: string }>;
    expect(up.code, up.msg).toBe(0);

    fileId = (await admin.call(courseFileApi.save, { title: `E2E HLS 视频 ${Date.now()}`, fileType: 33, fileUrl: up.data?.url ?? '' })).id;
    // The media job: ffprobe, then ffmpeg into DATA_DIR/hls/<videoId>/ (one 180p rendition of 4 s segments).
    const deadline = Date.now() + 120_000;
    for (;;) {
      const d = await admin.call(courseFileApi.detail, { id: fileId });
      if (d.dbsczt === MediaState.FAILED) throw new Error(`media processing failed: ${d.failMsg}`);
      if (d.dbsczt === MediaState.READY && d.hlsUrl) {
        hlsUrl = d.hlsUrl;
        break;
      }
      if (Date.now() > deadline) throw new Error(`the video was not transcoded in 120 s (dbsczt ${d.dbsczt}, ${d.progress}%)`);
      await sleep(500);
    }
    expect(hlsUrl).toMatch(/^\/api\/course\/file\/hls\/[0-9a-f]{32}\/master\.m3u8$/);
    courseId = (await admin.call(courseApi.save, { title: `E2E HLS 课程 ${Date.now()}`, fileList: [{ fileId, chapter: '第一章 视频', sort: 1 }], videoDrag: true, checkOn: false })).id;
  });
  afterAll(async () => {
    await server?.stop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('plays the HLS renditions through hls.js with the learner cookie, and the server counts the time', async (ctx) => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_LEARNER);
    await laterUnreadMessages(page);

    const codecs = await page.evaluate((type) => {
      const v = document.createElement('video');
      return { canPlay: v.canPlayType(type), mse: typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(type) };
    }, H264);
    if (!codecs.mse) {
      const reason = `this Chromium cannot decode H.264 (canPlayType('${H264}') = "${codecs.canPlay}", MediaSource.isTypeSupported = false); the server's HLS renditions are H.264 (libx264)`;
      console.warn(`[e2e] course-hls skipped: ${reason}`);
      ctx.skip(reason);
    }

    // Every HLS request the page makes: its status and whether it carried the login cookie.
    const hls: { name: string; status: number; cookie: boolean }[] = [];
    page.on('response', async (res) => {
      const url = new URL(res.url());
      if (!url.pathname.startsWith('/api/course/file/hls/')) return;
      const cookie = (await res.request().allHeaders().catch(() => ({}) as Record<string, string>)).cookie ?? '';
      hls.push({ name: url.pathname.split('/').pop() ?? '', status: res.status(), cookie: /(?:^|;\s*)token=/.test(cookie) });
    });

    await page.goto(`/web/course/view/${courseId}`);
    const video = page.getByTestId('course-video-el');
    await video.waitFor();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), POLL).toBeGreaterThanOrEqual(1);
    // hls.js feeds the <video> through Media Source Extensions: a blob: url, not the playlist's.
    expect(await video.evaluate((v: HTMLVideoElement) => v.src)).toMatch(/^blob:/);
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), LONG).toBeGreaterThan(2);

    // The server credits the playing time (the player reports every 10 s while playing).
    const learnSec = async () => {
      const m = /已学 (\d+) 分 (\d+) 秒/.exec((await page.getByTestId('study-learn-sec').textContent()) ?? '');
      return m ? Number(m[1]) * 60 + Number(m[2]) : -1;
    };
    await expect.poll(learnSec, LONG).toBeGreaterThan(0);
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    expect((await learner.call(courseStudyApi.fetchFile, { courseId, fileId })).learnSec).toBeGreaterThan(0);

    // The master playlist, the rendition's playlist and its segments, all answered 200 with the cookie.
    expect(hls.map((h) => h.name)).toEqual(expect.arrayContaining(['master.m3u8', '180p.m3u8', '180p_000.ts']));
    expect(hls.filter((h) => h.status !== 200 || !h.cookie)).toEqual([]);

    // Without a login the playlist and a segment are refused.
    for (const name of ['master.m3u8', '180p_000.ts']) {
      const res = await fetch(`${server.baseUrl}${hlsUrl.replace(/master\.m3u8$/, name)}`);
      const body = await res.text();
      expect(body.startsWith('#EXTM3U')).toBe(false);
      expect((JSON.parse(body) as Envelope<null>).code).toBe(ErrorCode.NOT_LOGGED_IN);
    }
  });
});
