/**
 * Bank training in the browser (issue 10): the administrator opens a small bank for training (two
 * single-choice questions with analyses, made through the API); a learner finds 题库训练 in the
 * header, opens the bank, starts 顺序练习, answers the first question wrong (checked as soon as the
 * option is picked: the options lock, the right answer and the analysis show, the card turns red),
 * the second right, ends the training and sees 50% on the result page. Until a question is checked
 * no /api/repo/train/ response carries isRight or analysis. Then on the real bank yf-v2-demo
 * (../shared/data; skipped with a message when absent): two of three answered wrong in 顺序练习,
 * and 错题练习 draws exactly those two.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuType } from '@kaopei/contracts';
import { bookApi } from '@kaopei/contracts/book';
import { quApi, type QuDetail } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { trainApi } from '@kaopei/contracts/train';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { sharedDataPath, skipWithoutSharedData } from './support/paths';
import { startServer, type RunningServer } from './support/server';
import { idsByPrefix, loginThroughPage, POLL, waitForText } from './support/ui';

describe.skipIf(skipWithoutChromium())('bank training: a learner trains in order, sees the analysis and the result', () => {
  let server: RunningServer;
  const browser = useBrowser();
  const title = `E2E 训练题库 ${Date.now()}`;
  const qus: QuDetail[] = [];

  beforeAll(async () => {
    server = await startServer();
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const { id: repoId } = await api.call(repoApi.save, { title, remark: '训练用', isExam: 0, isTrain: 1 });
    const opt = (content: string, isRight: boolean) => ({ content, isRight, analysis: '', image: '' });
    for (const [content, analysis, options] of [
      ['第一题：火警电话是？', '解析一：火警电话是119。', [opt('110', false), opt('119', true), opt('120', false)]],
      ['第二题：安全色中表示禁止的是？', '解析二：红色表示禁止。', [opt('红色', true), opt('绿色', false)]],
    ] as const) {
      const { id } = await api.call(quApi.save, { repoId, quType: 1, level: 1, content, analysis, image: '', answerList: [...options] });
      qus.push(await api.call(quApi.detail, { id }));
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Every /api/repo/train/ response body the page received, in order. */
  function watch(page: Page): { url: string; body: string }[] {
    const seen: { url: string; body: string }[] = [];
    page.on('response', (res: Response) => {
      if (res.url().includes('/api/repo/train/')) void res.text().then((body) => seen.push({ url: res.url(), body }), () => undefined);
    });
    return seen;
  }

  it('answers one wrong and one right, sees the analysis, finishes with 50%', async () => {
    const page = await browser.page(server.baseUrl);
    const seen = watch(page);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.getByRole('menuitem', { name: '题库训练' }).first().click();
    await page.waitForURL('**/web/repo');
    await page.locator('.ant-card', { hasText: title }).first().click();
    await page.waitForURL('**/web/repo/view/**');
    await page.getByTestId('mode-last-1').getByText('尚未训练').waitFor();
    await page.getByTestId('mode-start-1').click();
    await page.waitForURL('**/web/repo/training/**/1');

    const [q1, q2] = qus as [QuDetail, QuDetail];
    const wrong = q1.answerList.find((o) => !o.isRight)!;
    await page.getByTestId('qu-content').getByText('第一题').waitFor();
    await expect.poll(() => seen.filter((s) => s.url.endsWith('/qu-detail')).length, POLL).toBeGreaterThan(0);
    for (const s of seen) expect(s.body, s.url).not.toMatch(/isRight|analysis|解析一/);
    // A single choice is checked as soon as it is picked.
    await page.getByTestId(`option-${wrong.id}`).click();
    const result = page.getByTestId('train-result');
    await result.getByText('解析一：火警电话是119。').waitFor();
    await result.getByText('回答错误').waitFor();
    await expect.poll(() => page.getByTestId(`train-card-${q1.id}`).getAttribute('data-state'), POLL).toBe('wrong');
    // Locked: the options are no longer answer buttons.
    expect(await page.getByTestId(`option-${wrong.id}`).count()).toBe(0);

    await page.getByTestId('train-next').click();
    await page.getByTestId('qu-content').getByText('第二题').waitFor();
    await page.getByTestId(`option-${q2.answerList.find((o) => o.isRight)!.id}`).click();
    await result.getByText('回答正确').waitFor();
    await result.getByText('解析二：红色表示禁止。').waitFor();
    await expect.poll(() => page.getByTestId(`train-card-${q2.id}`).getAttribute('data-state'), POLL).toBe('right');

    await page.getByTestId('train-finish').click();
    await page.getByRole('button', { name: '确 定' }).or(page.getByRole('button', { name: '确定' })).first().click();
    await page.waitForURL('**/web/repo/repo/**');
    await expect.poll(() => page.getByTestId('result-percent').textContent(), POLL).toBe('50%');
    expect(await page.getByTestId('result-right').textContent()).toBe('1');

    // Back on the bank page, the history lists the ended record.
    await page.getByTestId('result-back').click();
    await page.waitForURL('**/web/repo/view/**');
    await page.getByTestId('mode-last-1').getByText(/正确率 50%/).waitFor();
    await page.getByRole('cell', { name: '已结束' }).first().waitFor();
  });
});

