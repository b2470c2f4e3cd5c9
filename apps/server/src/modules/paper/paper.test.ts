/**
 * API tests for sitting an exam: /api/paper/paper/* on a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL). Covers drawing, integrity (no answers before hand-in), ownership, answers,
 * scoring, exactly-once hand-in, deadlines by the server clock, the sweeper and restarts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_GRACE_MS, paperApi, type PaperDetail, type PaperQuDetail, type PaperResult } from '@kaopei/contracts/paper';
import { quApi, type QuDetail } from '@kaopei/contracts/qu';
import { buildApp } from '../../app';
import { callerOf, testApp, type TestApp } from '../../test/app';
import { repoApi } from '@kaopei/contracts/repo';
import { examApi } from '@kaopei/contracts/exam';

let t: TestApp;
let admin: string;
let repoId: string;
let demoExamId: string;

/** Creates an exam on the demo bank; answers its id. */
async function createExam(over: Record<string, unknown> = {}): Promise<string> {
  const res = await t.call<{ id: string }>(
    '/api/exam/exam/save',
    { title: '测验', totalTime: 30, qualifyScore: 10, chance: 0, ruleList: [{ repoId, quType: 1, quCount: 3, quScore: 4 }, { repoId, quType: 2, quCount: 2, quScore: 6 }, { repoId, quType: 3, quCount: 2, quScore: 5 }], ...over },
    admin,
  );
  expect(res.code, res.msg).toBe(0);
  return res.data!.id;
}

async function startPaper(token: string, examId: string): Promise<PaperDetail> {
  const created = await t.call<{ id: string }>(paperApi.createPaper, { examId }, token);
  expect(created.code, created.msg).toBe(0);
  const detail = await t.call<PaperDetail>(paperApi.paperDetail, { id: created.data!.id }, token);
  expect(detail.code).toBe(0);
  return detail.data!;
}

const quIdsOf = (p: PaperDetail) => p.groupList.flatMap((g) => g.quList.map((q) => q.quId));

/** Right option ids of a question, as the admin sees it. */
async function rightOptions(quId: string): Promise<string[]> {
  const d = await t.call<QuDetail>(quApi.detail, { id: quId }, admin);
  return d.data!.answerList.filter((o) => o.isRight).map((o) => o.id);
}

