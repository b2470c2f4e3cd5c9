/**
 * API tests of question-bank training (issue 10): drawing per mode, memorise, continue and clear,
 * one count per checked question, ownership, the learner's bank list, statistics and export, and a
 * training on the real bank yf-v2-demo (../shared/data; skipped with a message when absent).
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonError, QuType } from '@kaopei/contracts';
import { repoApi, type RepoRecord } from '@kaopei/contracts/repo';
import { TrainError, trainApi, type TrainCard, type TrainCheckRes, type TrainOverview, type TrainQuDetail, type TrainRecord, type TrainStat } from '@kaopei/contracts/train';
import type { Page } from '@kaopei/contracts';
import { DataScope, roleApi } from '@kaopei/contracts/sys-role';
import type { AuthUser } from '../../platform/auth';
import { testApp, type TestApp } from '../../test/app';
import { createQu, createRepo, importXlsx, must, uniq } from '../../test/builders';
import { hasSharedData, sharedDataPath } from '../../test/shared-data';

let t: TestApp;
let admin: string;
let repoId: string;
let c1: string;
let c2: string;
/** Questions: q1 single in c2, q2 multiple in c1, q3 true/false of no chapter, q4 single in c1. */
const q: Record<string, string> = {};

const chapter = async (title: string) => must(await t.call<{ id: string }>(repoApi.chapterSave, { repoId, title }, admin)).id;
const start = (token: string, body: Record<string, unknown>) => t.call<TrainRecord>(trainApi.start, { repoId, clear: false, ...body }, token);
const card = async (token: string, id: string) => must(await t.call<TrainCard>(trainApi.card, { id }, token));
const rightOptions = async (quId: string) => (await t.db.selectFrom('el_qu_answer').select(['id', 'isRight']).where('quId', '=', quId).orderBy('sort').execute());
/** Checks `quId` with its right options (`right`) or its first wrong one. */
async function answer(token: string, trainId: string, quId: string, right: boolean) {
  const opts = await rightOptions(quId);
  const answers = right ? opts.filter((o) => o.isRight === 1).map((o) => o.id) : [opts.find((o) => o.isRight === 0)!.id];
  return t.call<TrainCheckRes>(trainApi.check, { trainId, quId, answers }, token);
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = await createRepo(t, admin, uniq('训练题库'));
  c1 = await chapter('第一章');
  c2 = await chapter('第二章');
  q.q1 = await createQu(t, admin, repoId, QuType.SINGLE, { chapterId: c2 });
  q.q2 = await createQu(t, admin, repoId, QuType.MULTI, { chapterId: c1 });
  q.q3 = await createQu(t, admin, repoId, QuType.JUDGE);
  q.q4 = await createQu(t, admin, repoId, QuType.SINGLE, { chapterId: c1 });
});
afterAll(async () => {
  await t?.close();
});

