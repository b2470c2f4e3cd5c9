/**
 * Answer battles (issue 10): the administrator switches the module on (功能开关 → 答题竞赛) and sets a
 * battle up through the API; the learner finds 答题竞赛 in the header, enters the room, joins in the
 * window, gets the first question pushed over the room socket when the start comes, answers it,
 * sees the reveal and the live ranking, and the final result at the end. The server runs with
 * KAOPEI_TEST_CLOCK: the journey moves the server clock instead of waiting for the schedule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { battleApi, BATTLE_REVEAL_MS } from '@kaopei/contracts/battle';
import { configApi } from '@kaopei/contracts/sys-config';
import { formatTimeStrict } from '../apps/server/src/lib/time';
import { Api, DEMO_ADMIN, DEMO_LEARNER, parseApiTime } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, POLL, waitForText } from './support/ui';

const DEMO_BANK_TITLE = '安全生产基础知识（演示）';
const SECONDS = 20;

describe.skipIf(skipWithoutChromium())('answer battle: a learner joins, answers and sees the ranking', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ env: { KAOPEI_TEST_CLOCK: 'true' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('joins in the window, gets the pushed question, answers, sees reveal, ranking and the result', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const switches = await admin.call(configApi.switchDetail, {});
    await admin.call(configApi.switchSave, { ...switches, moduleBattle: true });
    const repo = await admin.repoByTitle(DEMO_BANK_TITLE);
    const serverNow = await admin.advanceClock(0);
    const title = `E2E 竞赛 ${Date.now()}`;
    const { id } = await admin.call(battleApi.save, {
      title, repoIds: [repo.id], quTypes: [1, 3], questionCount: 2, secondsPerQuestion: SECONDS, startTime: formatTimeStrict(serverNow + 120_000), joinMinutes: 10,
    });
    const start = parseApiTime((await admin.call(battleApi.detail, { id })).startTime);

    // ── Learner: header entry → list → room → join ───────────────────────────────────────────
    const ctx = await browser.context(server.baseUrl);
    const page = await ctx.newPage();
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto('/web/home');
    await page.locator('.web-menu').getByText('答题竞赛').first().click();
    await page.waitForURL('**/web/battle');
    await page.getByTestId(`battle-enter-${id}`).click();
    await page.waitForURL(`**/web/battle/room/${id}`);
    await page.getByTestId('battle-join').click();
    await waitForText(page, 'battle-lobby', /已报名/);

    // ── The start: the question arrives over the socket; answer the first option ───────────────
    await admin.advanceClock(Math.max(0, start + 1_000 - (await admin.advanceClock(0))));
    await waitForText(page, 'battle-question', /第1\/2题/);
    await page.getByTestId('battle-option-0').click();
    await page.getByTestId('battle-answered').waitFor({ timeout: POLL.timeout });

    // ── The deadline: reveal and ranking (the only player ranks first) ─────────────────────────
    await admin.advanceClock(SECONDS * 1000);
    await waitForText(page, 'battle-reveal', /回答正确|回答错误/);
    await waitForText(page, 'battle-my-rank', /第1名/);
    const ranking = await admin.call(battleApi.ranking, { params: { battleId: id } });
    expect(ranking.records).toHaveLength(1);
    expect(ranking.records[0]).toMatchObject({ rank: 1, answerCount: 1 });

    // ── The end ────────────────────────────────────────────────────────────────────────────────
    await admin.advanceClock(2 * (SECONDS * 1000 + BATTLE_REVEAL_MS));
    await waitForText(page, 'battle-end', /第1名/);
  });
});
