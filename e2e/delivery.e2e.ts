/**
 * Delivery of the built web app in a real Chromium: compressed JS, cache headers, the JS a page
 * needs, and the Content-Security-Policy.
 *
 * Self-contained on purpose: the built app (apps/web/dist, or KAOPEI_WEB_DIST) is served by an
 * in-process bare Fastify with the server's own delivery plugins — registerSecurity, registerRequestLog,
 * registerDocs (the Swagger UI) and registerWeb — in the order app.ts registers them. Behind it, a
 * stub API answers the calls the shell makes (site info, session user, route tree; shapes checked
 * against the contracts' schemas) and an empty page for every other POST, so the pages render
 * without a database. What is measured is independent of the data: the JS chunks a route loads.
 *
 * Per page (fresh browser context, empty cache) the JS is summed from Resource Timing
 * (`encodedBodySize`: bytes on the wire, i.e. brotli here) at the first contentful paint, at the
 * load event (entry + modulepreloaded shell) and once the network is idle (everything the page's
 * layout and view needed: the figure that matters for the page's first real content). Asserted: every JS file of 1 KB or more arrives br- or gzip-encoded;
 * the learner exam page (/web/exam/start/:id) stays under EXAM_JS_BUDGET up to the load event;
 * index.html and the SPA fallback are `no-cache`, /assets files `immutable`; no CSP violation on
 * /login, a learner page, an admin page and the Swagger UI.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, ConsoleMessage, Page, Response } from 'playwright-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesRes, type RouteNode } from '@kaopei/contracts/sys-menu';
import { sessionUser, type SessionUser } from '@kaopei/contracts/sys-user';
import { siteInfo, type SiteInfo } from '@kaopei/contracts/sys-config';
import { registerDocs } from '../apps/server/src/plugins/docs';
import { registerRequestLog, requestLogOptions } from '../apps/server/src/plugins/request-log';
import { registerSecurity } from '../apps/server/src/plugins/security';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, registerWeb } from '../apps/server/src/plugins/web';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { freePort, WEB_DIST } from './support/server';

const DIST = process.env.KAOPEI_WEB_DIST ? path.resolve(process.env.KAOPEI_WEB_DIST) : WEB_DIST;
/** Bytes on the wire of the exam page's JS up to the load event. */
const EXAM_JS_BUDGET = 250 * 1024;
/** Smaller files may be sent as they are (the build keeps no .br/.gz that is not smaller). */
const COMPRESS_FROM = 1024;

const SITE: SiteInfo = {
  siteName: '考培',
  frontLogo: '',
  backLogo: '',
  copyRight: '<p>© 2026 考培 <b>Kaopei</b></p>',
  filingNo: '',
  userReg: true,
  moduleExam: true,
  moduleBattle: false,
  props: { moduleCourse: false, moduleCert: false },
};
const USER: SessionUser = {
  token: 'stub-token',
  userId: '1',
  userName: 'admin',
  realName: '管理员',
  avatar: '',
  roleType: 2,
  roles: ['sa'],
  permissions: [],
  unreadMsg: 0,
  mobile: '',
  realPerson: 1,
  deptCode: 'A01',
};
const page = (routePath: string, name: string, component: string, title: string, extra: Partial<RouteNode> = {}): RouteNode => ({
  path: routePath,
  name,
  component,
  meta: { title, ...(extra.meta ?? {}) },
  ...extra,
});
/** An admin's tree: the seeded admin menus (one with a 0.1.0 short icon name, one with a component name) and the learner pages. */
const ROUTES: RouteNode[] = [
  page('/admin', 'Admin', 'Layout', '首页', {
    redirect: '/admin/dashboard',
    meta: { title: '首页', icon: 'dashboard' },
    children: [page('/admin/dashboard', 'Dashboard', 'Dashboard', '控制台', { meta: { title: '控制台', icon: 'dashboard' } })],
  }),
  page('/admin/exam', 'ExamMgr', 'Layout', '考试管理', {
    alwaysShow: true,
    meta: { title: '考试管理', icon: 'FormOutlined' },
    children: [
      page('/admin/exam/repo', 'ListRepo', 'ListRepo', '题库管理', { meta: { title: '题库管理', icon: 'DatabaseOutlined' } }),
      page('/admin/exam/qu', 'QuList', 'QuList', '试题管理', { meta: { title: '试题管理', icon: 'qu' } }),
    ],
  }),
  page('/web', 'Web', 'WebLayout', '学员端', {
    children: [
      page('/web/home', 'WebHome', 'WebHome', '首页'),
      page('/web/index', 'OnlineExam', 'OnlineExam', '在线考试'),
      page('/web/exam/start/:id', 'ExamStart', 'ExamStart', '开始考试', { hidden: true }),
      page('/web/paper', 'MyPaper', 'MyPaper', '我的成绩'),
    ],
  }),
];

