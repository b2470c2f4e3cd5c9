/**
 * The wrong book (issue 9), on a real database: fed once per marked paper even when `paper.marked`
 * is delivered again, never from exams that do not publish their answers, practice with /next
 * (no answers) and /check (isRight and analysis), /delete and the list limited to the caller's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuType } from '@kaopei/contracts';
import { BookSource, bookApi, type BookCheck, type BookNext, type BookRecord } from '@kaopei/contracts/book';
import { paperApi, type PaperDetail, type PaperQuDetail } from '@kaopei/contracts/paper';
import { newId } from '../../lib/ids';
import { testApp, type TestApp } from '../../test/app';
import { createExam, createQu, createRepo, examBody, must, uniq } from '../../test/builders';

let t: TestApp;
let admin: string;
let repoId: string;

beforeAll(async () => {
  t = await testApp();
  admin = await t.login();
  repoId = await createRepo(t, admin, uniq('错题本'));
  // Two single-choice questions: option 选项A is right (test/builders defaultOptions).
  await createQu(t, admin, repoId, QuType.SINGLE, { analysis: '第一题解析' });
  await createQu(t, admin, repoId, QuType.SINGLE, { analysis: '第二题解析' });
});
afterAll(async () => {
  await t?.close();
});

/** An exam of both questions of the bank, with result display `resultShow`. */
async function examOf(resultShow: number): Promise<string> {
  const id = await createExam(t, admin, examBody(repoId, { ruleList: [{ repoId, quType: QuType.SINGLE, quCount: 2, quScore: 5 }], qualifyScore: 5 }));
  await t.db.updateTable('el_exam').set({ resultShow }).where('id', '=', id).execute();
  return id;
}

/** Sits an exam answering the first question wrong (选项B) and the second right (选项A), hands in; answers the paper id and the question ids in order. */
async function sit(token: string, examId: string): Promise<{ paperId: string; wrongQu: string; rightQu: string }> {
  const { id: paperId } = must(await t.call<{ id: string }>(paperApi.createPaper, { examId }, token));
  const card = must(await t.call<PaperDetail>(paperApi.paperDetail, { id: paperId }, token));
  const [first, second] = card.groupList.flatMap((g) => g.quList).map((q) => q.quId);
  for (const [quId, pick] of [[first!, '选项B'], [second!, '选项A']] as const) {
    const d = must(await t.call<PaperQuDetail>(paperApi.quDetail, { paperId, quId }, token));
    must(await t.call(paperApi.fillAnswer, { paperId, quId, answers: [d.answerList.find((o) => o.content === pick)!.id] }, token));
  }
  must(await t.call(paperApi.handExam, { id: paperId }, token));
  await t.events.settle();
  return { paperId, wrongQu: first!, rightQu: second! };
}

const book = async (token: string, examId?: string) => must(await t.call<{ records: BookRecord[]; total: number }>(bookApi.paging, { current: 1, size: 50, params: examId ? { examId } : {} }, token));

describe('feeding the wrong book', () => {
  it('records the wrong answers of a marked paper once, even when paper.marked is delivered again', async () => {
    const u = await t.newLearner();
    const examId = await examOf(3);
    const { paperId, wrongQu } = await sit(u.token, examId);
    const first = await book(u.token, examId);
    expect(first.records).toEqual([expect.objectContaining({ examId, quId: wrongQu, quType: QuType.SINGLE, wrongCount: 1, rightStreak: 0 })]);

    // The event delivered again (a dispatcher died after queueing): nothing is counted twice.
    const paper = await t.db.selectFrom('el_paper').selectAll().where('id', '=', paperId).executeTakeFirstOrThrow();
    const event = { paperId, userId: u.userId, examId, examTitle: paper.title, userScore: paper.userScore, totalScore: paper.totalScore, qualifyScore: paper.qualifyScore, passed: paper.passed === 1, handTime: paper.handTime ?? 0 };
    await Promise.all([t.services.book.onPaperMarked(event), t.services.book.onPaperMarked(event)]);
    await t.services.book.onPaperMarked(event);
    expect((await book(u.token, examId)).records).toEqual(first.records);
    const logs = await t.db.selectFrom('el_user_book_log').select('quId').where('refId', '=', paperId).execute();
    expect(logs).toHaveLength(2);

    // A second attempt with the same mistake counts it again; the right one stays out of the book.
    await sit(u.token, examId);
    expect((await book(u.token, examId)).records).toEqual([expect.objectContaining({ quId: wrongQu, wrongCount: 2, rightStreak: 0 })]);
  });

  it('is not fed from exams that show the score only or the thanks text (the book would publish the answers)', async () => {
    const u = await t.newLearner();
    for (const show of [1, 2]) await sit(u.token, await examOf(show));
    expect((await book(u.token)).total).toBe(0);
    expect(await t.db.selectFrom('el_user_book_log').select('id').where('userId', '=', u.userId).execute()).toEqual([]);
  });
});

