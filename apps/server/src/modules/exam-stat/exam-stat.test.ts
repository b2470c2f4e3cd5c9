/**
 * API tests of ExamStat (/api/stat/exam/*, issue 14 "Statistics") on a seeded item set whose figures
 * are computed by hand below; department scoping; the xlsx exports read back with the project's
 * reader (lib/xlsx-read); answer_time recorded by a real fill-answer.
 *
 * The seeded exam: 10 scored papers P0..P9 (total 100, qualify 60) scoring
 *   95 90 85 80 70 60 50 40 30 20, departments D (P0 P2 P4 P6 P8) and E (P1 P3 P5 P7 P9),
 * plus one paper awaiting marking (state 1; not in the figures). Three single-choice questions
 * (options A right, B C D wrong):
 *   Q1: P0..P7 choose A (right), P8 chooses B, P9 leaves it empty.
 *   Q2: everybody chooses A.
 *   Q3: P9 chooses A; P0..P4 choose B; P5..P8 choose C.
 * Groups: round(0.27 × 10) = round(2.7) = 3 → upper {P0 P1 P2} (95 90 85), lower {P7 P8 P9} (40 30 20).
 *   Q1: facility 8/10 = 0.8; upper 3/3 = 1; lower 1/3 = 0.3333 (P7); discrimination 1 − 0.3333 = 0.6667; no flag.
 *       options A 8/10 = 0.8, B 1/10 = 0.1, C 0, D 0.
 *   Q2: facility 10/10 = 1 (> 0.95 偏易); upper 1, lower 1, discrimination 0 (< 0.2 区分度低).
 *   Q3: facility 1/10 = 0.1 (< 0.2 偏难); upper 0/3 = 0, lower 1/3 = 0.3333, discrimination −0.3333 (区分度低).
 *       options A 0.1, B 0.5, C 0.4, D 0.
 * Times: each paper starts at T; Q1 first answered at T+30 s, Q2 at T+50 s, Q3 at T+90 s; P9 never
 *   answered Q1. Q1 30 s (9 papers); Q2 20 s × 9 and 50 s for P9 (from the start) → 230/10 = 23 s; Q3 40 s.
 * Summary: n 10, average (95+90+85+80+70+60+50+40+30+20)/10 = 620/10 = 62, max 95, min 20, passed
 *   (≥ 60) 6 → rate 0.6. Buckets of 10 points: 20→[2], 30→[3], 40→[4], 50→[5], 60→[6], 70→[7],
 *   80 85→[8], 90 95→[9]: [0,0,1,1,1,1,1,1,2,2].
 * D: 95 85 70 50 30 → avg 330/5 = 66, pass 3 (0.6); E: 90 80 60 40 20 → avg 290/5 = 58, pass 3 (0.6).
 * A department-D-scoped admin: 5 papers, groups round(1.35) = 1: upper {P0}, lower {P8};
 *   Q1 facility 4/5 = 0.8 (P8 wrong), discrimination 1 − 0 = 1.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kaopei/contracts';
import { examStatApi, ExamStatPerm, type ExamStatItems, type ExamStatSummary } from '@kaopei/contracts/exam-stat';
import { paperApi } from '@kaopei/contracts/paper';
import { departApi } from '@kaopei/contracts/sys-depart';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { roleApi } from '@kaopei/contracts/sys-role';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { newId } from '../../lib/ids';
import { DEFAULT_ZIP_LIMITS, openXlsx, type CellValue } from '../../lib/xlsx-read';
import { testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, uniq } from '../../test/builders';
import { ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';

let t: TestApp;
let admin: string;
const PW = 'Stat@12345';
const SCORES = [95, 90, 85, 80, 70, 60, 50, 40, 30, 20];
const T0 = Date.UTC(2026, 10, 2, 1, 0, 0);
const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function account(deptCode: string, roles = [ROLE_STUDENT_ID]): Promise<{ userId: string; userName: string; token: string }> {
  const userName = uniq('est');
  const userId = must(await t.call<{ id: string }>(userAdminApi.save, { userName, realName: `统计${userName.slice(-4)}`, deptCode, roles, password: PW }, admin)).id;
  return { userId, userName, token: await t.login({ username: userName, password: PW }) };
}

/** Chosen option (0 = A … 3 = D, null none) of paper i on each question (see the file comment). */
const CHOICE: ((i: number) => number | null)[] = [(i) => (i <= 7 ? 0 : i === 8 ? 1 : null), () => 0, (i) => (i === 9 ? 0 : i <= 4 ? 1 : 2)];
const ANSWERED_AT = [30_000, 50_000, 90_000];

