/**
 * API tests of sitting and marking every question type (issue 8), on a real database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): answering types 4/5/6/99 with validation, nothing right or
 * reference-like reaching the learner before hand-in, hand-in to state 1 with the objective part
 * scored, partial credit, the result per resultShow, marking once under parallel saves,
 * double-blind with and without arbitration, paper.marked emitted once with the final score, and
 * the marking list's data scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuType } from '@kaopei/contracts';
import { paperApi, type PaperDetail, type PaperQuDetail, type PaperRecord, type PaperResult } from '@kaopei/contracts/paper';
import { markApi, type MarkDetail, type MarkRecord } from '@kaopei/contracts/paper-mark';
import { quApi, type QuDetail } from '@kaopei/contracts/qu';
import { PaperPerm } from '@kaopei/contracts/paper-mark';
import { roleApi } from '@kaopei/contracts/sys-role';
import { menuApi, type MenuNode } from '@kaopei/contracts/sys-menu';
import { userAdminApi } from '@kaopei/contracts/sys-user-admin';
import { departApi } from '@kaopei/contracts/sys-depart';
import { newId } from '../../lib/ids';
import { ROLE_ADMIN_ID } from '../sys-role/sys-role.constants';
import { testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
let repoId: string;
/** el_qu ids by type; 99's sub-questions. */
const qu: Record<number, string> = {};
let subIds: string[] = [];

const SCORES = { [QuType.MULTI]: 5, [QuType.SAQ]: 10, [QuType.FILL]: 6, [QuType.MATCH]: 4, [QuType.MIX]: 4 } as Record<number, number>;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = await createRepo(t, admin, uniq('全题型'));
  qu[QuType.MULTI] = await createQu(t, admin, repoId, QuType.MULTI, { content: '多选：哪些是奇数' });
  qu[QuType.SAQ] = await createQu(t, admin, repoId, QuType.SAQ, {
    content: '简述光合作用',
    answerList: [],
    answer: '参考答案：植物在叶绿体中利用光能合成有机物',
    keywords: [{ word: '光合作用', score: 4 }, { word: '叶绿体', score: 3 }],
  });
  qu[QuType.FILL] = await createQu(t, admin, repoId, QuType.FILL, {
    content: '中国的首都是____，最大的城市是____',
    answerList: [{ answer: '北京|Beijing' }, { answer: '上海' }],
    blankOpts: { ignoreCase: true, fullHalf: true, anyOrder: false },
  });
  qu[QuType.MATCH] = await createQu(t, admin, repoId, QuType.MATCH, {
    content: '动物与类别',
    answerList: [{ content: '青蛙', answer: '两栖动物' }, { content: '猫', answer: '哺乳动物' }, { content: '', answer: '昆虫' }],
  });
  qu[QuType.MIX] = await createQu(t, admin, repoId, QuType.MIX, {
    content: '阅读材料后作答',
    answerList: [],
    subList: [
      { quType: QuType.SINGLE, content: '小题一', answerList: [{ content: '对的', isRight: true }, { content: '错的', isRight: false }] },
      { quType: QuType.FILL, content: '小题二 ____', answerList: [{ answer: 'Owl' }], blankOpts: { ignoreCase: true, fullHalf: false, anyOrder: false } },
    ],
  });
  subIds = must(await t.call<QuDetail>(quApi.detail, { id: qu[QuType.MIX] }, admin)).subList.map((s) => s.id);
});
afterAll(async () => {
  await t?.close();
});

/** An exam of one question per given type (scores SCORES), with settings written straight into el_exam. */
async function examOf(types: number[], settings: Record<string, number | string> = {}): Promise<string> {
  const ruleList = types.map((quType) => ({ repoId, quType, quCount: 1, quScore: SCORES[quType] }));
  const total = types.reduce((sum, x) => sum + SCORES[x]!, 0);
  const id = await createExam(t, admin, examBody(repoId, { ruleList, qualifyScore: Math.min(10, total) }));
  if (Object.keys(settings).length) await t.db.updateTable('el_exam').set(settings).where('id', '=', id).execute();
  return id;
}

/**
 * Draws a paper. Where the drawing did not give a combined question its sub-question rows, adds
 * them as the issue 8 storage says (el_paper_qu rows whose parentId is the stem's row; 2 points
 * each, choices for the choice sub-question).
 */
