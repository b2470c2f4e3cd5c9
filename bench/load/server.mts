/**
 * The server under load (bench/load.mts): prepares its database in-process (migrations, first-start
 * seed with the demo bank, N learners bulk-inserted), then runs the real server as a child process
 * (`node --import tsx --expose-gc apps/server/src/main.ts`, optionally with --cpu-prof) with
 * KAOPEI_BENCH_METRICS=1, and samples /api/bench/metrics once a second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig, REPO_ROOT } from '../../apps/server/src/config';
import { newId } from '../../apps/server/src/lib/ids';
import { hashPassword } from '../../apps/server/src/lib/password';
import { userRow } from '../../apps/server/src/modules/sys-user/sys-user.repository';
import { ROLE_STUDENT_ID } from '../../apps/server/src/modules/sys-role/sys-role.constants';
import { Client, sleep } from './http.mts';

export const ADMIN_PASSWORD = 'Bench@123456';
export const LEARNER_PASSWORD = 'Learner@123456';
/** User name of learner i (0-based). */
export const learnerName = (i: number) => `load${String(i).padStart(5, '0')}`;

/** Where the run keeps its state: the SQLite file's directory and, on PostgreSQL, the database URL. */
export interface Target {
  dir: string;
  databaseUrl: string;
}

/** Drops and recreates schema `public` of a PostgreSQL database (only for a database given to the bench). */
export async function resetPg(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('drop schema if exists public cascade; create schema public');
  } finally {
    await c.end();
  }
}

/**
 * Migrates and seeds the database like a first start (demo bank and exam, admin with
 * ADMIN_PASSWORD), then inserts N learners (password LEARNER_PASSWORD, role student) in batches of
 * 500. Answers the demo bank's id and the insert time (ms). Throws when the database already holds
 * learners of a previous run.
 */
