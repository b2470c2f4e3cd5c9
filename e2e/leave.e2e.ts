/**
 * Issue 9 "Integrity controls": a learner leaves the exam page (the page is hidden longer than the
 * exam's leaveCheck seconds) more often than the exam allows and is handed in by the server. The
 * exam (leave monitoring on, 1 s tolerance, 1 leave allowed) is set up through the API; the browser
 * hides and shows the page (document.visibilityState + visibilitychange, as switching tabs does).
 * The first leave shows the dialog of the leaves left; the second one is over the limit: the page
 * goes to the result and the API shows the paper handed in with 2 leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { examApi } from '@kaopei/contracts/exam';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, sleep } from './support/ui';

const DEMO_BANK_TITLE = '安全生产基础知识（演示）';

/** Hides the page for `ms`, then shows it again (what switching to another tab and back does). */
async function leaveFor(page: Page, ms: number) {
  const set = (state: string) =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await set('hidden');
  await sleep(ms);
  await set('visible');
}

describe.skipIf(skipWithoutChromium())('leave monitoring: a learner who leaves the exam page too often is handed in', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('warns after the first leave and hands in after the second', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const repo = await admin.repoByTitle(DEMO_BANK_TITLE);
    const { id: examId } = await admin.call(examApi.save, {
      title: `E2E 切屏监控 ${Date.now()}`,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 6,
      chance: 0,
      leaveOn: true,
      leaveCheck: 1,
      leaveCount: 1,
      ruleList: [{ repoId: repo.id, quType: 1, quCount: 2, quScore: 5 }],
    });

    const context = await browser.context(server.baseUrl);
    const page = await context.newPage();
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto('/web/index');
    await page.getByTestId(`start-exam-${examId}`).click();
    await page.waitForURL(`**/web/exam/check/${examId}`);
    await page.getByTestId('check-start').click();
    await page.waitForURL('**/web/exam/start/**');
    const paperId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.locator('[data-testid^="card-qu-"]').first().waitFor();

    // A short look away (within the tolerance) is not a leave.
    await leaveFor(page, 300);
    await sleep(500);
    expect(await page.getByTestId('leave-dialog').count()).toBe(0);

    await leaveFor(page, 1_300);
    const first = page.getByTestId('leave-dialog');
    await first.waitFor();
    expect(await first.textContent()).toBe('您已离开考试页面 1 次，再次离开将自动交卷！');
    expect(page.url()).toContain('/web/exam/start/');

    await leaveFor(page, 1_300);
    await page.waitForURL(`**/web/exam/result/${paperId}/exam`);
    await page.getByText('您离开考试页面的次数已超过 1 次，系统已自动交卷！').waitFor();

    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const paper = (await learner.myPapers(examId)).find((p) => p.id === paperId);
    expect(paper?.state).toBe(2);
  });
});
