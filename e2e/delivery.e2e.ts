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
 * JS per page (fresh browser context, empty cache), the figure that matters being what a page
 * needs before its content can show: the entry, its static imports, and the page's lazily loaded
 * layout and view with their static imports (`criticalJs`, a walk of dist/.vite/manifest.json). The
 * browser proves it: every other JS request (menus, drawers, previews, icons loaded later) is held
 * back until the page's content is visible (for the exam page: title, countdown, answer card,
 * question and options), so the content shows with that JS alone; the files it loaded are then
 * exactly that set. The figure is reported in bytes on the wire (brotli, Resource Timing
 * `encodedBodySize`) and as the gzip copies (for clients without brotli) and asserted in gzip: the
 * exam page /web/exam/start/:id under EXAM_JS_BUDGET, /login under LOGIN_JS_BUDGET; an admin list
 * page is reported. Asserted too: every JS file of 1 KB or more arrives br- or gzip-encoded;
 * learner pages load no admin code; index.html and the SPA fallback are `no-cache`, /assets files
 * `immutable`; no CSP violation on /login, a learner page, an admin page and the Swagger UI.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, ConsoleMessage, Page, Response, Route } from 'playwright-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesRes, type RouteNode } from '@kaopei/contracts/sys-menu';
import { sessionUser, type SessionUser } from '@kaopei/contracts/sys-user';
import { siteInfo, type SiteInfo } from '@kaopei/contracts/sys-config';
import { fillAnswerRes, paperDetail, paperQuDetail, type PaperDetail, type PaperQuDetail } from '@kaopei/contracts/paper';
import { registerDocs } from '../apps/server/src/plugins/docs';
import { registerRequestLog, requestLogOptions } from '../apps/server/src/plugins/request-log';
import { registerSecurity } from '../apps/server/src/plugins/security';
import { CACHE_IMMUTABLE, CACHE_REVALIDATE, registerWeb } from '../apps/server/src/plugins/web';
import { skipWithoutChromium, useBrowser } from './support/browser';
import { freePort, WEB_DIST } from './support/server';

const DIST = process.env.KAOPEI_WEB_DIST ? path.resolve(process.env.KAOPEI_WEB_DIST) : WEB_DIST;
/** gzip bytes of the JS the exam page needs before its content can show (see criticalJs). */
const EXAM_JS_BUDGET = 250 * 1024;
/** The same for /login: a guard against regressions (about 291 KB when set; the page's own code is the login form's). */
const LOGIN_JS_BUDGET = 300 * 1024;
/** Smaller files may be sent as they are (the build keeps no .br/.gz that is not smaller). */
const COMPRESS_FROM = 1024;

