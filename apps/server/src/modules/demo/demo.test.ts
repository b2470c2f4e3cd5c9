/**
 * The demo course of the first start (issue 11; demo.course.ts): on a fresh database with
 * KAOPEI_DEMO the demo learner finds 安全生产基础知识（演示课程） in 我的课程 and 公开课程 (free,
 * study allowed, two chapters), fetch-file of its PDF answers a fileUrl that downloads (with the
 * learner's login, not without one) as a 3-page PDF carrying the lecture's text, the link chapter
 * answers its public address, the library shows both files ready (the PDF processed during the
 * seed, no job left queued), seeding again adds nothing, and without KAOPEI_DEMO there is no
 * demo course.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope, type Page } from '@kaopei/contracts';
import { courseApi, type CourseLearnDetail, type CourseLearnRecord, type CourseRecord } from '@kaopei/contracts/course';
import { courseFileApi, CourseFileType, MediaState, type CourseFileRecord } from '@kaopei/contracts/course-file';
import { courseStudyApi, type FetchFileRes } from '@kaopei/contracts/course-study';
import { LEARNER, testApp, type TestApp } from '../../test/app';
import { must } from '../../test/builders';
import { DEMO_COURSE_TITLE, DEMO_LINK_TITLE, DEMO_LINK_URL, DEMO_PDF_PAGES, DEMO_PDF_TITLE } from './demo.course';

/** The text of every page of a PDF (pdfjs-dist, as the web viewer reads it). */
async function pdfTexts(bytes: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

describe('the demo course of a fresh start with demo content', () => {
  let t: TestApp;
  let learner: string;
  let admin: string;

  beforeAll(async () => {
    // A fresh database: the seeded PDF's bytes live in this app's DATA_DIR.
    t = await testApp({}, { fresh: true });
    learner = await t.login(LEARNER);
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  const demoCourse = async (token: string, list: typeof courseApi.userPaging | typeof courseApi.openUserPaging) =>
    must(await t.call<Page<CourseLearnRecord>>(list, { current: 1, size: 100, params: { title: DEMO_COURSE_TITLE } }, token)).records.filter((c) => c.title === DEMO_COURSE_TITLE);

  it('is listed for the demo learner in my courses and in public courses: free, open to all, two chapters', async () => {
    const mine = await demoCourse(learner, courseApi.userPaging);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ openType: 1, free: true, canStudy: true, priceText: '免费', videoDrag: true, checkOn: false, fileCount: 2 });
    const open = await demoCourse(learner, courseApi.openUserPaging);
    expect(open.map((c) => c.id)).toEqual([mine[0]?.id]);

    const detail = must(await t.call<CourseLearnDetail>(courseApi.detail, { id: mine[0]?.id }, learner));
    expect(detail.fileList.map((f) => [f.title, f.fileType, f.pageCount])).toEqual([
      [DEMO_PDF_TITLE, CourseFileType.DOC, DEMO_PDF_PAGES.length],
      [DEMO_LINK_TITLE, CourseFileType.LINK, 0],
    ]);
  });

  it('fetch-file of the PDF answers a fileUrl that downloads as the 3-page PDF with the learner login only', async () => {
    const [course] = await demoCourse(learner, courseApi.userPaging);
    const detail = must(await t.call<CourseLearnDetail>(courseApi.detail, { id: course?.id }, learner));
    const pdfRow = detail.fileList[0];
    const file = must(await t.call<FetchFileRes>(courseStudyApi.fetchFile, { courseId: course?.id, fileId: pdfRow?.fileId }, learner));
    expect(file).toMatchObject({ title: DEMO_PDF_TITLE, fileType: CourseFileType.DOC, pageCount: 3, needSec: 90, learnSec: 0, check: null });
    expect(file.fileUrl).toMatch(/^\/api\/common\/file\/view\/[0-9a-f]{32}\.pdf$/);

    const res = await t.app.inject({ method: 'GET', url: file.fileUrl, headers: { token: learner } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const texts = await pdfTexts(res.rawPayload);
    expect(texts).toHaveLength(3);
    DEMO_PDF_PAGES.forEach((page, i) => expect(texts[i]).toContain(page.heading.split('　')[1]));
    expect(texts[1]).toContain('干粉灭火器');

    const anonymous = await t.app.inject({ method: 'GET', url: file.fileUrl });
    expect(anonymous.rawPayload.subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
    expect((anonymous.json() as Envelope<null>).code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('the link chapter answers its public address', async () => {
    const [course] = await demoCourse(learner, courseApi.userPaging);
    const detail = must(await t.call<CourseLearnDetail>(courseApi.detail, { id: course?.id }, learner));
    const link = must(await t.call<FetchFileRes>(courseStudyApi.fetchFile, { courseId: course?.id, fileId: detail.fileList[1]?.fileId }, learner));
    expect(link).toMatchObject({ title: DEMO_LINK_TITLE, fileType: CourseFileType.LINK, viewUrl: DEMO_LINK_URL, fileUrl: '' });
  });

  it('shows both files ready in the library (the PDF processed during the seed, not left to a job) and the course enabled in ListCourse', async () => {
    const library = async (title: string) => must(await t.call<Page<CourseFileRecord>>(courseFileApi.paging, { current: 1, size: 100, params: { title } }, admin)).records.filter((f) => f.title === title);
    const [pdf] = await library(DEMO_PDF_TITLE);
    expect(pdf).toMatchObject({ fileType: CourseFileType.DOC, dbsczt: MediaState.READY, pageCount: 3, catId: 'safety', catId_dictText: '安全培训', failMsg: '' });
    expect(pdf?.fileSize).toBeGreaterThan(1000);
    expect(await library(DEMO_LINK_TITLE)).toEqual([expect.objectContaining({ fileType: CourseFileType.LINK, dbsczt: MediaState.READY, viewUrl: DEMO_LINK_URL })]);
    const courses = must(await t.call<Page<CourseRecord>>(courseApi.paging, { current: 1, size: 100, params: { title: DEMO_COURSE_TITLE } }, admin)).records;
    expect(courses.map((c) => [c.title, c.state, c.openType_dictText])).toEqual([[DEMO_COURSE_TITLE, 0, expect.any(String)]]);
  });

  it('seeding again adds nothing (first start only: the seed log)', async () => {
    expect(await t.services.demo.seedCourse()).toBeNull();
    const courses = must(await t.call<Page<CourseRecord>>(courseApi.paging, { current: 1, size: 100, params: { title: DEMO_COURSE_TITLE } }, admin)).records;
    expect(courses).toHaveLength(1);
    const files = must(await t.call<Page<CourseFileRecord>>(courseFileApi.paging, { current: 1, size: 100, params: { title: DEMO_PDF_TITLE } }, admin)).records;
    expect(files).toHaveLength(1);
  });
});

describe('without demo content', () => {
  it('seeds no demo course', async () => {
    const t = await testApp({ KAOPEI_DEMO: 'false' });
    try {
      const admin = await t.login();
      const page = must(await t.call<Page<CourseRecord>>(courseApi.paging, { current: 1, size: 100, params: { title: DEMO_COURSE_TITLE } }, admin));
      expect(page.total).toBe(0);
      expect(await t.services.demo.seedCourse()).toBeNull();
    } finally {
      await t.close();
    }
  });
});
