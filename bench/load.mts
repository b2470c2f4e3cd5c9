/**
 * Load harness (issue 9 "Scale"): N learners sit one exam against the real server, over real HTTP
 * and WebSockets, open loop (latency from each request's intended send time).
 *
 *   npx tsx bench/load.mts --n 1000                       # SQLite in a temp dir
 *   npx tsx bench/load.mts --n 5000 --db postgres://postgres@127.0.0.1:5432/kaopei_load --reset
 *   npx tsx bench/load.mts --n 200 --phases sockets,create,fill,handin --cpu-prof
 *
 * Phases, in order (`--phases` picks some; login always runs, create runs when a later phase needs it):
 *   login    N logins over --login-seconds (default 60)
 *   sockets  one exam socket per learner with the 10 s ping; server RSS before/after → RSS per idle socket
 *   create   N create-paper over --create-seconds (60), each followed by paper-detail and qu-detail
 *   fill     human pace: qu-detail + fill-answer per learner every --every seconds (35) for --fill-seconds (45)
 *   rounds   --rounds pairs (2) of closed-loop max throughput, /api/bench/noop then fill-answer,
 *            --round-seconds (8) each on --concurrency lanes (64)
 *   handin   hand-exam of 95 % of the papers over the 10 s before the deadline, 5 % of them twice;
 *            the other 5 % are left for the server to hand in at the deadline
 * Then the server stops and the database is checked (load/check.mts). Prints markdown (load/report.mts)
 * and, with --out FILE, writes the raw figures as JSON. Exits 1 when the integrity check fails.
 * Other flags: --db sqlite|postgres://… (or DATABASE_URL), --reset (drop schema public of that
 * PostgreSQL database first), --conns (HTTP connections, default 1000), --cpu-prof (profile of the
 * server child, in the run's directory), --log-level (server, default info), --keep (keep the run's directory),
 * --slack (seconds of room before the deadline for phases that run late; default 30 + N/100).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDb } from '../apps/server/src/db';
import { formatTime, parseTime } from '../apps/server/src/lib/time';
import { DEMO_EXAM_RULES } from '../apps/server/src/modules/demo/demo.content';
import { checkRun, type CheckResult } from './load/check.mts';
import { Client, LoopWatch, sleep, Stats } from './load/http.mts';
import { AnswerLog, closeSockets, createPhase, fillPhase, handInPhase, loginPhase, loginRetry, openSockets, throughputRounds, type Crowd, type Learner } from './load/learners.mts';
import { render } from './load/report.mts';
import { ADMIN_PASSWORD, LEARNER_PASSWORD, learnerName, MetricsPoller, prepare, resetPg, ServerChild, type Target } from './load/server.mts';

const { values: a } = parseArgs({
  options: {
    n: { type: 'string', default: '1000' },
    db: { type: 'string', default: process.env.DATABASE_URL || 'sqlite' },
    phases: { type: 'string', default: 'login,sockets,create,fill,rounds,handin' },
    reset: { type: 'boolean', default: false },
    'login-seconds': { type: 'string', default: '60' },
    'create-seconds': { type: 'string', default: '60' },
    'fill-seconds': { type: 'string', default: '45' },
    every: { type: 'string', default: '35' },
    rounds: { type: 'string', default: '2' },
    'round-seconds': { type: 'string', default: '8' },
    concurrency: { type: 'string', default: '64' },
    conns: { type: 'string', default: '1000' },
    'cpu-prof': { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
    slack: { type: 'string' },
  },
});
const N = Number(a.n);
const num = (k: keyof typeof a) => Number(a[k]);
const phases = new Set(a.phases!.split(',').map((s) => s.trim()));
if (['fill', 'rounds', 'handin'].some((p) => phases.has(p))) phases.add('create');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-load-'));
const target: Target = { dir, databaseUrl: a.db === 'sqlite' ? '' : a.db! };
const dialect = target.databaseUrl ? 'PostgreSQL' : 'SQLite';
const log = (msg: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${msg}`);

if (target.databaseUrl && a.reset) await resetPg(target.databaseUrl);
log(`preparing ${dialect} in ${dir}: ${N} learners`);
const prep = await prepare(target, N);
log(`prepared in ${(prep.ms / 1000).toFixed(1)} s; starting the server${a['cpu-prof'] ? ' with --cpu-prof' : ''}`);
const server = await ServerChild.start(target, { cpuProfDir: a['cpu-prof'] ? dir : undefined, logLevel: a['log-level'] });
let phase = 'setup';
const harnessLoop = new LoopWatch();
const poller = new MetricsPoller(server.port, () => phase, () => harnessLoop.take());
poller.start();
const client = new Client(server.port, num('conns'));
const stats = new Stats();

/** Admin call that must succeed. */
async function admin<T>(p: string, body: object, token?: string): Promise<T> {
  const res = await client.post<T>(p, body, token);
  if (!res || res.code !== 0) throw new Error(`${p}: ${res ? `${res.code} ${res.msg}` : 'no answer'}`);
  return res.data;
}

