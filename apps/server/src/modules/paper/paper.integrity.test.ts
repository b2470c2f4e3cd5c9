/**
 * API tests of the exam's integrity controls (issue 9 "Integrity controls"), on a real database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * - the no-leak walker: every learner-reachable call during an exam holding every question type,
 *   walked recursively for fields that would give away right answers or scores;
 * - leave-incr: counting, the limit, the forced hand-in, double-sent and parallel reports;
 * - check-process;
 * - the deadline grace matrix by the server clock (lib/time advanceClock).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QuType } from '@kaopei/contracts';
import { bookApi } from '@kaopei/contracts/book';
import { examApi } from '@kaopei/contracts/exam';
import { DEADLINE_GRACE_MS, paperApi, type LeaveRes, type PaperDetail, type PaperQuDetail, type ProcessPaper } from '@kaopei/contracts/paper';
import { quApi, type QuDetail } from '@kaopei/contracts/qu';
import { repoApi } from '@kaopei/contracts/repo';
import { trainApi, type TrainCard, type TrainQuDetail, type TrainRecord } from '@kaopei/contracts/train';
import { newId } from '../../lib/ids';
import { advanceClock, now, resetClock } from '../../lib/time';
import { testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
let repoId: string;
/** Every secret text of the bank (analyses, reference answers, blank alternatives): none may reach a learner before hand-in. */
const SECRET = 'SECRET';

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = await createRepo(t, admin, uniq('防泄漏'));
  const opt = (content: string, isRight: boolean) => ({ content, isRight, analysis: `${SECRET}-选项解析-${content}` });
  await createQu(t, admin, repoId, QuType.SINGLE, { analysis: `${SECRET}-单选解析`, answerList: [opt('甲', true), opt('乙', false), opt('丙', false)] });
  await createQu(t, admin, repoId, QuType.MULTI, { analysis: `${SECRET}-多选解析`, answerList: [opt('甲', true), opt('乙', true), opt('丙', false)] });
  await createQu(t, admin, repoId, QuType.JUDGE, { analysis: `${SECRET}-判断解析`, answerList: [opt('正确', true), opt('错误', false)] });
  await createQu(t, admin, repoId, QuType.SAQ, { analysis: `${SECRET}-简答解析`, answerList: [], answer: `${SECRET}-参考答案`, keywords: [{ word: '关键词', score: 2 }] });
  await createQu(t, admin, repoId, QuType.FILL, { content: '首都是____', analysis: `${SECRET}-填空解析`, answerList: [{ answer: `北京|${SECRET}BJ` }], blankOpts: { ignoreCase: true, fullHalf: true, anyOrder: false } });
  await createQu(t, admin, repoId, QuType.MATCH, { content: '配对', analysis: `${SECRET}-匹配解析`, answerList: [{ content: '青蛙', answer: '两栖动物' }, { content: '猫', answer: '哺乳动物' }] });
  await createQu(t, admin, repoId, QuType.MIX, {
    content: '阅读材料',
    analysis: `${SECRET}-组合解析`,
    answerList: [],
    subList: [
      { quType: QuType.SINGLE, content: '小题一', analysis: `${SECRET}-小题解析`, answerList: [opt('对的', true), opt('错的', false)] },
      { quType: QuType.FILL, content: '小题二 ____', answerList: [{ answer: `${SECRET}OWL` }], blankOpts: { ignoreCase: true, fullHalf: false, anyOrder: false } },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  resetClock();
});

const ALL_TYPES = [QuType.SINGLE, QuType.MULTI, QuType.JUDGE, QuType.SAQ, QuType.FILL, QuType.MATCH, QuType.MIX];

/** An exam of one question per type of ALL_TYPES from the test bank, settings written into el_exam. */
async function examOf(settings: Record<string, number> = {}, types = ALL_TYPES): Promise<string> {
  const ruleList = types.map((quType) => ({ repoId, quType, quCount: 1, quScore: 2 }));
  const id = await createExam(t, admin, examBody(repoId, { ruleList, qualifyScore: 2 }));
  if (Object.keys(settings).length) await t.db.updateTable('el_exam').set(settings).where('id', '=', id).execute();
  return id;
}

/** Draws a paper; gives a combined question its sub-question rows where the drawing did not (as paper.types.test.ts). */
async function start(token: string, examId: string): Promise<string> {
  const { id } = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, token));
  const stem = await t.db.selectFrom('el_paper_qu').selectAll().where('paperId', '=', id).where('quType', '=', QuType.MIX).executeTakeFirst();
  if (stem && !(await t.db.selectFrom('el_paper_qu').select('id').where('parentId', '=', stem.id).executeTakeFirst())) {
    const subs = await t.db.selectFrom('el_qu').selectAll().where('parentId', '=', stem.quId).orderBy('sort').execute();
    for (const [i, s] of subs.entries()) {
      await t.db.insertInto('el_paper_qu').values({ id: newId(), paperId: id, groupId: stem.groupId, quId: s.id, parentId: stem.id, quType: s.quType, sort: 1000 + i, score: 2, answered: 0, mark: 0, isRight: 0, actualScore: 0, answer: '' }).execute();
      if (s.quType === QuType.SINGLE) {
        const opts = await t.db.selectFrom('el_qu_answer').selectAll().where('quId', '=', s.id).orderBy('sort').execute();
        for (const [j, o] of opts.entries()) await t.db.insertInto('el_paper_qu_answer').values({ id: newId(), paperId: id, quId: s.id, answerId: o.id, abc: 'AB'[j]!, sort: j, checked: 0, isRight: o.isRight }).execute();
      }
    }
  }
  return id;
}

