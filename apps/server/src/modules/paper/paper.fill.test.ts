/**
 * fill-answer's write (paper.repository.ts `fillOpenAll`, issue 9 "Scale"), on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL (one statement for all answers there from MERGE_FROM answers, one per
 * answer below): each answer is stored only
 * while its own paper is open for it (owner, state, deadline plus grace at the answer's time);
 * several answers to one question end as if stored one after another (the last one's answer and
 * marks, the first answered time kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { testApp, type TestApp } from '../../test/app';
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

const GRACE = 5000;
const T = 1_800_000_000_000;

/** A paper of one choice question (options a, b) and one short-answer question, deadline `limitTime`. */
async function paper(limitTime: number, state = 0) {
  const row = paperRow(limitTime, { state });
  const qu = (quType: number, sort: number): ElPaperQuTable => ({
    id: newId(), paperId: row.id, groupId: '', quId: newId(), parentId: '', quType, sort, score: 10, answered: 0, mark: 0, isRight: 0, actualScore: 0, answer: '',
  });
  const choice = qu(1, 1);
  const text = qu(4, 2);
  const options: ElPaperQuAnswerTable[] = ['a', 'b'].map((abc, sort) => ({ id: newId(), paperId: row.id, quId: choice.quId, answerId: newId(), abc, sort, checked: 0, isRight: 0 }));
  await repo.insertPaper(t.db, row, [], [choice, text], options);
  const fill = (pq: ElPaperQuTable, at: number, f: { answer?: string; checked?: string[]; answered?: boolean }): repo.TimedFill => ({
    paperId: row.id, userId: row.userId, paperQuId: pq.id, quId: pq.quId, answer: f.answer ?? '', checked: f.checked, answered: f.answered ?? true, at,
  });
  const stored = async () => {
    const qus = new Map((await repo.qusOf(t.db, row.id)).map((q) => [q.id, q]));
    const marks = await t.db.selectFrom('el_paper_qu_answer').select(['abc', 'checked']).where('paperId', '=', row.id).orderBy('sort').execute();
    const { updateTime } = (await repo.findPaper(t.db, row.id))!;
    return { choice: qus.get(choice.id)!, text: qus.get(text.id)!, checked: marks.filter((m) => m.checked === 1).map((m) => m.abc), updateTime };
  };
  return { row, choice, text, options, fill, stored };
}

describe('fillOpenAll', () => {
  /** Eight answers to three papers; `write` stores them (all at once, or one call each). */
  async function scenario(write: (fills: repo.TimedFill[]) => Promise<boolean[]>) {
    const open = await paper(T + 3600_000);
    const due = await paper(T);
    const handed = await paper(T + 3600_000, 2);
    const [a, b] = open.options.map((o) => o.answerId);
    const fills = [
      open.fill(open.choice, T + 1, { checked: [a!] }),
      due.fill(due.choice, T + GRACE - 1, { checked: [due.options[1]!.answerId] }), // within the grace
      open.fill(open.choice, T + 2, { checked: [], answered: false }),
      due.fill(due.text, T + GRACE, { answer: 'late' }), // at the deadline plus grace: refused
      handed.fill(handed.text, T + 3, { answer: 'after hand-in' }),
      { ...open.fill(open.text, T + 4, { answer: 'not mine' }), userId: newId() },
      open.fill(open.choice, T + 5, { checked: [b!] }),
      open.fill(open.text, T + 6, { answer: '我的回答' }),
    ];
    expect(await write(fills)).toEqual([true, true, true, false, false, false, true, true]);

    // Three answers to one question: the last one's marks; first answered at T + 1, kept when cleared and answered again.
    expect(await open.stored()).toMatchObject({ checked: ['b'], choice: { answered: 1, answer: '', answerTime: T + 1 }, text: { answered: 1, answer: '我的回答', answerTime: T + 6 }, updateTime: T + 6 });
    expect(await due.stored()).toMatchObject({ checked: ['b'], choice: { answered: 1, answerTime: T + GRACE - 1 }, text: { answered: 0, answer: '', answerTime: 0 }, updateTime: T + GRACE - 1 });
    expect(await handed.stored()).toMatchObject({ checked: [], text: { answered: 0, answer: '' }, updateTime: 0 });
  }

  it('stores each answer while its own paper is open for it, and answers one flag per answer in order (all in one call)', async () => {
    expect(8).toBeGreaterThanOrEqual(repo.MERGE_FROM); // PostgreSQL: the statement for all
    await scenario((fills) => t.db.transaction().execute((trx) => repo.fillOpenAll(trx, t.config.dialect, fills, GRACE)));
  });

  it('ends the same when the answers come one call each (PostgreSQL: the statement per answer)', async () => {
    await scenario(async (fills) => {
      const open: boolean[] = [];
      for (const f of fills) open.push(...(await repo.fillOpenAll(t.db, t.config.dialect, [f], GRACE)));
      return open;
    });
  });

  it('answers all false and writes nothing when no paper is open', async () => {
    const due = await paper(T);
    const fills = [due.fill(due.choice, T + GRACE, { checked: [due.options[0]!.answerId] }), due.fill(due.text, T + GRACE + 1, { answer: 'x' })];
    expect(await repo.fillOpenAll(t.db, t.config.dialect, fills, GRACE)).toEqual([false, false]);
    expect(await due.stored()).toMatchObject({ checked: [], choice: { answered: 0 }, text: { answered: 0 }, updateTime: 0 });
    expect(await repo.fillOpenAll(t.db, t.config.dialect, [], GRACE)).toEqual([]);
  });
});
