/**
 * Statistics latency on a large database (issue 14 "Statistics queries stay fast": every dashboard
 * call under 500 ms with 100,000 users, 1,000,000 papers, 20,000,000 answers on SQLite and
 * PostgreSQL). Seed the database first with bench/stat-seed.mts, then:
 *
 *   npx tsx bench/stat.mts --dir ../benchdata/stat-sqlite [--repeat 5]
 *   npx tsx bench/stat.mts --db postgres://postgres@127.0.0.1:5432/kaopei_stat
 *
 * Starts the real server as a child on that database (bench/load/server.mts, KAOPEI_BENCH_METRICS=1,
 * so pending migrations run first: an index migration is built on the big tables at that start),
 * logs in as admin, then calls each entry of CALLS below once cold ("first") and `--repeat` times
 * more one after another, and /api/bench/noop as many times in the same run. Prints, as a markdown
 * table, per call: the first call, p50 and max of the repeats in ms, and p50/max as a multiple of
 * the no-op's p50 (what the statistics cost beyond the router, session and serialisation). A call
 * answering HTTP 404 is "absent" (its module not merged yet), not a failure; a call answering an
 * error envelope is "error" with its message. `--only word` keeps the calls whose name contains it.
 * `--root DIR` runs the server of another checkout (a branch's worktree) on the database: its
 * migrations then run on it, so give it a copy (`cp -a`) or a database you can seed again.
 * Exits 1 when a present call failed or, with `--strict`, when a p50 is over 500 ms.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { ADMIN_PASSWORD, ServerChild } from './load/server.mts';

/** Ids and codes the per-target calls need, read from the seeded database before the server starts. */
interface Ctx {
  examId: string;
  courseId: string;
  classId: string;
  /** The root department's code (the whole tree). */
  rootCode: string;
  /** A first-level department (one tenth of the users). */
  deptCode: string;
}

/**
 * The calls measured, in order. Add new statistics calls here after merging (a 404 is shown as
 * "absent", so entries for modules not merged yet are harmless).
 */
const CALLS: { name: string; path: string; body: (c: Ctx) => object }[] = [
  { name: 'totals', path: '/api/stat/total/num/all', body: () => ({}) },
  { name: 'user trend (7 days)', path: '/api/stat/total/user/week', body: () => ({}) },
  { name: 'exam overview (7 days)', path: '/api/stat/total/exam/week', body: () => ({}) },
  { name: 'learning (7 days)', path: '/api/stat/total/learn/week', body: () => ({}) },
  { name: 'courses in progress', path: '/api/stat/course/dash-course-list', body: () => ({ current: 1, size: 5, params: {} }) },
  { name: 'exams in progress', path: '/api/stat/exam/dash-exam-list', body: () => ({ current: 1, size: 5, params: {} }) },
  { name: 'course by department (all)', path: '/api/stat/study/course', body: (c) => ({ courseId: c.courseId }) },
  { name: 'course by department (one)', path: '/api/stat/study/course', body: (c) => ({ courseId: c.courseId, deptCode: c.deptCode }) },
  { name: 'class by department', path: '/api/stat/study/class', body: (c) => ({ classId: c.classId }) },
  { name: 'unfinished course (page 1)', path: '/api/stat/study/unfinished', body: (c) => ({ current: 1, size: 10, params: { kind: 'course', targetId: c.courseId, deptCode: c.deptCode } }) },
  { name: 'unfinished exam (page 1)', path: '/api/stat/study/unfinished', body: (c) => ({ current: 1, size: 10, params: { kind: 'exam', targetId: c.examId, deptCode: c.deptCode } }) },
  { name: 'exam summary (one exam)', path: '/api/stat/exam/summary', body: (c) => ({ id: c.examId }) },
  { name: 'exam item analysis (one exam)', path: '/api/stat/exam/items', body: (c) => ({ id: c.examId }) },
];

const { values: a } = parseArgs({
  options: {
    dir: { type: 'string' },
    db: { type: 'string' },
    repeat: { type: 'string', default: '5' },
    only: { type: 'string' },
    strict: { type: 'boolean', default: false },
    root: { type: 'string' },
  },
});
const REPEAT = Math.max(1, Number(a.repeat));
const dbUrl = a.db && a.db.startsWith('postgres') ? a.db : '';
/** SQLite: the seeded directory; PostgreSQL: the server's DATA_DIR (uploads, log). */
const dir = path.resolve(a.dir ?? (dbUrl ? path.join(os.tmpdir(), 'kaopei-stat-pg') : '../benchdata/stat-sqlite'));
fs.mkdirSync(dir, { recursive: true });

