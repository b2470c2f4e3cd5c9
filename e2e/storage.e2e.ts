/**
 * The storage configuration page in the browser (SPEC §2 "Storage configuration page", §4
 * "Selecting a storage provider reloads its saved config", §5 messages, §8 '上传配置保存成功！',
 * '服务商切换成功！'): the administrator opens 系统管理 → 存储配置, sees the local default, gets the
 * directory hint on blur, saves a local directory, fills and saves a qiniu configuration (required
 * fields refused first), switches to it with 使用当前方案, and finds each provider's saved values
 * again when selecting it (the secret masked), then chooses local back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskSecret, PROP_MSG, propApi } from '@kaopei/contracts/sys-config-prop';
import { Api, DEMO_ADMIN } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { loginThroughPage, openAdminMenu, pickOption } from './support/ui';

describe.skipIf(skipWithoutChromium())('storage configuration page', () => {
  let server: RunningServer;
  const browser = useBrowser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-e2e-store-'));
  const localDir = `${dir.split(path.sep).join('/')}/`;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('saves a local directory, saves and switches to qiniu, and reloads each provider when selected', async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await openAdminMenu(page, '系统管理', '存储配置', '**/admin/sys/storage');
    await page.getByTestId('sys-storage-current').getByText('当前使用：本地存储').waitFor();

    // Local: the directory is checked when the field loses focus.
    await page.getByTestId('sys-storage-localDir').fill('data/upload');
    await page.getByTestId('sys-storage-url').click();
    await page.getByText(PROP_MSG.localDirFormat).waitFor();
    await page.getByTestId('sys-storage-localDir').fill(localDir);
    await page.getByTestId('sys-storage-url').fill('http://localhost:8080/');
    await page.getByTestId('sys-storage-remark').fill('本机目录');
    await page.getByTestId('sys-storage-save').click();
    await page.getByText('上传配置保存成功！').waitFor();

    // qiniu: an empty form is refused with the §5 messages, then saved and made current.
    await pickOption(page, 'sys-storage-provider', 'sys-storage-provider-option-qiniu');
    await page.getByTestId('sys-storage-endpoint').waitFor();
    expect(await page.getByTestId('sys-storage-endpoint').inputValue()).toBe('');
    await page.getByTestId('sys-storage-save').click();
    await page.getByText(PROP_MSG.endpoint).first().waitFor();
    await page.getByText(PROP_MSG.accessKeySecret).first().waitFor();
    await page.getByTestId('sys-storage-endpoint').fill('z0');
    await page.getByTestId('sys-storage-bucket').fill('kaopei-kodo');
    await page.getByTestId('sys-storage-accessKeyId').fill('qiniu-ak-e2e');
    await page.getByTestId('sys-storage-accessKeySecret').fill('qiniu-secret-abcdefgh');
    await page.getByTestId('sys-storage-url').fill('https://cdn.example.com/');
    await page.getByTestId('sys-storage-save').click();
    await page.getByText('上传配置保存成功！').first().waitFor();
    await page.getByTestId('sys-storage-use').click();
    await page.getByText('服务商切换成功！').waitFor();
    await page.getByTestId('sys-storage-current').getByText('当前使用：七牛云').waitFor();

    // Selecting a provider reloads what was saved for it.
    await pickOption(page, 'sys-storage-provider', 'sys-storage-provider-option-local');
    await expect.poll(() => page.getByTestId('sys-storage-localDir').inputValue()).toBe(localDir);
    expect(await page.getByTestId('sys-storage-remark').inputValue()).toBe('本机目录');
    await pickOption(page, 'sys-storage-provider', 'sys-storage-provider-option-qiniu');
    await expect.poll(() => page.getByTestId('sys-storage-accessKeySecret').inputValue()).toBe(maskSecret('qiniu-secret-abcdefgh'));

    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    expect(await api.call(propApi.detail, { type: 'upload' })).toMatchObject({ current: 'qiniu', provider: 'qiniu', data: { bucket: 'kaopei-kodo' } });

    // Back to local with 使用当前方案.
    await pickOption(page, 'sys-storage-provider', 'sys-storage-provider-option-local');
    await expect.poll(() => page.getByTestId('sys-storage-localDir').inputValue()).toBe(localDir);
    await page.getByTestId('sys-storage-use').click();
    await page.getByTestId('sys-storage-current').getByText('当前使用：本地存储').waitFor();
    expect(await api.call(propApi.detail, { type: 'upload' })).toMatchObject({ current: 'local', data: { localDir } });
  });
});
