/**
 * The face provider configuration page in the browser (issue 12; SPEC §2 "Face-recognition provider
 * configuration page", §3 "Face provider configuration", §5 '服务商必须选择！', §8 '配置保存成功！',
 * '服务商切换成功！'): the administrator opens 系统管理 → 人脸配置, sees the local engine current
 * (nothing to fill), gets the required-field messages for baidu, saves a baidu configuration with
 * liveness on, switches to it, finds it again (secret masked) and switches back to local.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_PROP_MSG, maskSecret, PROP_MSG, propApi } from '@kaopei/contracts/sys-config-prop';
import { Api, DEMO_ADMIN } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu, pickOption } from './support/ui';

describe.skipIf(skipWithoutChromium())('face provider configuration page', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows the local engine, saves and switches to baidu, reloads it and switches back', async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await openAdminMenu(page, '系统管理', '人脸配置', '**/admin/sys/face');
    await page.getByTestId('sys-face-current').getByText('当前使用：本地引擎（服务器）').waitFor();
    await page.getByTestId('sys-face-local-note').waitFor();

    await pickOption(page, 'sys-face-provider', 'sys-face-provider-option-baidu');
    await page.getByTestId('sys-face-appId').waitFor();
    await page.getByTestId('sys-face-save').click();
    await page.getByText(FACE_PROP_MSG.appId).first().waitFor();
    await page.getByText(PROP_MSG.secretKey).first().waitFor();
    await page.getByTestId('sys-face-appId').fill('10001');
    await page.getByTestId('sys-face-appKey').fill('baidu-api-key');
    await page.getByTestId('sys-face-secretKey').fill('baidu-secret-abcdefgh');
    await page.getByTestId('sys-face-faceGroup').fill('kaopei');
    await page.getByTestId('sys-face-liveCheck').click();
    await page.getByTestId('sys-face-save').click();
    await page.getByText(FACE_PROP_MSG.saved).first().waitFor();
    await page.getByTestId('sys-face-use').click();
    await page.getByText(PROP_MSG.changed).waitFor();
    await page.getByTestId('sys-face-current').getByText('当前使用：百度智能云').waitFor();

    await pickOption(page, 'sys-face-provider', 'sys-face-provider-option-local');
    await page.getByTestId('sys-face-local-note').waitFor();
    await pickOption(page, 'sys-face-provider', 'sys-face-provider-option-baidu');
    await expect.poll(() => page.getByTestId('sys-face-secretKey').inputValue()).toBe(maskSecret('baidu-secret-abcdefgh'));
    expect(await page.getByTestId('sys-face-liveCheck').getAttribute('aria-checked')).toBe('true');

    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    expect(await api.call(propApi.detail, { type: 'face' })).toMatchObject({ current: 'baidu', data: { appId: '10001', faceGroup: 'kaopei', liveCheck: true } });

    await pickOption(page, 'sys-face-provider', 'sys-face-provider-option-local');
    await page.getByTestId('sys-face-local-note').waitFor();
    await page.getByTestId('sys-face-use').click();
    await page.getByText(PROP_MSG.changed).first().waitFor();
    await page.getByTestId('sys-face-current').getByText('当前使用：本地引擎（服务器）').waitFor();
    expect(await api.call(propApi.detail, { type: 'face' })).toMatchObject({ current: 'local' });
  });
});
