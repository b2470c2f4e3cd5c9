/**
 * The training-class journey of issue 13 ("Tests: Playwright"): an organiser builds a mixed class
 * (面授 + 网络) whose completion asks for the course, the face-to-face session and the evaluation,
 * with a certificate; a learner signs up, is approved, signs in by the session's QR URL on a phone,
 * studies the course (the course header reads 100%), answers the evaluation, and gets the class
 * certificate.
 *
 * The class, its course (one external-link file: 60 s on the page finish it) and the certificate
 * template are made through the API — their forms have journeys of their own (train-class, course,
 * cert). Everything the class holds is added in the browser: the course in the 课程 dialog, the
 * session and the evaluation in the class management drawer; the learner does every step on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { certApi, certGrantApi } from '@kaopei/contracts/cert';
import { lessonApi } from '@kaopei/contracts/class-session';
import { courseApi } from '@kaopei/contracts/course';
import { courseFileApi } from '@kaopei/contracts/course-file';
import { pjApi } from '@kaopei/contracts/pj';
import { trainClassApi } from '@kaopei/contracts/train-class';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { laterUnreadMessages, loginThroughPage, openAdminMenu, POLL } from './support/ui';

const fmt = (d: dayjs.Dayjs) => new Date(d.valueOf()).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai', hour12: false });

describe.skipIf(skipWithoutChromium())('training class journey: course, face-to-face session, evaluation, certificate', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 120_000 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('takes a learner from sign-up through QR sign-in, study and evaluation to the class certificate', async () => {
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const stamp = Date.now();
    const { id: fileId } = await api.call(courseFileApi.save, { title: `E2E 班级链接课件 ${stamp}`, fileType: 11, viewUrl: 'https://example.com/lesson' });
    const courseTitle = `E2E 混合班课程 ${stamp}`;
    const { id: courseId } = await api.call(courseApi.save, { title: courseTitle, fileList: [{ fileId }] });
    const certTitle = `E2E 结业证书 ${stamp}`;
    const { id: certId } = await api.call(certApi.save, { title: certTitle, authority: '培训部' });
    const title = `E2E 混合培训班 ${stamp}`;
    const { id: classId } = await api.call(trainClassApi.addOrUpdate, {
      title, classType: 4, needAudit: true, startTime: fmt(dayjs().subtract(1, 'hour')), endTime: fmt(dayjs().add(30, 'day')),
      finishCourses: true, finishSessions: true, finishEval: true, certId,
    });

    // ── The organiser fills the class: course, face-to-face session, evaluation ──────────────────
    const admin = await browser.page(server.baseUrl);
    await loginThroughPage(admin, DEMO_ADMIN);
    await openAdminMenu(admin, '培训管理', '培训班', '**/admin/trainClass/list');
    await admin.getByTestId(`class-courses-${classId}`).click();
    await admin.getByTestId('class-course-select').click();
    await admin.keyboard.type(courseTitle);
    await admin.getByTestId(`class-course-option-${courseId}`).click();
    await admin.locator('.ant-modal:visible tr', { hasText: courseTitle }).waitFor();
    await admin.getByTestId('class-courses-save').click();
    await admin.getByText('操作成功！').first().waitFor();

    await admin.getByTestId(`class-manage-${classId}`).click();
    await admin.getByTestId('class-admin-tab-sessions').click();
    await admin.getByTestId('lesson-add').click();
    await admin.getByTestId('lesson-title').fill(`开班讲座 ${stamp}`);
    await admin.getByTestId('lesson-place').fill('培训中心201');
    const range = admin.locator('.ant-modal:visible .ant-picker-range').first().locator('input');
    await range.nth(0).click();
    await range.nth(0).fill(fmt(dayjs().subtract(10, 'minute')));
    await admin.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await range.nth(1).fill(fmt(dayjs().add(2, 'hour')));
    await admin.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await admin.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary').click();
    await admin.getByText('课次保存成功！').first().waitFor();
    const lessonId = (await api.call(lessonApi.paging, { current: 1, size: 10, params: { classId } })).records[0]?.id as string;
    expect(lessonId).toBeTruthy();

    await admin.getByTestId('class-admin-tab-eval').click();
    await admin.getByTestId('pj-add').click();
    const pjTitle = `课程满意度 ${stamp}`;
    await admin.getByTestId('pj-title').fill(pjTitle);
    await admin.getByTestId('pj-item-add-rate').click();
    await admin.getByTestId('pj-item-title-0').fill('讲师授课');
    await admin.getByTestId('pj-save').click();
    await admin.getByTestId('pj-table').getByText(pjTitle).waitFor();
    const pjId = (await api.call(pjApi.paging, { current: 1, size: 10, params: { classId } })).records[0]?.id as string;
    expect(pjId).toBeTruthy();

    // ── The learner signs up; the organiser approves ─────────────────────────────────────────────
    const learner = await browser.page(server.baseUrl);
    await loginThroughPage(learner, DEMO_LEARNER);
    await laterUnreadMessages(learner);
    await learner.goto(`/web/webclassapply/info?classId=${classId}`);
    await learner.getByTestId('class-apply').click();
    await learner.getByTestId('class-apply-ok').click();
    await learner.getByText('报名已提交，请等待管理员审核！').waitFor();

    await admin.locator('.ant-drawer-open .ant-drawer-close').click();
    await admin.getByTestId('class-manage').waitFor({ state: 'hidden' });
    await admin.getByTestId(`class-students-${classId}`).click();
    await admin.getByTestId(`class-student-pass-${DEMO_LEARNER.username}`).click();
    await admin.getByTestId('class-audit-ok').click();
    await admin.getByText('已审核 1 条').waitFor();
    await admin.getByTestId('class-audit-ok').waitFor({ state: 'hidden' });
    await admin.locator('.ant-modal-wrap:visible .ant-modal-close').last().click();

    // ── QR sign-in on a phone ────────────────────────────────────────────────────────────────────
    await admin.getByTestId(`class-manage-${classId}`).click();
    await admin.getByTestId('class-admin-tab-sessions').click();
    await admin.getByTestId(`lesson-qr-${lessonId}`).click();
    await admin.getByTestId('sign-qr-image').waitFor();
    const url = ((await admin.getByTestId('sign-qr-url').textContent()) ?? '').trim();
    await learner.setViewportSize({ width: 390, height: 844 });
    await learner.goto(url);
    await expect.poll(async () => (await learner.getByTestId('m-sign-result').textContent().catch(() => '')) ?? '', POLL).toBe('签到成功！');
    await learner.setViewportSize({ width: 1440, height: 900 });

    // ── Study: the class page's course link, then 60 s on the link file ──────────────────────────
    await learner.goto(`/web/webclassapply/info?classId=${classId}`);
    await expect.poll(async () => (await learner.getByTestId('class-requirement-sessions').textContent()) ?? '', POLL).toContain('已达成');
    await learner.getByTestId(`class-course-study-${courseId}`).click();
    await learner.waitForURL(`**/web/course/view/${courseId}**`);
    await learner.goto(`/web/course/view/${courseId}/${fileId}`);
    await learner.getByTestId('study-pane').waitFor();
    await expect
      .poll(async () => (await learner.getByTestId('course-view-process').textContent().catch(() => '')) ?? '', { timeout: 150_000, interval: 2_000 })
      .toContain('100');

    // ── Evaluation, then the class is complete with its certificate ─────────────────────────────
    await learner.goto(`/web/webclassapply/info?classId=${classId}`);
    await expect.poll(async () => (await learner.getByTestId('class-requirement-courses').textContent()) ?? '', POLL).toContain('已达成');
    await expect.poll(async () => (await learner.getByTestId('class-requirement-eval').textContent()) ?? '', POLL).toContain('未达成');
    await learner.getByTestId('class-tab-eval').click();
    await learner.getByTestId(`pj-open-${pjId}`).click();
    await learner.getByTestId('pj-rate-0').locator('.ant-rate-star').nth(3).click();
    await learner.getByTestId('pj-submit').click();
    await learner.getByTestId('pj-submit-ok').click();
    // The answer settles the class (completion, certificate, points) in the same request, which on a
    // loaded machine can take longer than the 20 s default wait; the lasting outcome (the row's 已评价)
    // is waited for rather than the 3 s toast '评价成功！'.
    await expect.poll(async () => (await learner.getByTestId(`pj-open-${pjId}`).textContent().catch(() => '')) ?? '', { timeout: 60_000, interval: 200 }).toContain('已评价');

    await learner.reload();
    await expect.poll(async () => (await learner.getByTestId('class-requirement-eval').textContent()) ?? '', POLL).toContain('已达成');
    await expect.poll(async () => (await learner.getByTestId('class-info-state').textContent()) ?? '', POLL).toContain('已结业');
    const learnerApi = await Api.login(server.baseUrl, DEMO_LEARNER);
    const grant = (await learnerApi.call(certGrantApi.myList, {})).find((g) => g.refType === 'class' && g.title === certTitle);
    expect(grant?.refTitle).toBe(title);
    await learner.goto('/web/uc?to=cert');
    await learner.getByTestId(`mycert-row-${grant?.id}`).getByText(certTitle).waitFor();
  });
});
