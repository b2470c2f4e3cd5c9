/**
 * The server side of bench/hot.mts (a child process): builds the app (SQLite in a temp dir, or
 * DATABASE_URL), inserts N learners with a session each, listens, and answers the parent over IPC:
 * `stall` (longest event-loop delay since the last ask, ms, and the CPU time the process used since
 * then, ms), `check` (integrity of the papers). Sessions last the server's full TTL (no sliding
 * write on the first call of each learner).
 * The request log is on (LOG_LEVEL info by default, stdout discarded by the parent) as in production.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { newId } from '../apps/server/src/lib/ids';
import { hashPassword } from '../apps/server/src/lib/password';
import { hashToken } from '../apps/server/src/modules/sys-user/sys-user.service';
import { ROLE_STUDENT_ID } from '../apps/server/src/modules/sys-role/sys-role.constants';
import { userRow } from '../apps/server/src/modules/sys-user/sys-user.repository';

const N = Number(process.env.N ?? 1000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kaopei-hot-'));
const config = loadConfig({
  ...process.env, DATA_DIR: dir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', PORT: '0', KAOPEI_DEMO: 'true', KAOPEI_ADMIN_PASSWORD: 'Bench@123456',
  SWEEP_INTERVAL_MS: '600000', WEB_DIST: path.join(dir, 'none'), DATABASE_URL: process.env.DATABASE_URL ?? '',
});
const { app, db } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
const port = (app.server.address() as { port: number }).port;

const exam = await db.selectFrom('el_exam').select('id').where('title', 'not like', '%离线%').orderBy('id').executeTakeFirstOrThrow();
const hash = await hashPassword('Bench@123456');
const tokens: string[] = [];
const at = Date.now();
for (let i = 0; i < N; i += 200) {
  const batch = Array.from({ length: Math.min(200, N - i) }, (_, j) => ({ userId: newId(), j: i + j }));
  await db.insertInto('sys_user').values(batch.map(({ userId, j }) => userRow({ id: userId, userName: `hot${j}_${userId}`, realName: '压测', password: hash, deptCode: 'A01', state: 0, realPerson: 1, createTime: at, updateTime: at }))).execute();
  await db.insertInto('sys_user_role').values(batch.map(({ userId }) => ({ id: newId(), userId, roleId: ROLE_STUDENT_ID }))).execute();
  await db.insertInto('sys_user_token').values(batch.map(({ userId }) => ({ id: newId(), userId, tokenHash: hashToken(`hot-${userId}`), createTime: at, expireTime: at + config.sessionTtlMs, ip: '', userAgent: '' }))).execute();
  tokens.push(...batch.map(({ userId }) => `hot-${userId}`));
}

/** CPU time (µs, user + system) of this process at the last `stall` ask. */
let cpuAt = 0;
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('message', async (m: { type: string; papers?: string[] }) => {
  if (m.type === 'stall') {
    const cpu = process.cpuUsage();
    process.send!({ type: 'stall', max: delay.max / 1e6, cpuMs: (cpu.user + cpu.system - cpuAt) / 1000 });
    cpuAt = cpu.user + cpu.system;
    delay.reset();
  } else if (m.type === 'check') {
    const ids = (m.papers ?? []).filter(Boolean);
    const rows = ids.length ? await db.selectFrom('el_paper').select(['id', 'state']).where('id', 'in', ids).execute() : [];
    const open = rows.filter((r) => r.state === 0).length;
    const events = await db.selectFrom('sys_event').select('payload').where('type', '=', 'paper.marked').execute();
    const marked = new Map<string, number>();
    for (const e of events) {
      const id = (JSON.parse(e.payload) as { paperId: string }).paperId;
      marked.set(id, (marked.get(id) ?? 0) + 1);
    }
    const twice = [...marked.values()].filter((n) => n > 1).length;
    const done = rows.filter((r) => r.state === 2 && marked.get(r.id) === 1).length;
    const ok = ids.length === N && open === 0 && twice === 0;
    process.send!({ type: 'check', ok, text: `${ids.length}/${N} papers created, ${open} still open, ${done} marked exactly once, ${twice} marked twice, ${rows.length - done - open} awaiting marking` });
  }
});
process.on('SIGTERM', async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
process.send!({ type: 'ready', port, tokens, examId: exam.id, dialect: config.dialect });
