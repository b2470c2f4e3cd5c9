/**
 * Exam authoring in the browser (issue 8 "Exams", helper E): the administrator opens 添加考试,
 * sees a rule on hard questions the bank lacks reported live as a shortfall, switches to the draw
 * method, picks the pool in the question picker, sets one score, draws 2 per learner behind a
 * password, saves; previews a sample paper with its answers; the learner's check page refuses to
 * start without the password and with a wrong one, and starts with the right one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { quApi } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { fillNumber, laterUnreadMessages, loginThroughPage, pickOption, POLL, waitForText } from './support/ui';

describe.skipIf(skipWithoutChromium())('exam authoring: draw method, password, shortfall, preview', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('builds a password exam of the draw method, previews it, and the learner needs the password', async () => {
    const stamp = Date.now();
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const { id: repoId } = await api.call(repoApi.save, { title: `E2E 抽题题库 ${stamp}`, remark: '' });
    const quIds: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const answerList = ['甲', '乙', '丙'].map((c, k) => ({ content: `选项${c}${i}`, isRight: k === 0, analysis: '', image: '' }));
      quIds.push((await api.call(quApi.save, { repoId, quType: 1, level: 1, content: `E2E 抽题 ${stamp} 第${i}题`, analysis: `解析${i}`, image: '', answerList })).id);
    }
    const title = `E2E 密码抽题考试 ${stamp}`;

    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await admin.goto('/admin/exam/exam/add');
    await admin.getByTestId('exam-title').fill(title);
    await fillNumber(admin, 'exam-total-time', 20);
    // A rule on hard questions: the bank has none, the shortfall shows while editing.
    await pickOption(admin, 'rule-repo-0', `rule-repo-0-option-${repoId}`);
    await pickOption(admin, 'rule-type-0', 'rule-type-0-option-1');
    await pickOption(admin, 'rule-level-0', 'rule-level-0-option-2');
    await fillNumber(admin, 'rule-count-0', 2);
    await fillNumber(admin, 'rule-score-0', 5);
    await waitForText(admin, 'exam-shortfalls', /单选题（较难）不足：需要 2，仅有 0/);
    // The bank picker adds one rule per chosen bank.
    await admin.getByTestId('rule-pick-repos').click();
    await admin.getByTestId('repo-picker-search').fill(`E2E 抽题题库 ${stamp}`);
    await admin.getByTestId('repo-picker-search').press('Enter');
    await admin.getByTestId(`repo-picker-row-${repoId}`).click();
    await admin.getByTestId('repo-picker-ok').click();
    await expect.poll(async () => admin.locator('[data-testid="rule-repo-1"]').textContent(), POLL).toContain(`E2E 抽题题库 ${stamp}`);

    // The draw method: a pool of the 4 questions, 5 points each, 2 per learner.
    await admin.getByTestId('exam-paper-method').getByText('抽题组卷').click();
    await admin.getByTestId('fixed-qu-add').click();
    await pickOption(admin, 'qu-picker-repo', `qu-picker-repo-option-${repoId}`);
    await admin.getByTestId('qu-picker-search').click();
    for (const id of quIds) await admin.getByTestId(`qu-picker-row-${id}`).locator('input[type="checkbox"]').check();
    await admin.getByTestId('qu-picker-ok').click();
    await fillNumber(admin, 'fixed-qu-batch-score', 5);
    await admin.getByTestId('fixed-qu-batch-apply').click();
    await fillNumber(admin, 'exam-draw-count', 2);
    await waitForText(admin, 'exam-total-score', '10');
    expect(await admin.getByTestId('exam-shortfalls').count()).toBe(0);
    await fillNumber(admin, 'exam-qualify-score', 5);
    await admin.getByTestId('exam-open-type').getByText('需要密码').click();
    await admin.getByTestId('exam-password').fill('Kp-2026');
    await admin.getByTestId('exam-submit').click();
    await admin.waitForURL((url) => url.pathname === '/admin/exam/exam');

    const exam = (await api.call(examApi.paging, { current: 1, size: 10, params: { title } })).records[0];
    expect(exam).toMatchObject({ paperMethod: 3, openType: 9, totalScore: 10, quCount: 2 });
    const examId = exam?.id ?? '';

    // Preview: a sample paper of 2 pool questions with the right option as the answer.
    await admin.getByTestId(`exam-preview-${examId}`).click();
    await admin.getByTestId('exam-preview').waitFor();
    await expect.poll(async () => admin.locator('[data-testid^="preview-qu-"]').count()).toBe(2);
    const answers = await admin.locator('[data-testid^="preview-answer-"]').allTextContents();
    expect(answers.map((a) => a.replace(/解析.*/, '').trim())).toEqual(['参考答案：A', '参考答案：A']);
    expect((await api.myPapers(examId)).length).toBe(0);

    // The learner: no password, a wrong one, then the right one.
    const learner = await browser.page(server.baseUrl);
    await laterUnreadMessages(learner);
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.goto(`/web/exam/check/${examId}`);
    await learner.getByTestId('check-password').waitFor();
    await learner.getByTestId('check-start').click();
    await learner.getByText('请输入考试密码！').first().waitFor();
    await learner.getByTestId('check-password').fill('wrong');
    await learner.getByTestId('check-start').click();
    await learner.getByText('考试密码错误！').first().waitFor();
    expect(learner.url()).toContain('/web/exam/check/');
    await learner.getByTestId('check-password').fill('Kp-2026');
    await learner.getByTestId('check-start').click();
    await learner.waitForURL('**/web/exam/start/**');
    await expect.poll(async () => learner.locator('[data-testid^="card-qu-"]').count()).toBe(2);
  });
});