const adminToken = (await admin<{ token: string }>('/api/sys/user/login', { username: 'admin', password: ADMIN_PASSWORD })).token;
const examBody = {
  title: `压测考试 N=${N}`, content: '负载测试', openType: 1, startTime: null, totalTime: 120, qualifyScore: 60, chance: 0,
  ruleList: DEMO_EXAM_RULES.map((r) => ({ repoId: prep.repoId, ...r })),
};
const examId = (await admin<{ id: string }>('/api/exam/exam/save', { ...examBody, endTime: formatTime(Date.now() + 3 * 3600_000) }, adminToken)).id;

const learners: Learner[] = Array.from({ length: N }, (_, i) => ({ i, userName: learnerName(i), userId: '', token: '', paperId: '', qus: [], options: new Map(), next: 0, socket: null }));
const crowd: Crowd = { client, stats, learners, answers: new AnswerLog(), examId, handStates: new Map() };
const ran: string[] = [];
const facts = { rssBeforeSockets: 0, rssAfterSockets: 0, heapBeforeSockets: 0, heapAfterSockets: 0, socketsOpen: 0, noopRates: [] as number[], fillRates: [] as number[], serverHandInDoneS: null as number | null };
let check: CheckResult | null = null;
let notSent: string[] = [];

try {
  phase = 'login';
  ran.push(phase);
  log(`login: ${N} over ${a['login-seconds']} s`);
  await loginPhase(crowd, LEARNER_PASSWORD, num('login-seconds'));
  const retry = await loginRetry(crowd, LEARNER_PASSWORD);
  if (retry) log(`login: ${retry} learners needed a second try`);

  if (phases.has('sockets')) {
    phase = 'sockets';
    ran.push(phase);
    await sleep(5000);
    const before = await poller.read(true);
    facts.rssBeforeSockets = before?.rssBytes ?? 0;
    facts.heapBeforeSockets = before?.heapUsedBytes ?? 0;
    const seconds = Math.max(5, N / 500);
    log(`sockets: ${N} over ${seconds} s`);
    await openSockets(crowd, server.port, seconds, () => phase);
    await sleep(5000);
    const m = await poller.read(true);
    facts.rssAfterSockets = m?.rssBytes ?? 0;
    facts.heapAfterSockets = m?.heapUsedBytes ?? 0;
    facts.socketsOpen = m?.webSockets ?? 0;
  }

  // The deadline: after create, fill and the rounds, with room for each to run late.
  const createS = num('create-seconds');
  const fillS = phases.has('fill') ? num('fill-seconds') : 0;
  const roundsS = phases.has('rounds') ? num('rounds') * 2 * num('round-seconds') + 4 : 0;
  const slackS = a.slack ? Number(a.slack) : 30 + N / 100;
  const deadlineEpoch = parseTime(formatTime(Date.now() + (createS + 5 + fillS + 5 + roundsS + slackS + 10) * 1000 + 1000)) as number;
  await admin('/api/exam/exam/save', { ...examBody, id: examId, endTime: formatTime(deadlineEpoch) }, adminToken);
  const deadline = performance.now() + (deadlineEpoch - Date.now());

  if (phases.has('create')) {
    phase = 'create';
    ran.push(phase);
    log(`create: ${N} create-paper over ${createS} s; deadline in ${((deadline - performance.now()) / 1000).toFixed(0)} s`);
    const t0 = performance.now();
    await createPhase(crowd, createS);
    await sleep(t0 + (createS + 5) * 1000 - performance.now());
  }
  if (phases.has('fill')) {
    phase = 'fill';
    ran.push(phase);
    log(`fill: one answer per learner every ${a.every} s for ${fillS} s`);
    await fillPhase(crowd, fillS, num('every'));
  }
  if (phases.has('rounds')) {
    phase = 'rounds';
    ran.push(phase);
    const budget = (deadline - performance.now()) / 1000 - 10 - 5 - 4;
    const rounds = Math.min(num('rounds'), Math.floor(budget / (2 * num('round-seconds'))));
    log(`rounds: ${rounds} × (no-op, fill-answer) of ${a['round-seconds']} s on ${a.concurrency} lanes${rounds < num('rounds') ? ' (cut: the deadline is near)' : ''}`);
    const r = await throughputRounds(crowd, rounds, num('round-seconds'), num('concurrency'));
    facts.noopRates = r.noop;
    facts.fillRates = r.fill;
  }
  if (phases.has('handin')) {
    phase = 'idle';
    await sleep(deadline - 10_000 - performance.now());
    phase = 'hand-in';
    ran.push(phase);
    log('hand-in: 95 % over the last 10 s, 5 % of them twice, 5 % left to the server');
    notSent = await handInPhase(crowd, deadline, 10, 0.95, 0.05);
    phase = 'sweep';
    ran.push(phase);
    const db = createDb({ dialect: target.databaseUrl ? 'postgres' : 'sqlite', target: target.databaseUrl || path.join(dir, 'kaopei.db') });
    try {
      const until = performance.now() + 180_000;
      while (performance.now() < until) {
        const open = await db.selectFrom('el_paper').select((eb) => eb.fn.countAll<number>().as('n')).where('examId', '=', examId).where('state', '=', 0).executeTakeFirstOrThrow();
        if (Number(open.n) === 0 && performance.now() > deadline) {
          facts.serverHandInDoneS = (performance.now() - deadline) / 1000;
          break;
        }
        await sleep(500);
      }
    } finally {
      await db.destroy();
    }
  }
} finally {
  phase = 'end';
  poller.stop();
  closeSockets(crowd);
  client.close();
  log('stopping the server');
  const stopped = await server.stop(a['cpu-prof'] ? 600_000 : 60_000);
  log(`server stopped in ${(stopped.ms / 1000).toFixed(1)} s${stopped.killed ? ' (killed: it did not exit after SIGTERM)' : ''}`);
}
if (phases.has('handin')) {
  log('checking the database');
  check = await checkRun(target, crowd, notSent);
}
const { text } = render(stats, poller, { n: N, dialect, ...facts, check, phases: ran });
console.log(text);
console.log(`\nserver log: ${server.logFile}${a['cpu-prof'] ? `; CPU profile: ${fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(dir, f)).join(', ')}` : ''}`);
if (a.out) {
  const calls = [...stats.all.values()].map((s) => ({ name: s.name, sent: s.count, ok: s.ok, errors: Object.fromEntries(s.errors), rate: s.throughput, p50: s.pct(50), p99: s.pct(99), max: s.max }));
  fs.writeFileSync(a.out, JSON.stringify({ n: N, dialect, at: new Date().toISOString(), calls, facts, check, samples: poller.samples }, null, 1));
}
if (!a.keep && !a['cpu-prof']) fs.rmSync(dir, { recursive: true, force: true });
process.exit(check && !check.ok ? 1 : 0);