/**
 * Keys that must never appear in what a learner receives before hand-in, and why. The learner's own
 * `answer` (their text, blanks or pairs as stored) is allowed at question level; under an option
 * list an `answer` is a fill blank's alternatives or a matching pair, so it is banned there.
 */
const BANNED: Record<string, string> = {
  isRight: 'whether an option or answer is right',
  analysis: 'the explanation gives the answer away',
  rightAnswer: 'the right answer',
  refAnswer: "a short answer's reference answer",
  rightBlanks: "a fill blank's accepted alternatives",
  rightPairs: 'the right matching',
  rightOptions: 'the right options',
  keywords: "a short answer's scoring keywords",
  blankOpts: "a fill blank's matching rules",
  actualScore: 'the score earned on a question',
  userScore: 'the score of the paper (allowed only as null)',
  passed: 'whether the paper passed (allowed only as null)',
};
const NULL_ALLOWED = new Set(['userScore', 'passed']);
const OPTION_LISTS = new Set(['answerList', 'options', 'subAnswers']);

/** Every banned field of `value` as a path, walking objects and arrays recursively. */
function leaks(value: unknown, path = '$', inOptions = false): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaks(v, `${path}[${i}]`, inOptions));
  if (value === null || typeof value !== 'object') return typeof value === 'string' && value.includes(SECRET) ? [`${path} carries a secret text`] : [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const at = `${path}.${k}`;
    if (k in BANNED && !(NULL_ALLOWED.has(k) && v === null)) out.push(`${at} (${BANNED[k]})`);
    if (inOptions && k === 'answer') out.push(`${at} (an option's answer: blank alternatives or a matching pair)`);
    out.push(...leaks(v, at, OPTION_LISTS.has(k)));
  }
  return out;
}

