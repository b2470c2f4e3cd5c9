/**
 * Issue 14 "Mobile site" (Tests: "a learner on /m … opens an exam and answers at phone size, hands
 * in and sees the result"): on a 390×844 phone (phone user agent, touch), a learner
 * - opens /m/info/exam?id=<exam> signed out, is sent to /login and comes back to it after logging in;
 * - starts the exam from 考试须知 (the paper's address is kept: a reload resumes it);
 * - answers single, multiple and judge questions one per screen (only one question on screen,
 *   上一题 keeps the answer), with touch targets of at least 44 px;
 * - opens the answer card as a bottom sheet: answered / unanswered / current states, picking a
 *   question closes the sheet and shows it;
 * - hands in with the confirmation naming the unanswered count, and sees the result (score as the
 *   exam's result display 3 allows, equal to the API's);
 * - never scrolls horizontally at 360, 390 or 414 px (check page, room, sheet, result).
 * The exam (4 questions of the demo bank: 2 single, 1 multiple, 1 judge) is made through the API.
 * A second exam (its own bank: a fill blank, a short answer and a combined question of a single choice
 * and a fill blank) is answered on the same phone with each type's widget: blank inputs, the text area,
 * the combined question's sub-questions on its screen; the stored answers are the ones typed.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaperState } from '@kaopei/contracts';
import { examApi } from '@kaopei/contracts/exam';
import { paperApi } from '@kaopei/contracts/paper';
import { markApi } from '@kaopei/contracts/paper-mark';
import { quApi } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { idsByPrefix, POLL, waitForText } from './support/ui';

const DEMO_BANK_TITLE = '安全生产基础知识（演示）';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Document width minus window width at each phone width (0 = no horizontal scroll), once laid out there (up to 5 s). */
async function overflowAt(page: Page, widths: number[]): Promise<number[]> {
  const out: number[] = [];
  const measure = () => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    let value = await measure();
    for (let waited = 0; value > 0 && waited < 5_000; waited += 150) {
      await page.waitForTimeout(150);
      value = await measure();
    }
    out.push(value);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  return out;
}

/** Height (px) of the element with this test id. */
async function heightOf(page: Page, testId: string): Promise<number> {
  const box = await page.getByTestId(testId).first().boundingBox();
  return box?.height ?? 0;
}