/** Reads the Ctx from the seeded rows (bench/stat-seed.mts names them 压测…). */
async function readCtx(): Promise<Ctx> {
  const q = {
    exam: "SELECT id FROM el_exam WHERE title LIKE '压测考试%' AND end_time < $now ORDER BY start_time DESC LIMIT 1",
    course: "SELECT id FROM el_course WHERE title = '压测课程1'",
    cls: "SELECT id FROM el_class WHERE title = '压测班级1'",
    root: "SELECT dept_code FROM sys_depart WHERE parent_id IN ('0', '') ORDER BY dept_code LIMIT 1",
  };
  const now = Date.now();
  let one: (sql: string) => Promise<string>;
  let done: () => Promise<void>;
  if (dbUrl) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    one = async (sql) => Object.values((await c.query(sql.replace('$now', String(now)))).rows[0] ?? { v: '' })[0] as string;
    done = () => c.end();
  } else {
    const d = new Database(path.join(dir, 'kaopei.db'), { readonly: true });
    one = async (sql) => Object.values((d.prepare(sql.replace('$now', String(now))).get() as object | undefined) ?? { v: '' })[0] as string;
    done = async () => {
      d.close();
    };
  }
  try {
    const rootCode = await one(q.root);
    const ctx = { examId: await one(q.exam), courseId: await one(q.course), classId: await one(q.cls), rootCode, deptCode: `${rootCode}A01` };
    if (!ctx.examId || !ctx.courseId || !ctx.classId) console.error('no seeded exam, course or class (not seeded by bench/stat-seed.mts, or cut short): their calls will answer an error');
    return ctx;
  } finally {
    await done();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

/** One POST: HTTP status, the envelope's code and msg (null body when not JSON), and the time to the last byte (ms). */
function call(port: number, p: string, body: object, token?: string): Promise<{ status: number; code: number | null; msg: string; data: unknown; ms: number }> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) };
    if (token) headers.token = token;
    const t0 = performance.now();
    const req = http.request({ host: '127.0.0.1', port, path: p, method: 'POST', agent, timeout: 120_000, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - t0;
        try {
          const env = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; msg: string; data: unknown };
          resolve({ status: res.statusCode ?? 0, code: env.code, msg: env.msg, data: env.data, ms });
        } catch {
          resolve({ status: res.statusCode ?? 0, code: null, msg: 'not JSON', data: null, ms });
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, code: null, msg: e.message, data: null, ms: performance.now() - t0 }));
    req.end(payload);
  });
}

const p50 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)]!;
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

const ctx = await readCtx();
const server = await ServerChild.start({ dir, databaseUrl: dbUrl }, { logLevel: 'warn', root: a.root ? path.resolve(a.root) : undefined, readyMs: 1_800_000 });
let failed = false;
try {
  const login = await call(server.port, '/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD });
  if (login.code !== 0) throw new Error(`admin login: ${login.code} ${login.msg}`);
  const token = (login.data as { token: string }).token;

  const noop: number[] = [];
  const noopRound = async (n: number) => {
    for (let i = 0; i < n; i++) noop.push((await call(server.port, '/api/bench/noop', {}, token)).ms);
  };
  await noopRound(20); // warm-up, not counted
  noop.length = 0;

  const rows: string[] = [];
  for (const c of CALLS.filter((x) => !a.only || x.name.includes(a.only))) {
    await noopRound(REPEAT); // interleaved so the no-op sees the same machine as the calls
    const first = await call(server.port, c.path, c.body(ctx), token);
    if (first.status === 404) {
      rows.push(`| ${c.name} | \`${c.path}\` | absent | | | | | |`);
      continue;
    }
    if (first.code !== 0) {
      failed = true;
      rows.push(`| ${c.name} | \`${c.path}\` | error ${first.code}: ${first.msg} | | | | | |`);
      continue;
    }
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const r = await call(server.port, c.path, c.body(ctx), token);
      if (r.code !== 0) {
        failed = true;
        rows.push(`| ${c.name} | \`${c.path}\` | error ${r.code}: ${r.msg} | | | | | |`);
        break;
      }
      times.push(r.ms);
    }
    if (times.length < REPEAT) continue;
    const base = p50(noop);
    const mid = p50(times);
    const max = Math.max(...times);
    if (a.strict && mid > 500) failed = true;
    rows.push(`| ${c.name} | \`${c.path}\` | ${mid <= 500 ? 'ok' : '**over 500 ms**'} | ${fmt(first.ms)} | ${fmt(mid)} | ${fmt(max)} | ${(mid / base).toFixed(1)}× | ${(max / base).toFixed(1)}× |`);
    console.error(`${c.name}: p50 ${fmt(mid)} ms, max ${fmt(max)} ms`);
  }
  const nb = p50(noop);
  console.log(`\n${dbUrl ? 'PostgreSQL' : 'SQLite'}, ${REPEAT} repeats after one cold call; no-op p50 ${fmt(nb)} ms (max ${fmt(Math.max(...noop))} ms, ${noop.length} calls)\n`);
  console.log('| call | path | under 500 ms | first ms | p50 ms | max ms | p50 ÷ no-op | max ÷ no-op |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  agent.destroy();
  await server.stop();
}
process.exit(failed ? 1 : 0);