describe('the no-leak walker', () => {
  it('the walker itself finds every banned field (so that the test below can fail)', () => {
    expect(leaks({ data: { quList: [{ answer: 'mine', answerList: [{ id: '1', answer: 'x', isRight: false }] }], userScore: null, x: { analysis: '' }, s: `${SECRET}!` } })).toEqual([
      '$.data.quList[0].answerList[0].answer (an option\'s answer: blank alternatives or a matching pair)',
      '$.data.quList[0].answerList[0].isRight (whether an option or answer is right)',
      '$.data.x.analysis (the explanation gives the answer away)',
      '$.data.s carries a secret text',
    ]);
  });

  it('no learner-reachable call during the exam carries a right answer, analysis or score, for every question type', async () => {
    const { token } = await t.newLearner();
    const examId = await examOf({ leaveOn: 1, leaveCount: 5, leaveCheck: 1 });
    const seen: { call: string; body: unknown }[] = [];
    const call = async <T>(target: Parameters<TestApp['call']>[0], body: unknown): Promise<T> => {
      const res = await t.call<T>(target, body, token);
      seen.push({ call: typeof target === 'string' ? target : target.path, body: res });
      return res.data as T;
    };
    await call(examApi.onlinePaging, { current: 1, size: 100 });
    await call(examApi.checkInfo, { id: examId });
    await call(examApi.simpleDetail, { id: examId });
    const paperId = await start(token, examId);
    await call(paperApi.createPaper, { examId }); // 20010002: the paper in progress
    const detail = await call<PaperDetail>(paperApi.paperDetail, { id: paperId });
    const top = detail.groupList.flatMap((g) => g.quList);
    expect(top.map((q) => q.quType).sort((a, b) => a - b)).toEqual(ALL_TYPES);
    for (const q of top) {
      const d = await call<PaperQuDetail>(paperApi.quDetail, { paperId, quId: q.quId });
      for (const item of [d, ...d.subList]) {
        if (item.quType <= 3) await call(paperApi.fillAnswer, { paperId, quId: item.quId, answers: [item.answerList[0]!.id] });
        else if (item.quType === QuType.SAQ) await call(paperApi.fillAnswer, { paperId, quId: item.quId, answer: '我的回答' });
        else if (item.quType === QuType.FILL) await call(paperApi.fillAnswer, { paperId, quId: item.quId, blanks: ['北京'] });
        else if (item.quType === QuType.MATCH) await call(paperApi.fillAnswer, { paperId, quId: item.quId, pairs: { [item.answerList[0]!.id]: item.rightItems[0]! } });
        // A refused answer: the error must not explain what would have been right.
        if (item.quType !== QuType.MIX) await call(paperApi.fillAnswer, { paperId, quId: item.quId, answers: ['nope'], answer: 'x', blanks: ['a', 'b', 'c'] });
      }
      await call(paperApi.quDetail, { paperId, quId: q.quId }); // again, with the answer saved
    }
    await call(paperApi.paperDetail, { id: paperId });
    await call(paperApi.paging, { current: 1, size: 10 });
    await call(paperApi.paging, { current: 1, size: 10, params: { examId } });
    await call(paperApi.paperResult, { id: paperId }); // 20010007
    for (const q of top) expect((await t.call(paperApi.quView, { paperId, quId: q.quId }, token)).code).toBe(20010009);
    await call(paperApi.quView, { paperId, quId: top[0]!.quId });
    // The wrong book during the exam: practice is closed, so no question of this paper can be checked.
    await call(bookApi.paging, { current: 1, size: 10, params: { examId } });
    for (const q of top) {
      expect((await t.call(bookApi.next, { examId, quId: q.quId }, token)).code).toBe(20070001);
      await call(bookApi.check, { examId, quId: q.quId, answers: [] });
    }
    await call(paperApi.checkProcess, {});
    await call(paperApi.leaveIncr, { id: paperId });
    await call(paperApi.handExam, { id: 'not-mine' });

    expect(seen.length).toBeGreaterThan(20);
    expect(seen.map((s) => s.call)).toEqual(expect.arrayContaining([...Object.values(paperApi), ...Object.values(bookApi)].filter((e) => e !== paperApi.handExam && e !== bookApi.delete && e !== bookApi.next).map((e) => e.path)));
    const found = seen.flatMap((s) => leaks(s.body).map((l) => `${s.call}: ${l}`));
    expect(found).toEqual([]);
    // The paper was open throughout.
    expect((await t.db.selectFrom('el_paper').select('state').where('id', '=', paperId).executeTakeFirstOrThrow()).state).toBe(0);
  });

  it('bank training (issue 10): no learner call before a question is checked carries a right answer or analysis, for every question type', async () => {
    const { token } = await t.newLearner();
    const seen: { call: string; body: unknown }[] = [];
    const call = async <T>(target: Parameters<TestApp['call']>[0], body: unknown): Promise<T> => {
      const res = await t.call<T>(target, body, token);
      seen.push({ call: typeof target === 'string' ? target : target.path, body: res });
      return res.data as T;
    };
    await call(repoApi.paging, { current: 1, size: 100 });
    await call(repoApi.detail, { id: repoId });
    await call(trainApi.overview, { repoId });
    for (const mode of [1, 2, 4]) {
      const rec = await call<TrainRecord>(trainApi.start, { repoId, mode, clear: false, quType: mode === 4 ? QuType.MIX : undefined });
      const card = await call<TrainCard>(trainApi.card, { id: rec.id });
      if (mode === 1) expect(card.quList.map((q) => q.quType).sort((a, b) => a - b)).toEqual(ALL_TYPES);
      for (const q of card.quList) {
        const d = await call<TrainQuDetail>(trainApi.quDetail, { trainId: rec.id, quId: q.quId, mode });
        expect(d.checked).toBe(false);
        for (const item of [d.qu!, ...d.qu!.subList]) {
          if (item.quType <= 3) await call(trainApi.fill, { trainId: rec.id, quId: item.quId, answers: [item.answerList[0]!.id] });
          else if (item.quType === QuType.SAQ) await call(trainApi.fill, { trainId: rec.id, quId: item.quId, answer: '我的回答' });
          else if (item.quType === QuType.FILL) await call(trainApi.fill, { trainId: rec.id, quId: item.quId, blanks: ['北京'] });
          else if (item.quType === QuType.MATCH) await call(trainApi.fill, { trainId: rec.id, quId: item.quId, pairs: { [item.answerList[0]!.id]: item.rightItems[0]! } });
          if (item.quType !== QuType.MIX) await call(trainApi.fill, { trainId: rec.id, quId: item.quId, answers: ['nope'], answer: 'x', blanks: ['a', 'b', 'c'] });
        }
        await call(trainApi.quDetail, { trainId: rec.id, quId: q.quId, mode }); // again, with the answer saved
      }
      await call(trainApi.detail, { id: rec.id });
    }
    await call(trainApi.paging, { current: 1, size: 5, params: { repoId } });
    expect(seen.map((s) => s.call)).toEqual(expect.arrayContaining(Object.values(trainApi).filter((e) => !new Set<unknown>([trainApi.check, trainApi.finish, trainApi.stat, trainApi.statExport]).has(e)).map((e) => e.path)));
    expect(seen.every((s) => (s.body as { code: number }).code === 0 || s.call === trainApi.fill.path)).toBe(true);
    const found = seen.flatMap((s) => leaks(s.body).map((l) => `${s.call}: ${l}`));
    expect(found).toEqual([]);
  });
});