describe.skipIf(skipWithoutChromium())('phone exam page /m/info/exam at 390×844', () => {
  let server: RunningServer;
  let phone: BrowserContext | undefined;
  const browser = useBrowser();

  beforeAll(async () => {
    // A loaded machine (helpers share 2 cores) can take more than the default minute to start the server.
    server = await startServer({ timeoutMs: 240_000 });
  }, 300_000);

  /** A 390×844 phone context (iPhone user agent, touch), closed after the file. */
  async function phonePage(): Promise<Page> {
    const desktop = await browser.context(server.baseUrl);
    phone = await desktop.browser()!.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    phone.setDefaultTimeout(20_000);
    return phone.newPage();
  }
  afterAll(async () => {
    await phone?.close();
    await server?.stop();
  });

  it('logs in, answers one question per screen, uses the answer-card sheet, hands in and sees the result', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const repo = await admin.repoByTitle(DEMO_BANK_TITLE);
    const { id: examId } = await admin.call(examApi.save, {
      title: `E2E 手机考试 ${Date.now()}`,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 10,
      chance: 0,
      resultShow: 3,
      ruleList: [
        { repoId: repo.id, quType: 1, quCount: 2, quScore: 5 },
        { repoId: repo.id, quType: 2, quCount: 1, quScore: 5 },
        { repoId: repo.id, quType: 3, quCount: 1, quScore: 5 },
      ],
    });

    const page = await phonePage();

    // ── Signed out: /login, then back to the exam page ───────────────────────────────────────
    await page.goto(`/m/info/exam?id=${encodeURIComponent(examId)}`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(`/m/info/exam?id=${examId}`);
    await page.getByTestId('login-username').fill(DEMO_LEARNER.username);
    await page.getByTestId('login-password').fill(DEMO_LEARNER.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/m/info/exam' && u.searchParams.get('id') === examId);
    await page.getByTestId('m-check-title').waitFor();
    expect(await page.getByTestId('m-check-title').textContent()).toContain('E2E 手机考试');
    expect(await overflowAt(page, [360, 390, 414])).toEqual([0, 0, 0]);
    expect(await heightOf(page, 'm-check-start')).toBeGreaterThanOrEqual(44);

    // ── Start: the room, addressed by the paper ─────────────────────────────────────────────
    await page.getByTestId('m-check-start').click();
    await page.waitForURL((u) => u.searchParams.has('paperId'));
    const paperId = new URL(page.url()).searchParams.get('paperId') ?? '';
    await page.getByTestId('m-exam-room').waitFor();
    await page.getByTestId('qu-content').waitFor();
    expect(await page.getByTestId('countdown').textContent()).toMatch(/^00:(29|30):\d\d$/);
    const detail = await (await Api.login(server.baseUrl, DEMO_LEARNER)).call(paperApi.paperDetail, { id: paperId });
    const quIds = detail.groupList.flatMap((g) => [...g.quList].sort((a, b) => a.sort - b.sort).map((q) => q.quId));
    expect(quIds).toHaveLength(4);

    // ── Answer the first three, one per screen ───────────────────────────────────────────────
    const chosen: string[][] = [];
    for (let i = 0; i < 3; i++) {
      await page.getByTestId(`qu-stem-${quIds[i]}`).waitFor();
      expect(await page.getByTestId('qu-content').count()).toBe(1);
      const options = await idsByPrefix(page, 'option-');
      expect(options.length).toBeGreaterThanOrEqual(2);
      const multi = detail.groupList.some((g) => g.quList.some((q) => q.quId === quIds[i]) && g.quType === 2);
      const pick = multi ? options.slice(0, 2) : [options[1]!];
      for (const o of pick) await page.getByTestId(`option-${o}`).click();
      for (const o of pick) expect(await page.getByTestId(`option-${o}`).getAttribute('data-checked')).toBe('true');
      await expect.poll(() => page.getByTestId('save-state').textContent(), POLL).toBe('已保存');
      chosen.push(pick);
      if (i === 0) {
        // Touch-sized: options, navigation, hand-in and the card button.
        expect(await heightOf(page, `option-${options[0]}`)).toBeGreaterThanOrEqual(44);
        for (const id of ['next-qu', 'prev-qu', 'hand-exam', 'm-card-open']) expect(await heightOf(page, id)).toBeGreaterThanOrEqual(44);
      }
      await page.getByTestId('next-qu').click();
    }
    await page.getByTestId(`qu-stem-${quIds[3]}`).waitFor();
    expect(await page.getByTestId('next-qu').isDisabled()).toBe(true);
    // 上一题 shows the third question with its answer kept.
    await page.getByTestId('prev-qu').click();
    await page.getByTestId(`qu-stem-${quIds[2]}`).waitFor();
    for (const o of chosen[2]!) expect(await page.getByTestId(`option-${o}`).getAttribute('data-checked')).toBe('true');
    expect(await overflowAt(page, [360, 390, 414])).toEqual([0, 0, 0]);

    // ── The answer card as a bottom sheet ────────────────────────────────────────────────────
    await waitForText(page, 'm-card-open', '答题卡（已答 3/4）');
    await page.getByTestId('m-card-open').click();
    const sheet = page.getByTestId('m-card-sheet');
    await sheet.getByTestId(`card-qu-${quIds[3]}`).waitFor();
    for (let i = 0; i < 4; i++) expect(await sheet.getByTestId(`card-qu-${quIds[i]}`).getAttribute('data-answered')).toBe(i < 3 ? 'true' : 'false');
    expect(await sheet.getByTestId(`card-qu-${quIds[2]}`).getAttribute('aria-current')).toBe('true');
    expect(await heightOf(page, `card-qu-${quIds[0]}`)).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))).toBe(0);
    await sheet.getByTestId(`card-qu-${quIds[0]}`).click();
    await page.getByTestId(`qu-stem-${quIds[0]}`).waitFor();
    await expect.poll(() => sheet.isVisible(), POLL).toBe(false);
    for (const o of chosen[0]!) expect(await page.getByTestId(`option-${o}`).getAttribute('data-checked')).toBe('true');

    // ── Hand in: the confirmation names the unanswered question, then the result ─────────────
    await page.getByTestId('hand-exam').click();
    await waitForText(page, 'hand-unanswered', '您还有 1 道题未作答，确定要交卷吗？');
    await page.getByTestId('hand-cancel').click();
    await expect.poll(() => page.getByTestId('m-hand-dialog').isVisible(), POLL).toBe(false);
    await page.getByTestId('hand-exam').click();
    await page.getByTestId('hand-confirm').click();
    await page.waitForURL((u) => u.searchParams.get('view') === 'result');
    await page.getByTestId('m-exam-result').waitFor();
    await page.getByTestId('result-score').waitFor();
    const result = await (await Api.login(server.baseUrl, DEMO_LEARNER)).call(paperApi.paperResult, { id: paperId });
    expect(await page.getByTestId('result-score').textContent()).toBe(String(result.userScore));
    expect(await page.getByTestId('result-total').textContent()).toBe('20');
    expect(await overflowAt(page, [360, 390, 414])).toEqual([0, 0, 0]);

    // The stored answers are the ones given on the phone.
    const answered = (result.groupList ?? []).flatMap((g) => g.quList).filter((q) => q.answered).map((q) => q.quId).sort();
    expect(answered).toEqual(quIds.slice(0, 3).sort());
  });
  it('answers a fill blank, a short answer and a combined question with their widgets at phone size', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const stamp = Date.now();
    const { id: repoId } = await admin.call(repoApi.save, { title: `E2E 手机题型 ${stamp}`, remark: '' });
    const opt = (content: string, isRight: boolean) => ({ content, isRight });
    const blank = await admin.call(quApi.save, { repoId, quType: 5, content: '填空：火警电话是____，急救电话是____', answerList: [{ answer: '119' }, { answer: '120' }], blankOpts: { ignoreCase: false, fullHalf: true, anyOrder: false } });
    const short = await admin.call(quApi.save, { repoId, quType: 4, content: '简答：简述灭火器的使用方法', answer: '拔掉保险销，对准火焰根部，压下压把', keywords: [{ word: '保险销', score: 5 }] });
    const combined = await admin.call(quApi.save, {
      repoId,
      quType: 99,
      content: '组合：阅读应急预案后作答',
      subList: [
        { quType: 1, content: '小题：报警电话是？', answerList: [opt('119', true), opt('110', false)] },
        { quType: 5, content: '小题：急救电话是____', answerList: [{ answer: '120' }] },
      ],
    });
    const { id: examId } = await admin.call(examApi.save, {
      title: `E2E 手机题型考试 ${stamp}`,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 10,
      chance: 0,
      paperMethod: 2,
      quList: [
        { quId: blank.id, score: 6 },
        { quId: short.id, score: 10 },
        { quId: combined.id, score: 10 },
      ],
    });

    const page = await phonePage();
    await page.goto('/login');
    await page.getByTestId('login-username').fill(DEMO_LEARNER.username);
    await page.getByTestId('login-password').fill(DEMO_LEARNER.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname !== '/login');
    await page.goto(`/m/info/exam?id=${encodeURIComponent(examId)}`);
    await page.getByTestId('m-check-start').click();
    await page.waitForURL((u) => u.searchParams.has('paperId'));
    const paperId = new URL(page.url()).searchParams.get('paperId') ?? '';
    await page.getByTestId('m-exam-room').waitFor();

    // One screen per question, in the exam's order: each answered with its own widget, then 下一题.
    const saved = () => expect.poll(() => page.getByTestId('save-state').first().textContent(), POLL).toBe('已保存');
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('qu-content').first().waitFor();
      const content = ((await page.getByTestId('qu-content').first().textContent()) ?? '').trim();
      if (content.startsWith('填空')) {
        await page.getByTestId('blank-0').fill('１１９');
        await page.getByTestId('blank-1').fill('120');
      } else if (content.startsWith('简答')) {
        await page.getByTestId('answer-text').fill('先拔掉保险销，再对准火焰根部喷射');
      } else {
        expect(content.startsWith('组合')).toBe(true);
        const subs = page.locator('[data-testid^="sub-"]');
        await expect.poll(() => subs.count(), POLL).toBe(2);
        await subs.nth(0).locator('[data-testid^="option-"]', { hasText: '119' }).click();
        await subs.nth(1).getByTestId('blank-0').fill('120');
      }
      await saved();
      expect(await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))).toBe(0);
      if (i < 2) await page.getByTestId('next-qu').click();
    }
    await waitForText(page, 'm-card-open', '答题卡（已答 3/3）');

    await page.getByTestId('hand-exam').click();
    await waitForText(page, 'hand-unanswered', '您已完成全部试题，确定要交卷吗？');
    await page.getByTestId('hand-confirm').click();
    await page.waitForURL((u) => u.searchParams.get('view') === 'result');
    await page.getByTestId('m-exam-result').waitFor();
    // The short answer waits for marking: the result says so, without a score.
    await page.getByTestId('result-waiting').waitFor();

    // What the server stored is what was typed on the phone: the blanks (full-width １１９ counts as 119) and the
    // combined question all right (6 + 10 objective points), and the short answer's text on the marking page.
    const stored = await (await Api.login(server.baseUrl, DEMO_LEARNER)).call(paperApi.paperResult, { id: paperId });
    expect(stored.state).toBe(PaperState.WAIT_MARK);
    const marking = await admin.call(markApi.detail, { id: paperId });
    expect(marking.objScore).toBe(16);
    expect(marking.itemList.map((it) => it.answer)).toEqual(['先拔掉保险销，再对准火焰根部喷射']);
  });
});