async function start(token: string, examId: string): Promise<PaperDetail> {
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
  return must(await t.call<PaperDetail>(paperApi.paperDetail, { id }, token));
}

const detail = async (token: string, paperId: string, quId: string) => must(await t.call<PaperQuDetail>(paperApi.quDetail, { paperId, quId }, token));
const fill = (token: string, body: Record<string, unknown>) => t.call<{ answered: boolean }>(paperApi.fillAnswer, body, token);
const paperRow = (id: string) => t.db.selectFrom('el_paper').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const markedEvents = async (paperId: string) =>
  (await t.db.selectFrom('sys_event').select(['payload']).where('type', '=', 'paper.marked').execute()).map((e) => JSON.parse(e.payload) as { paperId: string; userScore: number; passed: boolean }).filter((e) => e.paperId === paperId);

/** Answers every question fully right (short answer: a text with both keywords). */
async function answerAll(token: string, p: PaperDetail) {
  for (const q of p.groupList.flatMap((g) => g.quList)) {
    const d = await detail(token, p.id, q.quId);
    if (q.quType === QuType.MULTI) {
      const right = must(await t.call<QuDetail>(quApi.detail, { id: q.quId }, admin)).answerList.filter((o) => o.isRight).map((o) => o.id);
      must(await fill(token, { paperId: p.id, quId: q.quId, answers: right }));
    } else if (q.quType === QuType.SAQ) must(await fill(token, { paperId: p.id, quId: q.quId, answer: '光合作用发生在叶绿体' }));
    else if (q.quType === QuType.FILL) must(await fill(token, { paperId: p.id, quId: q.quId, blanks: ['ＢＥＩＪＩＮＧ', '上海'] }));
    else if (q.quType === QuType.MATCH) must(await fill(token, { paperId: p.id, quId: q.quId, pairs: Object.fromEntries(d.answerList.map((o) => [o.id, o.content === '青蛙' ? '两栖动物' : '哺乳动物'])) }));
    else if (q.quType === QuType.MIX) {
      for (const s of d.subList) {
        if (s.quType === QuType.SINGLE) must(await fill(token, { paperId: p.id, quId: s.quId, answers: [s.answerList.find((o) => o.content === '对的')!.id] }));
        else must(await fill(token, { paperId: p.id, quId: s.quId, blanks: ['owl'] }));
      }
    }
  }
}