describe('paper-detail guard', () => {
  it('carries the exam\'s fullscreen and paste settings (the exam page enforces them after a reload too)', async () => {
    const { token } = await t.newLearner();
    const on = await start(token, await examOf({ fullscreenOn: 1, pasteOff: 1 }, [QuType.SINGLE]));
    expect(must(await t.call<PaperDetail>(paperApi.paperDetail, { id: on }, token)).guard).toMatchObject({ fullscreenOn: true, pasteOff: true });
    const other = await t.newLearner();
    const off = await start(other.token, await examOf({}, [QuType.SINGLE]));
    expect(must(await t.call<PaperDetail>(paperApi.paperDetail, { id: off }, other.token)).guard).toMatchObject({ fullscreenOn: false, pasteOff: false });
  });
});

describe('leave-incr', () => {
  const leave = (token: string, id: string) => t.call<LeaveRes>(paperApi.leaveIncr, { id }, token);
  const paperRow = (id: string) => t.db.selectFrom('el_paper').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('counts leaves, tells the limit, and hands the paper in past leaveCount', async () => {
    const { token } = await t.newLearner();
    const paperId = await start(token, await examOf({ leaveOn: 1, leaveCount: 2, leaveCheck: 5 }, [QuType.SINGLE]));
    expect(must(await leave(token, paperId))).toEqual({ leaveTimes: 1, overLimit: false, leaveCount: 2 });
    // The same report again at once (double-sent) counts nothing.
    expect(must(await leave(token, paperId))).toEqual({ leaveTimes: 1, overLimit: false, leaveCount: 2 });
    advanceClock(1_100);
    expect(must(await leave(token, paperId))).toEqual({ leaveTimes: 2, overLimit: false, leaveCount: 2 });
    expect((await paperRow(paperId)).state).toBe(0);
    // The exam page reads the settings and the count from paper-detail (on a reload too).
    expect(must(await t.call<PaperDetail>(paperApi.paperDetail, { id: paperId }, token)).guard).toEqual({ leaveOn: true, leaveCheck: 5, leaveCount: 2, leaveTimes: 2, pasteOff: false, fullscreenOn: false, camOn: false, camInterval: 5, faceChance: 3 });
    advanceClock(1_100);
    expect(must(await leave(token, paperId))).toEqual({ leaveTimes: 3, overLimit: true, leaveCount: 2 });
    const row = await paperRow(paperId);
    expect(row.state).toBe(2);
    expect(row.leaveTimes).toBe(3);
    // After the hand-in: nothing more is counted, the answer stays overLimit; answers are refused.
    advanceClock(1_100);
    expect(must(await leave(token, paperId))).toEqual({ leaveTimes: 3, overLimit: true, leaveCount: 2 });
    expect((await t.call(paperApi.fillAnswer, { paperId, quId: 'x', answers: [] }, token)).code).toBe(20010005);
    expect((await t.call(paperApi.paperResult, { id: paperId }, token)).code).toBe(0);
  });

  it('parallel reports at the limit hand the paper in exactly once and all say overLimit', async () => {
    const { token } = await t.newLearner();
    const paperId = await start(token, await examOf({ leaveOn: 1, leaveCount: 0, leaveCheck: 5 }, [QuType.SINGLE]));
    const answers = await Promise.all(Array.from({ length: 10 }, () => leave(token, paperId)));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(0));
    expect(answers.every((a) => a.data!.overLimit && a.data!.leaveTimes === 1)).toBe(true);
    const row = await paperRow(paperId);
    expect([row.state, row.leaveTimes]).toEqual([2, 1]);
    const events = (await t.db.selectFrom('sys_event').select('payload').where('type', '=', 'paper.marked').execute()).filter((e) => e.payload.includes(paperId));
    expect(events).toHaveLength(1);
  });

  it('counts without handing in when the exam does not monitor leaves; refuses papers of others', async () => {
    const { token } = await t.newLearner();
    const other = await t.newLearner();
    const paperId = await start(token, await examOf({ leaveOn: 0, leaveCount: 0 }, [QuType.SINGLE]));
    expect(must(await leave(token, paperId))).toEqual({ leaveTimes: 1, overLimit: false, leaveCount: 0 });
    expect((await paperRow(paperId)).state).toBe(0);
    const stranger = await leave(other.token, paperId);
    expect([stranger.code, stranger.msg]).toEqual([10010003, '试卷不存在！']);
    expect((await paperRow(paperId)).leaveTimes).toBe(1);
    expect((await t.call(paperApi.leaveIncr, {}, token)).code).toBe(10010001);
  });

  it('a paper whose time is up is handed in, not counted', async () => {
    const { token } = await t.newLearner();
    const paperId = await start(token, await examOf({ leaveOn: 1, leaveCount: 3 }, [QuType.SINGLE]));
    await t.db.updateTable('el_paper').set({ limitTime: now() - DEADLINE_GRACE_MS - 1 }).where('id', '=', paperId).execute();
    expect(must(await leave(token, paperId))).toEqual({ leaveTimes: 0, overLimit: false, leaveCount: 3 });
    expect((await paperRow(paperId)).state).toBe(2);
  });
});

