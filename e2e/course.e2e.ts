/**
 * Courses in the browser (issue 11, ListCourse and the learner's public courses): the administrator
 * opens 课程管理 → 课程列表, adds a course whose file is picked with the course-file picker, with a
 * price of 10 points; the demo learner (given 20 points) finds it in 公开课程, opens its detail with
 * the chapter list, buys it in the purchase dialog (points debited once: the balance in the success
 * message), and then sees 开始学习 and the course in 我的课程; a second purchase is impossible; the
 * administrator opens its CourseStat page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseApi } from '@kaopei/contracts/course';
import { courseFileApi } from '@kaopei/contracts/course-file';
import { pointsApi } from '@kaopei/contracts/points';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startCourseWithFile } from './support/course';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu } from './support/ui';

describe.skipIf(skipWithoutChromium())('courses: build one with the file picker, buy it with points', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets the administrator build a points course and the learner buy it once and start it', async () => {
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const fileTitle = `E2E 链接课件 ${Date.now()}`;
    const { id: fileId } = await api.call(courseFileApi.save, { title: fileTitle, fileType: 11, viewUrl: 'https://example.com/lesson' });
    const learnerId = (await api.call(userAdminApi.paging, { current: 1, size: 10, params: { userName: DEMO_LEARNER.username } })).records.find((r) => r.userName === DEMO_LEARNER.username)?.id as string;
    await api.call(pointsApi.adjust, { userId: learnerId, points: 20, reason: 'E2E课程' });

    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '课程管理', '课程列表', '**/admin/course/list');
    const title = `E2E 积分课程 ${Date.now()}`;
    await startCourseWithFile(admin, { title, fileTitle, fileId, chapter: '第一章 入门' });
    await admin.getByTestId('course-cost-points').fill('10');
    await admin.locator('.ant-modal', { hasText: '添加课程' }).getByRole('button', { name: '保存' }).click();
    await admin.getByText('操作成功！').first().waitFor();
    await admin.locator('.admin-view:visible tr', { hasText: title }).getByText('10积分').waitFor();
    const courseId = (await api.call(courseApi.paging, { current: 1, size: 10, params: { title } })).records[0]?.id as string;
    expect(courseId).toBeTruthy();

    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    await learner.goto('/web/publicCourse');
    await learner.getByTestId(`course-card-${courseId}`).click();
    await learner.waitForURL('**/web/publicCourse/info?id=*');
    expect(await learner.getByTestId('course-info-title').textContent()).toBe(title);
    await learner.getByText('第一章 入门').waitFor();
    await learner.getByTestId('course-buy').click();
    await learner.getByTestId('course-buy-ok').click();
    // 20 given, 1 for the first login today, 10 spent.
    await learner.getByText('购买成功！剩余积分：11').waitFor();
    await learner.getByTestId('course-start').waitFor();
    expect(await learner.getByTestId('course-buy').count()).toBe(0);

    await learner.goto('/web/course');
    await learner.getByTestId(`course-card-${courseId}`).waitFor();
    const again = await Api.login(server.baseUrl, DEMO_LEARNER).then((l) => l.call(courseApi.buy, { courseId }).then(() => 'bought', (e: Error) => e.message));
    expect(again).toContain('您已拥有该课程');

    // CourseStat: open to every learner, nobody has studied yet.
    await admin.locator('.admin-view:visible tr', { hasText: title }).getByTestId(`course-stat-${courseId}`).click();
    await admin.waitForURL(`**/admin/course/stat/${courseId}`);
    await admin.getByText(`课程统计：${title}`).waitFor();
    await expect.poll(async () => (await admin.getByTestId('course-stat-started').textContent()) ?? '').toContain('0');
    await admin.getByText(fileTitle).waitFor();
  });
});