describe('answering every type', () => {
  it('shows each type without answers and stores each answer shape', async () => {
    const { token } = await t.newLearner();
    const p = await start(token, await examOf([QuType.SAQ, QuType.FILL, QuType.MATCH, QuType.MIX]));
    const raw = async (url: string, body: object) => (await t.app.inject({ method: 'POST', url, payload: body, headers: { token } })).body;
    const bodies = [await raw('/api/paper/paper/paper-detail', { id: p.id })];
    for (const quId of [qu[QuType.SAQ]!, qu[QuType.FILL]!, qu[QuType.MATCH]!, qu[QuType.MIX]!]) bodies.push(await raw('/api/paper/paper/qu-detail', { paperId: p.id, quId }));
    for (const b of bodies) {
      expect(b).not.toMatch(/isRight|analysis|actualScore|userScore|refAnswer|rightPairs|rightBlanks|keyword/);
      // No alternative, no reference answer, no pairing.
      expect(b).not.toMatch(/Beijing|北京|参考答案|Owl/);
    }

    const fillQ = await detail(token, p.id, qu[QuType.FILL]!);
    expect(fillQ).toMatchObject({ blankCount: 2, blanks: [], answerList: [] });

    const match = await detail(token, p.id, qu[QuType.MATCH]!);
    expect(match.answerList.map((o) => o.content).sort()).toEqual(['猫', '青蛙']);
    expect([...match.rightItems].sort()).toEqual(['两栖动物', '哺乳动物', '昆虫']);
    expect((await detail(token, p.id, qu[QuType.MATCH]!)).rightItems).toEqual(match.rightItems); // stable order
    const matchBody = bodies[3]!;
    // The pairing is not given away by the order of left-hand items and right-hand items in the body.
    expect(JSON.parse(matchBody).data.answerList.every((o: Record<string, unknown>) => !('answer' in o))).toBe(true);

    const mix = await detail(token, p.id, qu[QuType.MIX]!);
    expect(mix.subList.map((s) => s.quId)).toEqual(subIds);
    expect(mix.subList[0]!.answerList.map((o) => o.content).sort()).toEqual(['对的', '错的']);
    expect(mix.subList[1]!.blankCount).toBe(1);

    // Short answer
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.SAQ], answer: '我的回答' })).data).toEqual({ quId: qu[QuType.SAQ], answered: true });
    expect((await detail(token, p.id, qu[QuType.SAQ]!)).answer).toBe('我的回答');
    // Fill blank
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.FILL], blanks: ['北京', ''] })).data!.answered).toBe(true);
    expect((await detail(token, p.id, qu[QuType.FILL]!)).blanks).toEqual(['北京', '']);
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.FILL], blanks: ['a', 'b', 'c'] })).code).toBe(10010001); // more blanks than the question has
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.FILL], answer: '北京' })).code).toBe(10010001); // text for a fill blank
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.FILL], blanks: ['', ' '] })).data!.answered).toBe(false);
    // Matching
    const [left1, left2] = match.answerList;
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.MATCH], pairs: { [left1!.id]: '昆虫' } })).data!.answered).toBe(true);
    expect((await detail(token, p.id, qu[QuType.MATCH]!)).pairs).toEqual({ [left1!.id]: '昆虫' });
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.MATCH], pairs: { [left1!.id]: '鸟类' } })).code).toBe(10010001); // not an item of this question
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.MATCH], pairs: { [subIds[0]!]: '昆虫' } })).code).toBe(10010001); // not a left-hand item
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.MATCH], blanks: ['x'] })).code).toBe(10010001); // blanks for matching
    expect((await detail(token, p.id, qu[QuType.MATCH]!)).pairs).toEqual({ [left1!.id]: '昆虫' }); // refused calls changed nothing
    expect(left2).toBeDefined();
    // Combined: answered per sub-question; the stem takes no answer.
    expect((await fill(token, { paperId: p.id, quId: qu[QuType.MIX], answer: 'x' })).code).toBe(10010001);
    const choice = mix.subList[0]!.answerList[0]!.id;
    expect((await fill(token, { paperId: p.id, quId: subIds[0], answers: [choice] })).data!.answered).toBe(true);
    expect((await detail(token, p.id, qu[QuType.MIX]!)).subList[0]!.answerList.find((o) => o.id === choice)!.checked).toBe(true);
    expect((await fill(token, { paperId: p.id, quId: subIds[1], blanks: ['owl'] })).code).toBe(0);
    expect((await fill(token, { paperId: p.id, quId: subIds[1], answers: [choice] })).code).toBe(10010001); // options for a fill blank
  });
});

