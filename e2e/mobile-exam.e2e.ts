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
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { paperApi } from '@kaopei/contracts/paper';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { idsByPrefix, POLL, waitForText } from './support/ui';

const DEMO_BANK_TITLE = '安全生产基础知识（演示）';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Document width minus window width at each phone width (0 = no horizontal scroll). */
async function overflowAt(page: Page, widths: number[]): Promise<number[]> {
  const out: number[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    await page.waitForTimeout(150);
    out.push(await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth)));
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
    const page = await phone.newPage();

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
});
