/**
 * Benchmark of the exam hot path (issue 9 "Scale"): N learners create a paper, fill answers and hand
 * in, against a server in a child process (so the load generator does not share its event loop).
 * Not the full load harness (bench/load.mts): no sockets, no human pacing of reads; it isolates the
 * calls whose cost the hot-path work changed.
 *
 * Phases (open loop unless said: latency counts from each request's intended send time):
 *   1. create-paper: N requests spread evenly over CREATE_S seconds (default 10);
 *   2. paper-detail once per learner (closed loop, C at a time; gives the question ids);
 *   3. no-op (GET /api/health) max throughput: closed loop, C at a time (default 64), PHASE_S seconds;
 *   4. fill-answer max throughput: the same loop on fill-answer;
 *   5. fill-answer at RATE per second (default N / 35: one answer per learner every 35 s) for PHASE_S s;
 *   6. hand-in: N hand-exam spread over HAND_S seconds (default 10), 5 % sent twice.
 * For each phase the child reports its longest event-loop stall (monitorEventLoopDelay, 10 ms
 * resolution) and its CPU time, printed per call: on a machine shared with other work the CPU time
 * a call costs the server varies far less than rates and latencies do. At the end the child checks: every paper handed in exactly once (state ≠ 0, one
 * `paper.marked` outbox event per paper with state 2).
 *
 *   npx tsx bench/hot.mts                              # N = 1000, SQLite in a temp dir
 *   N=5000 npx tsx bench/hot.mts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/hot npx tsx bench/hot.mts   # empty database
 *   PROF=1 npx tsx bench/hot.mts                       # child runs with --cpu-prof (profile in ./prof)
 *   FILL=0 PROF=1 npx tsx bench/hot.mts                # no fill-answer phases: the profile is mostly the hand-in burst
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const N = Number(process.env.N ?? 1000);
const C = Number(process.env.C ?? 64);
const PHASE_S = Number(process.env.PHASE_S ?? 5);
const CREATE_S = Number(process.env.CREATE_S ?? 10);
const HAND_S = Number(process.env.HAND_S ?? 10);
const RATE = Number(process.env.RATE ?? Math.ceil(N / 35));
/** FILL=0 skips the two fill-answer phases (a profile of the hand-in burst alone). */
const FILL = process.env.FILL !== '0';

type Msg = { type: string; [k: string]: unknown };

