/**
 * The real Kaopei server as a child process for the e2e journeys: `node --import tsx
 * apps/server/src/main.ts` on a free port, a fresh temp DATA_DIR (SQLite, demo seed), LOG_LEVEL=warn,
 * SWEEP_INTERVAL_MS=1000 and WEB_DIST = apps/web/dist (built by `npm run build`).
 *
 * Set E2E_SERVER_LOG=1 to echo the server's output while the journeys run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './paths';

export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** The last lines the server printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Output readers of the servers this test process runs now, by base URL (printed when a test fails). */
const running = new Map<string, () => string>();

/** The running servers' output readers (e2e/support/browser.ts prints their tails on a failure). */
export function serverOutputs(): [string, () => string][] {
  return [...running];
}

/** Starts the server and resolves once GET /api/health answers 200 (throws after `timeoutMs`). */
export async function startServer(opts: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web app is not built (${WEB_DIST}/index.html is missing): run \`npm run build\` first (npm test does it before the e2e step).`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kaopei-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Always a fresh SQLite database with the demo seed and the well-known demo passwords.
  delete env.DATABASE_URL;
  delete env.KAOPEI_ADMIN_PASSWORD;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SWEEP_INTERVAL_MS: '1000',
    WEB_DIST,
    KAOPEI_DEMO: 'true',
    KAOPEI_USER_REG: 'true',
    ...opts.env,
  });

  const child = spawn(process.execPath, ['--import', 'tsx', path.join('apps', 'server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never leave an orphan server behind, even when the test worker dies early.
  const killOnExit = () => {
    if (!exited(child)) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  const lines: string[] = [];
  const echo = process.env.E2E_SERVER_LOG === '1';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (echo) process.stderr.write(`[server] ${text}`);
    lines.push(...text.split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = () => lines.join('\n');

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (exited(child)) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it answered /api/health:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The server did not answer ${baseUrl}/api/health in time:\n${output()}`);
    }
    await sleep(200);
  }

  running.set(baseUrl, output);
  const stop = async () => {
    running.delete(baseUrl);
    if (!exited(child)) {
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    process.removeListener('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, port, dataDir, output, stop };
}