describe('record (other sources, e.g. training one question at a time)', () => {
  it('counts each question of a record once, however often and in whatever batches it is fed', async () => {
    const u = await t.newLearner();
    const scope = newId();
    const [q1, q2] = [newId(), newId()];
    const feed = (items: { quId: string; isRight: boolean }[]) => t.services.book.record({ userId: u.userId, examId: scope, source: BookSource.TRAIN, refId: 'train-1', items: items.map((i) => ({ ...i, quType: QuType.SINGLE })) });
    expect(await feed([{ quId: q1, isRight: false }])).toBe(true);
    expect(await feed([{ quId: q2, isRight: false }])).toBe(true); // same record, another question
    expect(await feed([{ quId: q1, isRight: false }, { quId: q2, isRight: false }])).toBe(false); // redelivered
    const rows = await t.db.selectFrom('el_user_book').select(['quId', 'wrongCount']).where('userId', '=', u.userId).orderBy('quId').execute();
    expect(rows).toEqual([{ quId: q1, wrongCount: 1 }, { quId: q2, wrongCount: 1 }].sort((a, b) => a.quId.localeCompare(b.quId)));
    // Another record counts q2 again: it leads the wrong questions.
    await t.services.book.record({ userId: u.userId, examId: scope, source: BookSource.TRAIN, refId: 'train-2', items: [{ quId: q2, quType: QuType.SINGLE, isRight: false }] });
    expect(await t.services.book.wrongQuIds(u.userId)).toEqual([q2, q1]);
  });
});

describe('record of a whole paper at once', () => {
  it('counts every question of one feed: known wrong and right ones, new wrong ones added, new right ones left out', async () => {
    const u = await t.newLearner();
    const scope = newId();
    const [known1, known2, known3, fresh1, fresh2, freshRight] = Array.from({ length: 6 }, () => newId());
    const feed = (refId: string, items: [string, boolean][]) =>
      t.services.book.record({ userId: u.userId, examId: scope, source: BookSource.EXAM, refId, items: items.map(([quId, isRight]) => ({ quId, quType: QuType.MULTI, isRight })) });
    await feed('paper-1', [[known1, false], [known2, false], [known3, false]]);
    // The second paper: known1 right again, known2 wrong again, known3 right, two new wrong, one new right.
    await feed('paper-2', [[known1, true], [known2, false], [known3, true], [fresh1, false], [fresh2, false], [freshRight, true]]);
    await feed('paper-3', [[known1, true]]);
    const rows = await t.db.selectFrom('el_user_book').select(['quId', 'quType', 'wrongCount', 'rightStreak', 'source']).where('userId', '=', u.userId).execute();
    const byQu = new Map(rows.map((r) => [r.quId, r]));
    expect(rows).toHaveLength(5);
    expect(byQu.get(known1)).toMatchObject({ wrongCount: 1, rightStreak: 2 });
    expect(byQu.get(known2)).toMatchObject({ wrongCount: 2, rightStreak: 0 });
    expect(byQu.get(known3)).toMatchObject({ wrongCount: 1, rightStreak: 1 });
    expect(byQu.get(fresh1)).toMatchObject({ wrongCount: 1, rightStreak: 0, quType: QuType.MULTI, source: BookSource.EXAM });
    expect(byQu.get(fresh2)).toMatchObject({ wrongCount: 1, rightStreak: 0 });
    expect(byQu.has(freshRight)).toBe(false);
    // A wrong answer after right ones puts the streak back to 0.
    await feed('paper-4', [[known1, false]]);
    expect(await t.db.selectFrom('el_user_book').select(['wrongCount', 'rightStreak']).where('userId', '=', u.userId).where('quId', '=', known1).executeTakeFirst()).toEqual({ wrongCount: 2, rightStreak: 0 });
  });
});