const YF_XLSX = sharedDataPath('question-banks', 'yf-v2-demo.xlsx');

describe.skipIf(skipWithoutChromium() || skipWithoutSharedData(YF_XLSX))('wrong-question training on yf-v2-demo: exactly the questions answered wrong', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Answers the question on screen right or wrong: single and true/false by a pick; multiple by picks and 确认答案. */
  async function answerOnScreen(page: Page, qu: QuDetail, right: boolean): Promise<void> {
    const picks = right ? qu.answerList.filter((o) => o.isRight) : [qu.answerList.find((o) => !o.isRight)!];
    for (const o of picks) await page.getByTestId(`option-${o.id}`).click();
    if (qu.quType === QuType.MULTI) await page.getByTestId('train-confirm').click();
    await page.getByTestId('train-result').getByText(right ? '回答正确' : '回答错误').waitFor();
  }

  it('imports the bank, answers two of three wrong in 顺序练习, then 错题练习 draws those two', async () => {
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await admin.goto('/admin/exam/qu');
    await admin.getByTestId('import-open').click();
    await admin.getByTestId('import-file').setInputFiles(YF_XLSX);
    await admin.getByTestId('import-submit').click();
    await waitForText(admin, 'import-result', /成功导入\s*61\s*道试题/);
    const adminApi = await Api.login(server.baseUrl, DEMO_ADMIN);
    const repo = await adminApi.repoByTitle('云帆演示题库');

    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto(`/web/repo/view/${repo.id}`);
    await page.getByTestId('mode-start-1').click();
    await page.waitForURL(`**/web/repo/training/${repo.id}/1`);
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    // The training page starts the record as it opens: wait for it.
    const recordId = async () => (await learner.call(trainApi.paging, { current: 1, size: 1, params: { repoId: repo.id, mode: 1 } })).records[0]?.id ?? '';
    await expect.poll(recordId, POLL).not.toBe('');
    const cardQus = (await learner.call(trainApi.card, { id: await recordId() })).quList.slice(0, 3);
    const qus = await Promise.all(cardQus.map((c) => adminApi.call(quApi.detail, { id: c.quId })));

    // 1st and 2nd wrong, 3rd right.
    for (const [i, qu] of qus.entries()) {
      if (i > 0) await page.getByTestId('train-next').click();
      await page.getByTestId(`train-card-${qu.id}`).waitFor();
      await answerOnScreen(page, qu, i === 2);
    }
    const wrongIds = qus.slice(0, 2).map((qu) => qu.id).sort();
    // The wrong book is fed in the background: wait for it before starting 错题练习.
    await expect
      .poll(async () => (await learner.call(bookApi.paging, { current: 1, size: 10, params: { examId: repo.id } })).records.map((r) => r.quId).sort(), POLL)
      .toEqual(wrongIds);

    await page.goto(`/web/repo/view/${repo.id}`);
    await page.getByTestId('mode-start-5').click();
    await page.waitForURL(`**/web/repo/training/${repo.id}/5`);
    await page.getByTestId(`train-card-${wrongIds[0]}`).waitFor();
    expect((await idsByPrefix(page, 'train-card-')).sort()).toEqual(wrongIds);
  });
});
