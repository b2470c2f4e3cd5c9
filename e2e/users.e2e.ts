/**
 * 用户管理 in the browser (SPEC §2 user edit dialog, department tree with filter, role multi-select,
 * paging table; §4 user state; §5 user form; §8 '用户保存成功!', '状态修改成功!', '数据导出成功！'),
 * against the real server. The administrator opens 系统管理 → 用户管理, adds a user in a
 * sub-department with a role, edits the user, disables the account (the user's login is then
 * refused and the session they had ends), filters the list by department (a department shows its
 * sub-departments' users too) and exports the filtered list.
 *
 * Setup through the API: a department with a sub-department and a learner role, named uniquely.
 * Everything on the page is reached through the data-testids of apps/web/TESTIDS.md; the menu
 * entries are the titles the server sends.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { ErrorCode } from '@kaopei/contracts';
import { departApi } from '@kaopei/contracts/sys-depart';
import { roleApi } from '@kaopei/contracts/sys-role';
import { USER_EXPORT_FILE, USER_IMPORT_HEADERS, userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { userApi, UserError } from '@kaopei/contracts/sys-user';
import { Api, ApiError, DEMO_ADMIN, DEMO_LEARNER, uniqueUserName } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { chooseByTyping, idsByPrefix, loginThroughPage, POLL, waitForText } from './support/ui';

/** The ids of the rows the user list shows now. */
const listedIds = (page: Page) => idsByPrefix(page, 'user-name-');

/** An import file: USER_IMPORT_HEADERS, then `rows`. */
async function importFile(dir: string, name: string, rows: string[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow([...USER_IMPORT_HEADERS]);
  for (const r of rows) sheet.addRow(r);
  const file = path.join(dir, name);
  await book.xlsx.writeFile(file);
  return file;
}

/** Ticks the checkbox of the row of user `id`. */
async function tick(page: Page, id: string): Promise<void> {
  await page.getByTestId(`user-row-${id}`).locator('.ant-checkbox-input').check();
}

/** Every cell text of the first sheet of an xlsx file. */
async function sheetTexts(file: string): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const texts: string[] = [];
  book.worksheets[0]?.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.text ?? ''))));
  return texts;
}

