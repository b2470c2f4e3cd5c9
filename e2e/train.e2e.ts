/**
 * Bank training in the browser (issue 10): the administrator opens a small bank for training (two
 * single-choice questions with analyses, made through the API); a learner finds 题库训练 in the
 * header, opens the bank, starts 顺序练习, answers the first question wrong (checked as soon as the
 * option is picked: the options lock, the right answer and the analysis show, the card turns red),
 * the second right, ends the training and sees 50% on the result page. Until a question is checked
 * no /api/repo/train/ response carries isRight or analysis.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quApi, type QuDetail } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, POLL } from './support/ui';

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
