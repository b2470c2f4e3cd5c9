/**
 * Journey: sitting the new question types and marking a short answer (issue 8, helper S).
 * The admin's bank (single choice, short answer with keywords, fill blank, matching) and exam are
 * set up through the API; the learner answers every question in the browser with the type's own
 * widget (option, textarea, blank inputs, a select per left-hand item) and hands in: the paper waits
 * for marking and the result page says so without a score. The admin opens the marking list, sees
 * the learner's answer, the reference answer and the keyword suggestion, scores the short answer
 * and submits; the learner's result page then shows the final score (objective part + the mark).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { quApi } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { clickUntilGone, laterUnreadMessages, loginThroughPage, POLL, waitForText } from './support/ui';

describe.skipIf(skipWithoutChromium())('journey: the new question types are answered, the short answer is marked', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers types 1, 4, 5 and 6 in the browser, marks the short answer, shows the final score', async () => {
    // ── Admin (API): a bank of four types and an exam of one question each ─────────────────
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const { id: repoId } = await admin.call(repoApi.save, { title: `E2E 全题型 ${Date.now()}`, remark: '' });
    await admin.call(quApi.save, { repoId, quType: 1, content: '安全帽的作用是？', answerList: [{ content: '保护头部', isRight: true }, { content: '装饰', isRight: false }] });
    await admin.call(quApi.save, { repoId, quType: 4, content: '简述灭火器的使用方法', answer: '拔掉保险销，对准火焰根部，压下压把', keywords: [{ word: '保险销', score: 3 }, { word: '根部', score: 3 }] });
    await admin.call(quApi.save, { repoId, quType: 5, content: '火警电话是____，急救电话是____', answerList: [{ answer: '119' }, { answer: '120' }], blankOpts: { ignoreCase: false, fullHalf: true, anyOrder: false } });
    await admin.call(quApi.save, { repoId, quType: 6, content: '将标志与含义配对', answerList: [{ content: '红色', answer: '禁止' }, { content: '黄色', answer: '警告' }, { content: '', answer: '指令' }] });
    const title = `E2E 阅卷考试 ${Date.now()}`;
    const { id: examId } = await admin.call(examApi.save, {
      title,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 20,
      chance: 0,
      ruleList: [
        { repoId, quType: 1, quCount: 1, quScore: 5 },
        { repoId, quType: 4, quCount: 1, quScore: 10 },
        { repoId, quType: 5, quCount: 1, quScore: 6 },
        { repoId, quType: 6, quCount: 1, quScore: 4 },
      ],
    });

    // ── Learner (browser): answer every question with its widget and hand in ─────────────────
    const learnerCtx = await browser.context(server.baseUrl);
    const page = await learnerCtx.newPage();
    await laterUnreadMessages(page);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto(`/web/exam/check/${examId}`);
    await page.getByTestId('check-start').click();
    await page.waitForURL('**/web/exam/start/**');
    const paperId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    const cards = page.locator('[data-testid^="card-qu-"]');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      await cards.nth(i).click();
      const content = ((await page.getByTestId('qu-content').textContent()) ?? '').trim();
      if (content.includes('安全帽')) {
        await page.locator('[data-testid^="option-"]', { hasText: '保护头部' }).click();
      } else if (content.includes('灭火器')) {
        await page.getByTestId('answer-text').fill('先拔掉保险销，再对准火焰根部喷射');
      } else if (content.includes('火警')) {
        await page.getByTestId('blank-0').fill('１１９'); // full-width digits: alike with the fullHalf option
        await page.getByTestId('blank-1').fill('120');
      } else {
        const selects = page.locator('[data-testid^="match-"]');
        await selects.first().waitFor();
        for (let j = 0; j < (await selects.count()); j++) {
          const row = page.locator('.qu-match tr').nth(j);
          const left = ((await row.locator('.qu-match-left').textContent()) ?? '').trim();
          await selects.nth(j).selectOption(left.includes('红色') ? '禁止' : '警告');
        }
      }
      await expect.poll(async () => page.getByTestId('save-state').textContent(), POLL).toBe('已保存');
    }
    await page.getByTestId('hand-exam').click();
    await waitForText(page, 'hand-unanswered', '您已完成全部试题，确定要交卷吗？');
    await clickUntilGone(page.getByTestId('hand-confirm')); // hand-in is exactly-once on the server
    await page.waitForURL(`**/web/exam/result/${paperId}/exam`);
    await page.getByTestId('result-waiting').waitFor();
    expect(await page.getByTestId('result-score').count()).toBe(0);

    // ── Admin (browser): mark the short answer ───────────────────────────────────────────────
    const adminCtx = await browser.context(server.baseUrl);
    const adminPage = await adminCtx.newPage();
    await loginThroughPage(adminPage, DEMO_ADMIN);
    await adminPage.goto('/admin/exam/mark');
    await adminPage.getByTestId(`mark-open-${paperId}`).click();
    await adminPage.waitForURL(`**/admin/exam/mark/paper/${paperId}`);
    const item = adminPage.locator('[data-testid^="mark-item-"]');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    const itemId = ((await item.first().getAttribute('data-testid')) ?? '').replace('mark-item-', '');
    await waitForText(adminPage, `mark-answer-${itemId}`, '先拔掉保险销，再对准火焰根部喷射');
    await waitForText(adminPage, `mark-suggest-${itemId}`, '关键词命中：保险销、根部，建议得分 6 分');
    await adminPage.getByTestId(`mark-score-${itemId}`).fill('8');
    await adminPage.getByTestId(`mark-comment-${itemId}`).fill('步骤完整');
    await adminPage.getByTestId('mark-submit').click();
    await adminPage.waitForURL('**/admin/exam/mark');

    // ── Learner: the result shows the final score: 5 + 8 + 6 + 4 ─────────────────────────────
    await page.reload();
    await waitForText(page, 'result-score', '23');
    await waitForText(page, 'result-passed', '通过');
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const paper = (await learner.myPapers(examId)).find((p) => p.id === paperId);
    expect(paper).toMatchObject({ state: 2, userScore: 23, passed: true });
  });
});
