/**
 * The self-service screens in the browser (issue 6 web: personal profile, password change, avatar,
 * SMS login, forgot password, register with the switch rules; SPEC §2 navigation rules, §5 profile
 * form rules):
 * - a learner registers, opens 个人中心 (/web/uc), is told what the profile lacks, completes it
 *   (其他 post with its name), changes the password, is logged out and logs in with the new one;
 * - an administrator resets a learner's password: the learner is held on /web/uc?to=pass until
 *   the password is changed;
 * - with 手机号登录 switched on, a learner logs in by SMS code, and another resets a forgotten
 *   password by SMS. The codes are read from the server log (the default SMS provider writes them
 *   there; the server runs with LOG_LEVEL=info), the image captchas from the server's SQLite.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configApi } from '@kaopei/contracts/sys-config';
import { userApi } from '@kaopei/contracts/sys-user';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { Api, DEMO_ADMIN, DEMO_LEARNER, uniqueUserName } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { captchaKeyOf, loginThroughPage, POLL, registerThroughPage, smsCodeFor, solveCaptcha, waitForText } from './support/ui';

/** A 1×1 transparent PNG. */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The visible antd message (toast) containing `text`. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
/** The form error `text` under a field. */
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text }).first().waitFor();

/** Opens the select whose wrapper carries `testId` and clicks the visible option titled `title`. */
async function pick(page: Page, testId: string, title: string): Promise<void> {
  await page.getByTestId(testId).click();
  // The lists are virtual: type to bring the option into view.
  await page.keyboard.type(title);
  const option = page.locator('.ant-select-dropdown:visible').locator(`.ant-select-item-option[title="${title}"], .ant-select-tree-node-content-wrapper[title="${title}"]`).first();
  await option.waitFor({ state: 'visible' });
  await option.click();
}