/** Seeds the exam of the file comment; answers its id, the question ids, the departments and the users. */
async function seed() {
  const repoId = await createRepo(t, admin);
  const quIds = [await createQu(t, admin, repoId, 1), await createQu(t, admin, repoId, 1), await createQu(t, admin, repoId, 1)];
  const examId = await createExam(t, admin, examBody(repoId, { qualifyScore: 6 }));
  const dept = async (name: string) => must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq(name) }, admin)).deptCode;
  const [D, E] = [await dept('统计甲部'), await dept('统计乙部')];
  const options = await Promise.all(quIds.map((q) => t.db.selectFrom('el_qu_answer').selectAll().where('quId', '=', q).orderBy('sort').execute()));
  const users: { userId: string; realName: string }[] = [];
  for (let i = 0; i <= 10; i++) {
    const deptCode = i % 2 === 0 ? D : E;
    const u = await account(deptCode);
    users.push({ userId: u.userId, realName: `统计${u.userName.slice(-4)}` });
    const paperId = newId();
    const state = i === 10 ? 1 : 2;
    const userScore = SCORES[i] ?? 0;
    await t.db.insertInto('el_paper').values({
      id: paperId, userId: u.userId, examId, title: '统计考试', totalTime: 30, totalScore: 100, qualifyScore: 60, userScore, state, passed: userScore >= 60 && state === 2 ? 1 : 0,
      createTime: T0, limitTime: T0 + 1_800_000, handTime: T0 + 600_000, offline: 0, deptCode, updateTime: T0, leaveTimes: 0, leaveTime: 0,
    }).execute();
    for (const [k, quId] of quIds.entries()) {
      const chosen = i === 10 ? null : CHOICE[k]!(i);
      await t.db.insertInto('el_paper_qu').values({
        id: newId(), paperId, groupId: '', quId, parentId: '', quType: 1, sort: k, score: 10, answered: chosen === null ? 0 : 1, mark: 0,
        isRight: chosen === 0 ? 1 : 0, actualScore: chosen === 0 ? 10 : 0, answer: '', answerTime: chosen === null ? 0 : T0 + ANSWERED_AT[k]!,
      }).execute();
      for (const [j, o] of options[k]!.entries()) {
        await t.db.insertInto('el_paper_qu_answer').values({ id: newId(), paperId, quId, answerId: o.id, abc: 'ABCD'[j]!, sort: j, checked: chosen === j ? 1 : 0, isRight: o.isRight }).execute();
      }
    }
  }
  return { examId, quIds, D, E, users };
}

let seeded: Awaited<ReturnType<typeof seed>>;

async function readSheet(res: { rawPayload: Buffer }, sheetName: string): Promise<CellValue[][]> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'exam-stat-')), 'x.xlsx');
  await fs.writeFile(file, res.rawPayload);
  const opened = await openXlsx(file, { limits: DEFAULT_ZIP_LIMITS, sheetName });
  if (!opened.ok) throw new Error(opened.reason);
  expect(opened.book.sheetName).toBe(sheetName);
  const rows: CellValue[][] = [];
  for await (const batch of opened.book.rows(13)) rows.push(...batch.map((r) => r.cells));
  opened.book.close();
  await fs.rm(path.dirname(file), { recursive: true });
  return rows;
}

