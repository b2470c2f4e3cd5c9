/**
 * Question authoring of issue 8 in the browser: the administrator adds a chapter to a bank in the
 * chapter dialog, writes a fill-blank question (two alternatives, 忽略大小写) in that chapter and a
 * combined question with a matching and a short-answer sub-question through the question form,
 * finds them by the chapter filter, sets their level with the batch action, and the server holds
 * exactly what was typed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quApi } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { Api, DEMO_ADMIN } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { clickUntilVisible, loginThroughPage, POLL } from './support/ui';

describe.skipIf(skipWithoutChromium())('question authoring: every type through the form', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('adds a chapter, a fill blank and a combined question, filters by chapter and sets the level in one batch', async () => {
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const bankTitle = `E2E 作者题库 ${Date.now()}`;
    const { id: repoId } = await api.call(repoApi.save, { title: bankTitle });
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);

    // 章节: added in the bank list's chapter dialog.
    await page.goto('/admin/exam/repo');
    await page.getByTestId(`repo-chapters-${repoId}`).click();
    await clickUntilVisible(page.getByTestId('chapter-add'), page.getByTestId('chapter-title'));
    await page.getByTestId('chapter-title').fill('第一章 地理');
    await page.getByTestId('chapter-save').click();
    await page.getByTestId('chapter-dialog').getByText('第一章 地理').waitFor();
    const [chapter] = await api.call(repoApi.chapterList, { repoId });
    expect(chapter).toMatchObject({ title: '第一章 地理', quCount: 0 });
    const chapterId = (chapter as { id: string }).id;

    // A fill blank in that chapter.
    await page.goto(`/admin/exam/qu/add?repoId=${repoId}&chapterId=${chapterId}`);
    await page.getByTestId('qu-type').getByText('填空题', { exact: true }).click();
    await page.getByTestId('qu-content-input').fill('中国的首都是____。');
    const answers = page.getByTestId('qu-blank-answers-0');
    await answers.click();
    await page.keyboard.type('北京');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Beijing');
    await page.keyboard.press('Enter');
    await page.getByTestId('qu-blank-ignore-case').click();
    await page.getByTestId('qu-submit').click();
    await page.waitForURL('**/admin/exam/qu');

    // A combined question: its first sub-question becomes a matching one, a short answer is added.
    await page.goto(`/admin/exam/qu/add?repoId=${repoId}&chapterId=${chapterId}`);
    await page.getByTestId('qu-type').getByText('组合题', { exact: true }).click();
    await page.getByTestId('qu-content-input').fill('阅读材料，回答问题。');
    await page.getByTestId('qu-sub-0-type').getByText('配伍题', { exact: true }).click();
    await page.getByTestId('qu-sub-0-content-input').fill('把药物和作用配对');
    await page.getByTestId('qu-sub-0-pair-left-0').fill('阿司匹林');
    await page.getByTestId('qu-sub-0-pair-right-0').fill('解热镇痛');
    await page.getByTestId('qu-sub-0-pair-left-1').fill('青霉素');
    await page.getByTestId('qu-sub-0-pair-right-1').fill('抗感染');
    await page.getByTestId('qu-sub-0-distractor-add').click();
    await page.getByTestId('qu-sub-0-distractor-input-0').fill('降血压');
    // Saving with the short answer still empty shows the rule, prefixed by its sub-question.
    await page.getByTestId('qu-sub-add').click();
    await page.getByTestId('qu-sub-add-4').click();
    await page.getByTestId('qu-submit').click();
    await page.getByTestId('qu-rule-errors').getByText('第2小题：题目内容不能为空！').waitFor();
    await page.getByTestId('qu-sub-1-content-input').fill('简述阿司匹林的作用');
    await page.getByTestId('qu-sub-1-saq-answer').fill('解热、镇痛、抗炎');
    await page.getByTestId('qu-sub-1-keyword-add').click();
    await page.getByTestId('qu-sub-1-keyword-word-0').fill('镇痛');
    await page.getByTestId('qu-submit').click();
    await page.waitForURL('**/admin/exam/qu');

    // Both are listed under the chapter; the batch sets their level.
    await page.goto(`/admin/exam/qu?repoId=${repoId}&chapterId=${chapterId}`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count(), POLL).toBe(2);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByTestId('qu-batch').hover();
    await page.getByTestId('qu-batch-level').click();
    await page.getByTestId('qu-batch-dialog').getByText('较难', { exact: true }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('操作成功！共2道试题').waitFor();

    const list = await api.call(quApi.paging, { current: 1, size: 10, params: { repoId, chapterId } });
    expect(list.records.map((r) => [r.quType, r.level, r.chapterId_dictText]).sort()).toEqual([
      [5, 2, '第一章 地理'],
      [99, 2, '第一章 地理'],
    ]);
    const fill = await api.call(quApi.detail, { id: (list.records.find((r) => r.quType === 5) as { id: string }).id });
    expect(fill.answerList.map((o) => o.answer)).toEqual(['北京|Beijing']);
    expect(fill.blankOpts).toEqual({ ignoreCase: true, fullHalf: false, anyOrder: false });
    const mix = await api.call(quApi.detail, { id: (list.records.find((r) => r.quType === 99) as { id: string }).id });
    expect(mix.subList.map((s) => s.quType)).toEqual([6, 4]);
    expect(mix.subList[0]?.answerList.map((o) => [o.content, o.answer])).toEqual([['阿司匹林', '解热镇痛'], ['青霉素', '抗感染'], ['', '降血压']]);
    expect(mix.subList[1]).toMatchObject({ keywords: [{ word: '镇痛', score: 1 }] });
    expect(mix.subList[1]?.answer).toContain('解热、镇痛、抗炎');
  });
});
