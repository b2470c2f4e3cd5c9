/**
 * The demo course of a fresh start in the browser (issue 11 leftovers; README "demo content"): the
 * demo learner opens 公开课程 (/web/publicCourse), whose 国家局课程 button links to the national
 * bureau's course site in a new window, finds 安全生产基础知识（演示课程） there, opens its detail
 * (free, two chapters), starts it, and reads the seeded 3-page PDF in the PDF viewer (pdfjs-dist)
 * page by page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { laterUnreadMessages, loginThroughPage, POLL } from './support/ui';

const COURSE = '安全生产基础知识（演示课程）';

describe.skipIf(skipWithoutChromium())('the demo course: public courses, its detail, the seeded PDF', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists the demo course with the 国家局课程 link, opens it and reads the PDF page by page', async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_LEARNER);
    await laterUnreadMessages(page);
    await page.goto('/web/publicCourse');

    const national = page.getByTestId('public-course-national');
    await national.waitFor();
    expect(await national.getAttribute('href')).toBe('https://www.mem.gov.cn/');
    expect(await national.getAttribute('target')).toBe('_blank');
    expect(await national.getAttribute('rel')).toContain('noopener');
    expect(await national.textContent()).toContain('国家局课程');

    await page.locator('[data-testid^="course-card-"]', { hasText: COURSE }).click();
    await page.waitForURL('**/web/publicCourse/info?id=*');
    expect(await page.getByTestId('course-info-title').textContent()).toBe(COURSE);
    expect(await page.getByTestId('course-info-price').textContent()).toContain('免费');
    await page.getByText('第一章 安全生产基础知识讲义').waitFor();
    await page.getByText('第二章 延伸阅读：应急管理部官网').waitFor();

    await page.getByTestId('course-start').click();
    await page.waitForURL('**/web/course/view/*');
    const pageNo = page.getByTestId('course-pdf-page');
    await expect.poll(async () => (await pageNo.textContent())?.replace(/\s/g, ''), POLL).toBe('1/3');
    await page.getByTestId('course-pdf-next').click();
    await expect.poll(async () => (await pageNo.textContent())?.replace(/\s/g, ''), POLL).toBe('2/3');
    await page.getByTestId('study-learn-sec').getByText('需学 2 分钟').waitFor();
  });
});
