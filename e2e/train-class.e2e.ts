/**
 * Training classes in the browser (issue 13 "Classes"): the administrator opens 培训管理 → 培训班,
 * adds a class that needs approval (dates through the range picker), links a course in the class
 * courses dialog; the demo learner finds the class on /web/webclassapply, opens its page and signs
 * up (confirmation; waiting for approval); the administrator approves him with a message in the
 * students dialog; the learner then sees 已报名, the message, the class among his classes and the
 * course with 开始学习, which opens /web/course/view/{courseId}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { courseApi } from '@kaopei/contracts/course';
import { courseFileApi } from '@kaopei/contracts/course-file';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { laterUnreadMessages, loginThroughPage, openAdminMenu } from './support/ui';

describe.skipIf(skipWithoutChromium())('training classes: create, link a course, sign up, approve, study', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets the administrator build a class with a course and the learner sign up, be approved and reach the course', async () => {
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const stamp = Date.now();
    const { id: fileId } = await api.call(courseFileApi.save, { title: `E2E 班级课件 ${stamp}`, fileType: 11, viewUrl: 'https://example.com/lesson' });
    const courseTitle = `E2E 班级课程 ${stamp}`;
    const { id: courseId } = await api.call(courseApi.save, { title: courseTitle, fileList: [{ fileId }] });

    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '培训管理', '培训班', '**/admin/trainClass/list');
    const title = `E2E 培训班 ${stamp}`;
    await admin.getByTestId('class-add').click();
    await admin.getByTestId('class-title').fill(title);
    // The first range picker of the form is 培训时间.
    const range = admin.locator('.ant-modal:visible .ant-picker-range').first().locator('input');
    const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD HH:mm:ss');
    await range.nth(0).click();
    await range.nth(0).fill(fmt(dayjs().add(2, 'day').startOf('hour')));
    await admin.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await range.nth(1).fill(fmt(dayjs().add(30, 'day').startOf('hour')));
    await admin.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await admin.getByTestId('class-need-audit').click();
    await admin.getByTestId('class-save').click();
    await admin.getByText('操作成功！').first().waitFor();
    const classId = (await api.call(trainClassApi.list, { current: 1, size: 10, params: { title } })).records[0]?.id as string;
    expect(classId).toBeTruthy();

    // Link the course.
    await admin.getByTestId(`class-courses-${classId}`).click();
    await admin.getByTestId('class-course-select').click();
    await admin.keyboard.type(courseTitle);
    await admin.getByTestId(`class-course-option-${courseId}`).click();
    await admin.locator('.ant-modal:visible tr', { hasText: courseTitle }).waitFor();
    await admin.getByTestId('class-courses-save').click();
    await admin.getByText('操作成功！').first().waitFor();

    // The learner signs up.
    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    // The approval arrives as a class.notice message, whose unread dialog is put off.
    await laterUnreadMessages(learner);
    await learner.goto('/web/webclassapply');
    await learner.getByTestId(`class-card-${classId}`).click();
    await learner.waitForURL('**/web/webclassapply/info?classId=*');
    expect(await learner.getByTestId('class-info-title').textContent()).toBe(title);
    await learner.getByTestId('class-apply').click();
    await learner.getByTestId('class-apply-ok').click();
    await learner.getByText('报名已提交，请等待管理员审核！').waitFor();
    await expect.poll(async () => (await learner.getByTestId('class-info-state').textContent()) ?? '').toContain('待审核');
    // Not enrolled yet: no study link.
    expect(await learner.getByTestId(`class-course-study-${courseId}`).count()).toBe(0);

    // The administrator approves with a message.
    await admin.getByTestId(`class-students-${classId}`).click();
    await admin.getByTestId(`class-student-pass-${DEMO_LEARNER.username}`).click();
    await admin.getByTestId('class-audit-msg').fill('欢迎参加培训');
    await admin.getByTestId('class-audit-ok').click();
    await admin.getByText('已审核 1 条').waitFor();

    // The learner is enrolled and reaches the course.
    await learner.reload();
    await expect.poll(async () => (await learner.getByTestId('class-info-state').textContent()) ?? '').toContain('已报名');
    await learner.getByText('欢迎参加培训').waitFor();
    await learner.getByTestId('class-progress').waitFor();
    await learner.getByTestId(`class-course-study-${courseId}`).click();
    await learner.waitForURL(`**/web/course/view/${courseId}`);
    await learner.goto('/web/webclassapply');
    await learner.getByTestId(`class-card-${classId}`).first().waitFor();
  });
});