if (process.env.HOT_ROLE === 'server') {
  await import('./hot-server.mts');
} else {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, HOT_ROLE: 'server' },
    execArgv: ['--import', 'tsx', ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=prof'] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting: ((m: Msg) => void)[] = [];
  child.on('message', (m: Msg) => waiting.shift()?.(m));
  const ask = (m: Msg) => new Promise<Msg>((resolve) => { waiting.push(resolve); child.send(m); });
  const ready = (await new Promise<Msg>((resolve) => waiting.push(resolve))) as Msg & { port: number; tokens: string[]; examId: string; dialect: string };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

  const request = (method: string, path: string, token: string, body?: object): Promise<{ code: number; data: unknown } | null> =>
    new Promise((resolve) => {
      const payload = body ? JSON.stringify(body) : '';
      const headers: Record<string, string | number> = { token };
      if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const req = http.request({ host: '127.0.0.1', port: ready.port, path, method, agent, timeout: 60_000, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            const r = res.statusCode === 200 ? (parsed.code === undefined ? { code: 0, data: parsed } : parsed) : null;
            if (r?.code !== 0) noteError(`${path}: HTTP ${res.statusCode} ${JSON.stringify(parsed).slice(0, 200)}`);
            resolve(r);
          } catch {
            noteError(`${path}: HTTP ${res.statusCode}, not JSON`);
            resolve(null);
          }
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (e) => {
        noteError(`${path}: ${e.message}`);
        resolve(null);
      });
      req.end(payload);
    });
  const post = (path: string, token: string, body: object) => request('POST', path, token, body);
  /** Distinct failures (path, status, answer) with their counts, printed at the end: an error is a finding. */
  const failures = new Map<string, number>();
  function noteError(what: string) {
    failures.set(what, (failures.get(what) ?? 0) + 1);
  }

  const rows: string[] = [];
  const stats = (name: string, lat: number[], errors: number, wallMs: number, { max: stall, cpuMs }: { max: number; cpuMs: number }) => {
    lat.sort((a, b) => a - b);
    const p = (q: number) => (lat.length ? lat[Math.min(lat.length - 1, Math.floor(q * lat.length))]! : 0).toFixed(0);
    const rate = (lat.length / (wallMs / 1000)).toFixed(0);
    const row = `${name.padEnd(22)} n ${String(lat.length).padStart(6)}  ${rate.padStart(6)}/s  p50 ${p(0.5).padStart(6)}  p99 ${p(0.99).padStart(6)}  max ${(lat.at(-1) ?? 0).toFixed(0).padStart(6)} ms  errors ${errors}  stall ${stall.toFixed(0)} ms  server CPU ${(cpuMs / Math.max(1, lat.length)).toFixed(2)} ms/call`;
    rows.push(row);
    console.log(row);
    return { rate: lat.length / (wallMs / 1000), cpu: cpuMs / Math.max(1, lat.length) };
  };
  /** The server's longest event-loop stall (ms) and CPU time (ms) since the last ask. */
  const stall = async () => {
    const m = await ask({ type: 'stall' });
    return { max: Number(m.max), cpuMs: Number(m.cpuMs) };
  };

  /** Open loop: `count` calls of `fn(i)` sent evenly over `seconds`; latency from the intended send time. */
  async function openLoop(name: string, count: number, seconds: number, fn: (i: number) => Promise<boolean>) {
    await stall();
    const lat: number[] = [];
    let errors = 0;
    const t0 = performance.now();
    const gap = (seconds * 1000) / count;
    const all: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const due = t0 + i * gap;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      all.push(fn(i).then((ok) => { if (!ok) errors++; lat.push(performance.now() - due); }));
    }
    await Promise.all(all);
    return stats(name, lat, errors, performance.now() - t0, await stall());
  }
  /** Closed loop: `C` workers call `fn` back to back for PHASE_S seconds (or `count` calls in all). */
  async function closedLoop(name: string, fn: (i: number) => Promise<boolean>, count = Infinity) {
    await stall();
    const lat: number[] = [];
    let errors = 0;
    let i = 0;
    const t0 = performance.now();
    const end = count === Infinity ? t0 + PHASE_S * 1000 : Infinity;
    await Promise.all(Array.from({ length: C }, async () => {
      while (performance.now() < end && i < count) {
        const s = performance.now();
        if (!(await fn(i++))) errors++;
        lat.push(performance.now() - s);
      }
    }));
    return stats(name, lat, errors, performance.now() - t0, await stall());
  }

  const papers: string[] = new Array(N).fill('');
  const quIds: string[][] = new Array(N).fill([]);
  console.log(`database ${ready.dialect}, N ${N}, C ${C}, fill rate ${RATE}/s`);
  await openLoop('create-paper', N, CREATE_S, async (i) => {
    const r = await post('/api/paper/paper/create-paper', ready.tokens[i]!, { examId: ready.examId, password: '' });
    papers[i] = (r?.data as { id?: string } | null)?.id ?? '';
    return r?.code === 0;
  });
  await closedLoop('paper-detail', async (k) => {
    const r = await post('/api/paper/paper/paper-detail', ready.tokens[k]!, { id: papers[k] });
    const groups = (r?.data as { groupList?: { quList: { quId: string; quType: number }[] }[] } | null)?.groupList ?? [];
    quIds[k] = groups.flatMap((g) => g.quList.filter((q) => q.quType === 4 || q.quType <= 3).map((q) => q.quId));
    return r?.code === 0;
  }, N);
  const fill = async (i: number) => {
    const k = (i * 7919) % N;
    const qs = quIds[k]!;
    const r = await post('/api/paper/paper/fill-answer', ready.tokens[k]!, { paperId: papers[k], quId: qs[i % qs.length] ?? '0', answers: [], answer: '' });
    return r?.code === 0;
  };
  const noop = await closedLoop('no-op (GET /api/health)', async () => (await request('GET', '/api/health', '')) !== null);
  const fillMax = FILL ? await closedLoop('fill-answer max', fill) : { rate: 0, cpu: 0 };
  if (FILL) await openLoop(`fill-answer ${RATE}/s`, RATE * PHASE_S, PHASE_S, fill);
  const twice = new Set(Array.from({ length: Math.ceil(N / 20) }, (_, j) => j * 20));
  const order = Array.from({ length: N }, (_, i) => i).flatMap((i) => (twice.has(i) ? [i, i] : [i]));
  const handIns = await openLoop('hand-exam', order.length, HAND_S, async (j) => {
    const k = order[j]!;
    const r = await post('/api/paper/paper/hand-exam', ready.tokens[k]!, { id: papers[k] });
    return r?.code === 0;
  });
  if (FILL) console.log(`fill-answer max ÷ no-op: ${((100 * fillMax.rate) / noop.rate).toFixed(0)} %; server CPU a fill-answer ÷ a no-op: ${(fillMax.cpu / noop.cpu).toFixed(1)}×`);
  console.log(`hand-exam ÷ no-op: ${((100 * handIns.rate) / noop.rate).toFixed(1)} % (hand-ins completed a second ÷ no-op calls a second); server CPU a hand-in ÷ a no-op: ${(handIns.cpu / noop.cpu).toFixed(1)}×`);
  const check = await ask({ type: 'check', papers });
  console.log(`integrity: ${String(check.text)}`);
  for (const [what, n] of failures) console.log(`failed ×${n}: ${what}`);
  agent.destroy();
  child.kill('SIGTERM');
  process.exit(check.ok ? 0 : 1);
}
