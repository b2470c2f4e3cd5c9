/**
 * Issue 9 "Exam room (learner)": a learner sits an exam of 4 single-choice questions (set up through
 * the API, result display 3 so the API shows the stored answers after hand-in) and
 * - switches from 逐题 (one per screen) to 整卷 (the whole paper), the choice being remembered;
 * - marks a question difficult (标记) and sees it on the answer card;
 * - loses the network (Playwright's context.setOffline), answers two questions: both show 待发送 on
 *   the question and the card, and a banner says the answers wait; back online, both are sent in
 *   the order given (the fill-answer requests the browser completed) and show 已保存;
 * - reloads mid-exam and continues with the layout, the mark, the answers and a countdown no larger
 *   than before;
 * - at 375 px wide (a second page of the same session) has no horizontal scroll in either layout,
 *   and the answer card opens as a drawer;
 * - tries to hand in offline with one more answer queued: the page says the server cannot be
 *   reached and stays; back online the answer is saved, the hand-in goes through, and the API's
 *   result of the paper holds exactly the three answers given offline.
 * Running the exam with the developer-tools guard on also shows it gives no false alarm in headless
 * Chromium (the page would leave for the home page).
 *
 * A second exam demands fullscreen (fullscreenOn) and blocks paste (pasteOff): the page enters fullscreen;
 * leaving it is counted as a leave within one 3 s check (the dialog, and leaveTimes 1 on the
 * server) and fullscreen is entered again; the context menu and selecting the question's text are
 * blocked, and so is paste ('考试期间不能复制粘贴哦！').
 *
 * A third exam holds one combined question of six sub-questions: with 固定题干 the stem stays in
 * view while the learner scrolls down to the last sub-question; without it, it scrolls away. An
 * answered sub-question makes the stem answered on the card.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examApi } from '@kaopei/contracts/exam';
import { paperApi } from '@kaopei/contracts/paper';
import { quApi } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { clickUntilGone, idsByPrefix, laterUnreadMessages, loginThroughPage, POLL, waitForText } from './support/ui';

const DEMO_BANK_TITLE = '安全生产基础知识（演示）';

/** The page has no horizontal scroll: the document is no wider than the window. */
async function noHorizontalScroll(page: Page): Promise<{ scroll: number; width: number }> {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
}

