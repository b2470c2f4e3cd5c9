/**
 * Information collection on the phone (issue 13 "Surveys and information collection"; SPEC §2
 * /m/info/cj, the audio recorder's states 0 ready → 1 recording → 2 recorded and its messages) on a
 * 390×844 page, with Chromium's fake microphone (`--use-fake-device-for-media-stream`, auto-allowed
 * by `--use-fake-ui-for-media-stream`): the learner opens a site-wide form with a text, a radio and
 * an audio field, fills them, records (开始录音 → 停止 → 上传: the recording converted to WAV and
 * uploaded, '录音上传成功！'), submits after the confirmation ('提交成功！'); the administrator saves
 * a form through the builder (添加 → 文本 field, 必填) on 培训管理 → 信息采集, and the answers drawer
 * (提交记录) of the learner's form shows the text and the audio's url.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDER_MSG, XDSC_MSG, xdscApi } from '@kaopei/contracts/xdsc';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { laterUnreadMessages, loginThroughPage, POLL } from './support/ui';

const fakeMicrophone = () => ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'];

describe.skipIf(skipWithoutChromium())('information collection', () => {
  let server: RunningServer;
  const browser = useBrowser(fakeMicrophone);

  // A busy machine can take over a minute to start the server.
  beforeAll(async () => {
    server = await startServer({ timeoutMs: 150_000 });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('a learner fills a form on the phone, records and uploads audio, submits; the admin sees the answer', async () => {
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const title = `信息采集${Date.now().toString(36)}`;
    const { id } = await admin.call(xdscApi.save, {
      title,
      description: '请如实填写',
      fields: [
        { fieldType: 'text', label: '工号', required: true },
        { fieldType: 'radio', label: '是否住宿', required: true, options: ['是', '否'] },
        { fieldType: 'audio', label: '自我介绍录音', required: true },
      ],
    });

    const page = await browser.page(server.baseUrl);
    await page.setViewportSize({ width: 390, height: 844 });
    await laterUnreadMessages(page);
    await loginThroughPage(page, DEMO_LEARNER);
    await page.goto(`/m/info/cj?id=${id}`);
    await page.getByTestId('xdsc-title').getByText(title).waitFor();

    // Submitting empty shows the required messages of the server's wording.
    await page.getByTestId('xdsc-submit').click();
    await page.getByText(XDSC_MSG.required('工号')).waitFor();

    await page.getByTestId('xdsc-field-0').fill('E2E-007');
    await page.getByTestId('xdsc-field-1').getByText('否').click();

    // The recorder: ready → recording → recorded → uploaded.
    const state = page.getByTestId('xdsc-field-2-rec-state');
    await expect.poll(() => state.getAttribute('data-state'), POLL).toBe('0');
    await page.getByTestId('xdsc-field-2-rec-start').click();
    await expect.poll(() => state.getAttribute('data-state'), POLL).toBe('1');
    await page.waitForTimeout(1500);
    await page.getByTestId('xdsc-field-2-rec-stop').click();
    await expect.poll(() => state.getAttribute('data-state'), POLL).toBe('2');
    await page.getByTestId('xdsc-field-2-rec-play').click();
    await page.getByTestId('xdsc-field-2-rec-upload').click();
    await page.getByText(RECORDER_MSG.uploaded).waitFor();
    const audio = page.getByTestId('xdsc-field-2-rec-uploaded');
    await audio.waitFor();
    expect(await audio.getAttribute('src')).toMatch(/^\/api\/common\/file\/view\/\w+\.wav$/);

    await page.getByTestId('xdsc-submit').click();
    await page.getByText(XDSC_MSG.submitConfirm).waitFor();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText(XDSC_MSG.submitted).waitFor();
    await page.getByTestId('xdsc-submitted').waitFor();

    const answers = await admin.call(xdscApi.answers, { current: 1, size: 10, params: { formId: id } });
    expect(answers.total).toBe(1);
    const url = String(answers.records[0]!.values[2]!.value);
    expect(url).toMatch(/^\/api\/common\/file\/view\/\w+\.wav$/);

    // The administrator's answers drawer.
    const adminPage = await browser.page(server.baseUrl);
    await loginThroughPage(adminPage, DEMO_ADMIN);
    await adminPage.goto('/admin/trainClass/xdsc');
    // The builder: a form with one required text field, saved through the dialog.
    const built = `问卷${Date.now().toString(36)}`;
    await adminPage.getByTestId('xdsc-add').click();
    await adminPage.getByTestId('xdsc-title-input').fill(built);
    await adminPage.getByTestId('xdsc-add-text').click();
    await adminPage.getByTestId('xdsc-field-label-0').fill('部门');
    await adminPage.getByTestId('xdsc-field-required-0').check();
    await adminPage.getByRole('button', { name: '保存' }).click();
    await adminPage.getByTestId('xdsc-table').getByText(built).waitFor();
    const saved = (await admin.call(xdscApi.paging, { current: 1, size: 10, params: { title: built } })).records[0]!;
    expect(saved.fields).toMatchObject([{ fieldType: 'text', label: '部门', required: true }]);
    await adminPage.getByTestId(`xdsc-answers-${id}`).click();
    const table = adminPage.getByTestId('xdsc-answers-table');
    await table.getByText('E2E-007').waitFor();
    await table.getByRole('cell', { name: '否', exact: true }).waitFor();
    expect(await table.getByTestId('xdsc-answer-file').getAttribute('href')).toBe(url);
  });
});