describe('drawing by mode', () => {
  it('mode 1 draws every live top-level question in chapter order, then question order, no chapter last', async () => {
    const { token } = await t.newLearner();
    const rec = must(await start(token, { mode: 1 }));
    expect(rec).toMatchObject({ mode: 1, mode_dictText: '顺序练习', totalCount: 4, answerCount: 0, rightCount: 0, percent: 0, state: 0, repoId });
    expect((await card(token, rec.id)).quList.map((x) => x.quId)).toEqual([q.q2, q.q4, q.q1, q.q3]);
  });

  it('mode 2 draws the same questions (in any order)', async () => {
    const { token } = await t.newLearner();
    const rec = must(await start(token, { mode: 2 }));
    expect((await card(token, rec.id)).quList.map((x) => x.quId).sort()).toEqual(Object.values(q).sort());
  });

  it('mode 4 draws one type only and needs the type; mode 6 one chapter only and needs the chapter', async () => {
    const { token } = await t.newLearner();
    const singles = must(await start(token, { mode: 4, quType: QuType.SINGLE }));
    expect((await card(token, singles.id)).quList.map((x) => x.quId)).toEqual([q.q4, q.q1]);
    expect((await start(token, { mode: 4 })).code).toBe(CommonError.BAD_PARAMS.code);
    const ch = must(await start(token, { mode: 6, chapterId: c1 }));
    expect((await card(token, ch.id)).quList.map((x) => x.quId)).toEqual([q.q2, q.q4]);
    expect((await start(token, { mode: 6 })).code).toBe(CommonError.BAD_PARAMS.code);
    // A type with no question draws nothing.
    expect((await start(token, { mode: 4, quType: QuType.FILL })).code).toBe(TrainError.NO_QUESTIONS.code);
    // Wrong-question mode with an empty wrong book: nothing to draw.
    expect((await start(token, { mode: 5 })).code).toBe(TrainError.NO_QUESTIONS.code);
  });

  it('mode 5 draws exactly the questions answered wrong; two right answers in a row there take one out of the wrong book', async () => {
    const { token, userId } = await t.newLearner();
    const first = must(await start(token, { mode: 1 }));
    must(await answer(token, first.id, q.q2, false));
    must(await answer(token, first.id, q.q1, false));
    must(await answer(token, first.id, q.q4, true));
    await t.events.settle();
    const inBook = async () => (await t.db.selectFrom('el_user_book').select(['quId', 'wrongCount', 'rightStreak']).where('userId', '=', userId).orderBy('quId').execute());
    expect(await inBook()).toEqual([q.q1, q.q2].sort().map((quId) => ({ quId, wrongCount: 1, rightStreak: 0 })));

    const wrong1 = must(await start(token, { mode: 5 }));
    expect((await card(token, wrong1.id)).quList.map((x) => x.quId).sort()).toEqual([q.q1, q.q2].sort());
    must(await answer(token, wrong1.id, q.q1, true));
    must(await answer(token, wrong1.id, q.q2, false));
    await t.events.settle();
    expect(await inBook()).toEqual(
      [{ quId: q.q1, wrongCount: 1, rightStreak: 1 }, { quId: q.q2, wrongCount: 2, rightStreak: 0 }].sort((a, b) => (a.quId < b.quId ? -1 : 1)),
    );
    // The same check again (a retry) counts nothing more.
    must(await answer(token, wrong1.id, q.q1, true));
    await t.events.settle();
    expect((await inBook()).find((r) => r.quId === q.q1)?.rightStreak).toBe(1);

    const wrong2 = must(await start(token, { mode: 5, clear: true }));
    must(await answer(token, wrong2.id, q.q1, true));
    await t.events.settle();
    expect((await inBook()).map((r) => r.quId)).toEqual([q.q2]);
    const wrong3 = must(await start(token, { mode: 5, clear: true }));
    expect((await card(token, wrong3.id)).quList.map((x) => x.quId)).toEqual([q.q2]);
  });
});