async function setDeadline(paperId: string, ms: number) {
  await t.db.updateTable('el_paper').set({ limitTime: ms }).where('id', '=', paperId).execute();
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  const repos = await t.call<{ records: { id: string }[] }>(repoApi.paging, {}, admin);
  repoId = repos.data!.records[0]!.id;
  const exams = await t.call<{ records: { id: string }[] }>(examApi.paging, {}, admin);
  demoExamId = exams.data!.records[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('create-paper and paper-detail', () => {
  it('draws per rule, groups by type and gives the time left by the server clock', async () => {
    const { token } = await t.newLearner();
    const examId = await createExam();
    const p = await startPaper(token, examId);
    expect(p.examId).toBe(examId);
    expect(p.state).toBe(0);
    expect(p.totalScore).toBe(3 * 4 + 2 * 6 + 2 * 5);
    expect(p.leftSeconds).toBeGreaterThan(30 * 60 - 5);
    expect(p.leftSeconds).toBeLessThanOrEqual(30 * 60);
    expect(p.groupList.map((g) => [g.quType, g.quCount, g.perScore, g.totalScore, g.quList.length])).toEqual([[1, 3, 4, 12, 3], [2, 2, 6, 12, 2], [3, 2, 5, 10, 2]]);
    const ids = quIdsOf(p);
    expect(new Set(ids).size).toBe(7);
    expect(p.groupList.flatMap((g) => g.quList.map((q) => q.sort))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses bad input and unknown exams', async () => {
    const { token } = await t.newLearner();
    expect((await t.call(paperApi.createPaper, {}, token)).code).toBe(10010001);
    expect((await t.call(paperApi.createPaper, { examId: 123 }, token)).code).toBe(10010001);
    expect((await t.call(paperApi.createPaper, { examId: '404' }, token)).code).toBe(10010003);
    expect((await t.call(paperApi.createPaper, { examId: demoExamId })).code).toBe(10010002);
  });

  it('refuses a second paper while one is in progress and points at it', async () => {
    const { token } = await t.newLearner();
    const p = await startPaper(token, demoExamId);
    const again = await t.call<{ id: string }>(paperApi.createPaper, { examId: demoExamId }, token);
    expect(again.code).toBe(20010002);
    expect(again.data).toEqual({ id: p.id });
  });

  it('opens exactly one paper under concurrent create-paper calls (double click)', async () => {
    const { token, userId } = await t.newLearner();
    const answers = await Promise.all(Array.from({ length: 6 }, () => t.call<{ id: string }>(paperApi.createPaper, { examId: demoExamId }, token)));
    const rows = await t.db.selectFrom('el_paper').select(['id']).where('userId', '=', userId).execute();
    expect(rows).toHaveLength(1);
    for (const a of answers) {
      expect([0, 20010002]).toContain(a.code);
      expect(a.data).toEqual({ id: rows[0]!.id });
    }
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
  });

  it('refuses when attempts are used up and when the window is closed', async () => {
    const { token } = await t.newLearner();
    const once = await createExam({ chance: 1 });
    const p = await startPaper(token, once);
    expect((await t.call(paperApi.handExam, { id: p.id }, token)).code).toBe(0);
    expect((await t.call(paperApi.createPaper, { examId: once }, token)).code).toBe(20010003);

    const closed = await createExam();
    await t.db.updateTable('el_exam').set({ endTime: Date.now() - 1000 }).where('id', '=', closed).execute();
    expect((await t.call(paperApi.createPaper, { examId: closed }, token)).code).toBe(20010004);
    const disabled = await createExam();
    await t.call(examApi.state, { ids: [disabled], state: 1 }, admin);
    expect((await t.call(paperApi.createPaper, { examId: disabled }, token)).code).toBe(20010004);
  });

  it("caps the deadline at the exam's end time", async () => {
    const { token } = await t.newLearner();
    const examId = await createExam({ totalTime: 60 });
    await t.db.updateTable('el_exam').set({ endTime: Date.now() + 120_000 }).where('id', '=', examId).execute();
    const p = await startPaper(token, examId);
    expect(p.leftSeconds).toBeLessThanOrEqual(120);
  });
});

describe('exam integrity before hand-in', () => {
  it('never sends right answers, analysis or scores of answers to the learner', async () => {
    const { token } = await t.newLearner();
    const created = await t.call<{ id: string }>(paperApi.createPaper, { examId: demoExamId }, token);
    const paperId = created.data!.id;
    const raw = async (url: string, body: object) => (await t.app.inject({ method: 'POST', url, payload: body, headers: { token } })).body;
    const bodies = [await raw('/api/paper/paper/paper-detail', { id: paperId })];
    const detail = JSON.parse(bodies[0]!).data as PaperDetail;
    for (const quId of quIdsOf(detail)) bodies.push(await raw('/api/paper/paper/qu-detail', { paperId, quId }));
    for (const b of bodies) {
      expect(b).not.toMatch(/isRight|analysis|actualScore|userScore/);
    }
    const qu = JSON.parse(bodies[1]!).data as PaperQuDetail;
    expect(Object.keys(qu.answerList[0]!).sort()).toEqual(['abc', 'checked', 'content', 'id', 'image']);
    expect(qu.answerList.map((o) => o.abc)).toEqual(['A', 'B', 'C', 'D'].slice(0, qu.answerList.length));
    // The options are the question's own options (shuffled, relabelled).
    const admin_ = await t.call<QuDetail>(quApi.detail, { id: qu.quId }, admin);
    expect(qu.answerList.map((o) => o.id).sort()).toEqual(admin_.data!.answerList.map((o) => o.id).sort());
    expect((await t.call(paperApi.paperResult, { id: paperId }, token)).code).toBe(20010007);
  });

  it("treats other users' papers as missing", async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    const p = await startPaper(a.token, demoExamId);
    const quId = quIdsOf(p)[0]!;
    for (const [url, body] of [
      ['/api/paper/paper/paper-detail', { id: p.id }],
      ['/api/paper/paper/qu-detail', { paperId: p.id, quId }],
      ['/api/paper/paper/fill-answer', { paperId: p.id, quId, answers: [] }],
      ['/api/paper/paper/hand-exam', { id: p.id }],
      ['/api/paper/paper/paper-result', { id: p.id }],
    ] as const) {
      expect((await t.call(url, body, b.token)).code, url).toBe(10010003);
    }
    const still = await t.call<PaperDetail>(paperApi.paperDetail, { id: p.id }, a.token);
    expect(still.data!.state).toBe(0);
  });

  it('answers 20010001 when a question was deleted during the exam', async () => {
    const { token } = await t.newLearner();
    const examId = await createExam();
    const p = await startPaper(token, examId);
    const quId = quIdsOf(p)[0]!;
    await t.db.updateTable('el_qu').set({ deleted: 1 }).where('id', '=', quId).execute();
    try {
      expect((await t.call(paperApi.quDetail, { paperId: p.id, quId }, token)).code).toBe(20010001);
    } finally {
      await t.db.updateTable('el_qu').set({ deleted: 0 }).where('id', '=', quId).execute();
    }
  });
});

describe('fill-answer', () => {
  it('saves, replaces and clears answers, and validates them', async () => {
    const { token } = await t.newLearner();
    const p = await startPaper(token, await createExam());
    const single = p.groupList[0]!.quList[0]!.quId;
    const multi = p.groupList[1]!.quList[0]!.quId;
    const q = (await t.call<PaperQuDetail>(paperApi.quDetail, { paperId: p.id, quId: single }, token)).data!;
    const other = (await t.call<PaperQuDetail>(paperApi.quDetail, { paperId: p.id, quId: multi }, token)).data!;
    const [o1, o2] = q.answerList.map((o) => o.id);
    const fill = (quId: string, answers: unknown) => t.call<{ answered: boolean }>(paperApi.fillAnswer, { paperId: p.id, quId, answers }, token);

    expect((await fill(single, [o1])).data).toEqual({ quId: single, answered: true });
    expect((await fill(single, [o2])).code).toBe(0);
    let seen = (await t.call<PaperQuDetail>(paperApi.quDetail, { paperId: p.id, quId: single }, token)).data!;
    expect(seen.answerList.filter((o) => o.checked).map((o) => o.id)).toEqual([o2]);
    const card = (await t.call<PaperDetail>(paperApi.paperDetail, { id: p.id }, token)).data!;
    expect(card.groupList[0]!.quList[0]!.answered).toBe(true);

    expect((await fill(single, [o1, o2])).code).toBe(10010001); // a single has one answer
    expect((await fill(single, [other.answerList[0]!.id])).code).toBe(10010001); // option of another question
    expect((await fill(single, 'x')).code).toBe(10010001);
    expect((await t.call(paperApi.fillAnswer, { paperId: p.id, answers: [] }, token)).code).toBe(10010001);
    expect((await fill('nope', [])).code).toBe(10010003);
    seen = (await t.call<PaperQuDetail>(paperApi.quDetail, { paperId: p.id, quId: single }, token)).data!;
    expect(seen.answerList.filter((o) => o.checked).map((o) => o.id)).toEqual([o2]); // refused calls changed nothing

    expect((await fill(single, [])).data).toEqual({ quId: single, answered: false });
  });
});

describe('hand-exam and paper-result', () => {
  it('scores single/true-false exactly and multiple all-or-nothing', async () => {
    const { token } = await t.newLearner();
    const examId = await createExam({ qualifyScore: 20 });
    // Result display 3: the full paper with the right answers (the default 2 shows the score only).
    await t.db.updateTable('el_exam').set({ resultShow: 3 }).where('id', '=', examId).execute();
    const p = await startPaper(token, examId);
    let expected = 0;
    const chosen = new Map<string, string[]>();
    for (const [gi, g] of p.groupList.entries()) {
      for (const [qi, q] of g.quList.entries()) {
        const right = await rightOptions(q.quId);
        const all = (await t.call<PaperQuDetail>(paperApi.quDetail, { paperId: p.id, quId: q.quId }, token)).data!.answerList.map((o) => o.id);
        const wrong = all.filter((id) => !right.includes(id));
        let pick: string[];
        if (qi === 0) pick = right; // right
        else if (g.quType === 2) pick = gi % 2 ? right.slice(0, 1) : [...right, wrong[0]!]; // partly right → 0
        else pick = [wrong[0]!]; // wrong
        if (qi === 0) expected += g.perScore;
        chosen.set(q.quId, pick);
        expect((await t.call(paperApi.fillAnswer, { paperId: p.id, quId: q.quId, answers: pick }, token)).code).toBe(0);
      }
    }
    const hand = await t.call<{ state: number }>(paperApi.handExam, { id: p.id }, token);
    expect(hand.data!.state).toBe(2);
    const r = (await t.call<PaperResult>(paperApi.paperResult, { id: p.id }, token)).data!;
    expect(r.userScore).toBe(expected);
    expect(expected).toBe(4 + 6 + 5);
    expect(r.passed).toBe(false);
    expect(r.qualifyScore).toBe(20);
    expect(r.state).toBe(2);
    for (const g of r.groupList!) {
      for (const q of g.quList) {
        expect(q.answerList.filter((o) => o.checked).map((o) => o.id).sort()).toEqual([...chosen.get(q.quId)!].sort());
        expect(q.answerList.filter((o) => o.isRight).map((o) => o.id).sort()).toEqual((await rightOptions(q.quId)).sort());
        expect(q.analysis).not.toBe('');
        expect(q.actualScore).toBe(q.isRight ? q.score : 0);
      }
    }
    const mine = await t.call<{ records: { id: string; userScore: number; state: number }[] }>(paperApi.paging, {}, token);
    expect(mine.data!.records).toEqual([expect.objectContaining({ id: p.id, userScore: expected, state: 2 })]);
  });

  it('hands in once however many requests arrive at once, and refuses answers afterwards', async () => {
    const { token } = await t.newLearner();
    const p = await startPaper(token, await createExam());
    const q = p.groupList[0]!.quList[0]!.quId;
    await t.call(paperApi.fillAnswer, { paperId: p.id, quId: q, answers: await rightOptions(q) }, token);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.call<{ state: number }>(paperApi.handExam, { id: p.id }, token)));
    for (const r of results) expect(r.data).toEqual({ id: p.id, state: 2 });
    const row = await t.db.selectFrom('el_paper').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.userScore).toBe(4);
    const qus = await t.db.selectFrom('el_paper_qu').select(['actualScore']).where('paperId', '=', p.id).execute();
    expect(qus.reduce((s, x) => s + x.actualScore, 0)).toBe(4);
    const after = await t.call(paperApi.fillAnswer, { paperId: p.id, quId: q, answers: [] }, token);
    expect(after.code).toBe(20010005);
    expect((await t.call<PaperResult>(paperApi.paperResult, { id: p.id }, token)).data!.userScore).toBe(4);
    // A new attempt is allowed (chance 0 = unlimited) once the paper is handed in.
    expect((await t.call(paperApi.createPaper, { examId: p.examId }, token)).code).toBe(0);
  });
});

