/**
 * Two real server processes (`node --import tsx src/main.ts`, NODE_ID 1 and 2) sharing one
 * PostgreSQL database and one Redis (REDIS_URL), as two API nodes behind a load balancer would:
 * a login made on one node is a session on the other (and a logout on the other ends it, also
 * where the first node holds it in its session cache), the
 * failed-login counters are shared (the captcha is asked for on the other node), and a job started
 * on one node is seen with its progress and result on the other. Runs when TEST_DATABASE_URL and
 * TEST_REDIS_URL are both set (CI sets them); skipped with a message otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError, type Endpoint, type Envelope } from '@kaopei/contracts';
import { quApi, type ImportResult } from '@kaopei/contracts/qu';
import { repoApi, type RepoRecord } from '@kaopei/contracts/repo';
import { jobApi, JobState, type JobView } from '@kaopei/contracts/sys-job';
import { userApi, type SessionUser } from '@kaopei/contracts/sys-user';
import { buildImportTemplate } from '../modules/qu/qu.sheet';
import { ADMIN, createPgDatabase, dropPgDatabase } from '../test/app';
import { multipart } from '../test/builders';

const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
if (!PG || !REDIS) console.info('TEST_DATABASE_URL or TEST_REDIS_URL is unset: the two-process test (shared PostgreSQL + Redis) is skipped.');

interface Node {
  url: string;
  child: ChildProcess;
  output: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function startNode(nodeId: number, env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `kaopei-node${nodeId}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, NODE_ID: String(nodeId), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`node ${nodeId} exited: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`node ${nodeId} did not start: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function call<T>(node: Node, ep: Endpoint, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${node.url}${ep.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  return (await res.json()) as Envelope<T>;
}

describe.skipIf(!PG || !REDIS)('two server processes sharing PostgreSQL and Redis', () => {
  const dbName = `kaopei_mp_${randomBytes(5).toString('hex')}`;
  let a: Node;
  let b: Node;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: await createPgDatabase(PG as string, dbName),
      REDIS_URL: REDIS as string,
      REDIS_PREFIX: `mp${randomBytes(4).toString('hex')}`,
      KAOPEI_ADMIN_PASSWORD: ADMIN.password,
      KAOPEI_DEMO: 'true',
    };
    a = await startNode(1, env); // migrates and seeds
    b = await startNode(2, env);
  }, 120_000);
  afterAll(async () => {
    for (const n of [a, b]) {
      if (!n || n.child.exitCode !== null) continue;
      const gone = new Promise((r) => n.child.once('exit', r));
      n.child.kill('SIGTERM');
      await gone;
    }
    await dropPgDatabase(PG as string, dbName);
  });

  it('shares sessions: a login on one node works on the other, a logout on the other ends it', async () => {
    const login = await call<SessionUser>(a, userApi.login, ADMIN);
    expect(login.code).toBe(0);
    const token = login.data?.token as string;
    expect(await call<SessionUser>(b, userApi.info, {}, token)).toMatchObject({ code: 0, data: { userId: login.data?.userId, userName: 'admin' } });
    // Node a now holds the session in its session cache (SESSION_CACHE_SECONDS, default 300 s).
    expect((await call(a, userApi.info, {}, token)).code).toBe(0);
    expect((await call(b, userApi.logout, {}, token)).code).toBe(0);
    // The drop reaches node a over Redis pub/sub within milliseconds (waits at most 10 s).
    let code = 0;
    for (const until = Date.now() + 10_000; code === 0 && Date.now() < until; await new Promise((r) => setTimeout(r, 20))) {
      code = (await call(a, userApi.info, {}, token)).code;
    }
    expect(code).toBe(CommonError.NOT_LOGGED_IN.code);
  });

  it('shares the failed-login counters: after failures spread over both nodes, either node asks for the captcha', async () => {
    const wrong = { username: 'learner', password: 'Wrong#Pass1' };
    const answers = [await call(a, userApi.login, wrong), await call(b, userApi.login, wrong), await call(a, userApi.login, wrong)];
    expect(answers.map((x) => (x.data as { remaining?: number } | null)?.remaining)).toEqual([2, 1, 0]);
    // The right password now needs the captcha, on the other node too.
    const refused = await call(b, userApi.login, { username: 'learner', password: 'Learner@123456' });
    expect(refused).toMatchObject({ code: CommonError.CAPTCHA_INVALID.code, data: { captchaRequired: true } });
  });

  it('shares jobs: an import started on one node shows its progress and result on the other', async () => {
    const token = (await call<SessionUser>(a, userApi.login, ADMIN)).data?.token as string;
    const repo = (await call<{ records: RepoRecord[] }>(b, repoApi.paging, { current: 1, size: 10 }, token)).data?.records[0] as RepoRecord;
    const { payload, contentType } = await multipart({ repoId: repo.id }, { name: 'template.xlsx', data: await buildImportTemplate() });
    const started = (await (await fetch(`${a.url}${quApi.import.path}`, { method: 'POST', headers: { 'content-type': contentType, token }, body: payload })).json()) as Envelope<{ jobId: string }>;
    expect(started.code).toBe(0);
    const jobId = started.data?.jobId as string;
    let job: JobView | null = null;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      job = (await call<JobView>(b, jobApi.detail, { id: jobId }, token)).data;
      if (job && job.state >= JobState.DONE) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job).toMatchObject({ id: jobId, type: 'qu.import', state: JobState.DONE, progress: 100 });
    expect((job?.result as ImportResult).imported).toBe(7); // the template has one example of each of the seven types
    expect((await call<RepoRecord>(b, repoApi.detail, { id: repo.id }, token)).data?.quCount).toBe(repo.quCount + 7);
  });
});
