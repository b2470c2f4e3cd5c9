/**
 * The end check of a load run (bench/load.mts), on the database after the server stopped:
 * - every acknowledged fill-answer is stored: for each (paper, question), the options checked are
 *   those of the last acknowledged answer, or of an answer sent after it that failed in transport
 *   (it may have committed before its reply was lost);
 * - every paper is handed in (state 2) and exactly once: one `paper.marked` event per paper, and
 *   every acknowledged hand-exam answered state 2;
 * - every score equals a recomputation with the server's own grading (paper.answer.ts gradePaper)
 *   on the stored answers: the paper's userScore and each question's actualScore and isRight.
 */
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { groupBy } from '../../apps/server/src/lib/group';
import { gradePaper } from '../../apps/server/src/modules/paper/paper.answer';
import type { ElPaperQuAnswerTable, ElPaperQuTable } from '../../apps/server/src/modules/paper/paper.tables';
import { ADMIN_PASSWORD, type Target } from './server.mts';
import type { Crowd } from './learners.mts';
import path from 'node:path';

export interface CheckResult {
  papers: number;
  handedIn: number;
  /** Papers with zero or several `paper.marked` events. */
  notOnce: number;
  /** Papers whose stored score differs from the recomputation (paper or any question). */
  wrongScore: number;
  /** Acknowledged answers (last per question) checked, and those not stored. */
  answersChecked: number;
  answersLost: number;
  /** Acknowledged hand-exam answers that did not say state 2. */
  badHandAnswers: number;
  /** Papers handed in by the server (never sent by the crowd) that are handed in. */
  serverHandedIn: number;
  serverHandTotal: number;
  ok: boolean;
  examples: string[];
}

const key = (ids: string[]) => [...ids].sort().join(',');

/** Runs the checks on exam `c.examId`; `notSent`: the papers whose hand-in the crowd never sent. */
export async function checkRun(t: Target, c: Crowd, notSent: string[]): Promise<CheckResult> {
  const config = loadConfig({ DATA_DIR: t.dir, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent', KAOPEI_ADMIN_PASSWORD: ADMIN_PASSWORD, KAOPEI_DEMO: 'true', SWEEP_INTERVAL_MS: '600000', WEB_DIST: path.join(t.dir, 'none') });
  const { app, db, services } = await buildApp(config);
  const examples: string[] = [];
  const note = (s: string) => examples.length < 10 && examples.push(s);
  try {
    const papers = await db.selectFrom('el_paper').select(['id', 'state', 'userScore', 'qualifyScore', 'passed', 'examId']).where('examId', '=', c.examId).execute();
    const ids = new Set(papers.map((p) => p.id));
    const pqs = (await db.selectFrom('el_paper_qu').innerJoin('el_paper', 'el_paper.id', 'el_paper_qu.paperId').selectAll('el_paper_qu').where('el_paper.examId', '=', c.examId).orderBy('el_paper_qu.paperId').orderBy('el_paper_qu.sort').execute()) as ElPaperQuTable[];
    const choices = (await db
      .selectFrom('el_paper_qu_answer').innerJoin('el_paper', 'el_paper.id', 'el_paper_qu_answer.paperId').selectAll('el_paper_qu_answer')
      .where('el_paper.examId', '=', c.examId).orderBy('el_paper_qu_answer.paperId').orderBy('el_paper_qu_answer.quId').orderBy('el_paper_qu_answer.sort').execute()) as ElPaperQuAnswerTable[];
    const exam = await db.selectFrom('el_exam').select('partialCredit').where('id', '=', c.examId).executeTakeFirstOrThrow();
    const { qus, options } = await services.qu.load(db, [...new Set(pqs.map((q) => q.quId))]);
    const events = await db.selectFrom('sys_event').select('payload').where('type', '=', 'paper.marked').execute();
    const marked = new Map<string, number>();
    for (const e of events) {
      const id = (JSON.parse(e.payload) as { paperId: string }).paperId;
      if (ids.has(id)) marked.set(id, (marked.get(id) ?? 0) + 1);
    }
    const pqsBy = groupBy(pqs, (q) => q.paperId);
    const choicesBy = groupBy(choices, (a) => a.paperId);

    let handedIn = 0;
    let notOnce = 0;
    let wrongScore = 0;
    for (const p of papers) {
      if (p.state === 2) handedIn++;
      else note(`paper ${p.id} state ${p.state}`);
      if (marked.get(p.id) !== 1) {
        notOnce++;
        note(`paper ${p.id}: ${marked.get(p.id) ?? 0} paper.marked events`);
      }
      const mine = pqsBy.get(p.id) ?? [];
      const { grades, userScore } = gradePaper({ pqs: mine, choices: choicesBy.get(p.id) ?? [], qus, options, partialCredit: exam.partialCredit === 1 });
      const badQu = mine.filter((q) => {
        const g = grades.get(q.id);
        return !g || g.actualScore !== q.actualScore || (g.isRight ? 1 : 0) !== q.isRight;
      });
      if (userScore !== p.userScore || badQu.length) {
        wrongScore++;
        note(`paper ${p.id}: stored ${p.userScore}, recomputed ${userScore}, ${badQu.length} questions differ`);
      }
    }

    // Acknowledged answers: what is checked now must be the last acknowledged answer or a later one lost in transport.
    const checkedNow = new Map<string, string[]>();
    for (const a of choices) {
      if (a.checked !== 1) continue;
      const k = `${a.paperId}|${a.quId}`;
      checkedNow.set(k, [...(checkedNow.get(k) ?? []), a.answerId]);
    }
    let answersChecked = 0;
    let answersLost = 0;
    for (const [k, sent] of c.answers.byKey) {
      const lastOk = sent.map((s) => s.state).lastIndexOf('ok');
      if (lastOk < 0) continue;
      answersChecked++;
      const allowed = new Set(sent.slice(lastOk).map((s) => key(s.answers)));
      const stored = key(checkedNow.get(k) ?? []);
      if (!allowed.has(stored)) {
        answersLost++;
        note(`answer ${k}: stored [${stored}], acknowledged [${key(sent[lastOk]!.answers)}]`);
      }
    }
    const badHandAnswers = [...c.handStates.values()].flat().filter((s) => s !== 2).length;
    const byId = new Map(papers.map((p) => [p.id, p]));
    const serverHandedIn = notSent.filter((id) => byId.get(id)?.state === 2).length;
    const ok = handedIn === papers.length && notOnce === 0 && wrongScore === 0 && answersLost === 0 && badHandAnswers === 0 && papers.length > 0;
    return { papers: papers.length, handedIn, notOnce, wrongScore, answersChecked, answersLost, badHandAnswers, serverHandedIn, serverHandTotal: notSent.length, ok, examples };
  } finally {
    await app.close();
  }
}