describe('fill-answer racing hand-in', () => {
  it('an acknowledged answer is always graded; a refused one is never stored', async () => {
    const { token } = await t.newLearner();
    const p = await startPaper(token, await createExam());
    const qus = quIdsOf(p);
    const rights = await Promise.all(qus.map((q) => rightOptions(q)));
    const fills = qus.map((quId, i) => t.call(paperApi.fillAnswer, { paperId: p.id, quId, answers: rights[i] }, token));
    const hand = t.call(paperApi.handExam, { id: p.id }, token);
    const answered = await Promise.all(fills);
    expect((await hand).code).toBe(0);
    const rows = await t.db.selectFrom('el_paper_qu').select(['quId', 'answered', 'actualScore', 'score']).where('paperId', '=', p.id).execute();
    const byQu = new Map(rows.map((r) => [r.quId, r]));
    qus.forEach((quId, i) => {
      const row = byQu.get(quId)!;
      const code = answered[i]!.code;
      expect([0, 20010005], quId).toContain(code);
      // Acknowledged: stored before the close, so graded right; refused: nothing stored.
      if (code === 0) expect([row.answered, row.actualScore], quId).toEqual([1, row.score]);
      else expect([row.answered, row.actualScore], quId).toEqual([0, 0]);
    });
    const paper = await t.db.selectFrom('el_paper').select('userScore').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(paper.userScore).toBe(rows.reduce((s, r) => s + r.actualScore, 0));
  });
});