export async function prepare(t: Target, n: number): Promise<{ repoId: string; ms: number }> {
  const t0 = performance.now();
  const config = loadConfig({
    DATA_DIR: t.dir, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', KAOPEI_DEMO: 'true', KAOPEI_ADMIN_PASSWORD: ADMIN_PASSWORD,
    SWEEP_INTERVAL_MS: '600000', WEB_DIST: path.join(t.dir, 'none'),
  });
  const { app, db } = await buildApp(config);
  try {
    const old = await db.selectFrom('sys_user').select('id').where('userName', '=', learnerName(0)).executeTakeFirst();
    if (old) throw new Error('the database already holds the learners of a previous run: give an empty database (or --reset on PostgreSQL)');
    const repo = await db.selectFrom('el_repo').select('id').orderBy('createTime').executeTakeFirstOrThrow();
    const hash = await hashPassword(LEARNER_PASSWORD);
    for (let from = 0; from < n; from += 500) {
      const at = Date.now();
      const users = Array.from({ length: Math.min(500, n - from) }, (_, k) =>
        userRow({ id: newId(), userName: learnerName(from + k), realName: `压测${from + k}`, password: hash, deptCode: 'A01', state: 0, realPerson: 1, createTime: at, updateTime: at }),
      );
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('sys_user').values(users).execute();
        await trx.insertInto('sys_user_role').values(users.map((u) => ({ id: newId(), userId: u.id, roleId: ROLE_STUDENT_ID }))).execute();
      });
    }
    return { repoId: repo.id, ms: performance.now() - t0 };
  } finally {
    await app.close();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The running server child. */
export class ServerChild {
  private constructor(readonly child: ChildProcess, readonly port: number, readonly logFile: string) {}

  /**
   * Starts the server on a free port with the bench metrics on and waits until /api/health
   * answers (at most 120 s). `cpuProfDir`: write a V8 CPU profile there when the server exits.
   * The server's log (LOG_LEVEL, default info: production's level) goes to `<dir>/server.log`.
   * `root`: the checkout whose server runs (default this one), e.g. a branch's worktree;
   * `readyMs`: how long to wait for /api/health (default 120 s; pending migrations on a big
   * database take longer).
   */
  static async start(t: Target, opts: { cpuProfDir?: string; logLevel?: string; root?: string; readyMs?: number }): Promise<ServerChild> {
    const port = await freePort();
    const logFile = path.join(t.dir, 'server.log');
    const out = fs.openSync(logFile, 'a');
    const args = ['--import', 'tsx', '--expose-gc', ...(opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`] : []), 'apps/server/src/main.ts'];
    const child = spawn(process.execPath, args, {
      cwd: opts.root ?? REPO_ROOT,
      stdio: ['ignore', out, out],
      env: {
        ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: t.dir, DATABASE_URL: t.databaseUrl, KAOPEI_BENCH_METRICS: '1',
        KAOPEI_ADMIN_PASSWORD: ADMIN_PASSWORD, KAOPEI_DEMO: 'true', WEB_DIST: path.join(t.dir, 'none'), LOG_LEVEL: opts.logLevel ?? 'info',
      },
    });
    fs.closeSync(out);
    const server = new ServerChild(child, port, logFile);
    const readyMs = opts.readyMs ?? 120_000;
    const until = performance.now() + readyMs;
    while (performance.now() < until) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; see ${logFile}`);
      const res = await new Promise<number>((resolve) => {
        fetch(`http://127.0.0.1:${port}/api/health`).then((r) => resolve(r.status), () => resolve(0));
      });
      if (res === 200) return server;
      await sleep(250);
    }
    child.kill('SIGKILL');
    throw new Error(`the server did not answer /api/health within ${readyMs / 1000} s; see ${logFile}`);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /**
   * SIGTERM (the server closes and, with --cpu-prof, writes its profile) and waits for the exit:
   * SIGKILL after `graceMs` (60 s; give more with --cpu-prof: writing the profile of a 12-minute run
   * on a loaded machine took longer than 60 s once, and the kill lost it). Answers how long the
   * stop took (ms) and whether it had to kill.
   */
  async stop(graceMs = 60_000): Promise<{ ms: number; killed: boolean }> {
    if (this.child.exitCode !== null) return { ms: 0, killed: false };
    const started = performance.now();
    let killed = false;
    const exited = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => {
      killed = true;
      this.child.kill('SIGKILL');
    }, graceMs);
    await exited;
    clearTimeout(timer);
    return { ms: performance.now() - started, killed };
  }
}

/** One /api/bench/metrics answer (platform/bench.ts). */
export interface Metrics {
  rssBytes: number;
  heapUsedBytes: number;
  eventLoop: { maxMs: number; p99Ms: number };
  connections: number;
  webSockets: number;
  cpuUserMs: number;
  cpuSystemMs: number;
}

/** A metrics sample tagged with the harness phase it fell in. */
export interface Sample extends Metrics {
  phase: string;
  /** The harness's own worst event-loop delay in the same second (ms). */
  harnessLoopMs: number;
}

/** Samples the server's metrics once a second on its own connection, tagging each with the current phase. */
export class MetricsPoller {
  readonly samples: Sample[] = [];
  private readonly client: Client;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;

  constructor(port: number, private readonly phase: () => string, private readonly harnessLoop: () => number) {
    this.client = new Client(port, 2);
  }

  /** One read now (resets the server's event-loop window), after a full GC in the server when `gc`; null when the server did not answer. */
  async read(gc = false): Promise<Metrics | null> {
    const res = await this.client.post<Metrics>('/api/bench/metrics', { gc });
    return res && res.code === 0 ? res.data : null;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      const phase = this.phase();
      void this.read()
        .then((m) => {
          if (m) this.samples.push({ ...m, phase, harnessLoopMs: this.harnessLoop() });
        })
        .finally(() => (this.busy = false));
    }, 1000);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.client.close();
  }

  /** Worst figures of a phase: event-loop max and p99 (ms), RSS (bytes), the harness's own stall (ms). */
  worst(phase: string): { loopMaxMs: number; loopP99Ms: number; rssBytes: number; harnessLoopMs: number } {
    const s = this.samples.filter((x) => x.phase === phase);
    const max = (f: (x: Sample) => number) => s.reduce((m, x) => Math.max(m, f(x)), 0);
    return { loopMaxMs: max((x) => x.eventLoop.maxMs), loopP99Ms: max((x) => x.eventLoop.p99Ms), rssBytes: max((x) => x.rssBytes), harnessLoopMs: max((x) => x.harnessLoopMs) };
  }
}
