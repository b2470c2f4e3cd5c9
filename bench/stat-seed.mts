/**
 * Seeds a large database for the statistics benchmark (issue 14 "Statistics queries stay fast";
 * bench/stat.mts measures it). The schema is the project's own: the server's migrations and
 * first-start seed run in-process (demo bank and exam, admin with password Bench@123456), then the
 * bulk rows go in through a raw connection (bench/stat/sink.mts).
 *
 *   npx tsx bench/stat-seed.mts --dir ../benchdata/stat-sqlite            # SQLite file DIR/kaopei.db
 *   npx tsx bench/stat-seed.mts --db postgres://postgres@127.0.0.1:5432/kaopei_stat --reset
 *   npx tsx bench/stat-seed.mts --dir /tmp/stat-smoke --users 200 --papers 1000 --answers 20000   # smoke
 *
 * Sizes (defaults): --users 100000, --papers 1000000, --answers 20000000 (el_paper_qu_answer rows:
 * every option of every question of every paper, so questions per paper ≈ answers ÷ papers ÷ the
 * demo bank's mean option count). What goes in, all times relative to now:
 * - departments: the seeded root with 10 children of 5 each (codes A01A01…, A01A01A01…);
 * - users (role student) over the leaf departments, registered over the last 180 days (in user
 *   order), 80 % with a last login in the last 30 days, and a login token for 40 % in the last 7;
 * - exams: papers ÷ 5,000 (at least 10), started over the last 90 days, open 7 days, 100 points,
 *   pass 60; one rule each on the demo bank;
 * - papers: each on a random exam by a random user registered before it, created inside the exam's
 *   window, dept_code snapshot of the user; states 93 % finished, 3 % awaiting marking, 3 %
 *   abandoned, 0.5 % in progress (recent, one per user, ending a week after the seed); scores from a per-user ability, passed
 *   when ≥ 60; one group, N questions of the demo bank's choice questions, all their options;
 * - courses: 200 (2 in 3 published), 1,000 files, 5 files each; per user 0–4 courses joined with
 *   course and file progress; 50 classes with the users of one class each for half of them;
 *   certificates granted to 30 % of the users.
 * Prints rows/s per table group and the total time. The database must be new: a SQLite directory
 * without kaopei.db, or --reset (drops schema public) on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { hashPassword } from '../apps/server/src/lib/password';
import { DEFAULT_CERT_LAYOUT } from '@kaopei/contracts/cert';
import { ROLE_STUDENT_ID } from '../apps/server/src/modules/sys-role/sys-role.constants';
import { ADMIN_PASSWORD, resetPg } from './load/server.mts';
import { PgSink, SqliteSink, type Sink } from './stat/sink.mts';

const { values: a } = parseArgs({
  options: {
    dir: { type: 'string', default: '../benchdata/stat-sqlite' },
    db: { type: 'string' },
    reset: { type: 'boolean', default: false },
    users: { type: 'string', default: '100000' },
    papers: { type: 'string', default: '1000000' },
    answers: { type: 'string', default: '20000000' },
  },
});
const USERS = Number(a.users);
const PAPERS = Number(a.papers);
const ANSWERS = Number(a.answers);
const DAY = 86_400_000;
const NOW = Date.now();
const dbUrl = a.db && a.db.startsWith('postgres') ? a.db : '';
const dir = path.resolve(a.dir!);
fs.mkdirSync(dir, { recursive: true });
if (!dbUrl && fs.existsSync(path.join(dir, 'kaopei.db'))) throw new Error(`${dir}/kaopei.db exists: give a new directory`);
if (dbUrl && a.reset) await resetPg(dbUrl);

/** Deterministic PRNG (mulberry32) so that two seeds of one size hold the same data. */
let st = 0x9e3779b9;
const rnd = () => {
  st = (st + 0x6d2b79f5) | 0;
  let t = st;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const ri = (n: number) => Math.floor(rnd() * n);

/** Ids shaped like the server's (19 digits, time-ordered): a prefix of one day ago, then a 9-digit counter. */
const idPrefix = (((BigInt(NOW - DAY) - 1288834974657n) << 22n) / 1_000_000_000n).toString();
let idSeq = 0;
const nextId = () => idPrefix + String(++idSeq).padStart(9, '0');

// 1. Migrations and the first-start seed, as the server does them.
const t0 = performance.now();
{
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent', KAOPEI_DEMO: 'true', KAOPEI_ADMIN_PASSWORD: ADMIN_PASSWORD, SWEEP_INTERVAL_MS: '600000', WEB_DIST: path.join(dir, 'none') });
  const { app } = await buildApp(config);
  await app.close();
}
console.log(`migrated and seeded the first start in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

let sink: Sink;
if (dbUrl) {
  const p = new PgSink(dbUrl);
  await p.open();
  sink = p;
} else sink = new SqliteSink(path.join(dir, 'kaopei.db'));

const cols: Record<string, string[]> = {
  sys_depart: ['id', 'parent_id', 'dept_code', 'dept_name', 'sort', 'create_time', 'update_time'],
  sys_user: ['id', 'user_name', 'real_name', 'password', 'dept_code', 'state', 'real_person', 'last_login_time', 'create_time', 'update_time'],
  sys_user_role: ['id', 'user_id', 'role_id'],
  sys_user_token: ['id', 'user_id', 'token_hash', 'create_time', 'expire_time'],
  el_exam: ['id', 'title', 'open_type', 'state', 'start_time', 'end_time', 'total_time', 'total_score', 'qualify_score', 'chance', 'create_time', 'update_time'],
  el_exam_rule: ['id', 'exam_id', 'repo_id', 'qu_type', 'qu_count', 'qu_score', 'sort'],
  el_paper: ['id', 'user_id', 'exam_id', 'title', 'total_time', 'total_score', 'qualify_score', 'user_score', 'state', 'passed', 'create_time', 'limit_time', 'hand_time', 'dept_code', 'update_time'],
  el_paper_group: ['id', 'paper_id', 'title', 'qu_type', 'qu_count', 'per_score', 'total_score', 'sort'],
  el_paper_qu: ['id', 'paper_id', 'group_id', 'qu_id', 'qu_type', 'sort', 'score', 'answered', 'is_right', 'actual_score'],
  el_paper_qu_answer: ['id', 'paper_id', 'qu_id', 'answer_id', 'abc', 'sort', 'checked', 'is_right'],
  el_course: ['id', 'title', 'open_type', 'state', 'dept_code', 'create_time', 'update_time'],
  el_course_file: ['id', 'title', 'file_type', 'duration', 'dept_code', 'create_time', 'update_time'],
  el_course_file_ref: ['id', 'course_id', 'file_id', 'sort', 'need_minutes'],
  el_course_user: ['id', 'course_id', 'user_id', 'state', 'source', 'dept_code', 'create_time', 'update_time'],
  el_course_learn: ['id', 'user_id', 'course_id', 'process', 'finished', 'finish_time', 'create_time', 'update_time'],
  el_course_file_learn: ['id', 'user_id', 'course_id', 'file_id', 'course_name', 'file_name', 'learn_ms', 'need_sec', 'process', 'finished', 'create_time', 'update_time'],
  el_class: ['id', 'title', 'start_time', 'end_time', 'state', 'dept_code', 'create_time', 'update_time'],
  el_class_user: ['id', 'class_id', 'user_id', 'user_name', 'real_name', 'dept_code', 'state', 'source', 'finished', 'create_time', 'update_time'],
  cert_template: ['id', 'title', 'authority', 'layout', 'create_time', 'update_time'],
  cert_grant: ['id', 'cert_no', 'cert_id', 'user_id', 'user_name', 'real_name', 'dept_code', 'title', 'authority', 'ref_type', 'ref_id', 'ref_title', 'create_time', 'state'],
};
for (const [table, c] of Object.entries(cols)) await sink.declare(table, c);

let stepRows = 0;
let stepAt = performance.now();
const step = (name: string) => {
  const ms = performance.now() - stepAt;
  const n = sink.rows - stepRows;
  console.log(`${name.padEnd(28)} ${String(n).padStart(11)} rows  ${(ms / 1000).toFixed(1).padStart(7)} s  ${Math.round(n / (ms / 1000)).toLocaleString('en').padStart(9)} rows/s`);
  stepRows = sink.rows;
  stepAt = performance.now();
};
const add = async (table: string, row: unknown[]) => {
  const p = sink.add(table, row);
  if (p) await p;
};

// 2. Departments under the seeded root.
const root = (await sink.query<{ id: string; dept_code: string }>("SELECT id, dept_code FROM sys_depart WHERE parent_id = '0' OR parent_id = '' ORDER BY dept_code"))[0];
if (!root) throw new Error('no root department after the first-start seed');
const leaves: string[] = [];
for (let i = 1; i <= 10; i++) {
  const id = nextId();
  const code = `${root.dept_code}A${String(i).padStart(2, '0')}`;
  await add('sys_depart', [id, root.id, code, `压测部门${i}`, i, NOW - 200 * DAY, NOW - 200 * DAY]);
  for (let j = 1; j <= 5; j++) {
    const leaf = `${code}A${String(j).padStart(2, '0')}`;
    await add('sys_depart', [nextId(), id, leaf, `压测部门${i}-${j}`, j, NOW - 200 * DAY, NOW - 200 * DAY]);
    leaves.push(leaf);
  }
}

// 3. Users (in registration order), roles, logins.
const hash = await hashPassword('Learner@123456');
const userIds: string[] = new Array(USERS);
const userDept: string[] = new Array(USERS);
const userAbility = new Float64Array(USERS);
const regStart = NOW - 180 * DAY;
const regAt = (i: number) => regStart + Math.floor((180 * DAY * i) / USERS);
for (let i = 0; i < USERS; i++) {
  const id = nextId();
  const created = regAt(i) + ri(DAY / 2);
  userIds[i] = id;
  userDept[i] = leaves[ri(leaves.length)]!;
  userAbility[i] = 0.35 + rnd() * 0.6;
  const last = rnd() < 0.8 ? Math.max(created, NOW - ri(30 * DAY)) : 0;
  await add('sys_user', [id, `stat${String(i).padStart(6, '0')}`, `学员${i}`, hash, userDept[i], 0, 1, last, created, created]);
  await add('sys_user_role', [nextId(), id, ROLE_STUDENT_ID]);
  if (rnd() < 0.4) {
    const at = Math.max(created, NOW - ri(7 * DAY));
    await add('sys_user_token', [nextId(), id, `bench-${id}`, at, at + 7 * DAY]);
  }
}
step('users, roles, logins');

// 4. Exams on the demo bank's choice questions.
const repo = (await sink.query<{ id: string }>('SELECT id FROM el_repo ORDER BY create_time LIMIT 1'))[0]!;
const quRows = await sink.query<{ id: string; qu_type: number }>(`SELECT id, qu_type FROM el_qu WHERE repo_id = '${repo.id}' AND deleted = 0 AND qu_type IN (1, 2, 3) ORDER BY sort, id`);
const optRows = await sink.query<{ id: string; qu_id: string; is_right: number }>('SELECT id, qu_id, is_right FROM el_qu_answer ORDER BY qu_id, sort, id');
const qus = quRows
  .map((q) => ({ id: q.id, type: Number(q.qu_type), opts: optRows.filter((o) => o.qu_id === q.id).map((o) => ({ id: o.id, right: Number(o.is_right) })) }))
  .filter((q) => q.opts.length > 0);
if (!qus.length) throw new Error('the demo bank has no choice questions with options');
const meanOpts = qus.reduce((s, q) => s + q.opts.length, 0) / qus.length;
const QN = Math.max(1, Math.min(qus.length, Math.round(ANSWERS / PAPERS / meanOpts)));
const EXAMS = Math.max(10, Math.round(PAPERS / 5000));
const exams: { id: string; start: number; end: number; title: string }[] = [];
for (let e = 0; e < EXAMS; e++) {
  const start = NOW - Math.floor((90 * DAY * (EXAMS - e)) / EXAMS);
  const ex = { id: nextId(), start, end: start + 7 * DAY, title: `压测考试${e + 1}` };
  exams.push(ex);
  await add('el_exam', [ex.id, ex.title, 1, 0, ex.start, ex.end, 60, 100, 60, 0, start - DAY, start - DAY]);
  await add('el_exam_rule', [nextId(), ex.id, repo.id, 1, QN, Math.floor(100 / QN), 0]);
}
step('exams');

// 5. Papers with their group, questions and options.
const perScore = Math.floor(100 / QN);
const abc = 'ABCDEFGH';
for (let p = 0; p < PAPERS; p++) {
  const ex = exams[ri(EXAMS)]!;
  let state = 2;
  const r = rnd();
  if (r < 0.03) state = 1;
  else if (r < 0.06) state = 3;
  const inProgress = p % 200 === 0 && p / 200 < USERS;
  let created = ex.start + ri(Math.max(1, Math.min(ex.end, NOW) - ex.start));
  let user = ri(Math.max(1, Math.min(USERS, Math.floor(((created - regStart) / (180 * DAY)) * USERS))));
  if (inProgress) {
    state = 0;
    created = NOW - ri(30 * 60_000);
    user = USERS - 1 - p / 200; // the most recent users: registered before now, one paper in progress each
  }
  const paperId = nextId();
  const groupId = nextId();
  const ability = userAbility[user]!;
  let score = 0;
  await add('el_paper_group', [groupId, paperId, '选择题', 1, QN, perScore, perScore * QN, 0]);
  const first = ri(qus.length);
  for (let k = 0; k < QN; k++) {
    const q = qus[(first + k) % qus.length]!;
    const answered = state === 3 ? rnd() < 0.3 : state === 0 ? k < QN / 2 : rnd() < 0.97;
    const right = answered && rnd() < ability;
    if (right) score += perScore;
    await add('el_paper_qu', [nextId(), paperId, groupId, q.id, q.type, k, perScore, answered ? 1 : 0, right ? 1 : 0, right ? perScore : 0]);
    const wrong = q.opts.findIndex((o) => !o.right);
    for (let o = 0; o < q.opts.length; o++) {
      const opt = q.opts[o]!;
      const checked = answered && (right ? opt.right === 1 : o === (wrong >= 0 ? wrong : 0));
      await add('el_paper_qu_answer', [nextId(), paperId, q.id, opt.id, abc[o] ?? 'X', o, checked ? 1 : 0, opt.right]);
    }
  }
  if (state === 0) score = 0;
  const hand = state === 0 ? null : Math.min(NOW, created + 10 * 60_000 + ri(50 * 60_000));
  // Papers in progress end a week after the seed: the server's sweeper (which also runs before the
  // server is ready) would otherwise hand them all in at the first start of a later bench run.
  const limit = state === 0 ? NOW + 7 * DAY : created + 60 * 60_000;
  await add('el_paper', [paperId, userIds[user], ex.id, ex.title, 60, 100, 60, score, state, state === 2 && score >= 60 ? 1 : 0, created, limit, hand, userDept[user], hand ?? created]);
  if ((p + 1) % 100_000 === 0) console.log(`  papers ${p + 1}/${PAPERS}, rows so far ${sink.rows.toLocaleString('en')}`);
}
step(`papers (${QN} questions each)`);

// 6. Courses, files, study progress, classes, certificates.
const COURSES = 200;
const FILES = 1000;
const fileIds = Array.from({ length: FILES }, () => nextId());
for (let f = 0; f < FILES; f++) await add('el_course_file', [fileIds[f], `压测课件${f + 1}`, 1, 600 + ri(3000), leaves[ri(leaves.length)], NOW - 170 * DAY, NOW - 170 * DAY]);
const courses = Array.from({ length: COURSES }, (_, c) => ({ id: nextId(), title: `压测课程${c + 1}`, files: Array.from({ length: 5 }, (_, k) => fileIds[(c * 5 + k) % FILES]!) }));
for (const [c, co] of courses.entries()) {
  const at = NOW - 170 * DAY + ri(150 * DAY);
  await add('el_course', [co.id, co.title, 1, c % 3 === 2 ? 0 : 1, leaves[ri(leaves.length)], at, at]);
  for (const [k, f] of co.files.entries()) await add('el_course_file_ref', [nextId(), co.id, f, k, 10]);
}
for (let u = 0; u < USERS; u++) {
  const n = ri(5);
  const since = regAt(u);
  for (let k = 0; k < n; k++) {
    const co = courses[(u * 7 + k * 13) % COURSES]!;
    const at = since + ri(Math.max(1, NOW - since));
    const done = ri(6); // files finished: 0–5
    const finished = done === 5 ? 1 : 0;
    const upd = Math.min(NOW, at + ri(20 * DAY));
    await add('el_course_user', [nextId(), co.id, userIds[u], 0, 'self', userDept[u], at, upd]);
    await add('el_course_learn', [nextId(), userIds[u], co.id, done * 20, finished, finished ? upd : 0, at, upd]);
    for (let f = 0; f < Math.min(5, done + 1); f++) {
      const full = f < done;
      await add('el_course_file_learn', [nextId(), userIds[u], co.id, co.files[f], co.title, '课件', full ? 600_000 : ri(600_000), 600, full ? 100 : ri(100), full ? 1 : 0, at, upd]);
    }
  }
}
const CLASSES = 50;
const classIds = Array.from({ length: CLASSES }, () => nextId());
for (const [k, id] of classIds.entries()) {
  const at = NOW - 150 * DAY + ri(140 * DAY);
  await add('el_class', [id, `压测班级${k + 1}`, at, at + 30 * DAY, 0, leaves[ri(leaves.length)], at - DAY, at - DAY]);
}
const certId = nextId();
await add('cert_template', [certId, '压测证书', '考培', JSON.stringify(DEFAULT_CERT_LAYOUT), NOW - 170 * DAY, NOW - 170 * DAY]);
for (let u = 0; u < USERS; u++) {
  const at = Math.max(regAt(u), NOW - ri(150 * DAY));
  if (u % 2 === 0) await add('el_class_user', [nextId(), classIds[u % CLASSES], userIds[u], `stat${String(u).padStart(6, '0')}`, `学员${u}`, userDept[u], 1, 'admin', ri(2), at, at]);
  if (rnd() < 0.3) {
    await add('cert_grant', [nextId(), `BENCH${String(u).padStart(8, '0')}`, certId, userIds[u], `stat${String(u).padStart(6, '0')}`, `学员${u}`, userDept[u], '压测证书', '考培', 'exam', exams[0]!.id, exams[0]!.title, at, 0]);
  }
}
step('courses, study, classes, certs');

if (dbUrl) await sink.exec('VACUUM ANALYZE'); // what autovacuum does on a live database: planner statistics and the visibility map (index-only scans)
const rows = sink.rows;
await sink.close();
const total = (performance.now() - t0) / 1000;
const size = dbUrl ? '' : `, file ${(fs.statSync(path.join(dir, 'kaopei.db')).size / 1e9).toFixed(2)} GB`;
console.log(`seeded ${rows.toLocaleString('en')} rows in ${total.toFixed(1)} s (${Math.round(rows / total).toLocaleString('en')} rows/s overall${size})`);
console.log(`database: ${dbUrl || path.join(dir, 'kaopei.db')}`);