describe('hand-in, scoring and result', () => {
  it('scores objective parts at once and sends a paper with a short answer to state 1 without paper.marked', async () => {
    const { token } = await t.newLearner();
    const examId = await examOf([QuType.MULTI, QuType.SAQ, QuType.FILL, QuType.MATCH, QuType.MIX], { partialCredit: 1 });
    const p = await start(token, examId);
    await answerAll(token, p);
    // Multiple: only one of the two right options → partial credit floor(5/2) = 2.
    const right = must(await t.call<QuDetail>(quApi.detail, { id: qu[QuType.MULTI] }, admin)).answerList.filter((o) => o.isRight).map((o) => o.id);
    must(await fill(token, { paperId: p.id, quId: qu[QuType.MULTI], answers: right.slice(0, 1) }));
    expect(must(await t.call<{ state: number }>(paperApi.handExam, { id: p.id }, token)).state).toBe(1);
    const row = await paperRow(p.id);
    expect(row.state).toBe(1);
    expect(row.userScore).toBe(2 + 6 + 4 + 4); // multi partial, fill (full-width, case), matching, combined
    const qus = await t.db.selectFrom('el_paper_qu').select(['quId', 'actualScore', 'isRight']).where('paperId', '=', p.id).execute();
    const by = new Map(qus.map((q) => [q.quId, q]));
    expect(by.get(qu[QuType.SAQ]!)!.actualScore).toBe(0);
    expect(by.get(subIds[1]!)).toMatchObject({ actualScore: 2, isRight: 1 });
    expect(by.get(qu[QuType.MIX]!)).toMatchObject({ actualScore: 4, isRight: 1 });
    await t.events.settle();
    expect(await markedEvents(p.id)).toEqual([]);
    // Awaiting marking: no score anywhere for the learner.
    const r = must(await t.call<PaperResult>(paperApi.paperResult, { id: p.id }, token));
    expect(r).toMatchObject({ state: 1, userScore: null, passed: null, groupList: null });
    const mine = must(await t.call<{ records: PaperRecord[] }>(paperApi.paging, { params: { examId } }, token));
    expect(mine.records[0]).toMatchObject({ id: p.id, state: 1, userScore: null });
  });

  it('finishes at once without a short answer; the result follows resultShow', async () => {
    const learner = await t.newLearner();
    const full = await examOf([QuType.FILL, QuType.MATCH], { resultShow: 3, thanksText: '感谢参加' });
    const p = await start(learner.token, full);
    await answerAll(learner.token, p);
    must(await t.call(paperApi.handExam, { id: p.id }, learner.token));
    expect((await paperRow(p.id)).state).toBe(2);
    await t.events.settle();
    expect(await markedEvents(p.id)).toEqual([expect.objectContaining({ userScore: 10, passed: true })]);
    const r = must(await t.call<PaperResult>(paperApi.paperResult, { id: p.id }, learner.token));
    expect(r).toMatchObject({ resultShow: 3, thanksText: '感谢参加', userScore: 10, passed: true });
    const qs = r.groupList!.flatMap((g) => g.quList);
    const f = qs.find((q) => q.quType === QuType.FILL)!;
    expect(f).toMatchObject({ blanks: ['ＢＥＩＪＩＮＧ', '上海'], rightBlanks: [['北京', 'Beijing'], ['上海']], actualScore: 6, isRight: true });
    const m = qs.find((q) => q.quType === QuType.MATCH)!;
    expect(Object.values(m.rightPairs).sort()).toEqual(['两栖动物', '哺乳动物']);

    for (const [show, expectScore] of [[1, false], [2, true]] as const) {
      const examId = await examOf([QuType.FILL], { resultShow: show, thanksText: '谢谢' });
      const p2 = await start(learner.token, examId);
      must(await t.call(paperApi.handExam, { id: p2.id }, learner.token));
      const raw = (await t.app.inject({ method: 'POST', url: '/api/paper/paper/paper-result', payload: { id: p2.id }, headers: { token: learner.token } })).body;
      const r2 = JSON.parse(raw).data as PaperResult;
      expect(r2.thanksText).toBe('谢谢');
      expect(r2.groupList).toBeNull();
      expect(raw).not.toMatch(/北京|rightBlanks|analysis/);
      expect(r2.userScore).toBe(expectScore ? 0 : null);
      const list = must(await t.call<{ records: PaperRecord[] }>(paperApi.paging, { params: { examId } }, learner.token));
      expect(list.records[0]!.userScore).toBe(expectScore ? 0 : null);
    }
  });
});

/** A learner's paper of the short-answer exam, answered and handed in (state 1). */
async function waitingPaper(examId: string, answer = '光合作用发生在叶绿体'): Promise<{ paperId: string; token: string; userId: string }> {
  const l = await t.newLearner();
  const p = await start(l.token, examId);
  must(await fill(l.token, { paperId: p.id, quId: qu[QuType.SAQ], answer }));
  must(await t.call(paperApi.handExam, { id: p.id }, l.token));
  return { paperId: p.id, token: l.token, userId: l.userId };
}

