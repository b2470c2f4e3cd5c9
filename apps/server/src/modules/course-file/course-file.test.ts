/**
 * API tests of the course file library (/api/course/file/*; issue 11): the §5 validation messages,
 * files that must be our uploads of the right formats, the fixed type, links, paging filters
 * (excludes, catId, title, fileType), the data scope, the course-usage hook on delete, the menus; and the media job
 * on real media made here: a 3 s testsrc video (ffmpeg) transcoded to HLS 360p + 720p with its
 * duration, playlists and segments served to logged-in users only, a replaced video restarting
 * processing (dbsczt 0, videoId cleared) with renditions that fit a 240p source, a job for a file
 * replaced meanwhile changing nothing, a PDF (pdfkit) with its page count, an Office file refused
 * without LibreOffice.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope, type Page } from '@kaopei/contracts';
import { courseFileApi, CourseFileError, CourseFilePerm, MediaState, type CourseFileRecord } from '@kaopei/contracts/course-file';
import { departApi } from '@kaopei/contracts/sys-depart';
import { fileApi, type UploadedFileItem } from '@kaopei/contracts/sys-file';
import { menuApi, type MenuNode, type RouteNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import type { JobContext } from '../../platform/jobs';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { must, multipart, uniq } from '../../test/builders';

/** True when `tool` is on PATH. */
function onPath(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const HAS_FFMPEG = onPath('ffmpeg') && onPath('ffprobe');
const HAS_SOFFICE = onPath('soffice');

let t: TestApp;
let admin: string;
let learner: string;
let work: string;

/** A testsrc video of `seconds` and `size` (e.g. 1280x720), made by ffmpeg. */
function makeVideo(name: string, size: string, seconds = 3): Buffer {
  const file = path.join(work, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=10`, '-pix_fmt', 'yuv420p', file]);
  return fs.readFileSync(file);
}

/** A PDF of `pages` pages written with pdfkit. */
async function makePdf(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const parts: Buffer[] = [];
  doc.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (let i = 1; i <= pages; i++) doc.addPage().fontSize(20).text(`Page ${i}`);
  doc.end();
  await done;
  return Buffer.concat(parts);
}

async function makeDocx(): Promise<Buffer> {
  const z = new yazl.ZipFile();
  z.addBuffer(Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'), '[Content_Types].xml');
  z.addBuffer(Buffer.from('<w:document/>'), 'word/document.xml');
  z.end();
  const parts: Buffer[] = [];
  for await (const part of z.outputStream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function upload(name: string, data: Buffer): Promise<string> {
  const { payload, contentType } = await multipart({}, { name, data });
  const res = await t.app.inject({ method: 'POST', url: fileApi.upload.path, payload, headers: { 'content-type': contentType, token: admin } });
  const env = res.json() as Envelope<UploadedFileItem>;
  if (env.code !== 0 || !env.data) throw new Error(`upload ${name}: ${env.msg}`);
  return env.data.url;
}

const save = (body: object) => t.call<{ id: string; msg: string }>(courseFileApi.save, body, admin);
const detail = async (id: string) => must(await t.call<CourseFileRecord>(courseFileApi.detail, { id }, admin));
const page = async (params: object) => must(await t.call<Page<CourseFileRecord>>(courseFileApi.paging, { current: 1, size: 100, params }, admin));
const count = async () => Number((await t.db.selectFrom('el_course_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { token } : {} });

/** Polls the detail until processing has ended (ready or failed). */
async function settled(id: string, timeoutMs = 90_000): Promise<CourseFileRecord> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = await detail(id);
    if (d.dbsczt === MediaState.READY || d.dbsczt === MediaState.FAILED) return d;
    if (Date.now() > deadline) throw new Error(`course file ${id} still ${d.dbsczt_dictText} (${d.progress}%)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs `fn` with PATH set to `pathValue` (the media code looks tools up on PATH at run time). */
async function withPath<T>(pathValue: string, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = pathValue;
  try {
    return await fn();
  } finally {
    process.env.PATH = saved;
  }
}

/** Runs `fn` with the job workers stopped, so that the state before processing can be seen. */
async function paused<T>(fn: () => Promise<T>): Promise<T> {
  await t.jobs.stop();
  try {
    return await fn();
  } finally {
    t.jobs.start(1);
  }
}

const fakeJob = (onProgress: () => Promise<void> = async () => undefined): JobContext => {
  let first = true;
  return {
    id: 'test',
    signal: new AbortController().signal,
    progress: async () => {
      if (!first) return;
      first = false;
      await onProgress();
    },
  };
};

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  learner = await t.login(LEARNER);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'course-file-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('course files: validation, links, paging, delete', () => {
  it('refuses bad input with the §5 messages and writes nothing', async () => {
    const before = await count();
    expect(await save({ title: ' ', fileType: 11, viewUrl: 'https://x.cn' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课件名称不能为空！' });
    expect(await save({ title: 'x' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课件类型不能为空！' });
    expect(await save({ title: 'x', fileType: 44 })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课件类型不能为空！' });
    expect(await save({ title: 'x', fileType: 33 })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课件文件必须上传！' });
    expect(await save({ title: 'x', fileType: 22, fileUrl: '' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '课件文件必须上传！' });
    expect(await save({ title: 'x', fileType: 11 })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '链接地址不能为空！' });
    expect(await save({ title: 'x', fileType: 11, viewUrl: 'javascript:alert(1)' })).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '链接地址必须以http://或https://开头！' });
    // Only our uploads, of the type's formats.
    expect(await save({ title: 'x', fileType: 33, fileUrl: '/etc/passwd' })).toMatchObject({ code: CourseFileError.BAD_FILE.code });
    expect(await save({ title: 'x', fileType: 33, fileUrl: '/api/common/file/view/0123456789abcdef0123456789abcdef.mp4' })).toMatchObject({ code: CourseFileError.BAD_FILE.code });
    const pdf = await upload('a.pdf', await makePdf(1));
    expect(await save({ title: 'x', fileType: 33, fileUrl: pdf })).toMatchObject({ code: CourseFileError.BAD_FILE.code, msg: '视频课件只能上传mp4文件！' });
    expect(await save({ title: 'x', fileType: 22, fileUrl: pdf, catId: 'nope' })).toMatchObject({ code: CourseFileError.BAD_CAT.code, msg: '课件分类不存在！' });
    expect(await count()).toBe(before);
  });

  it('saves a link (ready at once), keeps its type fixed, and lists it with its labels', async () => {
    const title = uniq('链接课件');
    const res = must(await save({ title, fileType: 11, viewUrl: 'https://example.com/a', catId: 'safety' }));
    expect(res.msg).toBe('课件保存成功!');
    expect(await detail(res.id)).toMatchObject({ title, fileType: 11, fileType_dictText: '链接', viewUrl: 'https://example.com/a', fileUrl: '', dbsczt: MediaState.READY, catId: 'safety', catId_dictText: '安全培训' });
    expect(await save({ id: res.id, title, fileType: 22, fileUrl: 'x' })).toMatchObject({ code: CourseFileError.TYPE_FIXED.code, msg: '课件类型不能修改！' });
    must(await save({ id: res.id, title: `${title}2`, fileType: 11, viewUrl: 'http://example.com/b', catId: 'safety' }));
    expect(await detail(res.id)).toMatchObject({ title: `${title}2`, viewUrl: 'http://example.com/b' });
    expect(await t.services.courseFile.byIds([res.id, 'missing'])).toEqual([expect.objectContaining({ id: res.id, fileType: 11, viewUrl: 'http://example.com/b' })]);
  });

  it('pages with excludes, catId, title and fileType', async () => {
    const tag = uniq('筛选');
    const a = must(await save({ title: `${tag}A`, fileType: 11, viewUrl: 'https://a.cn', catId: 'general' })).id;
    const b = must(await save({ title: `${tag}B`, fileType: 11, viewUrl: 'https://b.cn', catId: 'skill' })).id;
    const c = must(await save({ title: `${tag}C`, fileType: 22, fileUrl: await upload('c.pdf', await makePdf(2)), catId: 'skill' })).id;
    const ids = async (params: object) => (await page({ title: tag, ...params })).records.map((r) => r.id).sort();
    expect(await ids({})).toEqual([a, b, c].sort());
    expect(await ids({ excludes: [a, b] })).toEqual([c]);
    expect(await ids({ excludes: `${a},${c}` })).toEqual([b]);
    expect(await ids({ catId: 'skill' })).toEqual([b, c].sort());
    expect(await ids({ fileType: 22 })).toEqual([c]);
    expect(await ids({ title: `${tag}B` })).toEqual([b]);
    expect((await page({ title: tag, fileType: 11 })).total).toBe(2);
  });

  it('refuses to delete a file a course uses (the usage hook), deletes it otherwise', async () => {
    const id = must(await save({ title: uniq('删除'), fileType: 11, viewUrl: 'https://d.cn' })).id;
    const used = new Set([id]);
    t.services.courseFile.registerUsage(async (ids) => ids.filter((x) => used.has(x)));
    expect(await t.call(courseFileApi.delete, { ids: [id] }, admin)).toMatchObject({ code: CourseFileError.IN_USE.code });
    expect((await detail(id)).id).toBe(id);
    used.clear();
    expect(await t.call(courseFileApi.delete, { ids: [id] }, admin)).toMatchObject({ code: 0 });
    expect(await t.call(courseFileApi.detail, { id }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: '课件不存在或已被删除！' });
  });

  it('follows the data scope: an administrator limited to a department sees, edits and deletes only its files', async () => {
    const dept = async (name: string) => must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq(name) }, admin)).deptCode;
    const D = await dept('课件部');
    const role = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('课件管理员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    const codes = [CourseFilePerm.LIST, CourseFilePerm.ADD, CourseFilePerm.UPDATE, CourseFilePerm.DELETE];
    must(await t.call(roleApi.saveMenus, { id: role, menuIds: codes.map((c) => tree.find((m) => m.permission === c)?.id) }, admin));
    const userName = uniq('cf');
    must(await t.call(userAdminApi.save, { userName, realName: '课件员', deptCode: D, roles: [role], password: 'Test@12345' }, admin));
    const scoped = await t.login({ username: userName, password: 'Test@12345' });
    const tag = uniq('范围');
    const outside = must(await save({ title: `${tag}总部`, fileType: 11, viewUrl: 'https://o.cn' })).id;
    const inside = must(await t.call<{ id: string }>(courseFileApi.save, { title: `${tag}本部门`, fileType: 11, viewUrl: 'https://i.cn' }, scoped)).id;
    const seen = must(await t.call<Page<CourseFileRecord>>(courseFileApi.paging, { params: { title: tag } }, scoped)).records.map((r) => r.id);
    expect(seen).toEqual([inside]);
    expect(await t.call(courseFileApi.detail, { id: outside }, scoped)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect(await t.call(courseFileApi.save, { id: outside, title: 'x', fileType: 11, viewUrl: 'https://x.cn' }, scoped)).toMatchObject({ code: ErrorCode.NOT_FOUND });
    must(await t.call(courseFileApi.delete, { ids: [outside, inside] }, scoped));
    expect((await detail(outside)).title).toBe(`${tag}总部`);
    expect(await t.call(courseFileApi.detail, { id: inside }, admin)).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });

  it('gives the administrator 课程管理 › 课件管理, and learners nothing of it', async () => {
    const tree = must(await t.call<RouteNode[]>(menuApi.routes, {}, admin));
    expect(tree.find((n) => n.name === 'CourseMgr')).toMatchObject({ path: '/admin/course', children: expect.arrayContaining([expect.objectContaining({ name: 'ListFile', path: '/admin/course/file', component: 'ListFile' })]) });
    expect((await t.call(courseFileApi.paging, {}, learner)).code).toBe(ErrorCode.NO_PERMISSION);
  });
});

describe('documents', () => {
  it('reads the page count of a PDF in the background', async () => {
    const id = must(await save({ title: uniq('PDF'), fileType: 22, fileUrl: await upload('three.pdf', await makePdf(3)) })).id;
    const d = await settled(id);
    expect(d).toMatchObject({ dbsczt: MediaState.READY, dbsczt_dictText: '已就绪', pageCount: 3, failMsg: '' });
    expect(d.fileSize).toBeGreaterThan(0);
  });

  it.skipIf(HAS_SOFFICE)('refuses an Office file when LibreOffice is not installed (soffice absent)', async () => {
    const before = await count();
    const docx = await upload('a.docx', await makeDocx());
    expect(await save({ title: 'Word', fileType: 22, fileUrl: docx })).toMatchObject({ code: CourseFileError.NO_CONVERTER.code, msg: '服务器未安装文档转换组件，请上传PDF文件！' });
    expect(await count()).toBe(before);
  });
});

describe('without the media tools / with LibreOffice', () => {
  it('serves a video as uploaded when ffmpeg and ffprobe are missing: ready, no HLS, duration 0', async () => {
    const mp4 = HAS_FFMPEG ? makeVideo('plain.mp4', '320x240', 1) : Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(2048)]);
    const url = await upload('plain.mp4', mp4);
    const d = await withPath(path.join(work, 'no-tools'), async () => settled(must(await save({ title: uniq('无转码'), fileType: 33, fileUrl: url })).id));
    expect(d).toMatchObject({ dbsczt: MediaState.READY, hlsUrl: '', videoId: '', duration: 0, fileUrl: url, fileSize: mp4.length });
  });

  it('converts an Office file with LibreOffice when soffice is on PATH (a stand-in soffice here): the PDF becomes the file', async () => {
    const bin = path.join(work, 'fake-bin');
    fs.mkdirSync(bin, { recursive: true });
    const pdf = path.join(work, 'converted.pdf');
    fs.writeFileSync(pdf, await makePdf(4));
    // Does what `soffice --headless --convert-to pdf --outdir DIR SRC` does: DIR/<SRC name>.pdf.
    fs.writeFileSync(
      path.join(bin, 'soffice'),
      `#!/bin/sh\nout=""; src=""\nwhile [ $# -gt 0 ]; do case "$1" in --outdir) out="$2"; shift 2;; *) src="$1"; shift;; esac; done\nbase=$(basename "$src"); cp '${pdf}' "$out/\${base%.*}.pdf"\n`,
      { mode: 0o755 },
    );
    const docx = await upload('slides.docx', await makeDocx());
    const d = await withPath(`${bin}${path.delimiter}${process.env.PATH ?? ''}`, async () => settled(must(await save({ title: uniq('Word'), fileType: 22, fileUrl: docx })).id));
    expect(d).toMatchObject({ dbsczt: MediaState.READY, pageCount: 4 });
    expect(d.fileUrl).toMatch(/^\/api\/common\/file\/view\/[0-9a-f]{32}\.pdf$/);
    expect(d.fileUrl).not.toBe(docx);
    const served = await get(d.fileUrl, learner);
    expect(served.headers['content-type']).toBe('application/pdf');
  });
});

describe.skipIf(!HAS_FFMPEG)('videos (ffmpeg/ffprobe on PATH; skipped without them)', () => {
  let id = '';
  let firstVideoId = '';

  it('saves a video with dbsczt 0, then transcodes it to HLS 360p + 720p with its duration', async () => {
    const url = await upload('clip.mp4', makeVideo('clip.mp4', '1280x720'));
    id = await paused(async () => {
      const saved = must(await save({ title: uniq('视频'), fileType: 33, fileUrl: url }));
      expect(await detail(saved.id)).toMatchObject({ dbsczt: MediaState.NEW, videoId: '', hlsUrl: '' });
      return saved.id;
    });
    const d = await settled(id);
    expect(d).toMatchObject({ dbsczt: MediaState.READY, duration: 3, fileUrl: url, failMsg: '' });
    expect(d.fileSize).toBeGreaterThan(0);
    expect(d.videoId).toMatch(/^[0-9a-f]{32}$/);
    expect(d.hlsUrl).toBe(`/api/course/file/hls/${d.videoId}/master.m3u8`);
    firstVideoId = d.videoId;
    const master = await get(d.hlsUrl, admin);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('mpegurl');
    expect(master.body).toContain('360p.m3u8');
    expect(master.body).toContain('720p.m3u8');
    expect(master.body).toContain('RESOLUTION=1280x720');
    // Relative urls: the variant playlist and its segments resolve next to the master.
    const variant = await get(new URL('360p.m3u8', `http://h${d.hlsUrl}`).pathname, learner);
    expect(variant.statusCode).toBe(200);
    const segment = variant.body.split('\n').find((l) => l.endsWith('.ts'));
    expect(segment).toMatch(/^360p_\d{3}\.ts$/);
    const segUrl = new URL(segment as string, `http://h${d.hlsUrl}`).pathname;
    const seg = await get(segUrl, learner);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.rawPayload.length).toBeGreaterThan(1000);
    expect((await get(segUrl)).json()).toMatchObject({ code: ErrorCode.NOT_LOGGED_IN });
    // Nothing but the batch's own files.
    expect((await get(`/api/course/file/hls/${d.videoId}/..%2F..%2Fkaopei.db`, admin)).json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    expect((await get(`/api/course/file/hls/0123456789abcdef0123456789abcdef/master.m3u8`, admin)).json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
    const progress = must(await t.call<{ id: string; dbsczt: number; progress: number }[]>(courseFileApi.progress, { ids: [id] }, admin));
    expect(progress).toEqual([expect.objectContaining({ id, dbsczt: MediaState.READY, progress: 100 })]);
  });

  it('restarts processing when the video is replaced: dbsczt 0, videoId cleared, a 240p source gets one 240p rendition', async () => {
    const url = await upload('small.mp4', makeVideo('small.mp4', '320x240', 2));
    await paused(async () => {
      must(await save({ id, title: '换过的视频', fileType: 33, fileUrl: url }));
      expect(await detail(id)).toMatchObject({ dbsczt: MediaState.NEW, videoId: '', hlsUrl: '', duration: 0, fileUrl: url });
    });
    expect(fs.existsSync(path.join(t.config.dataDir, 'hls', firstVideoId))).toBe(false);
    const d = await settled(id);
    expect(d).toMatchObject({ dbsczt: MediaState.READY, duration: 2 });
    expect(d.videoId).not.toBe(firstVideoId);
    const master = (await get(d.hlsUrl, admin)).body;
    expect(master).toContain('240p.m3u8');
    expect(master).not.toContain('360p.m3u8');
    expect(master).not.toContain('720p.m3u8');
    // Editing only the title does not restart anything.
    must(await save({ id, title: '只改名称', fileType: 33, fileUrl: url }));
    expect(await detail(id)).toMatchObject({ title: '只改名称', dbsczt: MediaState.READY, videoId: d.videoId });
  });

  it('a job whose file was replaced while it ran does not overwrite the newer file', async () => {
    const first = await upload('v1.mp4', makeVideo('v1.mp4', '320x240', 1));
    const second = await upload('v2.mp4', makeVideo('v2.mp4', '320x240', 2));
    const hlsDir = path.join(t.config.dataDir, 'hls');
    const batches = () => (fs.existsSync(hlsDir) ? fs.readdirSync(hlsDir).sort() : []);
    const fid = await paused(async () => {
      const before = batches();
      const created = must(await save({ title: uniq('竞争'), fileType: 33, fileUrl: first })).id;
      // The job for `first` runs here; as it starts, the administrator replaces the video.
      const result = await t.services.courseFile.processor.run({ id: created, fileUrl: first }, fakeJob(async () => void must(await save({ id: created, title: '新版本', fileType: 33, fileUrl: second }))));
      expect(result).toEqual({ state: 'outdated' });
      expect(batches()).toEqual(before); // what it made is removed
      expect(await detail(created)).toMatchObject({ fileUrl: second, dbsczt: MediaState.NEW, videoId: '', hlsUrl: '', duration: 0 });
      // A stale job that starts after the replacement does nothing at all.
      expect(await t.services.courseFile.processor.run({ id: created, fileUrl: first }, fakeJob())).toEqual({ state: 'outdated' });
      return created;
    });
    expect(await settled(fid)).toMatchObject({ fileUrl: second, dbsczt: MediaState.READY, duration: 2 });
  });

  it('deleting a video removes its HLS files', async () => {
    const d = await detail(id);
    expect(await t.call(courseFileApi.delete, { ids: [id] }, admin)).toMatchObject({ code: 0 });
    expect(fs.existsSync(path.join(t.config.dataDir, 'hls', d.videoId))).toBe(false);
    expect((await get(d.hlsUrl, admin)).json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
