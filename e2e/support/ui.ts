/**
 * Small UI steps shared by the journeys, all through the data-testids of apps/web/TESTIDS.md.
 * playwright-core has no `expect`; waits use locator.waitFor / waitForURL and Vitest's expect.poll.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import type { RunningServer } from './server';
import { expect } from 'vitest';

export const POLL = { timeout: 20_000, interval: 100 } as const;

/** Logs in through /login and waits until the app has left the login page. */
export async function loginThroughPage(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Closes the unread-messages dialog (稍后查看) whenever it covers `page` before an action: a learner
 * whose paper was marked gets a "成绩通知" message, and the header's poll opens the dialog (SPEC §4
 * Messages). For journeys about something else; the message journeys test the dialog itself.
 */
export async function laterUnreadMessages(page: Page): Promise<void> {
  // The dialog can be torn down mid-click (the page navigates to a screen without the header, e.g.
  // the exam room): a short, forgiving click, and no waiting for it to hide — if it is still there,
  // the handler simply runs again before the next action. (An unforgiving click kept retrying on the
  // detached button for 20 s and failed the journey's own wait: CI, 2026-11-26.)
  await page.addLocatorHandler(
    page.getByTestId('msg-dialog-later'),
    async (later) => {
      await later.click({ timeout: 2_000 }).catch(() => undefined);
    },
    { noWaitAfter: true },
  );
}

/**
 * Registers a learner through /register; the app logs them in and leaves the page. The image
 * captcha is read the way a person would not: from the server's database (`dataDir`, see
 * captchaText), for the key of the image the page shows. When the site lets learners choose their
 * unit (switch userDeptType 0), `unit` (default 默认部门) is chosen.
 */
export async function registerThroughPage(page: Page, dataDir: string, user: { userName: string; realName: string; password: string; unit?: string }): Promise<void> {
  const site = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/sys/config/site');
  await page.goto('/register');
  const info = ((await (await site).json()) as { data?: { userReg?: boolean; userDeptType?: number } }).data;
  if (info?.userReg && info.userDeptType === 0) {
    await page.getByTestId('reg-dept').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: user.unit ?? '默认部门' }).first();
    await option.waitFor({ state: 'visible' });
    await option.click();
  }
  await page.getByTestId('reg-username').fill(user.userName);
  await page.getByTestId('reg-realname').fill(user.realName);
  await page.getByTestId('reg-password').fill(user.password);
  await page.getByTestId('reg-confirm').fill(user.password);
  await solveCaptcha(page, dataDir, 'reg-captcha', await captchaKeyOf(page, 'reg-captcha'));
  await page.getByTestId('reg-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
}

/**
 * The key of the image shown by the CaptchaInput `testId` (read from the image's url: a render
 * React discarded may have requested images of other keys before).
 */
export async function captchaKeyOf(page: Page, testId: string): Promise<string> {
  const src = (await page.getByTestId(`${testId}-img`).getAttribute('src')) ?? '';
  return new URL(src, 'http://localhost').searchParams.get('key') ?? '';
}

/** The <input> behind a testid that sits either on the input itself or on its wrapper. */
async function inputOf(loc: Locator): Promise<Locator> {
  const tag = await loc.evaluate((el) => el.tagName);
  return tag === 'INPUT' || tag === 'TEXTAREA' ? loc : loc.locator('input').first();
}

/** Types a number into an antd InputNumber (testid on the input or its wrapper). */
export async function fillNumber(page: Page, testId: string, value: number): Promise<void> {
  const input = await inputOf(page.getByTestId(testId));
  await input.fill(String(value));
  await input.press('Tab');
}

/** Opens the antd Select inside `wrapperTestId` and clicks the dropdown option `optionTestId`. */
export async function pickOption(page: Page, wrapperTestId: string, optionTestId: string): Promise<void> {
  const option = page.getByTestId(optionTestId);
  // On a loaded machine a click can land while the dropdown is still opening and be lost (seen in
  // CI: the rule's type stayed empty): try again until the option reads as selected.
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) await page.getByTestId(wrapperTestId).click();
    await option.waitFor({ state: 'visible' });
    await option.click();
    const selected = await expect
      .poll(async () => (await option.getAttribute('aria-selected').catch(() => null)) === 'true' || !(await option.isVisible()), { timeout: 3_000, interval: 100 })
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    if (selected || attempt === 3) return;
  }
}

/**
 * Clicks `target` until `appears` is visible (up to 3 times): on a loaded machine a click on a
 * button inside a dialog that is still animating in can be lost (seen in CI).
 */