describe('deadlines by the server clock', () => {
  it('refuses answers after the deadline and hands the paper in', async () => {
    // An app whose sweeper does not run during the test (with the shared app's 200 ms sweeper the
    // paper may be handed in before the late answer arrives, which answers 20010005 instead).
    const quiet = await testApp({ SWEEP_INTERVAL_MS: '600000' });
    try {
      const adminToken = await quiet.login();
      const repo = (await quiet.call<{ records: { id: string }[] }>(repoApi.paging, {}, adminToken)).data!.records[0]!.id;
      const exam = await quiet.call<{ id: string }>('/api/exam/exam/save', { title: '测验', totalTime: 30, qualifyScore: 2, chance: 0, ruleList: [{ repoId: repo, quType: 1, quCount: 1, quScore: 4 }] }, adminToken);
      const { token } = await quiet.newLearner();
      const paperId = (await quiet.call<{ id: string }>(paperApi.createPaper, { examId: exam.data!.id }, token)).data!.id;
      const p = (await quiet.call<PaperDetail>(paperApi.paperDetail, { id: paperId }, token)).data!;
      const q = p.groupList[0]!.quList[0]!.quId;
      await quiet.db.updateTable('el_paper').set({ limitTime: Date.now() - DEADLINE_GRACE_MS - 1 }).where('id', '=', paperId).execute();
      const late = await quiet.call(paperApi.fillAnswer, { paperId, quId: q, answers: [] }, token);
      expect(late.code).toBe(20010006);
      const d = (await quiet.call<PaperDetail>(paperApi.paperDetail, { id: paperId }, token)).data!;
      expect(d.state).toBe(2);
      expect(d.leftSeconds).toBe(0);
    } finally {
      await quiet.close();
    }
  });

  it('the sweeper hands in overdue papers without any request', async () => {
    const { token } = await t.newLearner();
    const p = await startPaper(token, await createExam());
    await setDeadline(p.id, Date.now() - DEADLINE_GRACE_MS - 1);
    const deadline = Date.now() + 5000;
    let state = 0;
    while (state === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await t.db.selectFrom('el_paper').select('state').where('id', '=', p.id).executeTakeFirstOrThrow()).state;
    }
    expect(state).toBe(2);
  });
});

