/**
 * Journey 1 (the words): "the admin imports yf-lite-demo.xlsx, builds an exam from it, a
 * learner sits it, chooses answers, hands in, and the shown score equals the score computed from
 * the choices".
 *
 * The expected score is computed independently of the app: each question the learner sees is
 * matched (text + option texts) against ../shared/data/question-banks/yf-lite-demo.json, whose
 * isRight flags say which options are right. While the exam runs, no /api/paper/ response the
 * learner's browser receives may carry `isRight` or `analysis`.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api, DEMO_ADMIN, uniqueUserName } from './support/api';
import { isRightChoice, loadBanks, matchQuestion, type MatchedQuestion, type SourceBank } from './support/bank';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { sharedDataPath, skipWithoutSharedData } from './support/paths';
import { startServer, type RunningServer } from './support/server';
import { clickUntilGone, fillNumber, idsByPrefix, laterUnreadMessages, loginThroughPage, pickOption, POLL, registerThroughPage, waitForText } from './support/ui';

const XLSX = sharedDataPath('question-banks', 'yf-lite-demo.xlsx');
const JSON_FILE = sharedDataPath('question-banks', 'yf-lite-demo.json');
const BANK_TITLE = '【云帆】演示题库';
/** Rules of the exam the admin builds: 5 单选 ×2, 3 多选 ×4, 4 判断 ×2 = 30. */
const RULES = [
  { quType: 1, quCount: 5, quScore: 2 },
  { quType: 2, quCount: 3, quScore: 4 },
  { quType: 3, quCount: 4, quScore: 2 },
] as const;
const SCORE_OF: Record<number, number> = Object.fromEntries(RULES.map((r) => [r.quType, r.quScore]));
const TOTAL = RULES.reduce((s, r) => s + r.quCount * r.quScore, 0);

const skip = skipWithoutChromium() || skipWithoutSharedData(XLSX, JSON_FILE);

/** One question as answered: what was clicked, in order, and the final choice. */
interface Answered {
  quId: string;
  matched: MatchedQuestion;
  aimRight: boolean;
  clicks: string[];
  chosen: string[];
}

/** The clicks that reach the intended final choice (sometimes with a detour that is undone). */
function planClicks(q: MatchedQuestion, aimRight: boolean, detour: boolean): string[] {
  const right = q.options.filter((o) => o.isRight).map((o) => o.id);
  const wrong = q.options.filter((o) => !o.isRight).map((o) => o.id);
  const multi = q.source.type === 2;
  if (aimRight) {
    if (!detour || !wrong.length) return right;
    // single/judge: a wrong pick replaced by the right one; multiple: a wrong box ticked and unticked.
    return multi ? [wrong[0], ...right, wrong[0]] : [wrong[0], ...right];
  }
  if (wrong.length) return [wrong[0]];
  // Every option right (a 多选 with all options right): tick only some → wrong by all-or-nothing.
  return right.slice(0, Math.max(1, right.length - 1));
}

/** Final choice after `clicks`: radios replace, checkboxes toggle. */
function finalChoice(multi: boolean, clicks: string[]): string[] {
  const chosen: string[] = [];
  for (const id of clicks) {
    if (!multi) chosen.splice(0, chosen.length, id);
    else if (chosen.includes(id)) chosen.splice(chosen.indexOf(id), 1);
    else chosen.push(id);
  }
  return chosen;
}

async function shownQuestion(page: Page) {
  const content = (await page.getByTestId('qu-content').textContent()) ?? '';
  const ids = await idsByPrefix(page, 'option-');
  const options = await Promise.all(
    ids.map(async (id) => {
      const text = (await page.getByTestId(`option-${id}`).textContent()) ?? '';
      return { id, text: text.replace(/^\s*[A-Z]\.\s*/, '') };
    }),
  );
  return { content, options };
}

