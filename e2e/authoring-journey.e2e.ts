/**
 * The issue 8 journey: a bank holding one question of each of the seven types (set up through the
 * API); the administrator builds in the browser an exam of the draw method whose pool is those seven
 * questions, 10 points each, all seven drawn, behind a password. The learner cannot start without
 * the password, starts with it, answers every type with its widget (the combined question through
 * its sub-questions) and hands in: the paper waits for marking. The administrator marks the short
 * answer; the learner's result page shows the final score (6 × 10 objective + 8 for the short
 * answer = 68 of 70).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { quApi } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { clickUntilGone, fillNumber, laterUnreadMessages, loginThroughPage, pickOption, POLL, waitForText } from './support/ui';

const PASSWORD = 'Seven-7';

describe.skipIf(skipWithoutChromium())('journey: an exam of all seven types, drawn, behind a password, marked', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('builds the exam, the learner needs the password, the short answer is marked, the result shows the final score', async () => {
    const stamp = Date.now();
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const { id: repoId } = await api.call(repoApi.save, { title: `E2E 七种题型 ${stamp}`, remark: '' });
    const opt = (content: string, isRight: boolean) => ({ content, isRight });
    const quIds = [
      await api.call(quApi.save, { repoId, quType: 1, content: '单选：安全帽的作用是？', answerList: [opt('保护头部', true), opt('装饰', false)] }),
      await api.call(quApi.save, { repoId, quType: 2, content: '多选：下列属于灭火器的是？', answerList: [opt('干粉灭火器', true), opt('二氧化碳灭火器', true), opt('沙发', false)] }),
      await api.call(quApi.save, { repoId, quType: 3, content: '判断：电梯着火时可以乘坐电梯逃生。', answerList: [opt('正确', false), opt('错误', true)] }),
      await api.call(quApi.save, { repoId, quType: 4, content: '简答：简述灭火器的使用方法', answer: '拔掉保险销，对准火焰根部，压下压把', keywords: [{ word: '保险销', score: 5 }] }),
      await api.call(quApi.save, { repoId, quType: 5, content: '填空：火警电话是____', answerList: [{ answer: '119' }], blankOpts: { ignoreCase: false, fullHalf: true, anyOrder: false } }),
      await api.call(quApi.save, { repoId, quType: 6, content: '匹配：将标志颜色与含义配对', answerList: [{ content: '红色', answer: '禁止' }, { content: '黄色', answer: '警告' }, { content: '', answer: '指令' }] }),
      await api.call(quApi.save, {
        repoId,
        quType: 99,
        content: '组合：阅读应急预案后作答',
        subList: [
          { quType: 1, content: '小题：报警电话是？', answerList: [opt('119', true), opt('110', false)] },
          { quType: 5, content: '小题：急救电话是____', answerList: [{ answer: '120' }] },
        ],
      }),
    ].map((r) => r.id);
    const title = `E2E 七题型密码考试 ${stamp}`;

    // ── The administrator builds the exam in the form: draw 7 of the 7-question pool, a password ──
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await admin.goto('/admin/exam/exam/add');
    await admin.getByTestId('exam-title').fill(title);
    await fillNumber(admin, 'exam-total-time', 30);
    await admin.getByTestId('exam-paper-method').getByText('抽题组卷').click();
    await admin.getByTestId('fixed-qu-add').click();
    await pickOption(admin, 'qu-picker-repo', `qu-picker-repo-option-${repoId}`);
    await admin.getByTestId('qu-picker-search').click();
    for (const id of quIds) await admin.getByTestId(`qu-picker-row-${id}`).locator('input[type="checkbox"]').check();
    await admin.getByTestId('qu-picker-ok').click();
    await fillNumber(admin, 'fixed-qu-batch-score', 10);
    await admin.getByTestId('fixed-qu-batch-apply').click();
    await fillNumber(admin, 'exam-draw-count', 7);
    await waitForText(admin, 'exam-total-score', '70');
    await fillNumber(admin, 'exam-qualify-score', 42);
    await admin.getByTestId('exam-open-type').getByText('需要密码').click();
    await admin.getByTestId('exam-password').fill(PASSWORD);
    await admin.getByTestId('exam-submit').click();
    await admin.waitForURL((url) => url.pathname === '/admin/exam/exam');
    const exam = (await api.call(examApi.paging, { current: 1, size: 10, params: { title } })).records[0];
    expect(exam).toMatchObject({ paperMethod: 3, openType: 9, totalScore: 70 });
    const examId = exam?.id ?? '';

    // ── The learner: the password first ───────────────────────────────────────────────────────
    const page = await browser.page(server.baseUrl);
    await laterUnreadMessages(page);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto(`/web/exam/check/${examId}`);
    await page.getByTestId('check-start').click();
    await page.getByText('请输入考试密码！').first().waitFor();
    await page.getByTestId('check-password').fill('wrong');
    await page.getByTestId('check-start').click();
    await page.getByText('考试密码错误！').first().waitFor();
    await page.getByTestId('check-password').fill(PASSWORD);
    await page.getByTestId('check-start').click();
    await page.waitForURL('**/web/exam/start/**');
    const paperId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    // ── … answers every type with its own widget ──────────────────────────────────────────────
    const cards = page.locator('[data-testid^="card-qu-"]');
    await expect.poll(() => cards.count(), POLL).toBe(7);
    const option = (text: string) => page.locator('[data-testid^="option-"]', { hasText: text });
    for (let i = 0; i < 7; i++) {
      await cards.nth(i).click();
      const content = ((await page.getByTestId('qu-content').first().textContent()) ?? '').trim();
      if (content.startsWith('单选')) await option('保护头部').click();
      else if (content.startsWith('多选')) {
        await option('干粉灭火器').click();
        await option('二氧化碳灭火器').click();
      } else if (content.startsWith('判断')) await option('错误').click();
      else if (content.startsWith('简答')) await page.getByTestId('answer-text').fill('先拔掉保险销，再对准火焰根部喷射');
      else if (content.startsWith('填空')) await page.getByTestId('blank-0').fill('１１９');
      else if (content.startsWith('匹配')) {
        const rows = page.locator('.qu-match tr');
        const selects = page.locator('[data-testid^="match-"]');
        await selects.first().waitFor();
        for (let j = 0; j < (await selects.count()); j++) {
          const left = ((await rows.nth(j).locator('.qu-match-left').textContent()) ?? '').trim();
          await selects.nth(j).selectOption(left.includes('红色') ? '禁止' : '警告');
        }
      } else {
        expect(content.startsWith('组合')).toBe(true);
        const subs = page.locator('[data-testid^="sub-"]');
        await expect.poll(() => subs.count(), POLL).toBe(2);
        await subs.nth(0).locator('[data-testid^="option-"]', { hasText: '119' }).click();
        await subs.nth(1).getByTestId('blank-0').fill('120');
      }
      await expect.poll(async () => page.getByTestId('save-state').first().textContent(), POLL).toBe('已保存');
    }
    await page.getByTestId('hand-exam').click();
    await clickUntilGone(page.getByTestId('hand-confirm')); // hand-in is exactly-once on the server
    await page.waitForURL(`**/web/exam/result/${paperId}/exam`);
    await page.getByTestId('result-waiting').waitFor();

    // ── The administrator marks the short answer ──────────────────────────────────────────────
    await admin.goto('/admin/exam/mark');
    await admin.getByTestId(`mark-open-${paperId}`).click();
    await admin.waitForURL(`**/admin/exam/mark/paper/${paperId}`);
    const item = admin.locator('[data-testid^="mark-item-"]');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    const itemId = ((await item.first().getAttribute('data-testid')) ?? '').replace('mark-item-', '');
    await admin.getByTestId(`mark-score-${itemId}`).fill('8');
    await admin.getByTestId('mark-submit').click();
    await admin.waitForURL('**/admin/exam/mark');

    // ── The learner's result page shows the final score ───────────────────────────────────────
    await page.reload();
    await waitForText(page, 'result-score', '68');
    await waitForText(page, 'result-total', '70');
    await waitForText(page, 'result-passed', '通过');
  });
});