describe('answering', () => {
  it('before checking the question has no right answer; checking grades it, shows the analysis and counts it once', async () => {
    const { token } = await t.newLearner();
    const rec = must(await start(token, { mode: 1 }));
    const before = must(await t.call<TrainQuDetail>(trainApi.quDetail, { trainId: rec.id, quId: q.q4, mode: 1 }, token));
    expect(before.checked).toBe(false);
    expect(before.result).toBeNull();
    expect(JSON.stringify(before.qu)).not.toMatch(/isRight|analysis|解析/);
    const wrong = must(await answer(token, rec.id, q.q4, false));
    expect(wrong.result).toMatchObject({ quId: q.q4, isRight: false, answered: true, analysis: '解析' });
    expect(wrong.result.answerList.map((o) => o.isRight)).toEqual([true, false, false, false]);
    expect(wrong.record).toMatchObject({ answerCount: 1, rightCount: 0, percent: 0 });
    // Checked again (double click, retry), with another answer: nothing changes.
    const again = must(await answer(token, rec.id, q.q4, true));
    expect(again.result.isRight).toBe(false);
    expect(again.record).toMatchObject({ answerCount: 1, rightCount: 0 });
    // Two checks at once: one count.
    const both = await Promise.all([answer(token, rec.id, q.q2, true), answer(token, rec.id, q.q2, true)]);
    expect(both.map((r) => r.code)).toEqual([0, 0]);
    const after = must(await t.call<TrainRecord>(trainApi.detail, { id: rec.id }, token));
    expect(after).toMatchObject({ answerCount: 2, rightCount: 1, percent: 50, totalCount: 4, state: 0 });
    const detail = must(await t.call<TrainQuDetail>(trainApi.quDetail, { trainId: rec.id, quId: q.q2 }, token));
    expect(detail).toMatchObject({ checked: true, qu: null, result: { isRight: true, analysis: '解析' } });
    // A saved answer of an unchecked question comes back in the learner's shape.
    const [opt] = await rightOptions(q.q1);
    expect(must(await t.call(trainApi.fill, { trainId: rec.id, quId: q.q1, answers: [opt!.id] }, token))).toEqual({ quId: q.q1, answered: true });
    const saved = must(await t.call<TrainQuDetail>(trainApi.quDetail, { trainId: rec.id, quId: q.q1 }, token));
    expect(saved.qu?.answerList.map((o) => o.checked)).toEqual([true, false, false, false]);
    // Checking with no answer fields grades the saved answer.
    expect(must(await t.call<TrainCheckRes>(trainApi.check, { trainId: rec.id, quId: q.q1 }, token)).result.isRight).toBe(true);
    const fin = must(await t.call<TrainRecord>(trainApi.finish, { id: rec.id }, token));
    expect(fin).toMatchObject({ state: 1, answerCount: 3, rightCount: 2, percent: 67 });
    expect((await answer(token, rec.id, q.q3, true)).code).toBe(TrainError.ENDED.code);
  });

  it('memorise (mode 3) shows answers and analysis at once and never records a score', async () => {
    const { token } = await t.newLearner();
    const rec = must(await start(token, { mode: 3 }));
    const shown = must(await t.call<TrainQuDetail>(trainApi.quDetail, { trainId: rec.id, quId: q.q2 }, token));
    expect(shown).toMatchObject({ checked: true, qu: null, result: { analysis: '解析', isRight: false } });
    expect(shown.result!.answerList.map((o) => o.isRight)).toEqual([true, true, false, false]);
    const res = must(await answer(token, rec.id, q.q2, true));
    expect(res.result.isRight).toBe(false);
    expect(res.record).toMatchObject({ answerCount: 1, rightCount: 0, percent: 0 });
    expect((await card(token, rec.id)).quList.find((x) => x.quId === q.q2)).toMatchObject({ answered: true, isRight: false });
    expect(await t.db.selectFrom('el_train').select(['rightCount', 'percent']).where('id', '=', rec.id).executeTakeFirst()).toEqual({ rightCount: 0, percent: 0 });
  });
});

