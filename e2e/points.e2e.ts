/**
 * The points ledger in the browser (issue 7 "Points"): the administrator adjusts the demo learner's
 * points from 用户管理 (调整积分, with a reason) and sees the new balance in the 积分 column, finds the
 * four rules on 积分规则 and the row on 积分明细; the learner opens 我的积分 (/web/uc?to=points) and
 * sees the balance and the signed row with its remark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage } from './support/ui';

describe.skipIf(skipWithoutChromium())('points: adjust, rules, ledger, 我的积分', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets the administrator adjust a learner’s points, and the learner see them', async () => {
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const learnerId = (await api.call(userAdminApi.paging, { current: 1, size: 10, params: { userName: DEMO_LEARNER.username } })).records.find((r) => r.userName === DEMO_LEARNER.username)?.id as string;
    expect(learnerId).toBeTruthy();

    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await admin.goto('/admin/sys/user');
    await admin.getByTestId('user-search-name').fill(DEMO_LEARNER.username);
    await admin.getByTestId('user-search-name').press('Enter');
    await admin.getByTestId(`user-points-${learnerId}`).waitFor();
    expect(await admin.getByTestId(`user-points-${learnerId}`).textContent()).toBe('0');
    await admin.getByTestId(`user-points-adjust-${learnerId}`).click();
    await admin.getByTestId('points-adjust-amount').fill('15');
    await admin.getByTestId('points-adjust-reason').fill('E2E奖励');
    await admin.getByTestId('points-adjust-ok').click();
    await admin.getByText('操作成功！当前积分：15').waitFor();
    await expect.poll(() => admin.getByTestId(`user-points-${learnerId}`).textContent()).toBe('15');

    // A deduction beyond the balance is refused by the server with its message.
    await admin.getByTestId(`user-points-adjust-${learnerId}`).click();
    await admin.getByTestId('points-adjust-direction').locator('input[value="deduct"]').check();
    await admin.getByTestId('points-adjust-amount').fill('20');
    await admin.getByTestId('points-adjust-reason').fill('扣太多');
    await admin.getByTestId('points-adjust-ok').click();
    await admin.getByText('扣减后积分不能小于0！').waitFor();
    await admin.getByRole('button', { name: '取消' }).click();

    await admin.goto('/admin/sys/points-rule');
    await admin.getByTestId('points-rule-points-exam_pass').waitFor();
    expect(await admin.getByTestId('points-rule-points-exam_pass').inputValue()).toBe('10');
    await admin.goto('/admin/sys/points-log');
    await admin.locator('tr', { hasText: '管理员调整：E2E奖励' }).getByText('+15').waitFor();

    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.goto('/web/uc?to=points');
    await learner.getByTestId('my-points').waitFor();
    // 15 from the administrator and 1 for the learner's first login today (event user.firstLoginOfDay).
    await expect.poll(() => learner.getByTestId('my-points-balance').textContent()).toBe('16');
    const row = learner.locator('tr', { hasText: '管理员调整：E2E奖励' });
    expect(await row.getByText('+15').count()).toBe(1);
    expect(await learner.locator('tr', { hasText: '每日首次登录' }).getByText('+1').count()).toBe(1);
  });
});
