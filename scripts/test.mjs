#!/usr/bin/env node
/**
 * `npm test` (ARCHITECTURE §6): every check of the repository, in order, stopping at the first
 * failure and saying which step failed.
 *
 *   1. typecheck        npm run typecheck (tsc: contracts, server, web, e2e, bench)
 *   2. lint             eslint .
 *   3. server (SQLite)  vitest run --project server --project web (web: the app's pure logic)
 *   4. server (PG)      the server test files that use a database (those calling testApp(), or
 *                       reading TEST_DATABASE_URL) again with TEST_DATABASE_URL (skipped, with a
 *                       note, when it is unset); the pure unit tests already ran in step 3
 *   5. web build        npm run build -w apps/web
 *   6. e2e              vitest run --project e2e (skipped only when Chromium is absent and CI is
 *                       unset; on CI a missing Chromium is a failure)
 *
 * Children inherit stdio, so Vitest's own summary ("Tests  N passed") stays intact.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WIN = process.platform === 'win32';
const ON_CI = Boolean(process.env.CI) && process.env.CI !== '0' && process.env.CI !== 'false';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** A binary of node_modules/.bin (npm puts .cmd shims there on Windows). */
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', WIN ? `${name}.cmd` : name);
const npm = WIN ? 'npm.cmd' : 'npm';

/** Environment without TEST_DATABASE_URL (the SQLite run must not pick PostgreSQL up). */
function sqliteEnv() {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
}

/** Server test files that talk to a database: the PostgreSQL pass runs only these. */
function databaseTests() {
  const dir = path.join(ROOT, 'apps', 'server', 'src');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => /\btestApp\(|TEST_DATABASE_URL/.test(readFileSync(path.join(dir, f), 'utf8')))
    .map((f) => path.join('apps', 'server', 'src', f));
}

const steps = [
  { name: 'typecheck (tsc)', cmd: npm, args: ['run', 'typecheck'] },
  { name: 'lint (eslint .)', cmd: bin('eslint'), args: ['.'] },
  { name: 'server and web unit tests on SQLite', cmd: bin('vitest'), args: ['run', '--project', 'server', '--project', 'web'], env: sqliteEnv() },
  {
    name: 'server tests on PostgreSQL',
    cmd: bin('vitest'),
    args: ['run', '--project', 'server', ...databaseTests()],
    skip: () =>
      process.env.TEST_DATABASE_URL
        ? null
        : 'TEST_DATABASE_URL is not set; to run the API tests on PostgreSQL too: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test',
  },
  { name: 'web build', cmd: npm, args: ['run', 'build', '-w', 'apps/web'] },
  {
    name: 'e2e journeys (Playwright + Chromium)',
    cmd: bin('vitest'),
    // One journey at a time: each runs a server and a Chromium, and two at once on a 2-core machine
    // made antd dialogs lose clicks while animating (flaky journeys); 19 journeys take ~8 min this way.
    args: ['run', '--project', 'e2e', '--maxWorkers=1'],
    env: sqliteEnv(),
    skip: () => {
      if (existsSync(CHROMIUM) || ON_CI) return null; // on CI a missing Chromium fails (precheck)
      return `no Chromium at ${CHROMIUM}; install it (apt-get install -y chromium) or set CHROMIUM_PATH to run the browser journeys`;
    },
    precheck: () => (!existsSync(CHROMIUM) && ON_CI ? `CI is set but Chromium is missing at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)` : null),
  },
];

function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: env ?? process.env, shell: WIN });
    child.on('error', (err) => {
      console.error(`cannot start ${cmd}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const fmt = (ms) => `${(ms / 1000).toFixed(1)}s`;
const started = Date.now();
const done = [];

for (const [i, step] of steps.entries()) {
  const label = `[${i + 1}/${steps.length}] ${step.name}`;
  const why = step.skip?.();
  if (why) {
    console.log(`\n── ${label}: SKIPPED: ${why}`);
    done.push(`${label}: skipped`);
    continue;
  }
  const problem = step.precheck?.();
  if (problem) {
    console.error(`\n✗ npm test failed at step ${label}: ${problem}`);
    process.exit(1);
  }
  console.log(`\n── ${label}: ${[path.basename(step.cmd), ...step.args].join(' ')}`);
  const t0 = Date.now();
  const code = await run(step.cmd, step.args, step.env);
  if (code !== 0) {
    console.error(`\n✗ npm test failed at step ${label} (exit code ${code}, after ${fmt(Date.now() - t0)})`);
    process.exit(code || 1);
  }
  done.push(`${label}: ok in ${fmt(Date.now() - t0)}`);
}

console.log(`\n${done.join('\n')}\nnpm test: OK (${steps.length} steps, ${fmt(Date.now() - started)})`);
