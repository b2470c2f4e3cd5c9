/**
 * Benchmark: N learners hand in at the same second (the platform's promise: no answer sheet lost,
 * none scored twice). Builds a real app (SQLite in a temp dir, or PostgreSQL with DATABASE_URL),
 * gives N learners an open paper with one right answer each, then fires N hand-exam requests over
 * real HTTP at once, plus a duplicate for every tenth learner (double click).
 *
 * Prints: setup time, wall time of the burst, latency p50/p95/p99/max, and the integrity check
 * (papers handed in, each exactly once, each scored exactly the one right answer).
 *
 *   npx tsx bench/hand-in.mts            # N = 3000 on SQLite
 *   N=500 npx tsx bench/hand-in.mts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/hand-in.mts
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { newId } from '../apps/server/src/lib/ids';
import { hashPassword } from '../apps/server/src/lib/password';
import { hashToken } from '../apps/server/src/modules/sys-user/sys-user.service';
import { ROLE_STUDENT_ID } from '../apps/server/src/modules/sys-role/sys-role.constants';
import { userRow } from '../apps/server/src/modules/sys-user/sys-user.repository';

const N = Number(process.env.N ?? 3000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-bench-'));
const config = loadConfig({
  DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: '0', KAOPEI_DEMO: 'true', KAOPEI_ADMIN_PASSWORD: 'Bench@123456',
  SWEEP_INTERVAL_MS: '600000', WEB_DIST: path.join(dir, 'none'), DATABASE_URL: process.env.DATABASE_URL ?? '',
});
const { app, db, services } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const port = (app.server.address() as { port: number }).port;

/** POST JSON over a fresh connection with the web client's 60 s timeout; network errors resolve as null. */
function postJson(pathname: string, token: string, body: object): Promise<{ code: number; data: { state: number } | null } | null> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, path: pathname, method: 'POST', agent: false, timeout: 60_000, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), token } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            resolve(null);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end(payload);
  });
}

const t0 = performance.now();
const exam = await db.selectFrom('el_exam').select('id').executeTakeFirstOrThrow();
const hash = await hashPassword('Bench@123456');
const learners: { token: string; paperId: string; expected: number }[] = [];
for (let i = 0; i < N; i++) {
  const userId = newId();
  const token = `bench-${userId}`;
  const at = Date.now();
  await db.insertInto('sys_user').values(userRow({ id: userId, userName: `bench${i}_${userId}`, realName: '压测', password: hash, deptCode: 'A01', state: 0, realPerson: 1, createTime: at, updateTime: at })).execute();
  await db.insertInto('sys_user_role').values({ id: newId(), userId, roleId: ROLE_STUDENT_ID }).execute();
  await db.insertInto('sys_user_token').values({ id: newId(), userId, tokenHash: hashToken(token), createTime: at, expireTime: at + 3600_000, ip: '', userAgent: '' }).execute();
  const { id: paperId } = await services.paper.createPaper(userId, exam.id);
  // Answer the first question right: every paper must score exactly that question's score.
  const first = await db.selectFrom('el_paper_qu').select(['quId', 'score']).where('paperId', '=', paperId).where('sort', '=', 1).executeTakeFirstOrThrow();
  const right = await db.selectFrom('el_paper_qu_answer').select('answerId').where('paperId', '=', paperId).where('quId', '=', first.quId).where('isRight', '=', 1).execute();
  await services.paper.fillAnswer(userId, { paperId, quId: first.quId, answers: right.map((r) => r.answerId), answer: '' });
  learners.push({ token, paperId, expected: first.score });
}
const setupMs = performance.now() - t0;

const requests = learners.flatMap((l, i) => (i % 10 === 0 ? [l, l] : [l]));
const latencies: number[] = [];
let failures = 0;
const burst0 = performance.now();
await Promise.all(
  requests.map(async (l) => {
    const s = performance.now();
    const body = await postJson('/api/paper/paper/hand-exam', l.token, { id: l.paperId });
    if (!body || body.code !== 0 || body.data?.state !== 2) failures++;
    latencies.push(performance.now() - s);
  }),
);
const burstMs = performance.now() - burst0;

const rows = await db.selectFrom('el_paper').select(['id', 'state', 'userScore']).where('id', 'in', learners.map((l) => l.paperId)).execute();
const byId = new Map(rows.map((r) => [r.id, r]));
const wrong = learners.filter((l) => byId.get(l.paperId)?.state !== 2 || byId.get(l.paperId)?.userScore !== l.expected).length;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(0);

console.log(`database        ${config.dialect}`);
console.log(`learners        ${N} (setup ${(setupMs / 1000).toFixed(1)} s)`);
console.log(`requests        ${requests.length} hand-exam at once (${requests.length - N} duplicates)`);
console.log(`burst wall time ${burstMs.toFixed(0)} ms`);
console.log(`latency ms      p50 ${pct(50)}  p95 ${pct(95)}  p99 ${pct(99)}  max ${latencies.at(-1)!.toFixed(0)}`);
console.log(`failed answers  ${failures}`);
console.log(`integrity       ${N - wrong}/${N} papers handed in once with the right score${wrong ? `  (${wrong} WRONG)` : ''}`);
await app.close();
fs.rmSync(dir, { recursive: true, force: true });
process.exit(wrong || failures ? 1 : 0);
