/**
 * Live invigilation (issue 9): a learner sits an exam in the browser; an administrator opens 监考
 * from the exam list, sees the learner online and 考试中, sends a reminder that the learner's exam
 * page shows as the persistent "管理员提醒" notice (over the exam socket), then forces the hand-in:
 * the row turns 已完成 and the learner is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, POLL, waitForText } from './support/ui';

const DEMO_BANK_TITLE = '安全生产基础知识（演示）';

describe.skipIf(skipWithoutChromium())('invigilation: reminder and forced hand-in from ExamWatch', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('reaches the learner as 管理员提醒 and hands the paper in', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const repo = await admin.repoByTitle(DEMO_BANK_TITLE);
    const title = `E2E 监考 ${Date.now()}`;
    const { id: examId } = await admin.call(examApi.save, {
      title, content: '', openType: 1, startTime: null, endTime: null, totalTime: 30, qualifyScore: 6, chance: 0,
      ruleList: [{ repoId: repo.id, quType: 1, quCount: 2, quScore: 5 }],
    });

    // ── Learner: start the exam ─────────────────────────────────────────────────────────────
    const learnerCtx = await browser.context(server.baseUrl);
    const learner = await learnerCtx.newPage();
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.goto('/web/index');
    await learner.getByTestId(`start-exam-${examId}`).click();
    await learner.waitForURL(`**/web/exam/check/${examId}`);
    await learner.getByTestId('check-start').click();
    await learner.waitForURL('**/web/exam/start/**');
    await learner.locator('[data-testid^="card-qu-"]').first().waitFor();

    // ── Admin: 监考 from the exam list; the learner is online ─────────────────────────────────
    const adminCtx = await browser.context(server.baseUrl);
    const page = await adminCtx.newPage();
    await loginThroughPage(page, DEMO_ADMIN);
    await page.goto('/admin/exam/exam');
    await page.getByTestId(`exam-watch-${examId}`).click();
    await page.waitForURL(`**/admin/exam/watch/${examId}`);
    const onlineTag = page.locator('[data-testid^="watch-online-"]').first();
    await expect.poll(async () => (await onlineTag.textContent()) ?? '', POLL).toBe('在线');
    const userId = ((await onlineTag.getAttribute('data-testid')) ?? '').slice('watch-online-'.length);
    await waitForText(page, `watch-state-${userId}`, '考试中');

    // ── Reminder → the learner's notice ──────────────────────────────────────────────────────
    await page.getByTestId(`watch-remind-${userId}`).click();
    await page.getByTestId('watch-remind-text').fill('请不要离开座位');
    await page.getByTestId('watch-remind-send').click();
    const notice = learner.getByTestId('exam-remind').filter({ hasText: '请不要离开座位' });
    await notice.waitFor({ timeout: POLL.timeout });
    expect(await notice.textContent()).toContain('管理员提醒');

    // ── Forced hand-in ───────────────────────────────────────────────────────────────────────
    await page.getByTestId(`watch-hand-${userId}`).click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await waitForText(page, `watch-state-${userId}`, '已完成');
    await learner.getByTestId('exam-remind').filter({ hasText: '监考老师已为你交卷。' }).waitFor({ timeout: POLL.timeout });
  });
});