describe('restart', () => {
  it('hands in papers whose time ran out while the server was down', async () => {
    const r = await testApp({ SWEEP_INTERVAL_MS: '600000' });
    try {
      const adminToken = await r.login();
      const exams = await r.call<{ records: { id: string }[] }>(examApi.paging, {}, adminToken);
      const learner = await r.login({ username: 'learner', password: 'Learner@123456' });
      const created = await r.call<{ id: string }>(paperApi.createPaper, { examId: exams.data!.records[0]!.id }, learner);
      const paperId = created.data!.id;
      // An answer before the restart, and after it: the restarted server reads the paper's questions back.
      const detail = (await r.call<PaperDetail>(paperApi.paperDetail, { id: paperId }, learner)).data!;
      const [q1, q2] = quIdsOf(detail);
      const options = async (call: TestApp['call'], quId: string) => (await call<PaperQuDetail>(paperApi.quDetail, { paperId, quId }, learner)).data!.answerList.map((o) => o.id);
      expect((await r.call(paperApi.fillAnswer, { paperId, quId: q1, answers: [(await options(r.call, q1!))[0]] }, learner)).code).toBe(0);
      const mid = await buildApp(r.config); // a second server on the same database: nothing of the paper in its memory
      await mid.app.ready();
      const midCall = callerOf(mid);
      const o2 = await options(midCall, q2!);
      expect((await midCall(paperApi.fillAnswer, { paperId, quId: q1, answers: [o2[0]] }, learner)).code).toBe(10010001); // another question's option
      expect((await midCall(paperApi.fillAnswer, { paperId, quId: q2, answers: [o2[1]] }, learner)).code).toBe(0);
      await mid.app.close();
      const chosen = await r.db.selectFrom('el_paper_qu_answer').select(['quId', 'answerId']).where('paperId', '=', paperId).where('checked', '=', 1).orderBy('quId').execute();
      expect(chosen.map((c) => c.answerId).sort()).toEqual([(await options(r.call, q1!))[0], o2[1]].sort());
      await r.app.close(); // the server goes down with the paper open …
      const again = await buildApp(r.config); // … the paper's time runs out …
      await again.db.updateTable('el_paper').set({ limitTime: Date.now() - DEADLINE_GRACE_MS - 1 }).where('id', '=', paperId).execute();
      await again.app.ready(); // … and the restarted server hands it in at start (the first sweep, not awaited by ready) …
      await again.tasks.idle();
      const row = await again.db.selectFrom('el_paper').selectAll().where('id', '=', paperId).executeTakeFirstOrThrow();
      expect(row.state).toBe(2);
      expect(row.handTime).not.toBeNull();
      expect(again.seeded).toEqual([]); // the seed ran only once
      await again.app.close();
    } finally {
      await r.close();
    }
  });
});
