/**
 * Debian's Chromium driven by playwright-core (node-svc machine notes): headless, no sandbox, no
 * GPU, no QUIC, no background networking (the machine's closed network refuses it), no first-run,
 * component-update or sync. Playwright gives every launch a fresh temporary profile (its own
 * --user-data-dir; passing one in `args` is refused by Playwright) and removes it on close.
 *
 * `useBrowser()` wires the Vitest hooks: launch in beforeAll, one 1440×900 context per test, a
 * screenshot of every open page into e2e/.artifacts/ when a test fails, close in afterAll. A failure
 * also prints what a screenshot cannot carry off a CI machine: each page's URL, visible text, console
 * errors and failed or refused requests, and the tail of the running servers' output.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ARTIFACTS_DIR, ON_CI } from './paths';
import { serverOutputs } from './server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** True when the journeys cannot run here: no Chromium and not on CI (on CI that is a failure). */
export function skipWithoutChromium(): boolean {
  if (existsSync(CHROMIUM_PATH) || ON_CI) return false;
  console.warn(`[e2e] skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  return true;
}

/** Launches Chromium with CHROMIUM_ARGS plus `extraArgs` (e.g. the fake camera flags of e2e/exam-camera.e2e.ts). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** The last console errors, API calls and answers, and failed / refused requests of each page (printed when a test fails). */
const pageEvents = new WeakMap<Page, string[]>();

function recordEvents(page: Page): void {
  const events: string[] = [];
  pageEvents.set(page, events);
  const push = (line: string) => {
    events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (events.length > 40) events.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') push(`console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (err) => push(`pageerror: ${err.message.slice(0, 300)}`));
  page.on('requestfailed', (r) => push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('request', (r) => {
    if (r.url().includes('/api/')) push(`→ ${r.method()} ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 || r.url().includes('/api/')) push(`← ${r.status()} ${r.request().method()} ${r.url()}`);
  });
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  context.on('page', recordEvents);
  return context;
}

/** Prints, for a failed test, each open page's URL, visible text and recorded events, and the servers' output tails. */
async function reportFailure(contexts: BrowserContext[]): Promise<void> {
  const parts: string[] = [];
  for (const context of contexts) {
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      const text = await page
        .evaluate(() => document.body.innerText)
        .then((t) => t.replace(/\s+/g, ' ').slice(0, 1500))
        .catch((err: unknown) => `(no text: ${err instanceof Error ? err.message : String(err)})`);
      parts.push(`page ${page.url()}\n  text: ${text}\n  events:\n    ${(pageEvents.get(page) ?? []).join('\n    ') || '(none)'}`);
    }
  }
  for (const [url, output] of serverOutputs()) parts.push(`server ${url} (last lines):\n    ${output().split('\n').slice(-30).join('\n    ')}`);
  if (parts.length) console.warn(`[e2e] at the failure:\n${parts.join('\n')}`);
}

function safeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 120);
}

/** Saves a full-page PNG of every open page of `contexts`; answers the files written. */
export async function screenshotAll(contexts: BrowserContext[], testName: string): Promise<string[]> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const files: string[] = [];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  let n = 0;
  for (const context of contexts) {
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      const file = path.join(ARTIFACTS_DIR, `${safeName(testName)}-${stamp}-${++n}.png`);
      try {
        await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
        files.push(file);
      } catch (err) {
        console.warn(`[e2e] screenshot of ${page.url()} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  return files;
}

export interface BrowserHandle {
  /** A fresh 1440×900 context (own cookies) on `baseURL`; closed after the test. */
  context(baseURL: string): Promise<BrowserContext>;
  /** A page in a fresh context. */
  page(baseURL: string): Promise<Page>;
}

/** Registers beforeAll/afterEach/afterAll hooks for one journey file; `extraArgs` (read at launch) are added to Chromium's arguments. */
export function useBrowser(extraArgs: () => readonly string[] = () => []): BrowserHandle {
  let browser: Browser | undefined;
  let open: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser(extraArgs());
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const files = await screenshotAll(open, task.name);
      if (files.length) console.warn(`[e2e] failure screenshots:\n  ${files.join('\n  ')}`);
      await reportFailure(open);
    }
    await Promise.all(open.map((c) => c.close().catch(() => undefined)));
    open = [];
  });

  afterAll(async () => {
    await browser?.close();
  });

  const context = async (baseURL: string) => {
    if (!browser) throw new Error('browser not launched (useBrowser() must be called at describe level)');
    const c = await newContext(browser, baseURL);
    open.push(c);
    return c;
  };
  return {
    context,
    page: async (baseURL: string) => (await context(baseURL)).newPage(),
  };
}
