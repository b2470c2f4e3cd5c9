/**
 * The hand-in's statements (paper.repository.ts, issue 9 "Scale"), on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: closeOpenPaper closes an open paper once and answers its row with
 * the hand-in time capped at the deadline; setQuGrades writes every question's own grade in one
 * UPDATE per 300 questions (distinct grades, more than one chunk); setGradesAndScore writes the grades
 * and the score together; the rows grading reads for a paper drawn on this process (the cached draw
 * plus answerStateOf) equal the stored rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { testApp, type TestApp } from '../../test/app';
import { gradingRows, PaperQuCache } from './paper.cache';
import type { ElPaperQuAnswerTable, ElPaperQuTable } from './paper.tables';
import * as repo from './paper.repository';
import { paperRow } from './paper.test-rows';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t?.close();
});

describe('closeOpenPaper', () => {
  it('closes an open paper once, answering its row as closed; the hand-in time is never after the deadline', async () => {
    const at = 1_800_000_000_000;
    const late = paperRow(at - 5000);
    const early = paperRow(at + 5000);
    await repo.insertPaper(t.db, late, [], [], []);
    await repo.insertPaper(t.db, early, [], [], []);

    const closedLate = await repo.closeOpenPaper(t.db, late.id, 2, at);
    expect(closedLate).toMatchObject({ id: late.id, userId: late.userId, examId: late.examId, state: 2, handTime: at - 5000, updateTime: at, qualifyScore: 60 });
    const closedEarly = await repo.closeOpenPaper(t.db, early.id, 2, at);
    expect(closedEarly).toMatchObject({ id: early.id, state: 2, handTime: at });

    // A second close (a double hand-in, the sweeper) does nothing and answers nothing.
    expect(await repo.closeOpenPaper(t.db, late.id, 2, at + 1)).toBeUndefined();
    expect(await repo.findPaper(t.db, late.id)).toMatchObject({ state: 2, handTime: at - 5000, updateTime: at });
    expect(await repo.closeOpenPaper(t.db, newId(), 2, at)).toBeUndefined();
  });
});

describe('setQuGrades', () => {
  it("writes each question's own grade, over several statements for a large paper, and leaves other papers alone", async () => {
    const paper = paperRow(Date.now() + 3600_000);
    const other = paperRow(Date.now() + 3600_000);
    const qu = (paperId: string, sort: number): ElPaperQuTable => ({
      id: newId(), paperId, groupId: '', quId: newId(), parentId: '', quType: 1, sort, score: 10, answered: 1, mark: 0, isRight: 0, actualScore: 0, answer: '',
    });
    const qus = Array.from({ length: 650 }, (_, i) => qu(paper.id, i));
    const others = Array.from({ length: 3 }, (_, i) => qu(other.id, i));
    await repo.insertPaper(t.db, paper, [], qus, []);
    await repo.insertPaper(t.db, other, [], others, []);

    const grades = qus.map((q, i) => ({ id: q.id, isRight: i % 3 === 0, actualScore: i % 11 }));
    await repo.setQuGrades(t.db, grades);

    const stored = new Map((await repo.qusOf(t.db, paper.id)).map((q) => [q.id, { isRight: q.isRight === 1, actualScore: q.actualScore }]));
    expect(grades.map((g) => stored.get(g.id))).toEqual(grades.map((g) => ({ isRight: g.isRight, actualScore: g.actualScore })));
    expect((await repo.qusOf(t.db, other.id)).map((q) => [q.isRight, q.actualScore])).toEqual([[0, 0], [0, 0], [0, 0]]);
  });
});

describe('setGradesAndScore', () => {
  it("writes a paper's grades and its score together (one statement on PostgreSQL), large papers too", async () => {
    for (const size of [7, 301]) {
      const paper = paperRow(Date.now() + 3600_000);
      const qus: ElPaperQuTable[] = Array.from({ length: size }, (_, i) => ({
        id: newId(), paperId: paper.id, groupId: '', quId: newId(), parentId: '', quType: 1, sort: i, score: 10, answered: 1, mark: 0, isRight: 0, actualScore: 0, answer: '',
      }));
      await repo.insertPaper(t.db, paper, [], qus, []);
      const grades = qus.map((q, i) => ({ id: q.id, isRight: i % 2 === 0, actualScore: i % 2 === 0 ? 10 : 0 }));
      await repo.setGradesAndScore(t.db, t.dialect, paper.id, grades, { userScore: 40, passed: false, state: 1 });
      const stored = await repo.qusOf(t.db, paper.id);
      expect(stored.map((q) => [q.isRight, q.actualScore]), `${size}`).toEqual(grades.map((g) => [g.isRight ? 1 : 0, g.actualScore]));
      expect(await repo.findPaper(t.db, paper.id), `${size}`).toMatchObject({ userScore: 40, passed: 0, state: 1 });
    }
  });
});

describe('answerStateOf and gradingRows', () => {
  it('give grading the same rows as reading them all: answers, chosen and right options, sub-questions', async () => {
    const paper = paperRow(Date.now() + 3600_000);
    const pq = (quType: number, answer: string, extra: Partial<ElPaperQuTable> = {}): ElPaperQuTable => ({
      id: newId(), paperId: paper.id, groupId: 'g', quId: newId(), parentId: '', quType, sort: 0, score: 5, answered: answer ? 1 : 0, mark: 0, isRight: 0, actualScore: 0, answer, ...extra,
    });
    const single = pq(1, '');
    const multi = pq(2, '', { score: 8 });
    const judge = pq(3, '');
    const saq = pq(4, '我的回答');
    const fill = pq(5, JSON.stringify(['北京', '']));
    const match = pq(6, JSON.stringify({ a: 'x' }));
    const mix = pq(99, '', { score: 10 });
    const sub1 = pq(1, '', { parentId: mix.id });
    const sub2 = pq(5, JSON.stringify(['上海']), { parentId: mix.id });
    const rows = [single, multi, judge, saq, fill, match, mix, sub1, sub2].map((r, i) => ({ ...r, sort: i + 1 }));
    const choice = (q: ElPaperQuTable, isRight: number, checked: number): ElPaperQuAnswerTable => ({
      id: newId(), paperId: paper.id, quId: q.quId, answerId: newId(), abc: 'A', sort: 0, checked, isRight,
    });
    const choices = [choice(single, 1, 1), choice(single, 0, 0), choice(multi, 1, 1), choice(multi, 1, 0), choice(multi, 0, 1), choice(judge, 0, 1), choice(judge, 1, 0), choice(sub1, 1, 0), choice(sub1, 0, 0)];
    await repo.insertPaper(t.db, paper, [], rows, choices);

    // The cache as create-paper primes it: the rows as drawn (no answer, nothing chosen).
    const cache = new PaperQuCache();
    cache.prime(paper, rows.map((r) => ({ ...r, answer: '', answered: 0 })), choices.map((c) => ({ ...c, checked: 0 })));
    const { answers, checked } = await repo.answerStateOf(t.db, t.dialect, paper.id);
    const fromCache = gradingRows(cache.peek(paper.id)!, answers, checked);

    const stored = await repo.qusOf(t.db, paper.id);
    expect(fromCache.pqs).toEqual(stored.map(({ id, quId, parentId, quType, score, answer }) => ({ id, quId, parentId, quType, score, answer })));
    const key = (c: Pick<ElPaperQuAnswerTable, 'quId' | 'checked' | 'isRight'>) => `${c.quId}:${c.checked}:${c.isRight}`;
    const storedChoices = await repo.answersOf(t.db, paper.id);
    expect(fromCache.choices.map(key).sort()).toEqual(storedChoices.map(key).sort());
    expect(fromCache.choices.filter((c) => c.checked === 1)).toHaveLength(4);
  });
});
