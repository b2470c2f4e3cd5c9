/**
 * Issue 9 "Result page … wrong questions, question detail, device check": a learner opens the device
 * check from the exam check page, sits an exam that publishes its answers (result display 3) with a
 * wrong answer, finds the question in the exam's wrong book /web/book/list/{examId}, practises it
 * (next → check: only then 回答正确 with the analysis) and opens its detail /web/qu/view/{id} from the
 * result page, after opening the exam records from my scores. The bank and exam are set up through
 * the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookApi } from '@kaopei/contracts/book';
import { examApi } from '@kaopei/contracts/exam';
import { quApi } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { clickUntilGone, laterUnreadMessages, loginThroughPage, POLL, waitForText } from './support/ui';

describe.skipIf(skipWithoutChromium())('wrong book: a wrong answer is practised from /web/book/list and viewed at /web/qu/view', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sits the exam with a wrong answer, practises it in the wrong book and opens the question detail', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const { id: repoId } = await admin.call(repoApi.save, { title: `E2E 错题本 ${Date.now()}`, remark: '' });
    const { id: quId } = await admin.call(quApi.save, {
      repoId,
      quType: 1,
      content: '进入施工现场必须佩戴什么？',
      analysis: '安全帽保护头部，进入施工现场必须佩戴。',
      answerList: [
        { content: '安全帽', isRight: true },
        { content: '太阳镜', isRight: false },
      ],
    });
    const { id: examId } = await admin.call(examApi.save, {
      title: `E2E 错题考试 ${Date.now()}`,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 5,
      chance: 0,
      resultShow: 3,
      ruleList: [{ repoId, quType: 1, quCount: 1, quScore: 10 }],
    });

    const page = await (await browser.context(server.baseUrl)).newPage();
    await laterUnreadMessages(page);
    await loginThroughPage(page, DEMO_LEARNER);

    // The device check is one click from the exam check page and lists the browser's support.
    await page.goto(`/web/exam/check/${examId}`);
    await page.getByTestId('check-debug').click();
    await page.waitForURL('**/web/exam/debug');
    await expect.poll(async () => page.getByTestId('debug-browser').textContent(), POLL).toContain('WebSocket（在线监考）：支持');
    await page.goBack();
    await page.waitForURL(`**/web/exam/check/${examId}`);

    // ── The exam: the wrong option, hand in ─────────────────────────────────────────────────
    await page.getByTestId('check-start').click();
    await page.waitForURL('**/web/exam/start/**');
    const paperId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.locator('[data-testid^="option-"]', { hasText: '太阳镜' }).click();
    await expect.poll(async () => page.getByTestId('save-state').textContent(), POLL).toBe('已保存');
    // Before hand-in the question detail is refused with the server's message.
    await page.goto(`/web/qu/view/${quId}?paperId=${paperId}`);
    await waitForText(page, 'quview-refused', '试卷尚未交卷或阅卷未完成，暂不能查看试题详情！');
    await page.goto(`/web/exam/start/${paperId}`);
    await page.getByTestId('hand-exam').click();
    await waitForText(page, 'hand-unanswered', '您已完成全部试题，确定要交卷吗？');
    await clickUntilGone(page.getByTestId('hand-confirm'));
    await page.waitForURL(`**/web/exam/result/${paperId}/exam`);
    await waitForText(page, 'result-score', '0');

    // ── The wrong book of the exam: the question is there; practise it ─────────────────────
    // The book is fed in the background after marking (paper.marked on the job queue): wait for it.
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    await expect.poll(async () => (await learner.call(bookApi.paging, { current: 1, size: 10, params: { examId } })).records.map((r) => r.quId), POLL).toEqual([quId]);
    await page.getByTestId('result-book').click();
    await page.waitForURL(`**/web/book/list/${examId}`);
    const row = page.getByTestId(`book-row-${quId}`);
    await expect.poll(async () => (await row.count()) > 0 && ((await row.textContent()) ?? ''), POLL).toContain('进入施工现场必须佩戴什么？');
    expect(await page.locator('[data-testid^="book-row-"]').count()).toBe(1);
    await page.getByTestId('book-practise').click();
    const practice = page.getByTestId('book-practice');
    await practice.waitFor();
    await waitForText(page, 'book-practice-index', '第 1 / 1 题');
    // Nothing tells the answer before it is checked.
    expect(await practice.textContent()).not.toContain('安全帽保护头部');
    await practice.locator('[data-testid^="option-"]', { hasText: '安全帽' }).click();
    await page.getByTestId('book-check').click();
    const right = page.getByTestId('book-check-right');
    await right.waitFor();
    expect(await right.textContent()).toContain('回答正确');
    expect(await right.textContent()).toContain('安全帽保护头部，进入施工现场必须佩戴。');
    // The list shows the right answer in a row (连续答对 1), the mistake still counted once.
    await expect.poll(async () => (await row.locator('td').allTextContents()).slice(2, 4), POLL).toEqual(['1', '1']);

    // ── Exam records from my scores, then the question detail from the result page ──────────
    await page.goto('/web/paper');
    await page.getByTestId(`paper-records-${paperId}`).click();
    await page.waitForURL(new RegExp(`/web/paper/list/${examId}/[^/]+$`));
    await page.getByTestId(`record-row-${paperId}`).waitFor();
    expect(await page.locator('[data-testid^="record-row-"]').count()).toBe(1);
    await page.getByTestId(`record-view-${paperId}`).click();
    await page.waitForURL(`**/web/exam/result/${paperId}/paper`);
    await page.getByTestId(`result-qu-detail-${quId}`).click();
    await page.waitForURL(`**/web/qu/view/${quId}?paperId=${paperId}`);
    const detail = page.getByTestId(`result-qu-${quId}`);
    await detail.waitFor();
    expect(await detail.textContent()).toContain('回答错误');
    expect(await detail.textContent()).toContain('安全帽保护头部，进入施工现场必须佩戴。');
    await waitForText(page, `result-qu-right-${quId}`, 'A');

    // At 375 px wide the detail, the wrong book with its practice pane and the device check fit the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await detail.waitFor();
    await expect.poll(overflow, { ...POLL, message: 'horizontal scroll' }).toBeLessThanOrEqual(0); // once laid out at the new width
    await page.goto(`/web/book/list/${examId}`);
    await row.waitFor();
    await page.getByTestId('book-practise').click();
    await page.getByTestId('book-practice').waitFor();
    await expect.poll(overflow, { ...POLL, message: 'horizontal scroll' }).toBeLessThanOrEqual(0); // once laid out at the new width
    await page.goto('/web/exam/debug');
    await page.getByTestId('debug-browser').waitFor();
    await expect.poll(overflow, { ...POLL, message: 'horizontal scroll' }).toBeLessThanOrEqual(0); // once laid out at the new width
  });
});