const PW = 'Marker@123456';
/** A new administrator (built-in admin role unless `roles` given) in `deptCode`; answers his token. */
async function marker(deptCode = 'A01', roles = [ROLE_ADMIN_ID]): Promise<string> {
  const userName = uniq('marker');
  must(await t.call(userAdminApi.save, { userName, realName: '阅卷人', deptCode, roles, password: PW }, admin));
  return t.login({ username: userName, password: PW });
}
const flat = <N extends { children?: N[] }>(nodes: N[]): N[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('marking', () => {
  it('lists the paper, shows the reference answer and keyword suggestion, and marks it once under parallel saves', async () => {
    const examId = await examOf([QuType.SAQ, QuType.FILL], { qualifyScore: 12, resultShow: 3 });
    const w = await waitingPaper(examId);
    const list = must(await t.call<{ records: MarkRecord[]; total: number }>(markApi.paging, { params: { examId } }, admin));
    expect(list.records).toEqual([expect.objectContaining({ id: w.paperId, markStep: 1, objScore: 0 })]);
    expect(list.records[0]!.userName).not.toBe('匿名');
    const d = must(await t.call<MarkDetail>(markApi.detail, { id: w.paperId }, admin));
    expect(d.itemList).toEqual([
      expect.objectContaining({ quId: qu[QuType.SAQ], score: 10, answer: '光合作用发生在叶绿体', refAnswer: '参考答案：植物在叶绿体中利用光能合成有机物', keywordHits: ['光合作用', '叶绿体'], suggested: 7, myScore: null }),
    ]);
    const item = d.itemList[0]!.paperQuId;
    // Learners cannot mark.
    expect((await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 10 }] }, w.token)).code).not.toBe(0);
    // Bad input changes nothing.
    expect((await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 11 }] }, admin)).code).toBe(20050003);
    expect((await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: -1 }] }, admin)).code).toBe(10010001);
    expect((await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: newId(), score: 1 }] }, admin)).code).toBe(20050004);
    expect((await paperRow(w.paperId)).state).toBe(1);

    const other = await marker();
    const saves = await Promise.all([
      t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 8, comment: '不错' }] }, admin),
      t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 3, comment: '差' }] }, other),
    ]);
    expect(saves.map((s) => s.code).sort()).toEqual([0, 20050001]);
    const won = saves.find((s) => s.code === 0)! === saves[0] ? 8 : 3;
    const row = await paperRow(w.paperId);
    expect(row).toMatchObject({ state: 2, userScore: won, passed: 0 });
    await t.events.settle();
    expect(await markedEvents(w.paperId)).toEqual([expect.objectContaining({ userScore: won, passed: false })]);
    const finals = await t.db.selectFrom('el_paper_mark').selectAll().where('paperId', '=', w.paperId).where('step', '=', 0).execute();
    expect(finals).toHaveLength(1);
    expect(finals[0]!.score).toBe(won);
    // Once more: refused.
    expect((await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 1 }] }, admin)).code).toBe(20050001);
    expect(must(await t.call<{ records: MarkRecord[] }>(markApi.paging, { params: { examId } }, admin)).records).toEqual([]);
    // The learner sees the final score and the comment.
    const r = must(await t.call<PaperResult>(paperApi.paperResult, { id: w.paperId }, w.token));
    expect(r.userScore).toBe(won);
    const saq = r.groupList!.flatMap((g) => g.quList).find((q) => q.quType === QuType.SAQ)!;
    expect(saq).toMatchObject({ actualScore: won, refAnswer: '参考答案：植物在叶绿体中利用光能合成有机物', comment: won === 8 ? '不错' : '差' });
  });

  it('double-blind: two markers who agree decide together, without names or each other’s scores', async () => {
    const examId = await examOf([QuType.SAQ], { markMode: 2, markDiff: 2 });
    const w = await waitingPaper(examId);
    const [m1, m2] = [await marker(), await marker()];
    const list = must(await t.call<{ records: MarkRecord[] }>(markApi.paging, { params: { examId } }, m1));
    expect(list.records[0]).toMatchObject({ userName: '匿名', markStep: 1 });
    const item = must(await t.call<MarkDetail>(markApi.detail, { id: w.paperId }, m1)).itemList[0]!.paperQuId;
    expect(must(await t.call<{ state: number; step: number }>(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 6 }] }, m1))).toMatchObject({ state: 1, step: 1 });
    // The first marker cannot mark again; the second does not see the first's score nor the name.
    expect((await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 6 }] }, m1)).code).toBe(20050002);
    const raw = (await t.app.inject({ method: 'POST', url: '/api/paper/mark/detail', payload: { id: w.paperId }, headers: { token: m2 } })).body;
    const d2 = JSON.parse(raw).data as MarkDetail;
    expect(d2).toMatchObject({ userName: '匿名', markStep: 2 });
    expect(d2.itemList[0]).toMatchObject({ myScore: null, otherMarks: [] });
    expect(must(await t.call<{ state: number }>(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 7 }] }, m2))).toMatchObject({ state: 2, needArbiter: false });
    const row = await paperRow(w.paperId);
    expect(row).toMatchObject({ state: 2, userScore: 7 }); // round((6 + 7) / 2)
    const final = await t.db.selectFrom('el_paper_mark').selectAll().where('paperId', '=', w.paperId).where('step', '=', 0).executeTakeFirstOrThrow();
    expect(final.markerId.split(',')).toHaveLength(2);
    await t.events.settle();
    expect(await markedEvents(w.paperId)).toEqual([expect.objectContaining({ userScore: 7 })]);
  });

  it('double-blind: a difference above markDiff goes to an arbiter, who decides', async () => {
    const examId = await examOf([QuType.SAQ], { markMode: 2, markDiff: 2 });
    const w = await waitingPaper(examId);
    const [m1, m2, arb] = [await marker(), await marker(), await marker()];
    const item = must(await t.call<MarkDetail>(markApi.detail, { id: w.paperId }, m1)).itemList[0]!.paperQuId;
    must(await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 2 }] }, m1));
    expect(must(await t.call<{ state: number; needArbiter: boolean }>(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 9 }] }, m2))).toMatchObject({ state: 1, needArbiter: true });
    expect((await paperRow(w.paperId)).state).toBe(1);
    await t.events.settle();
    expect(await markedEvents(w.paperId)).toEqual([]);
    // Neither blind marker may arbitrate.
    expect((await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 5 }] }, m2)).code).toBe(20050002);
    const d = must(await t.call<MarkDetail>(markApi.detail, { id: w.paperId }, arb));
    expect(d.markStep).toBe(3);
    expect(d.itemList[0]!.otherMarks.map((m) => m.score).sort()).toEqual([2, 9]);
    expect(must(await t.call<{ state: number; step: number }>(markApi.save, { id: w.paperId, items: [{ paperQuId: item, score: 5, comment: '仲裁' }] }, arb))).toMatchObject({ state: 2, step: 3 });
    expect(await paperRow(w.paperId)).toMatchObject({ state: 2, userScore: 5 });
    const final = await t.db.selectFrom('el_paper_mark').selectAll().where('paperId', '=', w.paperId).where('step', '=', 0).executeTakeFirstOrThrow();
    const arbiterRow = await t.db.selectFrom('el_paper_mark').selectAll().where('paperId', '=', w.paperId).where('step', '=', 3).executeTakeFirstOrThrow();
    expect(final).toMatchObject({ score: 5, markerId: arbiterRow.markerId });
    await t.events.settle();
    expect(await markedEvents(w.paperId)).toEqual([expect.objectContaining({ userScore: 5 })]);
  });

  it('honours the data scope: an administrator limited to his department sees and marks only its papers', async () => {
    const examId = await examOf([QuType.SAQ]);
    const w = await waitingPaper(examId); // learners register into A01
    const role = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('阅卷员'), roleLevel: 5, roleType: 2, dataScope: 1 }, admin)).id;
    const tree = flat(must(await t.call<MenuNode[]>(menuApi.tree, {}, admin)));
    must(await t.call(roleApi.saveMenus, { id: role, menuIds: [tree.find((m) => m.permission === PaperPerm.MARK)!.id] }, admin));
    const other = must(await t.call<{ deptCode: string }>(departApi.save, { deptName: uniq('阅卷外部') }, admin)).deptCode;
    expect(other.startsWith('A01')).toBe(false);
    const outside = await marker(other, [role]);
    expect(must(await t.call<{ records: MarkRecord[] }>(markApi.paging, { params: { examId } }, outside)).records).toEqual([]);
    expect((await t.call(markApi.detail, { id: w.paperId }, outside)).code).toBe(10010003);
    expect((await t.call(markApi.save, { id: w.paperId, items: [{ paperQuId: newId(), score: 1 }] }, outside)).code).toBe(10010003);
    const inside = await marker('A01', [role]);
    expect(must(await t.call<{ records: MarkRecord[] }>(markApi.paging, { params: { examId } }, inside)).records.map((r) => r.id)).toEqual([w.paperId]);
  });
});