describe('check-process', () => {
  it("answers the caller's paper in progress, and null when there is none", async () => {
    const { token } = await t.newLearner();
    expect(must(await t.call<ProcessPaper>(paperApi.checkProcess, {}, token))).toBeNull();
    const examId = await examOf({}, [QuType.SINGLE]);
    const paperId = await start(token, examId);
    const p = must(await t.call<ProcessPaper>(paperApi.checkProcess, {}, token))!;
    expect([p.id, p.examId]).toEqual([paperId, examId]);
    expect(p.leftSeconds).toBeGreaterThan(29 * 60);
    // Another learner does not see it.
    const other = await t.newLearner();
    expect(must(await t.call<ProcessPaper>(paperApi.checkProcess, {}, other.token))).toBeNull();
    must(await t.call(paperApi.handExam, { id: paperId }, token));
    expect(must(await t.call<ProcessPaper>(paperApi.checkProcess, {}, token))).toBeNull();
  });
});

describe('deadline grace by the server clock', () => {
  it(`accepts answers before, at and within ${DEADLINE_GRACE_MS} ms after the deadline, refuses them after; the client clock plays no part`, async () => {
    // A quiet sweeper, so that only the calls below decide when the paper is handed in.
    const q = await testApp({ SWEEP_INTERVAL_MS: '600000' });
    try {
      const adminToken = await q.login();
      const bank = await createRepo(q, adminToken, uniq('宽限'));
      await createQu(q, adminToken, bank, QuType.SINGLE);
      const examId = await createExam(q, adminToken, examBody(bank, { totalTime: 30 }));
      const { token } = await q.newLearner();
      const { id: paperId } = must(await q.call<{ id: string }>(paperApi.createPaper, { examId }, token));
      const other = await q.newLearner();
      const { id: idle } = must(await q.call<{ id: string }>(paperApi.createPaper, { examId }, other.token)); // a paper whose browser is gone
      const p = must(await q.call<PaperDetail>(paperApi.paperDetail, { id: paperId }, token));
      const quId = p.groupList[0]!.quList[0]!.quId;
      const option = must(await q.call<PaperQuDetail>(paperApi.quDetail, { paperId, quId }, token)).answerList[0]!.id;
      const { limitTime } = await q.db.selectFrom('el_paper').select('limitTime').where('id', '=', paperId).executeTakeFirstOrThrow();
      // A client clock an hour off (its Date header) changes nothing: only the server clock counts.
      const fill = async (clientSkewMs: number) => {
        const res = await q.app.inject({ method: 'POST', url: paperApi.fillAnswer.path, payload: { paperId, quId, answers: [option] }, headers: { token, date: new Date(Date.now() + clientSkewMs).toUTCString() } });
        return (JSON.parse(res.body) as { code: number }).code;
      };
      const to = (at: number) => advanceClock(at - now());
      const state = async (id: string) => (await q.db.selectFrom('el_paper').select(['state', 'handTime']).where('id', '=', id).executeTakeFirstOrThrow());

      to(limitTime - 60_000);
      expect(await fill(3_600_000)).toBe(0); // before
      to(limitTime);
      expect(await fill(-3_600_000)).toBe(0); // at the deadline
      // Within the grace, with seconds to spare: the clock keeps running between these calls on a loaded machine.
      to(limitTime + DEADLINE_GRACE_MS - 4_000);
      expect(await fill(0)).toBe(0); // within the grace
      expect(await q.services.paper.handInOverdue()).toBe(0); // the server waits for the grace too
      expect((await state(idle)).state).toBe(0);
      to(limitTime + DEADLINE_GRACE_MS + 1);
      expect(await fill(-3_600_000)).toBe(20010006); // after the grace, whatever the client clock says
      const mine = await state(paperId);
      expect(mine.state).toBe(2);
      expect(mine.handTime).toBe(limitTime); // handed in at the deadline
      expect(await fill(0)).toBe(20010005);
      // The paper without a browser (drawn a moment later) is handed in by the server (the sweeper's work), once.
      const idleLimit = (await q.db.selectFrom('el_paper').select('limitTime').where('id', '=', idle).executeTakeFirstOrThrow()).limitTime;
      to(idleLimit + DEADLINE_GRACE_MS - 4_000);
      expect(await q.services.paper.handInOverdue()).toBe(0);
      to(idleLimit + DEADLINE_GRACE_MS);
      expect(await q.services.paper.handInOverdue()).toBe(1);
      expect(await q.services.paper.handInOverdue()).toBe(0);
      expect((await state(idle)).state).toBe(2);
      // The answer saved within the grace counted.
      const right = must(await q.call<QuDetail>(quApi.detail, { id: quId }, adminToken)).answerList.find((o) => o.isRight)!.id;
      const row = await q.db.selectFrom('el_paper').select('userScore').where('id', '=', paperId).executeTakeFirstOrThrow();
      expect(row.userScore).toBe(option === right ? 10 : 0);
    } finally {
      resetClock();
      await q.close();
    }
  });
});
