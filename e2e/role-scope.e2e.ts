/**
 * The data scope of a role in the browser (issue 6): the administrator adds a role limited to
 * 本部门及下级部门 in the role dialog, sees it in the list's 数据范围 column, and the server keeps it;
 * turning the role into a learner role disables the select and the list shows no scope for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleApi } from '@kaopei/contracts/sys-role';
import { Api, DEMO_ADMIN } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { fillNumber, loginThroughPage, pickOption, POLL } from './support/ui';

describe.skipIf(skipWithoutChromium())('roles: data scope', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('saves a role limited to its department subtree and shows the scope in the list', async () => {
    const api = await Api.login(server.baseUrl, DEMO_ADMIN);
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await page.goto('/admin/sys/role');
    await page.getByTestId('role-add').click();

    const roleName = `部门管理员${Date.now() % 100000}`;
    await page.getByTestId('role-name').fill(roleName);
    await fillNumber(page, 'role-level', 5);
    await pickOption(page, 'role-data-scope', 'role-data-scope-option-1');
    await page.getByRole('button', { name: '保存' }).click();
    const row = page.locator('.admin-view:visible tr', { hasText: roleName });
    await row.getByText('本部门及下级部门').waitFor();

    const saved = async () => (await api.call(roleApi.list, {})).find((r) => r.roleName === roleName);
    await expect.poll(saved, POLL).toMatchObject({ roleType: 2, roleLevel: 5, dataScope: 1 });
    const id = (await saved())?.id ?? '';

    // A learner role: the select is disabled (its value kept), the list shows no scope.
    await page.getByTestId(`role-edit-${id}`).click();
    await page.locator('.ant-modal:visible').getByText('本部门及下级部门').waitFor();
    await page.locator('.ant-modal:visible').getByText('学员', { exact: true }).click();
    await page.locator('.ant-modal:visible').getByText('学员角色不使用数据范围').waitFor();
    expect(await page.getByTestId('role-data-scope').evaluate((el) => el.closest('.ant-select')?.classList.contains('ant-select-disabled') ?? el.classList.contains('ant-select-disabled'))).toBe(true);
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(saved, POLL).toMatchObject({ roleType: 1, dataScope: 1 });
    await row.getByText('—').waitFor();
    expect(await row.getByText('本部门及下级部门').count()).toBe(0);
  });
});
