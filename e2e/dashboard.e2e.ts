/**
 * The admin dashboard at 1440 px (SPEC §2 Dashboard, §9 count-up and lists of 5), against the real
 * server with its demo content: the demo learner sits the demo exam and hands in through the API,
 * then the administrator's dashboard shows the totals the API answers (after the count-up), draws
 * the user trend and exam overview charts on a canvas, and lists the demo exam among the exams in
 * progress with one paper handed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { paperApi } from '@kaopei/contracts/paper';
import { statApi } from '@kaopei/contracts/stat';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, POLL } from './support/ui';

describe.skipIf(skipWithoutChromium())('admin dashboard at 1440 px', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 170_000 });
  }, 200_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the totals, draws the trend charts with data and lists the exam in progress', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const exam = (await admin.call(examApi.paging, { current: 1, size: 1 })).records[0];
    if (!exam) throw new Error('the demo exam is missing');
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const { id } = await learner.call(paperApi.createPaper, { examId: exam.id });
    await learner.call(paperApi.handExam, { id });
    const totals = await admin.call(statApi.totalNumAll, {});

    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await page.waitForURL('**/admin/dashboard');

    // Totals: the final number at once in data-value, and in the text once the count-up ends.
    for (const key of ['examCount', 'repoCount', 'quCount', 'courseCount', 'fileCount', 'userCount'] as const) {
      const card = page.getByTestId(`stat-${key}`);
      await card.waitFor();
      expect(await card.getAttribute('data-value')).toBe(String(totals[key]));
      await expect.poll(async () => (await card.locator('.ant-statistic-content-value').textContent())?.replace(/,/g, ''), POLL).toBe(String(totals[key]));
    }
    expect(totals.userCount).toBeGreaterThanOrEqual(2);

    // Charts with data: a canvas each (the echarts chunk loaded lazily).
    for (const chart of ['dashboard-chart-user', 'dashboard-chart-exam']) {
      const canvas = page.getByTestId(chart).locator('canvas').first();
      await canvas.waitFor({ timeout: 20_000 });
      const box = await canvas.boundingBox();
      expect(box?.width).toBeGreaterThan(300);
    }
    const week = await admin.call(statApi.examWeek, {});
    expect(week.at(-1)).toMatchObject({ examCount: 1, examUser: 1 });

    // The exam in progress, with the paper handed in; the title search narrows the list.
    const exams = page.getByTestId('dashboard-exams');
    await expect.poll(() => exams.locator('tbody tr', { hasText: exam.title }).count(), POLL).toBe(1);
    expect(await exams.locator('tbody tr', { hasText: exam.title }).locator('td').last().textContent()).toBe('1');
    const search = page.locator('input[data-testid="dashboard-exams-search"], [data-testid="dashboard-exams-search"] input').first();
    await search.fill('没有这样的考试');
    await search.press('Enter');
    await expect.poll(() => exams.locator('tbody tr', { hasText: exam.title }).count(), POLL).toBe(0);
  }, 120_000);
});
