/**
 * Third-party login in the browser with the local demonstration provider (no provider credentials,
 * SPEC §4 "SMS and binding", §7 get-url calls): the demo learner binds a WeChat identity (get-url with
 * state bind → /login/oauth/wechat/authorize → 同意授权 → /login/oauth/wechat → '绑定成功!'), then,
 * logged out, logs in with it (the page remembers the identity), lands on /web/home with a working
 * session; opening the same callback again is refused on the page ('授权已失效，请重新发起！'), and
 * 取消 on the provider's page comes back as a cancelled authorisation.
 *
 * The get-url calls run inside the page (fetch with the page's cookies), as the binding widgets do:
 * the state cookie belongs to the browser that finishes the flow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { configApi } from '@kaopei/contracts/sys-config';
import { oauthApi } from '@kaopei/contracts/sys-bind';
import { Api, DEMO_ADMIN, DEMO_LEARNER } from './support/api';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { gotoAgainIfAborted, loginThroughPage, POLL, waitForText } from './support/ui';

/** get-url from inside the page (its cookies and token header); answers the authorize URL. */
async function authorizeUrl(page: Page, purpose: 'login' | 'bind', redirect: string): Promise<string> {
  const answer = await page.evaluate(
    async ({ path, purpose, redirect }) => {
      const token = document.cookie.split('; ').find((c) => c.startsWith('token='))?.slice(6) ?? '';
      const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token: decodeURIComponent(token) } : {}) }, body: JSON.stringify({ state: purpose, redirect }) });
      return (await res.json()) as { code: number; msg: string; data: { url: string } | null };
    },
    { path: oauthApi.wechatUrl.path, purpose, redirect },
  );
  if (answer.code !== 0 || !answer.data) throw new Error(`get-url: ${answer.msg}`);
  return answer.data.url;
}

describe.skipIf(skipWithoutChromium())('third-party login with the local provider', () => {
  let server: RunningServer;
  const browser = useBrowser();

  beforeAll(async () => {
    server = await startServer();
    const admin = await Api.login(server.baseUrl, DEMO_ADMIN);
    const switches = await admin.call(configApi.switchDetail, {});
    await admin.call(configApi.switchSave, { ...switches, wechatLogin: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('binds a WeChat identity, then logs in with it; a used callback and a cancel are shown on the page', async () => {
    const context = await browser.context(server.baseUrl);
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await loginThroughPage(page, DEMO_LEARNER);
    await page.waitForURL('**/web/home');

    // Bind: the provider's page, a fresh identity, 同意授权 → back to the callback → '绑定成功!' → /web/home.
    await page.goto(await authorizeUrl(page, 'bind', '/web/home'));
    await page.waitForURL('**/login/oauth/wechat/authorize?**');
    const identity = await page.getByTestId('oauth-local-identity').inputValue();
    expect(identity).toMatch(/^local_[0-9a-f]{24}$/);
    await page.getByTestId('oauth-local-agree').click();
    await page.locator('.ant-message', { hasText: '绑定成功!' }).waitFor();
    await page.waitForURL('**/web/home');

    // Log out (the browser forgets the session, keeps what the provider's page remembered).
    await context.clearCookies();
    await gotoAgainIfAborted(page, '/login');
    await page.getByTestId('login-username').waitFor();

    // Login: the provider's page offers the same identity; the callback logs in and goes home.
    const loginUrl = await authorizeUrl(page, 'login', '/web/home');
    await page.goto(loginUrl);
    expect(await page.getByTestId('oauth-local-identity').inputValue()).toBe(identity);
    await page.getByTestId('oauth-local-agree').click();
    await page.waitForURL('**/web/home');
    const callbackUrl = visited.filter((u) => u.includes('/login/oauth/wechat?code=')).pop();
    expect(callbackUrl).toBeDefined();
    const me = await page.evaluate(async () => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('token='))?.slice(6) ?? '');
      const res = await fetch('/api/sys/user/info', { method: 'POST', headers: { 'content-type': 'application/json', token }, body: '{}' });
      return ((await res.json()) as { data: { userName: string } | null }).data;
    });
    expect(me?.userName).toBe(DEMO_LEARNER.username);

    // The same callback again: the state was used.
    const used = await page.goto(callbackUrl as string);
    expect(used?.ok()).toBe(true);
    await waitForText(page, 'oauth-callback-error', '授权已失效，请重新发起！');

    // 取消 on the provider's page: back without a code.
    await page.goto(await authorizeUrl(page, 'login', '/web/home'));
    await page.getByTestId('oauth-local-cancel').click();
    await expect.poll(() => page.getByTestId('oauth-callback-error').textContent(), POLL).toBe('已取消微信授权。');
  });
});
