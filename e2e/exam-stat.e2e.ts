/**
 * Exam statistics (issue 14): a learner sits an exam through the API and hands it in unanswered; an
 * administrator opens 统计 from the exam list and sees the scored paper counted, the distribution
 * chart drawn, and every question of the paper in the item table with facility 0 flagged 偏难.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { paperApi } from '@kaopei/contracts/paper';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, POLL, waitForText } from './support/ui';

const DEMO_BANK_TITLE = '安全生产基础知识（演示）';

describe.skipIf(skipWithoutChromium())('exam statistics from the exam list', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 150_000 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('opens ExamStat with the handed-in paper, the chart and the flagged items', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const repo = await admin.repoByTitle(DEMO_BANK_TITLE);
    const { id: examId } = await admin.call(examApi.save, {
      title: `E2E 统计 ${Date.now()}`, content: '', openType: 1, startTime: null, endTime: null, totalTime: 30, qualifyScore: 6, chance: 0,
      ruleList: [{ repoId: repo.id, quType: 1, quCount: 2, quScore: 5 }],
    });
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const { id: paperId } = await learner.call(paperApi.createPaper, { examId });
    await learner.call(paperApi.handExam, { id: paperId });

    const ctx = await browser.context(server.baseUrl);
    const page = await ctx.newPage();
    await loginThroughPage(page, DEMO_ADMIN);
    await page.goto('/admin/exam/exam');
    await page.getByTestId(`exam-stat-${examId}`).click();
    await page.waitForURL(`**/admin/exam/stat/${examId}`);
    await waitForText(page, 'exam-stat-count', /^试卷数1$/);
    await page.getByTestId('exam-stat-chart').locator('canvas').first().waitFor({ timeout: POLL.timeout });
    await waitForText(page, 'exam-stat-facility-1', '0%');
    expect(await page.getByTestId('exam-stat-flags-2').textContent()).toContain('偏难');
    expect(await page.getByTestId('exam-stat-pass-rate').textContent()).toContain('0%');
  });
});