/** The option ids of a question's block in the 整卷 layout, in the order shown. */
async function optionsOf(page: Page, quId: string): Promise<string[]> {
  const ids = await page.getByTestId(`paper-qu-${quId}`).locator('[data-testid^="option-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice('option-'.length));
}

describe.skipIf(skipWithoutChromium())('exam room: layouts, marks, offline answers, reload, 375 px', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('keeps every answer given offline, in order, across a reload, and works at 375 px', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const repo = await admin.repoByTitle(DEMO_BANK_TITLE);
    const { id: examId } = await admin.call(examApi.save, {
      title: `E2E 考场 ${Date.now()}`,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 6,
      chance: 0,
      resultShow: 3,
      ruleList: [{ repoId: repo.id, quType: 1, quCount: 4, quScore: 5 }],
    });

    const context = await browser.context(server.baseUrl);
    const page = await context.newPage();
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto('/web/index');
    await page.getByTestId(`start-exam-${examId}`).click();
    await page.waitForURL(`**/web/exam/check/${examId}`);
    await page.getByTestId('check-start').click();
    await page.waitForURL('**/web/exam/start/**');
    const paperId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.locator('[data-testid^="card-qu-"]').first().waitFor();
    const quIds = await idsByPrefix(page, 'card-qu-');
    expect(quIds).toHaveLength(4);

    // ── Layout: one per screen by default, then the whole paper ──────────────────────────────
    await page.getByTestId('next-qu').waitFor();
    expect(await page.getByTestId('layout-one').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('layout-all').click();
    await page.getByTestId('paper-all').waitFor();
    for (const id of quIds) await page.getByTestId(`paper-qu-${id}`).locator('[data-testid^="option-"]').first().waitFor();
    expect(await page.getByTestId('next-qu').count()).toBe(0);

    // ── Mark the third question difficult ─────────────────────────────────────────────────────
    await page.getByTestId(`qu-mark-${quIds[2]}`).click();
    await expect.poll(() => page.getByTestId(`card-qu-${quIds[2]}`).getAttribute('data-marked'), POLL).toBe('true');
    expect(await page.getByTestId(`card-qu-${quIds[0]}`).getAttribute('data-marked')).toBe('false');

    // ── Offline: answer the first two questions ───────────────────────────────────────────────
    const saved: string[] = [];
    page.on('requestfinished', (req: Request) => {
      if (!req.url().endsWith('/api/paper/paper/fill-answer')) return;
      const body = req.postDataJSON() as { quId: string; answers: string[] };
      saved.push(`${body.quId}:${body.answers.join(',')}`);
    });
    const chosen = [(await optionsOf(page, quIds[0]))[1], (await optionsOf(page, quIds[1]))[0]];
    await context.setOffline(true);
    await page.getByTestId(`option-${chosen[0]}`).click();
    await page.getByTestId(`option-${chosen[1]}`).click();
    for (const id of quIds.slice(0, 2)) {
      await expect.poll(() => page.getByTestId(`paper-qu-${id}`).getByTestId('save-state').textContent(), POLL).toBe('待发送');
      expect(await page.getByTestId(`card-qu-${id}`).getAttribute('data-queued')).toBe('true');
    }
    await waitForText(page, 'offline-banner', /2 道题的答案待发送/);
    expect(saved).toEqual([]);

    await context.setOffline(false);
    for (const id of quIds.slice(0, 2)) {
      await expect.poll(() => page.getByTestId(`paper-qu-${id}`).getByTestId('save-state').textContent(), POLL).toBe('已保存');
      expect(await page.getByTestId(`card-qu-${id}`).getAttribute('data-queued')).toBe('false');
    }
    expect(saved).toEqual([`${quIds[0]}:${chosen[0]}`, `${quIds[1]}:${chosen[1]}`]);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    // ── Reload mid-exam: same paper, layout, mark, answers; the server's time goes on ─────────
    const before = (await page.getByTestId('countdown').textContent()) ?? '';
    await page.reload();
    await page.getByTestId('paper-all').waitFor();
    for (const id of chosen) await expect.poll(() => page.getByTestId(`option-${id}`).getAttribute('data-checked'), POLL).toBe('true');
    expect(await page.getByTestId(`card-qu-${quIds[2]}`).getAttribute('data-marked')).toBe('true');
    expect(await page.getByTestId(`card-qu-${quIds[0]}`).getAttribute('data-answered')).toBe('true');
    expect(await page.getByTestId(`card-qu-${quIds[3]}`).getAttribute('data-answered')).toBe('false');
    const after = (await page.getByTestId('countdown').textContent()) ?? '';
    expect(after <= before && after.length === 8).toBe(true);
    expect(page.url()).toContain(`/web/exam/start/${encodeURIComponent(paperId)}`);

    // ── 375 px wide: no horizontal scroll in either layout; the answer card is a drawer ──────
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 375, height: 740 });
    await narrow.goto(`/web/exam/start/${encodeURIComponent(paperId)}`);
    await narrow.getByTestId('paper-all').waitFor();
    await narrow.getByTestId(`paper-qu-${quIds[3]}`).locator('[data-testid^="option-"]').first().waitFor();
    const all = await noHorizontalScroll(narrow);
    expect(all.scroll).toBeLessThanOrEqual(all.width);
    await narrow.getByTestId('layout-one').click();
    await narrow.getByTestId('next-qu').waitFor();
    await narrow.locator('[data-testid^="option-"]').first().waitFor();
    const one = await noHorizontalScroll(narrow);
    expect(one.scroll).toBeLessThanOrEqual(one.width);
    expect(await narrow.locator('.exam-card-panel').count()).toBe(0);
    await narrow.getByTestId('card-open').click();
    await narrow.locator('.ant-drawer').getByTestId(`card-qu-${quIds[3]}`).click();
    await expect.poll(() => narrow.getByTestId(`card-qu-${quIds[3]}`).getAttribute('aria-current'), POLL).toBe('true');
    await narrow.close();

    // ── Hand-in while offline with an answer queued: refused on the page, nothing is lost ─────
    const last = (await optionsOf(page, quIds[3]))[2];
    await context.setOffline(true);
    await page.getByTestId(`option-${last}`).click();
    await page.getByTestId('hand-exam').click();
    await clickUntilGone(page.getByTestId('hand-confirm'));
    await page.getByText('服务器无法连接或无法响应！').first().waitFor();
    expect(page.url()).toContain('/web/exam/start/');
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId(`paper-qu-${quIds[3]}`).getByTestId('save-state').textContent(), POLL).toBe('已保存');

    // ── Hand in; the server holds exactly the answers given offline ──────────────────────────
    await page.getByTestId('hand-exam').click();
    await waitForText(page, 'hand-unanswered', '您还有 1 道题未作答，确定要交卷吗？');
    await clickUntilGone(page.getByTestId('hand-confirm'));
    await page.waitForURL(`**/web/exam/result/${encodeURIComponent(paperId)}/exam`);
    expect(saved).toEqual([`${quIds[0]}:${chosen[0]}`, `${quIds[1]}:${chosen[1]}`, `${quIds[3]}:${last}`]);
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const result = await learner.call(paperApi.paperResult, { id: paperId });
    const checked = Object.fromEntries((result.groupList ?? []).flatMap((g) => g.quList).map((q) => [q.quId, q.answerList.filter((o) => o.checked).map((o) => o.id)]));
    expect(checked).toEqual({ [quIds[0]]: [chosen[0]], [quIds[1]]: [chosen[1]], [quIds[2]]: [], [quIds[3]]: [last] });
    // The stored queue and marks of the paper are gone.
    expect(await page.evaluate((id) => [localStorage.getItem(`kaopei.exam.queue.${id}`), localStorage.getItem(`kaopei.exam.marks.${id}`)], paperId)).toEqual([null, null]);
  });

  it('keeps a fullscreen exam in fullscreen, counts leaving it, and blocks the context menu and selection', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const repo = await admin.repoByTitle(DEMO_BANK_TITLE);
    const { id: examId } = await admin.call(examApi.save, {
      title: `E2E 全屏考试 ${Date.now()}`,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 6,
      chance: 0,
      fullscreenOn: true,
      pasteOff: true,
      leaveOn: true,
      leaveCheck: 600,
      leaveCount: 3,
      ruleList: [{ repoId: repo.id, quType: 1, quCount: 2, quScore: 5 }],
    });
    const page = await browser.page(server.baseUrl);
    // The first test's hand-in left the learner a result message (its dialog would cover the list).
    await laterUnreadMessages(page);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto('/web/index');
    await page.getByTestId(`start-exam-${examId}`).click();
    await page.waitForURL(`**/web/exam/check/${examId}`);
    await page.getByTestId('check-start').click();
    await page.waitForURL('**/web/exam/start/**');
    const paperId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.locator('[data-testid^="option-"]').first().waitFor();
    const inFullscreen = () => page.evaluate(() => document.fullscreenElement !== null);
    await expect.poll(inFullscreen, POLL).toBe(true);

    await page.evaluate(() => document.exitFullscreen());
    await waitForText(page, 'leave-dialog', '您已离开考试页面 1 次，还剩 2 次机会，超过将自动交卷！');
    await expect.poll(inFullscreen, POLL).toBe(true);
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const detail = await learner.call(paperApi.paperDetail, { id: paperId });
    expect(detail.guard).toMatchObject({ fullscreenOn: true, leaveTimes: 1 });

    const blocked = await page.evaluate(() => {
      const target = document.querySelector('[data-testid="qu-content"]') ?? document.body;
      const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      const select = new Event('selectstart', { bubbles: true, cancelable: true });
      target.dispatchEvent(menu);
      target.dispatchEvent(select);
      return { menu: menu.defaultPrevented, select: select.defaultPrevented, userSelect: getComputedStyle(target).userSelect };
    });
    expect(blocked).toEqual({ menu: true, select: true, userSelect: 'none' });
    // Paste is blocked with the SPEC §8 message (the exam's pasteOff).
    const pasted = await page.evaluate(() => {
      const e = new Event('paste', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(e);
      return e.defaultPrevented;
    });
    expect(pasted).toBe(true);
    await page.getByText('考试期间不能复制粘贴哦！').waitFor();
  });

  it('pins a combined question\'s stem while its sub-questions scroll', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const { id: repoId } = await admin.call(repoApi.save, { title: `E2E 组合题 ${Date.now()}`, remark: '' });
    const opt = (content: string, isRight: boolean) => ({ content, isRight });
    const subList = Array.from({ length: 6 }, (_, i) => ({ quType: 1, content: `小题${i + 1}：材料中提到的第${i + 1}项措施是？`, answerList: [opt('疏散', i % 2 === 0), opt('报警', i % 2 === 1), opt('灭火', false), opt('等待', false)] }));
    const { id: quId } = await admin.call(quApi.save, { repoId, quType: 99, content: '组合：阅读下面的应急预案材料，回答各小题。', subList });
    const { id: examId } = await admin.call(examApi.save, {
      title: `E2E 组合题考试 ${Date.now()}`,
      content: '',
      openType: 1,
      startTime: null,
      endTime: null,
      totalTime: 30,
      qualifyScore: 6,
      chance: 0,
      paperMethod: 2,
      quList: [{ quId, score: 12 }],
    });
    const page = await browser.page(server.baseUrl);
    await laterUnreadMessages(page);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto(`/web/exam/check/${examId}`);
    await page.getByTestId('check-start').click();
    await page.waitForURL('**/web/exam/start/**');
    const stem = page.locator('[data-testid^="qu-stem-"]');
    await stem.waitFor();
    const subs = page.locator('[data-testid^="sub-"]');
    await expect.poll(() => subs.count(), POLL).toBe(6);
    /** The stem's box relative to the window after the last sub-question is scrolled into view. */
    const stemAfterScroll = async () => {
      await subs.last().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return page.evaluate(() => {
        const box = document.querySelector('[data-testid^="qu-stem-"]')!.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, height: window.innerHeight };
      });
    };
    const loose = await stemAfterScroll();
    expect(loose.bottom).toBeLessThan(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('[data-testid^="qu-pin-"]').click();
    expect(await page.locator('[data-testid^="qu-pin-"]').getAttribute('aria-pressed')).toBe('true');
    const pinned = await stemAfterScroll();
    expect(pinned.top).toBeGreaterThanOrEqual(0);
    expect(pinned.bottom).toBeLessThanOrEqual(pinned.height);

    await subs.last().locator('[data-testid^="option-"]').first().click();
    await expect.poll(() => page.getByTestId(`card-qu-${quId}`).getAttribute('data-answered'), POLL).toBe('true');
  });
});