const ok = (data: unknown) => ({ code: 0, msg: '操作成功！', data, success: true });

/** The front server: the delivery plugins in app.ts order, the stub API, the built app. */
async function startFront(): Promise<{ app: FastifyInstance; baseUrl: string; logLines: Record<string, unknown>[] }> {
  const logLines: Record<string, unknown>[] = [];
  const app = Fastify(requestLogOptions('info', { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) }));
  await registerSecurity(app, {});
  registerRequestLog(app);
  await registerDocs(app);
  app.post('/api/sys/config/site', async () => ok(siteInfo.parse(SITE)));
  app.post('/api/sys/user/info', async () => ok(sessionUser.parse(USER)));
  app.post('/api/sys/menu/routes', async () => ok(routesRes.parse(ROUTES)));
  app.post('/api/*', async () => ok({ records: [], total: 0, pages: 0, current: 1, size: 10 }));
  await registerWeb(app, DIST);
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${port}`, logLines };
}

interface JsFile {
  url: string;
  encoding: string;
  /** Bytes on the wire (Resource Timing encodedBodySize). */
  wire: number;
  /** Decoded size. */
  size: number;
  /** ms since navigation start when the last byte arrived. */
  end: number;
}

interface PageJs {
  files: JsFile[];
  /** ms of the first contentful paint (first text or image) and of the load event. */
  firstPaint: number;
  loadEvent: number;
  /** Sums of `wire` for the files finished by the first contentful paint / by the load event / in all. */
  atFirstPaint: number;
  atLoad: number;
  total: number;
}

/** Opens `url` in a new page of `context` (empty cache), waits for `ready` and an idle network, and measures the page's JS. */
async function measure(context: BrowserContext, url: string, ready: (p: Page) => Promise<void>): Promise<PageJs> {
  const p = await context.newPage();
  const encodings = new Map<string, string>();
  p.on('response', (res: Response) => {
    if (new URL(res.url()).pathname.endsWith('.js')) encodings.set(res.url(), res.headers()['content-encoding'] ?? 'identity');
  });
  await p.goto(url, { waitUntil: 'load' });
  await ready(p);
  await p.waitForLoadState('networkidle');
  const timing = await p.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const js = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => new URL(r.name).pathname.endsWith('.js'))
      .map((r) => ({ url: r.name, wire: r.encodedBodySize, size: r.decodedBodySize, end: r.responseEnd }));
    return { firstPaint: fcp, loadEvent: nav.loadEventStart, js };
  });
  const files = timing.js.map((f) => ({ ...f, encoding: encodings.get(f.url) ?? '?' }));
  const sum = (until: number) => files.filter((f) => f.end <= until).reduce((s, f) => s + f.wire, 0);
  await p.close();
  return {
    files,
    firstPaint: timing.firstPaint,
    loadEvent: timing.loadEvent,
    atFirstPaint: sum(timing.firstPaint),
    atLoad: sum(timing.loadEvent),
    total: sum(Number.POSITIVE_INFINITY),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const describeJs = (js: PageJs) =>
  `first contentful paint ${kb(js.atFirstPaint)}, load event ${kb(js.atLoad)}, all ${kb(js.total)} in ${js.files.length} files (largest: ${[...js.files]
    .sort((a, b) => b.wire - a.wire)
    .slice(0, 8)
    .map((f) => `${path.basename(new URL(f.url).pathname)} ${kb(f.wire)}`)
    .join(', ')})`;

/** Collects CSP violations (securitypolicyviolation events and console reports) of a context's pages. */
async function watchCsp(context: BrowserContext): Promise<() => Promise<string[]>> {
  const found: string[] = [];
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
  });
  context.on('console', (msg: ConsoleMessage) => {
    if (/Content[- ]Security[- ]Policy|Refused to (load|apply|execute|connect|frame)/i.test(msg.text())) found.push(`console: ${msg.text()}`);
  });
  return async () => {
    for (const p of context.pages()) {
      if (!p.isClosed()) found.push(...(await p.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])));
    }
    return found;
  };
}

const built = existsSync(path.join(DIST, 'index.html'));

describe.skipIf(skipWithoutChromium())('delivery of the built web app: compression, caching, JS per page, CSP', () => {
  const browser = useBrowser();
  let front: Awaited<ReturnType<typeof startFront>>;

  beforeAll(async () => {
    if (!built) throw new Error(`The web app is not built (${DIST}/index.html is missing): run \`npm run build\` first.`);
    front = await startFront();
  });
  afterAll(async () => {
    await front?.app.close();
  });

  const loggedIn = async () => {
    const context = await browser.context(front.baseUrl);
    await context.addCookies([{ name: 'token', value: USER.token, url: front.baseUrl }]);
    return context;
  };

  it('sends index.html and the SPA fallback no-cache, /assets files immutable, all compressed', async () => {
    const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    expect(html, 'index.html must not carry inline scripts (CSP script-src is self only)').not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    for (const url of ['/', '/index.html', '/login', '/web/exam/start/1']) {
      const res = await fetch(`${front.baseUrl}${url}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe(CACHE_REVALIDATE);
      expect(res.headers.get('content-encoding'), url).toBe('br');
      expect(res.headers.get('content-security-policy'), url).toContain("script-src 'self'");
    }
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const res = await fetch(`${front.baseUrl}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toBe(CACHE_IMMUTABLE);
      expect(res.headers.get('vary'), asset).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-encoding'), asset).toBe('gzip');
    }
    const missing = await fetch(`${front.baseUrl}/assets/gone-12345678.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<div id="root">');
  });

  it('keeps the learner exam page under the JS budget, sends JS compressed, and loads no admin code for learners', async () => {
    const anonymous = await browser.context(front.baseUrl);
    const login = await measure(anonymous, '/login', (p) => p.getByTestId('login-submit').waitFor());
    const exam = await measure(await loggedIn(), '/web/exam/start/1', async (p) => {
      await p.waitForResponse((r) => /\/assets\/ExamStart-[^/]+\.js$/.test(r.url()));
    });
    const learnerList = await measure(await loggedIn(), '/web/index', (p) => p.locator('.web-layout').waitFor());
    const adminList = await measure(await loggedIn(), '/admin/exam/repo', (p) => p.locator('.admin-layout').waitFor());
    const report = { login, exam, learnerList, adminList };
    for (const [name, js] of Object.entries(report)) console.log(`[e2e] delivery: ${name.padEnd(11)} JS on the wire: ${describeJs(js)}`);

    for (const [name, js] of Object.entries(report)) {
      const plain = js.files.filter((f) => f.size >= COMPRESS_FROM && !['br', 'gzip'].includes(f.encoding));
      expect(plain.map((f) => `${f.url} (${f.encoding}, ${f.size} B)`), `${name}: JS files sent uncompressed`).toEqual([]);
    }
    const chunkNames = (js: PageJs) => js.files.map((f) => path.basename(new URL(f.url).pathname).replace(/-[\w-]{8}\.js$/, ''));
    for (const name of ['login', 'exam', 'learnerList'] as const) {
      expect(chunkNames(report[name]), `${name} must not load the admin layout`).not.toContain('AdminLayout');
    }
    expect(chunkNames(login)).not.toContain('WebLayout');
    expect(chunkNames(exam)).toContain('ExamStart');
    expect(chunkNames(adminList)).toContain('AdminLayout');
    expect(exam.atLoad, `exam page JS up to the load event: ${describeJs(exam)}`).toBeLessThan(EXAM_JS_BUDGET);
    if (exam.total > EXAM_JS_BUDGET) {
      // Not an assertion (the budget is set on the load event), but the figure that matters for the
      // exam's first content: said loudly so that it is not lost in a green run.
      console.warn(`[e2e] delivery: the exam page needs ${kb(exam.total)} of JS before its content shows (budget ${kb(EXAM_JS_BUDGET)} holds up to the load event only)`);
    }
  });

  it('runs /login, a learner page, an admin page and the API docs without a CSP violation', async () => {
    const anonymous = await browser.context(front.baseUrl);
    const anonymousViolations = await watchCsp(anonymous);
    const loginPage = await anonymous.newPage();
    await loginPage.goto('/login');
    await loginPage.getByTestId('login-submit').waitFor();
    // An error notification (antd CSS-in-JS, motion) also renders under the policy.
    await loginPage.getByTestId('login-submit').click();
    const docs = await anonymous.newPage();
    await docs.goto('/api/docs');
    await docs.locator('.swagger-ui').first().waitFor();
    await docs.waitForLoadState('networkidle');

    const context = await loggedIn();
    const violations = await watchCsp(context);
    const learner = await context.newPage();
    await learner.goto('/web/index');
    await learner.locator('.web-layout').waitFor();
    await learner.waitForLoadState('networkidle');
    const admin = await context.newPage();
    await admin.goto('/admin/exam/repo');
    await admin.locator('.admin-layout').waitFor();
    // The sidebar icons are loaded by name (a 0.1.0 short name and component names).
    await admin.locator('.admin-sider .ant-menu-item-icon svg').first().waitFor();
    await admin.waitForLoadState('networkidle');

    expect([...(await anonymousViolations()), ...(await violations())]).toEqual([]);
    const apiLines = front.logLines.filter((l) => l.msg === 'api');
    expect(apiLines.length).toBeGreaterThan(0);
    expect(front.logLines.filter((l) => typeof l.url === 'string' && l.url.startsWith('/assets/'))).toEqual([]);
  });
});