describe.skipIf(skip)('journey 1: import yf-lite-demo.xlsx → exam → learner sits it → score', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the score computed from the learner’s choices', async () => {
    const banks: SourceBank[] = loadBanks(JSON_FILE);
    const bank = banks.find((b) => b.title === BANK_TITLE);
    if (!bank) throw new Error(`${JSON_FILE} has no bank ${BANK_TITLE}`);
    const examTitle = `E2E 云帆演示考试 ${Date.now()}`;

    // ── Admin: log in, import the spreadsheet, build the exam ─────────────────────────────────
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await admin.goto('/admin/exam/qu');
    await admin.getByTestId('import-open').click();
    await admin.getByTestId('import-file').setInputFiles(XLSX);
    await admin.getByTestId('import-submit').click();
    await waitForText(admin, 'import-result', /成功导入\s*29\s*道试题/);
    // The dialog let go of the file: importing the same file again must be chosen again, and then
    // the 29 questions are found as duplicates; skipping them imports nothing.
    await admin.getByTestId('import-submit').click();
    await admin.getByText('请选择要导入的文件！').waitFor();
    await admin.getByTestId('import-file').setInputFiles(XLSX);
    await admin.getByTestId('import-submit').click();
    await admin.getByTestId('import-duplicates').getByText('发现 29 道重复试题', { exact: false }).waitFor();
    await admin.getByTestId('import-skip-dup').click();
    await waitForText(admin, 'import-result', /成功导入\s*0\s*道试题，跳过重复试题 29 道/);
    await admin.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    // 导出 downloads the listed questions as a spreadsheet in the import layout.
    const [file] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('qu-export').click()]);
    expect(file.suggestedFilename()).toBe('试题导出.xlsx');

    const repo = await (await Api.login(server.baseUrl, DEMO_ADMIN)).repoByTitle(BANK_TITLE);
    expect(repo.quCount).toBe(29);

    await admin.goto('/admin/exam/exam');
    await admin.getByTestId('exam-add').click();
    await admin.waitForURL('**/admin/exam/exam/add');
    await admin.getByTestId('exam-title').fill(examTitle);
    await fillNumber(admin, 'exam-total-time', 30);
    for (const [i, rule] of RULES.entries()) {
      if (i > 0) await admin.getByTestId('rule-add').click();
      await pickOption(admin, `rule-repo-${i}`, `rule-repo-${i}-option-${repo.id}`);
      await pickOption(admin, `rule-type-${i}`, `rule-type-${i}-option-${rule.quType}`);
      await fillNumber(admin, `rule-count-${i}`, rule.quCount);
      await fillNumber(admin, `rule-score-${i}`, rule.quScore);
    }
    await waitForText(admin, 'exam-total-score', String(TOTAL));
    await fillNumber(admin, 'exam-qualify-score', 18);
    await admin.getByTestId('exam-submit').click();
    await admin.waitForURL((url) => url.pathname === '/admin/exam/exam');

    // ── Learner: register, open the exam, answer every question ───────────────────────────────
    const learner = await browser.page(server.baseUrl);
    await laterUnreadMessages(learner);
    const leaks: string[] = [];
    const bodies: Promise<void>[] = [];
    let seenPaper = 0;
    let handingIn = false;
    learner.on('response', (res: Response) => {
      if (handingIn || !res.url().includes('/api/paper/')) return;
      seenPaper += 1;
      bodies.push(
        res.text().then(
          (body) => {
            if (/isRight|analysis/.test(body)) leaks.push(`${res.url()}: ${body.slice(0, 300)}`);
          },
          () => undefined,
        ),
      );
    });

    await registerThroughPage(learner, server.dataDir, { userName: uniqueUserName('e2e'), realName: '端到端学员', password: 'E2e@Pass123' });
    await learner.goto('/web/index');
    const card = learner.locator('[data-testid^="online-exam-"]', { hasText: examTitle });
    await card.waitFor();
    await card.locator('[data-testid^="start-exam-"]').click();
    await learner.waitForURL('**/web/exam/check/**');
    await learner.getByTestId('check-start').click();
    await learner.waitForURL('**/web/exam/start/**');

    await learner.locator('[data-testid^="card-qu-"]').first().waitFor();
    const quIds = await idsByPrefix(learner, 'card-qu-');
    expect(quIds).toHaveLength(RULES.reduce((s, r) => s + r.quCount, 0));

    const answered: Answered[] = [];
    let detoursLeft = { single: 1, multi: 1 };
    for (const [i, quId] of quIds.entries()) {
      await learner.getByTestId(`card-qu-${quId}`).click();
      await expect.poll(() => learner.getByTestId(`card-qu-${quId}`).getAttribute('aria-current'), POLL).toBe('true');
      await learner.getByTestId('qu-content').waitFor();
      const matched = matchQuestion(bank, await shownQuestion(learner));
      const multi = matched.source.type === 2;
      const aimRight = i % 3 !== 2;
      const kind = multi ? 'multi' : 'single';
      const detour = aimRight && detoursLeft[kind] > 0;
      if (detour) detoursLeft = { ...detoursLeft, [kind]: detoursLeft[kind] - 1 };
      const clicks = planClicks(matched, aimRight, detour);
      for (const optionId of clicks) {
        const saved = learner.waitForResponse((r) => r.url().includes('/api/paper/paper/fill-answer') && r.request().method() === 'POST');
        await learner.getByTestId(`option-${optionId}`).click();
        await saved;
        await waitForText(learner, 'save-state', '已保存');
      }
      const chosen = finalChoice(multi, clicks);
      const checkedNow: string[] = [];
      for (const id of await idsByPrefix(learner, 'option-')) {
        if ((await learner.getByTestId(`option-${id}`).getAttribute('data-checked')) === 'true') checkedNow.push(id);
      }
      expect(checkedNow.sort()).toEqual([...chosen].sort());
      answered.push({ quId, matched, aimRight, clicks, chosen });
    }

    // ── Hand in ───────────────────────────────────────────────────────────────────────────────
    await learner.getByTestId('hand-exam').click();
    await learner.getByTestId('hand-confirm').waitFor();
    await Promise.all(bodies);
    handingIn = true;
    await clickUntilGone(learner.getByTestId('hand-confirm')); // hand-in is exactly-once on the server
    await learner.waitForURL('**/web/exam/result/**');
    await learner.getByTestId('result-score').waitFor();

    // ── The score, computed from the choices and the source file ─────────────────────────────
    const rows = answered.map((a) => {
      const right = isRightChoice(a.matched, a.chosen);
      return { type: a.matched.source.type, right, score: right ? SCORE_OF[a.matched.source.type] : 0, content: a.matched.source.content.slice(0, 24) };
    });
    const expected = rows.reduce((s, r) => s + r.score, 0);
    expect(rows.some((r) => r.right)).toBe(true);
    expect(rows.some((r) => !r.right)).toBe(true);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(TOTAL);
    expect(rows.filter((r) => r.right).length).toBe(answered.filter((a) => a.aimRight).length);

    console.log(`[e2e] journey 1: ${rows.filter((r) => r.right).length}/${rows.length} right → expected ${expected} of ${TOTAL}`);
    const shown = Number(((await learner.getByTestId('result-score').textContent()) ?? '').trim());
    expect(shown, `shown score vs expected; per question: ${JSON.stringify(rows)}`).toBe(expected);
    await waitForText(learner, 'result-total', String(TOTAL));

    // ── Nothing of the key reached the learner before hand-in ────────────────────────────────
    await Promise.all(bodies);
    expect(seenPaper).toBeGreaterThanOrEqual(quIds.length);
    expect(leaks, 'responses carrying isRight/analysis before hand-in').toEqual([]);
  });
});
