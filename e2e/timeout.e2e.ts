/**
 * Journey 2: "a second journey leaves a one-minute exam unanswered and sees it handed in by the
 * server". The admin's one-minute exam is set up through the API; the learner starts it in the
 * browser, answers nothing, leaves the exam page (the page is closed: no client timer survives).
 * The server's clock is then moved past the deadline (the server runs with KAOPEI_TEST_CLOCK, so
 * the journey need not sleep a minute) and the learner finds the paper handed in by the sweeper
 * with score 0 — without any hand-exam call from the browser. The API confirms: state 2 (已完成)
 * and handTime at the deadline.
 */
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { DEADLINE_GRACE_MS, type PaperRecord } from '@kaopei/contracts/paper';
import { Api, DEMO_ADMIN, DEMO_LEARNER, parseApiTime } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { laterUnreadMessages, loginThroughPage, POLL, sleep, waitForText } from './support/ui';

/** The bank the server seeds on first start (apps/server/src/db/seed/demo-bank.ts). */
const DEMO_BANK_TITLE = '安全生产基础知识（演示）';

describe.skipIf(skipWithoutChromium())('journey 2: an unanswered one-minute exam is handed in by the server', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ env: { KAOPEI_TEST_CLOCK: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('hands in the abandoned paper at the deadline with score 0', async () => {
    // ── Admin (API): a one-minute exam of 2 single-choice questions ──────────────────────────
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const repo = await admin.repoByTitle(DEMO_BANK_TITLE);
    const title = `E2E 一分钟考试 ${Date.now()}`;
    const { id: examId } = await admin.call(examApi.save, {
      title,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 1,
      qualifyScore: 6,
      chance: 0,
      ruleList: [{ repoId: repo.id, quType: 1, quCount: 2, quScore: 5 }],
    });

    // ── Learner (browser): start the exam, answer nothing, leave ─────────────────────────────
    const context = await browser.context(server.baseUrl);
    const handCalls: string[] = [];
    context.on('request', (req: Request) => {
      if (req.url().includes('/api/paper/paper/hand-exam')) handCalls.push(req.url());
    });
    const page = await context.newPage();
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto('/web/index');
    await page.getByTestId(`start-exam-${examId}`).click();
    await page.waitForURL(`**/web/exam/check/${examId}`);
    await page.getByTestId('check-start').click();
    await page.waitForURL('**/web/exam/start/**');
    const startedAt = Date.now();
    const paperId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    expect(paperId).not.toBe('');
    await page.locator('[data-testid^="card-qu-"]').first().waitFor();
    await expect.poll(async () => ((await page.getByTestId('countdown').textContent()) ?? '').trim(), POLL).toMatch(/^00:0[01]:\d\d$/);

    await page.goto('/web/home');
    await page.close();

    // ── The server's clock passes the deadline and its grace; the sweeper (every 1 s) hands the paper in ────
    await admin.advanceClock(Math.max(0, startedAt + 61_000 + DEADLINE_GRACE_MS - Date.now()));
    await sleep(2_500);

    // ── My scores shows it handed in, score 0 ────────────────────────────────────────────────
    const again = await context.newPage();
    await laterUnreadMessages(again);
    await again.goto('/web/paper');
    const row = again.getByTestId(`paper-row-${paperId}`);
    await row.waitFor();
    await again.getByTestId(`paper-view-${paperId}`).waitFor();
    expect(await again.getByTestId(`paper-resume-${paperId}`).count()).toBe(0);
    const cells = (await row.locator('td').allTextContents()).map((t) => t.trim());
    expect(cells[0]).toBe(title);
    expect(cells[1]).toBe('0');
    await again.getByTestId(`paper-view-${paperId}`).click();
    await again.waitForURL(`**/web/exam/result/${paperId}/paper`);
    await waitForText(again, 'result-score', '0');
    await again.getByText('已完成', { exact: true }).first().waitFor();

    // ── The API agrees: state 2, handTime at most one minute after creation ───────────────────
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const paper: PaperRecord | undefined = (await learner.myPapers(examId)).find((p) => p.id === paperId);
    expect(paper).toBeDefined();
    if (!paper) return;
    expect(paper.state).toBe(2);
    expect(paper.state_dictText).toBe('已完成');
    expect(paper.userScore).toBe(0);
    expect(paper.handTime).not.toBeNull();
    const took = (parseApiTime(paper.handTime ?? '') - parseApiTime(paper.createTime)) / 1000;
    expect(took).toBeGreaterThanOrEqual(59);
    expect(took).toBeLessThanOrEqual(60);
    expect(paper.userTime).toBeLessThanOrEqual(60);

    // ── …and the browser never asked for it ──────────────────────────────────────────────────
    expect(handCalls).toEqual([]);
  });
});