describe('the other question types', () => {
  it('fill blank, short answer (by keywords), matching and combined are graded with the exam rules', async () => {
    const bank = await createRepo(t, admin, uniq('题型'));
    const fill = await createQu(t, admin, bank, QuType.FILL, { content: '首都是____', answerList: [{ answer: '北京|Beijing' }], blankOpts: { ignoreCase: true, fullHalf: true, anyOrder: false } });
    const saq = await createQu(t, admin, bank, QuType.SAQ, { answerList: [], answer: '参考答案', keywords: [{ word: '安全', score: 1 }, { word: '第一', score: 1 }] });
    const saqFree = await createQu(t, admin, bank, QuType.SAQ, { answerList: [], answer: '无关键词的参考答案' });
    const match = await createQu(t, admin, bank, QuType.MATCH, { content: '配对', answerList: [{ content: '青蛙', answer: '两栖动物' }, { content: '猫', answer: '哺乳动物' }] });
    const mix = await createQu(t, admin, bank, QuType.MIX, {
      content: '阅读材料', answerList: [],
      subList: [
        { quType: QuType.SINGLE, content: '小题一', answerList: [{ content: '对的', isRight: true }, { content: '错的', isRight: false }] },
        { quType: QuType.FILL, content: '小题二 ____', answerList: [{ answer: 'owl' }], blankOpts: { ignoreCase: true, fullHalf: false, anyOrder: false } },
      ],
    });
    const { token } = await t.newLearner();
    const rec = must(await t.call<TrainRecord>(trainApi.start, { repoId: bank, mode: 1 }, token));
    const check = async (body: Record<string, unknown>) => must(await t.call<TrainCheckRes>(trainApi.check, { trainId: rec.id, ...body }, token));
    expect((await check({ quId: fill, blanks: ['BEIJING'] })).result).toMatchObject({ isRight: true, rightBlanks: [['北京', 'Beijing']] });
    expect((await check({ quId: saq, answer: '安全第一' })).result).toMatchObject({ isRight: true, refAnswer: '参考答案' });
    expect((await check({ quId: saqFree, answer: '我的回答' })).result).toMatchObject({ isRight: false, answered: true, refAnswer: '无关键词的参考答案' });
    const m = must(await t.call<TrainQuDetail>(trainApi.quDetail, { trainId: rec.id, quId: match }, token)).qu!;
    const [frog, cat] = m.answerList;
    expect((await check({ quId: match, pairs: { [frog!.id]: '两栖动物', [cat!.id]: '两栖动物' } })).result).toMatchObject({ isRight: false, rightPairs: { [frog!.id]: '两栖动物', [cat!.id]: '哺乳动物' } });
    const d = must(await t.call<TrainQuDetail>(trainApi.quDetail, { trainId: rec.id, quId: mix }, token)).qu!;
    expect(d.subList).toHaveLength(2);
    const [s1, s2] = d.subList;
    const right = s1!.answerList.find((o) => o.content === '对的')!.id;
    const res = await check({ quId: mix, subList: [{ quId: s1!.quId, answers: [right] }, { quId: s2!.quId, blanks: ['OWL'] }] });
    expect(res.result.isRight).toBe(true);
    expect(res.result.subList.map((x) => x.isRight)).toEqual([true, true]);
    expect(res.record).toMatchObject({ totalCount: 5, answerCount: 5, rightCount: 3, percent: 60 });
  });
});

describe('continue and clear', () => {
  it('an unfinished record continues where it stopped; clear ends it and starts anew; two starts at once make one record', async () => {
    const { token, userId } = await t.newLearner();
    const rec = must(await start(token, { mode: 1 }));
    await answer(token, rec.id, q.q2, true);
    const again = must(await start(token, { mode: 1 }));
    expect(again.id).toBe(rec.id);
    const c = await card(token, again.id);
    expect(c.quList.map((x) => x.answered)).toEqual([true, false, false, false]);
    // The web resumes at the first unanswered question.
    expect(c.quList.find((x) => !x.answered)?.quId).toBe(q.q4);
    // Another mode is another record.
    expect(must(await start(token, { mode: 2 })).id).not.toBe(rec.id);
    const fresh = must(await start(token, { mode: 1, clear: true }));
    expect(fresh.id).not.toBe(rec.id);
    expect(must(await t.call<TrainRecord>(trainApi.detail, { id: rec.id }, token)).state).toBe(1);
    expect((await card(token, fresh.id)).quList.every((x) => !x.answered)).toBe(true);
    const racing = await Promise.all([start(token, { mode: 6, chapterId: c1 }), start(token, { mode: 6, chapterId: c1 })]);
    expect(racing[0]!.data!.id).toBe(racing[1]!.data!.id);
    const open = await t.db.selectFrom('el_train').select('id').where('userId', '=', userId).where('state', '=', 0).execute();
    expect(open).toHaveLength(3); // modes 1, 2 and 6
    // The history: newest first, 5 per page.
    const page = must(await t.call<Page<TrainRecord>>(trainApi.paging, { current: 1, size: 5, params: { repoId } }, token));
    expect(page.total).toBe(4);
    expect(page.records[0]!.id).toBe(racing[0]!.data!.id);
  });

  it("refuses another learner's record on every call", async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    const rec = must(await start(a.token, { mode: 1 }));
    const calls: [Parameters<TestApp['call']>[0], unknown][] = [
      [trainApi.detail, { id: rec.id }],
      [trainApi.card, { id: rec.id }],
      [trainApi.quDetail, { trainId: rec.id, quId: q.q1 }],
      [trainApi.fill, { trainId: rec.id, quId: q.q1, answers: [] }],
      [trainApi.check, { trainId: rec.id, quId: q.q1, answers: [] }],
      [trainApi.finish, { id: rec.id }],
    ];
    for (const [ep, body] of calls) expect((await t.call(ep, body, b.token)).code).toBe(CommonError.NOT_FOUND.code);
    expect(must(await t.call<TrainRecord>(trainApi.detail, { id: rec.id }, a.token)).state).toBe(0);
  });
});