describe('ExamStat', () => {
  beforeAll(async () => {
    seeded = await seed();
  }, 180_000);

  it('computes count, average, extremes, pass rate, the 10 % buckets and the same per department', async () => {
    const s = must(await t.call<ExamStatSummary>(examStatApi.summary, { id: seeded.examId }, admin));
    expect(s).toMatchObject({ examId: seeded.examId, totalScore: 100, qualifyScore: 60, awaitingMark: 1, paperCount: 10, avgScore: 62, maxScore: 95, minScore: 20, passCount: 6, passRate: 0.6 });
    expect(s.buckets.map((b) => b.count)).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 2, 2]);
    expect(s.buckets[6]).toEqual({ label: '60-70', min: 60, max: 70, count: 1 });
    expect(s.depts.map((d) => [d.deptCode, d.paperCount, d.avgScore, d.maxScore, d.minScore, d.passCount, d.passRate])).toEqual([
      [seeded.D, 5, 66, 95, 30, 3, 0.6],
      [seeded.E, 5, 58, 90, 20, 3, 0.6],
    ]);
    expect(s.depts[0]?.deptName).toMatch(/^统计甲部/);
  });

  it('computes facility, discrimination, option shares, average time and flags of every question', async () => {
    const r = must(await t.call<ExamStatItems>(examStatApi.items, { id: seeded.examId }, admin));
    expect(r.groupSize).toBe(3);
    expect(r.paperCount).toBe(10);
    expect(r.items.map((i) => i.quId)).toEqual(seeded.quIds);
    const [q1, q2, q3] = r.items;
    expect(q1).toMatchObject({ quType_dictText: '单选题', paperCount: 10, answeredCount: 9, rightCount: 8, facility: 0.8, upperFacility: 1, lowerFacility: 0.3333, discrimination: 0.6667, avgTimeSec: 30, flags: [] });
    expect(q1?.options.map((o) => [o.abc, o.isRight, o.count, o.share])).toEqual([['A', true, 8, 0.8], ['B', false, 1, 0.1], ['C', false, 0, 0], ['D', false, 0, 0]]);
    expect(q2).toMatchObject({ facility: 1, discrimination: 0, avgTimeSec: 23, flags: ['easy', 'lowDisc'] });
    expect(q3).toMatchObject({ facility: 0.1, upperFacility: 0, lowerFacility: 0.3333, discrimination: -0.3333, avgTimeSec: 40, flags: ['hard', 'lowDisc'] });
    expect(q3?.options.map((o) => o.share)).toEqual([0.1, 0.5, 0.4, 0]);
  });

  it('shows a department-scoped admin only the papers of its subtree', async () => {
    const role = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('统计员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    const perm = tree.find((m) => m.permission === ExamStatPerm.STAT);
    expect(perm, 'the built-in admin role holds exam:stat').toBeDefined();
    must(await t.call(roleApi.saveMenus, { id: role, menuIds: [perm!.id] }, admin));
    const scoped = await account(seeded.D, [role]);
    const s = must(await t.call<ExamStatSummary>(examStatApi.summary, { id: seeded.examId }, scoped.token));
    expect(s).toMatchObject({ paperCount: 5, avgScore: 66, maxScore: 95, minScore: 30, passCount: 3, passRate: 0.6, awaitingMark: 1 });
    expect(s.depts.map((d) => d.deptCode)).toEqual([seeded.D]);
    const r = must(await t.call<ExamStatItems>(examStatApi.items, { id: seeded.examId }, scoped.token));
    expect(r.groupSize).toBe(1);
    expect(r.items[0]).toMatchObject({ paperCount: 5, facility: 0.8, discrimination: 1 });
    const res = await t.app.inject({ method: 'POST', url: examStatApi.exportPapers.path, payload: { id: seeded.examId }, headers: { token: scoped.token } });
    expect((await readSheet(res, '成绩')).length).toBe(3 + 5);
  });

  it('exports one row per paper and the item table as readable xlsx', async () => {
    const res = await t.app.inject({ method: 'POST', url: examStatApi.exportPapers.path, payload: { id: seeded.examId }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res, '成绩');
    expect(rows[2]?.slice(0, 8)).toEqual(['姓名', '部门', '得分', '总分', '是否及格', '开始时间', '交卷时间', '用时(分钟)']);
    expect(rows.length).toBe(3 + 10);
    expect(rows[3]?.slice(0, 5)).toEqual([seeded.users[0]!.realName, expect.stringMatching(/^统计甲部/), 95, 100, '是']);
    expect(rows[3]?.[7]).toBe(10);
    expect(rows[12]?.slice(2, 5)).toEqual([20, 100, '否']);

    const items = await t.app.inject({ method: 'POST', url: examStatApi.exportItems.path, payload: { id: seeded.examId }, headers: { token: admin } });
    const table = await readSheet(items, '试题分析');
    expect(table[2]?.[6]).toBe('难度(答对率)');
    expect(table.slice(3).map((r) => [r[6], r[7], r[11], r[12]])).toEqual([
      [0.8, 0.6667, 30, ''],
      [1, 0, 23, '偏易、区分度低'],
      [0.1, -0.3333, 40, '偏难、区分度低'],
    ]);
    expect(table[3]?.[10]).toBe('A(正确):80% B:10% C:0% D:0%');
  });

  it('answers an empty statistics for an exam without papers, 10010003 for a missing exam, and refuses learners', async () => {
    const repoId = await createRepo(t, admin);
    await createQu(t, admin, repoId, 1);
    const examId = await createExam(t, admin, examBody(repoId));
    const s = must(await t.call<ExamStatSummary>(examStatApi.summary, { id: examId }, admin));
    expect(s).toMatchObject({ paperCount: 0, avgScore: 0, passRate: 0, depts: [] });
    expect(s.buckets.every((b) => b.count === 0)).toBe(true);
    expect(must(await t.call<ExamStatItems>(examStatApi.items, { id: examId }, admin)).items).toEqual([]);
    expect((await t.call(examStatApi.summary, { id: '1234567890123456789' }, admin)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call(examStatApi.summary, {}, admin)).code).toBe(10010001);
    const l = await t.newLearner('est');
    expect((await t.call(examStatApi.summary, { id: examId }, l.token)).code).not.toBe(0);
  });

  it('records when a question is first answered, in the fill-answer that stores the answer', async () => {
    const repoId = await createRepo(t, admin);
    await createQu(t, admin, repoId, 1);
    const examId = await createExam(t, admin, examBody(repoId));
    const l = await t.newLearner('est');
    const paperId = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, l.token)).id;
    const pq = await t.db.selectFrom('el_paper_qu').selectAll().where('paperId', '=', paperId).executeTakeFirstOrThrow();
    expect(Number(pq.answerTime)).toBe(0);
    const opts = await t.db.selectFrom('el_paper_qu_answer').selectAll().where('paperId', '=', paperId).orderBy('sort').execute();
    const before = Date.now();
    must(await t.call(paperApi.fillAnswer, { paperId, quId: pq.quId, answers: [opts[0]!.answerId] }, l.token));
    const first = Number((await t.db.selectFrom('el_paper_qu').select('answerTime').where('id', '=', pq.id).executeTakeFirstOrThrow()).answerTime);
    expect(first).toBeGreaterThanOrEqual(before - 1000);
    await new Promise((r) => setTimeout(r, 20));
    must(await t.call(paperApi.fillAnswer, { paperId, quId: pq.quId, answers: [opts[1]!.answerId] }, l.token));
    expect(Number((await t.db.selectFrom('el_paper_qu').select('answerTime').where('id', '=', pq.id).executeTakeFirstOrThrow()).answerTime)).toBe(first);
  });
});