describe('practising', () => {
  it('next shows the wrong question without answers; check answers isRight and the analysis and counts it', async () => {
    const u = await t.newLearner();
    const examId = await examOf(3);
    const { wrongQu } = await sit(u.token, examId);
    const next = must(await t.call<BookNext>(bookApi.next, { examId }, u.token))!;
    expect(next).toMatchObject({ index: 1, total: 1, wrongCount: 1, rightStreak: 0, qu: { quId: wrongQu, quType: QuType.SINGLE } });
    expect(JSON.stringify(next)).not.toMatch(/isRight|analysis|解析/);
    // After the last question comes the first again.
    expect(must(await t.call<BookNext>(bookApi.next, { examId, quId: wrongQu }, u.token))!.qu.quId).toBe(wrongQu);

    const pick = (content: string) => [next.qu.answerList.find((o) => o.content === content)!.id];
    const wrong = must(await t.call<BookCheck>(bookApi.check, { examId, quId: wrongQu, answers: pick('选项C') }, u.token));
    expect(wrong).toMatchObject({ isRight: false, wrongCount: 2, rightStreak: 0, qu: { analysis: '第一题解析', isRight: false } });
    expect(wrong.qu.answerList.filter((o) => o.isRight).map((o) => o.content)).toEqual(['选项A']);
    expect(wrong.qu.answerList.filter((o) => o.checked).map((o) => o.content)).toEqual(['选项C']);
    const right = must(await t.call<BookCheck>(bookApi.check, { examId, quId: wrongQu, answers: pick('选项A') }, u.token));
    expect(right).toMatchObject({ isRight: true, wrongCount: 2, rightStreak: 1 });
    expect((await book(u.token, examId)).records).toEqual([expect.objectContaining({ wrongCount: 2, rightStreak: 1 })]);
  });

  it('checks only questions of the caller\'s own book, and is closed while a paper is in progress', async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    const examId = await examOf(3);
    const { wrongQu } = await sit(a.token, examId);
    expect((await t.call(bookApi.check, { examId, quId: wrongQu, answers: [] }, b.token)).code).toBe(20070002);
    expect(must(await t.call<BookNext>(bookApi.next, { examId }, b.token))).toBeNull();
    must(await t.call(paperApi.createPaper, { examId }, a.token));
    expect((await t.call(bookApi.next, { examId }, a.token)).code).toBe(20070001);
    expect((await t.call(bookApi.check, { examId, quId: wrongQu, answers: [] }, a.token)).code).toBe(20070001);
  });
});

describe('the list and delete', () => {
  it('lists only the caller\'s own entries and deletes only those', async () => {
    const a = await t.newLearner();
    const b = await t.newLearner();
    const examId = await examOf(3);
    await sit(a.token, examId);
    await sit(b.token, examId);
    const mine = (await book(a.token, examId)).records;
    const theirs = (await book(b.token, examId)).records;
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    expect(mine[0]!.id).not.toBe(theirs[0]!.id);
    // B cannot delete A's entry, not even together with his own: nothing is removed.
    expect((await t.call(bookApi.delete, { ids: [mine[0]!.id, theirs[0]!.id] }, b.token)).code).toBe(10010003);
    expect((await book(a.token, examId)).total).toBe(1);
    expect((await book(b.token, examId)).total).toBe(1);
    must(await t.call(bookApi.delete, { ids: [mine[0]!.id] }, a.token));
    expect((await book(a.token, examId)).total).toBe(0);
    expect((await book(b.token, examId)).total).toBe(1);
  });
});