export async function clickUntilVisible(target: Locator, appears: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await target.click();
    try {
      await appears.waitFor({ state: 'visible', timeout: 5_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Clicks `target` until it is gone (up to 3 times): for a dialog's confirm button (交卷 …) whose
 * click a dialog still animating in can lose on a loaded machine (seen in CI). Only for actions the
 * server makes idempotent.
 */
export async function clickUntilGone(target: Locator): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await target.click();
    try {
      await target.waitFor({ state: 'hidden', timeout: 8_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Opens `url` in `page`, again when the navigation was aborted (up to 3 times): right after the
 * cookies are cleared the page on screen may still redirect itself to /login (a request answered
 * "not logged in"), which aborts a navigation started at that moment (seen in CI).
 */
export async function gotoAgainIfAborted(page: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url);
      return;
    } catch (err) {
      if (attempt === 3 || !String(err).includes('ERR_ABORTED')) throw err;
    }
  }
}

/**
 * Opens the admin sidebar entry `entry` under the group `group` and waits for `url` (a glob), again
 * when a click was lost (up to 3 times): a submenu still animating open can lose the click on its
 * item on a loaded machine (seen in CI). The group is clicked only when the entry is not visible (a
 * click on an open group closes it).
 */
export async function openAdminMenu(page: Page, group: string, entry: string, url: string): Promise<void> {
  const sider = page.locator('.admin-sider');
  const item = sider.getByText(entry, { exact: true }).first();
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await item.isVisible())) await sider.getByText(group, { exact: true }).first().click({ timeout: 5_000 });
      await item.click({ timeout: 5_000 });
      await page.waitForURL(url, { timeout: 10_000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/** Polls the trimmed text of a testid until it equals `text`. */
export async function waitForText(page: Page, testId: string, text: string | RegExp, timeout: number = POLL.timeout): Promise<void> {
  const read = async () => ((await page.getByTestId(testId).first().textContent({ timeout: 1_000 }).catch(() => null)) ?? '').trim();
  if (typeof text === 'string') await expect.poll(read, { ...POLL, timeout, message: `text of ${testId}` }).toBe(text);
  else await expect.poll(read, { ...POLL, timeout, message: `text of ${testId}` }).toMatch(text);
}

/** The ids `X` of every element whose data-testid is `${prefix}X`, in document order. */
export async function idsByPrefix(page: Page, prefix: string): Promise<string[]> {
  const ids = await page.locator(`[data-testid^="${prefix}"]`).evaluateAll(
    (els, p) => els.map((e) => (e.getAttribute('data-testid') ?? '').slice(p.length)),
    prefix,
  );
  return ids.filter(Boolean);
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The text of the live image captcha `key` of the e2e server whose DATA_DIR is `dataDir` (its
 * SQLite database; the e2e servers run without Redis). Waits until the image request stored it.
 */
export async function captchaText(dataDir: string, key: string): Promise<string> {
  const db = new Database(path.join(dataDir, 'kaopei.db'), { readonly: true, fileMustExist: true });
  try {
    for (let i = 0; i < 100; i++) {
      const row = db.prepare('select captcha_value as v from sys_captcha where captcha_key = ?').get(key) as { v: string } | undefined;
      if (row) return row.v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no captcha stored for key ${key}`);
  } finally {
    db.close();
  }
}

/** Types the answer of captcha `key` into the CaptchaInput whose test id is `testId`. */
export async function solveCaptcha(page: Page, dataDir: string, testId: string, key: string): Promise<void> {
  await page.getByTestId(testId).fill(await captchaText(dataDir, key));
}

/** The last SMS code the server's log provider "sent" to `mobile` (polls the server output: start it with LOG_LEVEL=info). */
export async function smsCodeFor(server: RunningServer, mobile: string, notBefore: number): Promise<string> {
  const re = new RegExp(`to ${mobile}: verification code (\\d{6})`, 'g');
  let code = '';
  await expect
    .poll(() => {
      const hits = [...server.output().split('\n').slice(notBefore).join('\n').matchAll(re)];
      code = hits.at(-1)?.[1] ?? '';
      return code;
    }, POLL)
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * Opens a Select / TreeSelect whose data-testid is on its root, types `text` and takes the first
 * match with Enter, then leaves the field (closes a multiple select's list; Tab would also take its
 * active option, Escape would close the dialog).
 */
export async function chooseByTyping(page: Page, testId: string, text: string): Promise<void> {
  const select = page.getByTestId(testId);
  const input = select.locator('input').first();
  await select.click();
  await input.fill(text);
  await input.press('Enter');
  await input.blur();
}