describe('banks for learners', () => {
  it('a learner lists and opens only the banks open for training; an admin sees them all', async () => {
    const { token } = await t.newLearner();
    const closed = must(await t.call<{ id: string }>(repoApi.save, { title: uniq('未开放'), isTrain: 0 }, admin)).id;
    const mine = must(await t.call<Page<RepoRecord>>(repoApi.paging, { current: 1, size: 1000, params: { isTrain: 0 } }, token));
    expect(mine.records.map((r) => r.id)).toContain(repoId);
    expect(mine.records.every((r) => r.isTrain === 1)).toBe(true);
    expect(mine.records.map((r) => r.id)).not.toContain(closed);
    const all = must(await t.call<Page<RepoRecord>>(repoApi.paging, { current: 1, size: 1000 }, admin));
    expect(all.records.map((r) => r.id)).toEqual(expect.arrayContaining([repoId, closed]));
    expect((await t.call(repoApi.detail, { id: closed }, token)).code).toBe(CommonError.NOT_FOUND.code);
    expect((await t.call(repoApi.detail, { id: closed }, admin)).code).toBe(0);
    expect(must(await t.call<RepoRecord>(repoApi.detail, { id: repoId }, token)).quCount).toBe(4);
    expect((await start(token, { repoId: closed, mode: 1 })).code).toBe(TrainError.NOT_OPEN.code);
    expect((await t.call(trainApi.overview, { repoId: closed }, token)).code).toBe(TrainError.NOT_OPEN.code);
    // The learner cannot change banks.
    expect((await t.call(repoApi.save, { title: uniq('学员') }, token)).code).toBe(CommonError.NO_PERMISSION.code);
  });

  it('the overview lists chapters and the last record of each mode', async () => {
    const { token } = await t.newLearner();
    const rec = must(await start(token, { mode: 2 }));
    const ov = must(await t.call<TrainOverview>(trainApi.overview, { repoId }, token));
    expect(ov).toMatchObject({ repoId, quCount: 4, chapterList: [{ id: c1, quCount: 2 }, { id: c2, quCount: 1 }] });
    expect(ov.modeList.map((m) => [m.mode, m.open, m.last?.id ?? null])).toEqual([[1, true, null], [2, true, rec.id], [3, true, null], [4, true, null], [5, true, null], [6, true, null]]);
  });
});