describe.skipIf(skipWithoutChromium())('用户管理: add, edit, disable, filter by department, export', () => {
  let server: RunningServer;
  const browser = useBrowser();

  let tmp = '';

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'kaopei-e2e-users-'));
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  /** Logs the administrator in and opens 系统管理 → 用户管理. */
  async function openUserPage(): Promise<Page> {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await page.waitForURL('**/admin/dashboard');
    const sider = page.locator('.admin-sider');
    await sider.locator('.ant-menu-submenu-title', { hasText: '系统管理' }).click();
    await sider.locator('.ant-menu-item', { hasText: '用户管理' }).click();
    await page.waitForURL('**/admin/sys/user');
    return page;
  }

  /** Searches the list by name. */
  async function searchName(page: Page, name: string): Promise<void> {
    await page.getByTestId('user-search-name').fill(name);
    await page.getByTestId('user-search-name').press('Enter');
  }

  it('lets the administrator manage a user from the 用户管理 page', async () => {
    const stamp = Date.now().toString(36);
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const parent = await admin.call(departApi.save, { deptName: `E2E总部${stamp}`, sfyxjbm: 0 });
    const child = await admin.call(departApi.save, { parentId: parent.id, deptName: `E2E分部${stamp}`, sfyxjbm: 0 });
    const roleName = `E2E学员${stamp}`;
    await admin.call(roleApi.save, { roleName, roleLevel: 1, roleType: 1 });
    const userName = uniqueUserName('e2eu');
    const password = 'E2e@user2026';

    const page = await openUserPage();

    // ── add: a new user needs a password; the sub-department and the role are chosen by name ──
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-form-username').fill(userName);
    await page.getByTestId('user-form-realname').fill('端到端用户');
    await chooseByTyping(page, 'user-form-dept', `E2E分部${stamp}`);
    await chooseByTyping(page, 'user-form-roles', roleName);
    await page.getByTestId('user-form-submit').click();
    await page.getByTestId('user-form').getByText('密码不能为空！').waitFor();
    await page.getByTestId('user-form-password').fill(password);
    await page.getByTestId('user-form-submit').click();
    await page.getByText('用户保存成功!').first().waitFor();

    await searchName(page, userName);
    await expect.poll(() => listedIds(page), POLL).toHaveLength(1);
    const [id = ''] = await listedIds(page);
    await waitForText(page, `user-name-${id}`, userName);
    await waitForText(page, `user-dept-${id}`, `E2E分部${stamp}`);
    await waitForText(page, `user-roles-${id}`, roleName);
    await waitForText(page, `user-state-tag-${id}`, '正常');

    // ── edit: the user name is locked, a blank password leaves it unchanged ──
    await page.getByTestId(`user-edit-${id}`).click();
    await expect.poll(() => page.getByTestId('user-form-username').inputValue(), POLL).toBe(userName);
    expect(await page.getByTestId('user-form-username').isDisabled()).toBe(true);
    await page.getByTestId('user-form-realname').fill('端到端用户改');
    await page.getByTestId('user-form-email').fill('e2e@example.com');
    await page.getByTestId('user-form-submit').click();
    await waitForText(page, `user-realname-${id}`, '端到端用户改');
    const detail = await admin.call(userAdminApi.detail, { id });
    expect(detail).toMatchObject({ realName: '端到端用户改', email: 'e2e@example.com', deptCode: child.deptCode });
    const session = await Api.login(server.baseUrl, { username: userName, password });

    // ── disable: the account can no longer log in and its session ends ──
    await page.getByTestId(`user-state-${id}`).click();
    await waitForText(page, `user-state-tag-${id}`, '禁用');
    await waitForText(page, `user-state-${id}`, '启用');
    const refused = await Api.login(server.baseUrl, { username: userName, password }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe(UserError.ACCOUNT_DISABLED.code);
    const afterDisable = await session.call(userApi.info, {}).then(
      () => 0,
      (err: unknown) => (err instanceof ApiError ? err.code : -1),
    );
    expect(afterDisable).toBe(ErrorCode.NOT_LOGGED_IN);

    // ── filter by department: the parent shows its sub-department's user, 默认部门 does not ──
    await searchName(page, '');
    const tree = page.getByTestId('user-depart-filter');
    await tree.getByTestId(`depart-tree-node-${parent.deptCode}`).click();
    await expect.poll(() => listedIds(page), POLL).toEqual([id]);
    await tree.getByTestId('depart-tree-node-A01').click();
    await expect.poll(async () => (await listedIds(page)).includes(id), POLL).toBe(false);
    await tree.getByTestId(`depart-tree-node-${parent.deptCode}`).click();
    await expect.poll(() => listedIds(page), POLL).toEqual([id]);

    // ── export: the listed users only (the department filter applies) ──
    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('user-export').click()]);
    expect(file.suggestedFilename()).toBe(USER_EXPORT_FILE);
    await page.getByText('数据导出成功！').first().waitFor();
    const texts = await sheetTexts(await file.path());
    expect(texts).toContain(userName);
    expect(texts).not.toContain(DEMO_LEARNER.username);
  });
  it('imports users from a spreadsheet (bad rows listed, nothing half-imported) and changes the ticked ones in batch', async () => {
    const stamp = Date.now().toString(36);
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const from = await admin.call(departApi.save, { deptName: `E2E导入部${stamp}`, sfyxjbm: 0 });
    const to = await admin.call(departApi.save, { deptName: `E2E调入部${stamp}`, sfyxjbm: 0 });
    const roleName = `E2E导入角色${stamp}`;
    await admin.call(roleApi.save, { roleName, roleLevel: 1, roleType: 1 });
    const prefix = `imp${stamp}`;
    const names = [`${prefix}a`, `${prefix}b`];
    const row = (name: string, deptCode: string) => [name, `导入${name.slice(-1)}`, deptCode, '', '', '', '', roleName, ''];

    const page = await openUserPage();
    await page.getByTestId('user-import-open').click();
    const [template] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('user-import-template').click()]);
    expect(template.suggestedFilename()).toBe('用户导入模板.xlsx');

    // One row names a department that does not exist: the file is refused as a whole.
    await page.getByTestId('user-import-file').setInputFiles(await importFile(tmp, 'bad.xlsx', [row(names[0] ?? '', from.deptCode), row(names[1] ?? '', 'Z99Z99')]));
    await page.getByTestId('user-import-submit').click();
    await page.getByTestId('user-import-errors').locator('tr.ant-table-row').first().waitFor();
    expect(await page.getByTestId('user-import-errors').locator('tr.ant-table-row').count()).toBe(1);
    expect(await page.getByTestId('user-import-errors').locator('tr.ant-table-row').first().textContent()).toContain('3');
    expect((await admin.call(userAdminApi.paging, { current: 1, size: 10, params: { userName: prefix } })).total).toBe(0);

    await page.getByTestId('user-import-file').setInputFiles(await importFile(tmp, 'good.xlsx', [row(names[0] ?? '', from.deptCode), row(names[1] ?? '', from.deptCode)]));
    await page.getByTestId('user-import-submit').click();
    await waitForText(page, 'user-import-result', /成功导入\s*2\s*个用户/);
    // Closed before searching: while the dialog is open it keeps the keyboard, and the Enter of the
    // search below went to it (the list stayed unfiltered once in CI). Escape again if one was lost.
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press('Escape');
      try {
        await page.getByTestId('user-import-submit').waitFor({ state: 'hidden', timeout: 5_000 });
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }

    await searchName(page, prefix);
    await expect.poll(() => listedIds(page), POLL).toHaveLength(2);
    const ids = await listedIds(page);
    for (const id of ids) await waitForText(page, `user-dept-${id}`, `E2E导入部${stamp}`);

    // 设置部门 and 设置角色 change every ticked user.
    for (const id of ids) await tick(page, id);
    await page.getByTestId('user-batch-dept').click();
    await chooseByTyping(page, 'user-batch-dept-select', `E2E调入部${stamp}`);
    await page.getByTestId('user-batch-dept-ok').click();
    for (const id of ids) await waitForText(page, `user-dept-${id}`, `E2E调入部${stamp}`);
    expect((await admin.call(userAdminApi.detail, { id: ids[0] ?? '' })).deptCode).toBe(to.deptCode);

    for (const id of ids) await tick(page, id);
    await page.getByTestId('user-batch-role').click();
    await chooseByTyping(page, 'user-batch-role-select', 'student');
    await page.getByTestId('user-batch-role-ok').click();
    for (const id of ids) await waitForText(page, `user-roles-${id}`, 'student');

    // 重置密码 with a generated password: the users log in with it.
    for (const id of ids) await tick(page, id);
    await page.getByTestId('user-batch-reset-pass').click();
    await page.getByTestId('user-reset-pass-generate').click();
    const password = await page.getByTestId('user-reset-pass-password').inputValue();
    await page.getByTestId('user-reset-pass-ok').click();
    await page.getByTestId('user-reset-pass-ok').waitFor({ state: 'hidden' });
    await Api.login(server.baseUrl, { username: names[1] ?? '', password });

    // 禁用 / 启用 in batch.
    for (const id of ids) await tick(page, id);
    await page.getByTestId('user-batch-disable').click();
    for (const id of ids) await waitForText(page, `user-state-tag-${id}`, '禁用');
    for (const id of ids) await tick(page, id);
    await page.getByTestId('user-batch-enable').click();
    for (const id of ids) await waitForText(page, `user-state-tag-${id}`, '正常');

    // 批量删除 after the confirmation.
    for (const id of ids) await tick(page, id);
    await page.getByTestId('user-batch-delete').click();
    const confirm = page.locator('.ant-modal-confirm', { hasText: '确实要删除吗?' });
    await confirm.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await expect.poll(() => listedIds(page), POLL).toEqual([]);
    expect((await admin.call(userAdminApi.paging, { current: 1, size: 10, params: { userName: prefix } })).total).toBe(0);
  });
});
