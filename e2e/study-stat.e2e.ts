/**
 * 统计分析 → 学习统计 (issue 14 "Statistics: who has not finished what"): the administrator opens
 * the page from the menu (empty state first), picks a course open to a new department, sees the
 * department's row in the by-department table and its learner as 未开始 in the unfinished list,
 * sends him a reminder (confirmed), and the learner finds it among his messages. The department,
 * the learner and the course (one external-link file) are made through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApi } from '@kaopei/contracts/course';
import { courseFileApi } from '@kaopei/contracts/course-file';
import { msgApi } from '@kaopei/contracts/notify';
import { departApi } from '@kaopei/contracts/sys-depart';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { Api, DEMO_ADMIN, uniqueUserName } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu } from './support/ui';

const STUDENT_ROLE = '1000000000000000002';
const PW = 'Test@12345';

describe.skipIf(skipWithoutChromium())('learning statistics: unfinished list and reminder', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 120_000 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows a course by department and sends a reminder that reaches the learner', async () => {
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const stamp = Date.now();
    const deptName = `E2E 统计部门 ${stamp}`;
    const { deptCode } = await api.call(departApi.save, { deptName });
    const userName = uniqueUserName('ss');
    await api.call(userAdminApi.save, { userName, realName: '统计学员', deptCode, roles: [STUDENT_ROLE], password: PW });
    const { id: fileId } = await api.call(courseFileApi.save, { title: `E2E 统计课件 ${stamp}`, fileType: 11, viewUrl: 'https://example.com/lesson' });
    const courseTitle = `E2E 统计课程 ${stamp}`;
    const { id: courseId } = await api.call(courseApi.save, { title: courseTitle, openType: 2, deptCodes: [deptCode], fileList: [{ fileId }] });

    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await openAdminMenu(page, '统计分析', '学习统计', '**/admin/stat/study');
    await page.getByTestId('study-empty').waitFor();
    await page.getByTestId('study-target').click();
    await page.keyboard.type(courseTitle);
    await page.getByTestId(`study-target-option-${courseId}`).click();
    const row = page.getByTestId('study-dept-table').locator('tr', { hasText: deptName });
    await row.waitFor();
    expect(await row.locator('td').nth(1).innerText()).toBe('1');
    await expect.poll(() => page.getByTestId(`study-state-${userName}`).innerText()).toBe('未开始');
    await page.getByTestId(`study-remind-${userName}`).click();
    await page.getByTestId('study-remind-ok').click();
    await page.getByText('已发送 1 条提醒').first().waitFor();

    const learner = await Api.login(server.baseUrl, { username: userName, password: PW });
    const msgs = await learner.call(msgApi.paging, { current: 1, size: 20 });
    expect(msgs.records.map((m) => m.title)).toContain(`学习提醒：${courseTitle}`);
  });
});