describe('statistics', () => {
  it('counts learners, answers and accuracy per question (memorise left out) and exports them as xlsx', async () => {
    const bank = await createRepo(t, admin, uniq('统计题库'));
    const s1 = await createQu(t, admin, bank, QuType.SINGLE);
    const s2 = await createQu(t, admin, bank, QuType.JUDGE);
    const a = await t.newLearner();
    const b = await t.newLearner();
    const ra = must(await t.call<TrainRecord>(trainApi.start, { repoId: bank, mode: 1 }, a.token));
    const rb = must(await t.call<TrainRecord>(trainApi.start, { repoId: bank, mode: 1 }, b.token));
    const rm = must(await t.call<TrainRecord>(trainApi.start, { repoId: bank, mode: 3 }, b.token));
    await answer(a.token, ra.id, s1, true);
    await answer(b.token, rb.id, s1, false);
    await answer(a.token, ra.id, s2, true);
    await answer(b.token, rm.id, s2, true);
    const stat = must(await t.call<TrainStat>(trainApi.stat, { repoId: bank }, admin));
    expect(stat).toMatchObject({ learnerCount: 2, trainCount: 2, answerCount: 3, rightCount: 2, percent: 67 });
    expect(stat.quList.map((x) => [x.quId, x.answerCount, x.rightCount, x.percent])).toEqual([[s1, 2, 1, 50], [s2, 1, 1, 100]]);
    expect((await t.call(trainApi.stat, { repoId: bank }, a.token)).code).toBe(CommonError.NO_PERMISSION.code);
    const res = await t.app.inject({ method: 'POST', url: trainApi.statExport.path, payload: { repoId: bank }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const ws = wb.getWorksheet('试题正确率')!;
    expect(ws.getRow(1).values).toEqual([undefined, '序号', '题型', '题目', '作答次数', '答对次数', '正确率(%)']);
    expect((ws.getRow(2).values as unknown[]).slice(4)).toEqual([2, 1, 50]);
    expect(wb.getWorksheet('训练统计')!.getRow(2).values).toEqual([undefined, '训练人数', 2]);
    // A role limited to its department sees only the records of learners of its subtree (learners register in A01).
    const roleId = must(await t.call<{ id: string }>(roleApi.save, { roleName: uniq('部门'), roleLevel: 1, roleType: 2, dataScope: DataScope.DEPT }, admin)).id;
    const scoped = (deptCode: string) => t.services.train.stat({ roleIds: [roleId], deptCode } as AuthUser, bank);
    expect(await scoped('A01A02')).toMatchObject({ learnerCount: 0, answerCount: 0 });
    expect((await scoped('A01A02')).quList.map((x) => x.answerCount)).toEqual([0, 0]);
    expect(await scoped('A01')).toMatchObject({ learnerCount: 2, answerCount: 3 });
  });
});

describe.skipIf(!hasSharedData())('training on the real bank yf-v2-demo (../shared/data)', () => {
  it('draws its 61 questions in order and grades right and wrong answers', async () => {
    const { result } = await importXlsx(t, admin, readFileSync(sharedDataPath('question-banks', 'yf-v2-demo.xlsx')), 'yf-v2-demo.xlsx');
    expect(result).toMatchObject({ imported: 61 });
    const bank = must(await t.call<Page<RepoRecord>>(repoApi.paging, { current: 1, size: 10, params: { title: '云帆演示题库' } }, admin)).records[0]!;
    const { token } = await t.newLearner();
    const rec = must(await t.call<TrainRecord>(trainApi.start, { repoId: bank.id, mode: 1 }, token));
    expect(rec.totalCount).toBe(61);
    const c = await card(token, rec.id);
    const pool = await t.db.selectFrom('el_qu').select('id').where('repoId', '=', bank.id).where('deleted', '=', 0).orderBy('sort').orderBy('id').execute();
    expect(c.quList.map((x) => x.quId)).toEqual(pool.map((p) => p.id));
    const multi = c.quList.find((x) => x.quType === QuType.MULTI)!;
    expect(must(await answer(token, rec.id, multi.quId, true)).result.isRight).toBe(true);
    expect(must(await answer(token, rec.id, c.quList[0]!.quId, false)).record).toMatchObject({ answerCount: 2, rightCount: 1, percent: 50 });
  });
});
if (!hasSharedData()) console.warn('train.test.ts: ../shared/data absent, the yf-v2-demo training test is skipped');