const SITE: SiteInfo = {
  siteName: '考培',
  frontLogo: '',
  backLogo: '',
  copyRight: '<p>© 2026 考培 <b>Kaopei</b></p>',
  filingNo: '',
  userReg: true,
  userAudit: false,
  userDeptType: 1,
  mobileLogin: false,
  wechatLogin: false,
  cropLogin: false,
  dingLogin: false,
  faceLogin: false,
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
  passState: '0',
  changedPass: true,
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

/** The paper of the exam page: two groups, a question with an image (its preview is not needed to show it). */
const PAPER: PaperDetail = {
  id: 'p1',
  examId: 'e1',
  title: '安全生产基础知识测验',
  leftSeconds: 1500,
  totalScore: 10,
  state: 0,
  guard: { leaveOn: true, leaveCheck: 10, leaveCount: 3, leaveTimes: 0, pasteOff: true, fullscreenOn: false, camOn: false, camInterval: 5, faceChance: 3 },
  groupList: [
    { id: 'g1', title: '单选题', quType: 1, quCount: 1, perScore: 5, totalScore: 5, quList: [{ quId: 'q1', sort: 1, quType: 1, answered: false, mark: false }] },
    { id: 'g2', title: '多选题', quType: 2, quCount: 1, perScore: 5, totalScore: 5, quList: [{ quId: 'q2', sort: 2, quType: 2, answered: false, mark: false }] },
  ],
};
const IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
const question = (quId: string, quType: number): PaperQuDetail => ({
  quId,
  quType,
  quType_dictText: '',
  content: quId === 'q1' ? '<p>下列哪一项是<b>正确</b>的？</p>' : '以下哪些做法是安全的？',
  image: quId === 'q1' ? IMAGE : '',
  score: 5,
  answer: '',
  mark: false,
  answerList: ['甲', '乙', '丙', '丁'].map((c, i) => ({ id: `${quId}-${i}`, abc: 'ABCD'[i], content: c, image: '', checked: false })),
  blankCount: 0,
  blanks: [],
  rightItems: [],
  pairs: {},
  subList: [],
});

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
  app.post('/api/paper/paper/paper-detail', async () => ok(paperDetail.parse(PAPER)));
  app.post('/api/paper/paper/qu-detail', async (req) => {
    const { quId } = req.body as { quId: string };
    return ok(paperQuDetail.parse(question(quId, quId === 'q2' ? 2 : 1)));
  });
  app.post('/api/paper/paper/fill-answer', async (req) => ok(fillAnswerRes.parse({ quId: (req.body as { quId: string }).quId, answered: true })));
  app.post('/api/*', async () => ok({ records: [], total: 0, pages: 0, current: 1, size: 10 }));
  await registerWeb(app, DIST);
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${port}`, logLines };
}

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/**
 * The JS a page cannot show its content without: the entry chunk, the chunks of the page's lazily
 * loaded layout and view (`sources`, manifest keys such as 'src/layouts/WebLayout.tsx'), and every
 * chunk these import statically (dynamic imports are left out: they load when a part renders that
 * the content does not wait for). Paths as requested, '/assets/x.js'.
 */
function criticalJs(manifest: Manifest, sources: string[]): Set<string> {
  // The app's entry (the live player page /player/live.html is a second entry, issue 13).
  const entry = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (!manifest[key]) throw new Error(`${key} is not in the manifest`);
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const key of [entry, ...sources]) visit(key);
  return new Set([...seen].map((k) => `/${manifest[k].file}`));
}

/** Size of the built file behind `/assets/x.js` in one encoding: its .gz / .br copy, or the file itself when the build kept no smaller copy (tiny files are sent as they are). */
function builtSize(pathname: string, ext: '.gz' | '.br'): number {
  const file = path.join(DIST, pathname);
  return existsSync(file + ext) ? statSync(file + ext).size : statSync(file).size;
}

interface JsFile {
  pathname: string;
  encoding: string;
  /** Bytes on the wire (Resource Timing encodedBodySize). */
  wire: number;
  /** Decoded size. */
  size: number;
}

interface PageJs {
  /** What the page needed before its content showed (the manifest's critical set). */
  critical: Set<string>;
  /** The JS files the browser had loaded when the content showed (everything else held back). */
  first: JsFile[];
  /** Sums over `first`: on the wire (brotli), and as the gzip copies of the same files. */
  firstWire: number;
  firstGzip: number;
  /** JS files requested meanwhile and held back until the content showed. */
  held: string[];
  /** Every JS file of the page once the held ones are released and the network is idle. */
  all: JsFile[];
}

/**
 * Opens `url` in a new page of `context` (empty cache) and answers the JS it needed before `content`
 * (a wait for the page's content to be visible) succeeded: every JS request outside `critical` is
 * held back until then (so the content must show without it), then released; the page is closed once
 * the network is idle.
 */
async function measure(context: BrowserContext, url: string, critical: Set<string>, content: (p: Page) => Promise<void>): Promise<PageJs> {
  const p = await context.newPage();
  const encodings = new Map<string, string>();
  p.on('response', (res: Response) => {
    const { pathname } = new URL(res.url());
    if (pathname.endsWith('.js')) encodings.set(pathname, res.headers()['content-encoding'] ?? 'identity');
  });
  const held: Route[] = [];
  let holding = true;
  await p.route(
    (u) => u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js'),
    (route) => {
      if (!holding || critical.has(new URL(route.request().url()).pathname)) return route.continue();
      held.push(route);
      return undefined;
    },
  );
  const loaded = async (): Promise<JsFile[]> =>
    (
      await p.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => new URL(r.name).pathname.endsWith('.js'))
          .map((r) => ({ pathname: new URL(r.name).pathname, wire: r.encodedBodySize, size: r.decodedBodySize })),
      )
    ).map((f) => ({ ...f, encoding: encodings.get(f.pathname) ?? '?' }));

  await p.goto(url);
  await content(p);
  const first = await loaded();
  const heldPaths = held.map((r) => new URL(r.request().url()).pathname);
  holding = false;
  for (const route of held) await route.continue();
  await p.waitForLoadState('networkidle');
  const all = await loaded();
  await p.close();
  return {
    critical,
    first,
    firstWire: first.reduce((s, f) => s + f.wire, 0),
    firstGzip: first.reduce((s, f) => s + builtSize(f.pathname, '.gz'), 0),
    held: heldPaths,
    all,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const describeJs = (js: PageJs) =>
  `before its content ${kb(js.firstGzip)} gzip / ${kb(js.firstWire)} on the wire (br) in ${js.first.length} files, ${js.held.length} more held back meanwhile; ` +
  `${js.all.length} files in all (largest first: ${[...js.first]
    .sort((a, b) => b.wire - a.wire)
    .slice(0, 8)
    .map((f) => `${path.basename(f.pathname)} ${kb(f.wire)}`)
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

  it('keeps the JS the exam page and /login need before their content under budget, sends JS compressed, and loads no admin code for learners', async () => {
    const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const crit = (...sources: string[]) => criticalJs(manifest, sources);

    const login = await measure(await browser.context(front.baseUrl), '/login', crit('src/layouts/LoginLayout.tsx', 'src/pages/login/Login.tsx'), async (p) => {
      await p.getByTestId('login-submit').waitFor();
    });
    const exam = await measure(await loggedIn(), '/web/exam/start/p1', crit('src/layouts/WebLayout.tsx', 'src/pages/web/exam/ExamStart.tsx'), async (p) => {
      await expect.poll(() => p.getByTestId('countdown').textContent(), { timeout: 20_000 }).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      await p.locator('.exam-bar-title', { hasText: PAPER.title }).waitFor();
      await p.getByTestId('card-qu-q2').waitFor();
      await p.getByTestId('qu-content').filter({ hasText: '正确' }).waitFor();
      await p.getByTestId('option-q1-3').waitFor();
      await p.locator(`.qu-pane img[src="${IMAGE}"]`).waitFor();
      await p.getByTestId('hand-exam').waitFor();
    });
    const learnerList = await measure(await loggedIn(), '/web/index', crit('src/layouts/WebLayout.tsx', 'src/pages/web/exam/OnlineExam.tsx'), async (p) => {
      // The page's own content, not only the layout (which shows while the page's chunks still load).
      await p.locator('.web-layout .web-page .web-pagination').waitFor();
    });
    const adminList = await measure(await loggedIn(), '/admin/exam/repo', crit('src/layouts/AdminLayout.tsx', 'src/pages/admin/repo/ListRepo.tsx'), async (p) => {
      await p.locator('.admin-layout .ant-table').waitFor();
    });
    const report = { login, exam, learnerList, adminList };
    for (const [name, js] of Object.entries(report)) console.log(`[e2e] delivery: ${name.padEnd(11)} JS ${describeJs(js)}`);

    for (const [name, js] of Object.entries(report)) {
      // The browser loaded exactly the manifest's critical set before the content showed.
      expect(js.first.map((f) => f.pathname).sort(), `${name}: JS loaded before the content showed`).toEqual([...js.critical].sort());
      const plain = js.all.filter((f) => f.size >= COMPRESS_FROM && !['br', 'gzip'].includes(f.encoding));
      expect(plain.map((f) => `${f.pathname} (${f.encoding}, ${f.size} B)`), `${name}: JS files sent uncompressed`).toEqual([]);
    }
    const chunkNames = (files: JsFile[]) => files.map((f) => path.basename(f.pathname).replace(/-[\w-]{8}\.js$/, ''));
    for (const name of ['login', 'exam', 'learnerList'] as const) {
      expect(chunkNames(report[name].all), `${name} must not load the admin layout`).not.toContain('AdminLayout');
    }
    expect(chunkNames(login.all)).not.toContain('WebLayout');
    expect(chunkNames(exam.first)).toContain('ExamStart');
    expect(chunkNames(adminList.first)).toContain('AdminLayout');
    // The layout's menus and drawers, the image preview … were not needed to show the exam.
    expect(exam.held.length).toBeGreaterThan(0);
    expect(exam.firstGzip, `exam page: ${describeJs(exam)}`).toBeLessThan(EXAM_JS_BUDGET);
    expect(login.firstGzip, `/login: ${describeJs(login)}`).toBeLessThan(LOGIN_JS_BUDGET);
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