/** Types a yyyy-MM-dd date into the DatePicker whose wrapper or input carries `testId`. */
async function pickDate(page: Page, testId: string, date: string): Promise<void> {
  const el = page.getByTestId(testId);
  const input = (await el.evaluate((e) => e.tagName)) === 'INPUT' ? el : el.locator('input').first();
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

/** Gives the account `userName` the mobile number `mobile` (setup: binding has its own screens). */
function setMobile(server: RunningServer, userName: string, mobile: string): void {
  const db = new Database(path.join(server.dataDir, 'kaopei.db'));
  try {
    db.prepare('update sys_user set mobile = ? where user_name = ? and deleted = 0').run(mobile, userName);
  } finally {
    db.close();
  }
}

/** Asks an SMS code on the page whose phone fields carry `prefix` (mobile, captcha, send). */
async function askSmsCode(page: Page, server: RunningServer, prefix: string, mobile: string): Promise<string> {
  await page.getByTestId(`${prefix}-mobile`).fill(mobile);
  await solveCaptcha(page, server.dataDir, `${prefix}-captcha`, await captchaKeyOf(page, `${prefix}-captcha`));
  const mark = server.output().split('\n').length;
  await page.getByTestId(`${prefix}-sms-send`).click();
  await toast(page, '短信发送成功，请查收手机短信！');
  // The button counts down and is blocked meanwhile (SPEC §4).
  await waitForText(page, `${prefix}-sms-send`, /^(60|59|58)秒后重发$/);
  expect(await page.getByTestId(`${prefix}-sms-send`).isDisabled()).toBe(true);
  return smsCodeFor(server, mobile, Math.max(0, mark - 5));
}

describe.skipIf(skipWithoutChromium())('self-service: profile, password, SMS login and forgotten password', () => {
  let server: RunningServer;
  let admin: Api;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer({ env: { LOG_LEVEL: 'info' } });
    admin = await Api.login(server.baseUrl, DEMO_ADMIN);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets a new learner complete the profile with its rules and change the password', async () => {
    const page = await browser.page(server.baseUrl);
    const user = { userName: uniqueUserName('uc'), realName: '自助学员', password: 'Start@2026!' };
    await registerThroughPage(page, server.dataDir, user);

    // 个人中心 from the header dropdown.
    await page.getByTestId('web-user-menu').click();
    await page.getByTestId('web-user-menu-link-0').click();
    await page.waitForURL('**/web/uc');
    await page.getByTestId('profile-form').waitFor();
    expect(await page.getByTestId('profile-userName').inputValue()).toBe(user.userName);

    // Nothing chosen yet: the form says what is missing and saves nothing.
    await page.getByTestId('profile-submit').click();
    await toast(page, '请完善必填项');
    await fieldError(page, '请完善必填项');
    await fieldError(page, '请选择职务');

    await pick(page, 'profile-deptCode', '默认部门');
    await pick(page, 'profile-sex', '男');
    await pick(page, 'profile-mz', '汉族');
    await pickDate(page, 'profile-csrq', '1990-05-06');
    await pick(page, 'profile-zzmm', '群众');
    await pickDate(page, 'profile-gzsj', '2012-07-01');
    await pick(page, 'profile-whcd', '大学本科');
    // 其他 asks for the post's name.
    await pick(page, 'profile-zw', '其他');
    await page.getByTestId('profile-submit').click();
    await fieldError(page, '请输入职务名称');
    await page.getByTestId('profile-qtzw').fill('项目经理');
    await page.getByTestId('profile-idCard').fill('12345');
    await page.getByTestId('profile-submit').click();
    await fieldError(page, '请输入正确的身份证号');
    await page.getByTestId('profile-idCard').fill('11010519491231002x');
    await page.getByTestId('profile-submit').click();
    await toast(page, '资料修改成功！');

    // Saved as the server sees it: the typed name replaced zw.
    const self = await Api.login(server.baseUrl, { username: user.userName, password: user.password });
    expect(await self.call(userApi.profile, {})).toMatchObject({
      deptCode: 'A01', sex: '1', mz: '01', csrq: '1990-05-06', zzmm: '13', gzsj: '2012-07-01', whcd: '21', zw: '项目经理', dnzw: '', idCard: '11010519491231002X',
    });
    // And shown back as 其他 + 项目经理 after a reload.
    await page.reload();
    await page.getByTestId('profile-form').waitFor();
    expect(await page.getByTestId('profile-qtzw').inputValue()).toBe('项目经理');

    // Avatar: one jpg/png image, uploaded, then saved; the card shows it at once.
    await page.getByTestId('avatar-open').click();
    await page.getByTestId('avatar-dialog').waitFor();
    expect(await page.getByTestId('avatar-save').isDisabled()).toBe(true);
    await page.getByTestId('avatar-upload').locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
    await expect.poll(() => page.getByTestId('avatar-save').isDisabled(), POLL).toBe(false);
    await page.getByTestId('avatar-save').click();
    await toast(page, '资料修改成功！');
    const avatar = (await self.call(userApi.profile, {})).avatar;
    expect(avatar).toMatch(/^\/api\/common\/file\/view\/.+\.png$/);
    await expect.poll(() => page.getByTestId('profile-avatar').locator('img').getAttribute('src'), POLL).toBe(avatar);

    // Password: the rules, then the change; the user is logged out after 1.5 s.
    await page.getByTestId('profile-tab-pass').click();
    await page.waitForURL('**/web/uc?to=pass');
    await page.getByTestId('pass-submit').click();
    await fieldError(page, '旧密码不能为空！');
    const next = 'Second@2026!';
    await page.getByTestId('pass-old').fill(user.password);
    await page.getByTestId('pass-new').fill('weak');
    await page.getByTestId('pass-confirm').fill('other');
    await page.getByTestId('pass-submit').click();
    await fieldError(page, '密码必须同时包含数字、大小写字母、特殊字符,长度不少于8位');
    await fieldError(page, '两次密码输入不一致！');
    await page.getByTestId('pass-new').fill(next);
    await page.getByTestId('pass-confirm').fill(next);
    await page.getByTestId('pass-submit').click();
    await toast(page, '密码修改成功，请重新登录！');
    await page.waitForURL('**/login');

    await loginThroughPage(page, { username: user.userName, password: next });
    await page.waitForURL('**/web/home');
  });

  it("holds a learner on /web/uc?to=pass after an administrator's password reset until the password is changed", async () => {
    const learner = await Api.login(server.baseUrl, DEMO_LEARNER);
    const { userId } = await learner.call(userApi.info, {});
    const reset = 'Reset@2026!';
    await admin.call(userAdminApi.resetPass, { ids: [userId], password: reset });

    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, { username: DEMO_LEARNER.username, password: reset });
    await page.waitForURL('**/web/uc?to=pass');
    await toast(page, '您需要修改密码后才能正常使用！');
    await page.getByTestId('pass-required').waitFor();
    // Anywhere else sends it back.
    await page.goto('/web/index');
    await page.waitForURL('**/web/uc?to=pass');

    const mine = 'Mine@2026!';
    await page.getByTestId('pass-old').fill(reset);
    await page.getByTestId('pass-new').fill(mine);
    await page.getByTestId('pass-confirm').fill(mine);
    await page.getByTestId('pass-submit').click();
    await page.waitForURL('**/login');
    await loginThroughPage(page, { username: DEMO_LEARNER.username, password: mine });
    await page.goto('/web/index');
    await page.waitForURL('**/web/index');
    // Back to the demo password for the other journeys of this server.
    await (await Api.login(server.baseUrl, { username: DEMO_LEARNER.username, password: mine })).call(userApi.updatePass, { oldPassword: mine, password: DEMO_LEARNER.password });
  });

  it('logs a learner in by SMS code and resets a forgotten password by SMS', async () => {
    const switches = await admin.call(configApi.switchDetail, {});
    await admin.call(configApi.switchSave, { ...switches, mobileLogin: true });
    setMobile(server, DEMO_LEARNER.username, '13900000001');

    // SMS login: the mobile and the captcha are checked before anything is sent.
    const page = await browser.page(server.baseUrl);
    await page.goto('/login');
    await page.getByTestId('login-mode-mobile').click();
    await page.getByTestId('mlogin-sms-send').click();
    await fieldError(page, '手机号不能为空');
    await fieldError(page, '图形验证码不能为空！');
    await page.getByTestId('mlogin-mobile').fill('12345');
    await page.getByTestId('mlogin-sms-send').click();
    await fieldError(page, '手机号码格式不正确!');
    const code = await askSmsCode(page, server, 'mlogin', '13900000001');
    await page.getByTestId('mlogin-sms').fill(code);
    await page.getByTestId('mlogin-submit').click();
    await page.waitForURL('**/web/home');

    // Forgot password, for another learner with another number.
    const user = { userName: uniqueUserName('fg'), realName: '忘记密码', password: 'Forgot@2026!' };
    const reg = await browser.page(server.baseUrl);
    await registerThroughPage(reg, server.dataDir, user);
    setMobile(server, user.userName, '13900000002');

    const forgot = await browser.page(server.baseUrl);
    await forgot.goto('/login');
    await forgot.getByTestId('login-forgot').click();
    await forgot.waitForURL('**/forgot');
    const resetCode = await askSmsCode(forgot, server, 'forgot', '13900000002');
    await forgot.getByTestId('forgot-sms').fill(resetCode);
    const fresh = 'Fresh@2026!';
    await forgot.getByTestId('forgot-password').fill(fresh);
    await forgot.getByTestId('forgot-confirm').fill('Fresh@2026?');
    await forgot.getByTestId('forgot-submit').click();
    await fieldError(forgot, '两次密码输入不一致！');
    await forgot.getByTestId('forgot-confirm').fill(fresh);
    await forgot.getByTestId('forgot-submit').click();
    await toast(forgot, '密码重置成功，请重新登录！');
    await forgot.waitForURL('**/login');
    await loginThroughPage(forgot, { username: user.userName, password: fresh });
    await forgot.waitForURL('**/web/home');
  });

  it("shows an administrator's profile in the admin layout, and a registration under review waits for approval", async () => {
    const page = await browser.page(server.baseUrl);
    await loginThroughPage(page, DEMO_ADMIN);
    await page.getByTestId('admin-user-menu').click();
    await page.getByTestId('admin-user-menu-link-0').click();
    await page.waitForURL('**/profile/index');
    await page.locator('.admin-view[data-path="/profile/index"]').getByTestId('profile-form').waitFor();
    await page.getByTestId('tag-/profile/index').waitFor();
    expect(await page.getByTestId('profile-userName').inputValue()).toBe(DEMO_ADMIN.username);
    // To a menu page and back through the tabs: the layout and the profile's tab stay.
    await page.getByTestId('tag-/admin/dashboard').click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByTestId('tag-/profile/index').click();
    await page.waitForURL('**/profile/index');

    const switches = await admin.call(configApi.switchDetail, {});
    await admin.call(configApi.switchSave, { ...switches, userAudit: true });
    try {
      const visitor = await browser.page(server.baseUrl);
      const site = visitor.waitForResponse((res) => new URL(res.url()).pathname === '/api/sys/config/site');
      await visitor.goto('/register');
      await site;
      await visitor.getByTestId('reg-audit-hint').waitFor();
      await pick(visitor, 'reg-dept', '默认部门');
      const userName = uniqueUserName('au');
      await visitor.getByTestId('reg-username').fill(userName);
      await visitor.getByTestId('reg-realname').fill('待审学员');
      await visitor.getByTestId('reg-password').fill('Audit@2026!');
      await visitor.getByTestId('reg-confirm').fill('Audit@2026!');
      await solveCaptcha(visitor, server.dataDir, 'reg-captcha', await captchaKeyOf(visitor, 'reg-captcha'));
      await visitor.getByTestId('reg-submit').click();
      await visitor.getByTestId('reg-pending').waitFor();
      expect(new URL(visitor.url()).pathname).toBe('/register');
      await visitor.goto('/web/index');
      await visitor.waitForURL('**/login?redirect=*');
    } finally {
      await admin.call(configApi.switchSave, { ...switches, userAudit: false });
    }
  });
});
