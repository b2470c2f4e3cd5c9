/**
 * What fill-answer checks an answer against, cached for the paper's life (issue 9 "Scale": "a paper's
 * question list cached for the paper's life"): the paper's owner, exam and draw time and, per
 * question id (`quId`), the el_paper_qu row's id and quType and, for a choice question, its option
 * ids (el_paper_qu_answer answer_id) and which of them are right; and every el_paper_qu row's grading
 * fields (id, quId, parentId, quType, score: hand-in then reads only the answers, `gradingRows`).
 * All of it is fixed when the paper is drawn and never changes afterwards, so an entry is
 * right on every server process and needs no invalidation; whether the paper is still open is NOT
 * cached (fill-answer's write checks it in the database, paper.repository.ts `fillOpenAll`).
 *
 * Entries are primed by create-paper after its commit, loaded (three reads, concurrent callers share
 * one load) on the first fill-answer of a paper drawn elsewhere or before a restart, dropped at
 * hand-in, and at most MAX_PAPERS are kept (least recently used dropped first).
 */
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db';
import { isChoiceType } from './paper.answer';
import type { ElPaperQuAnswerTable, ElPaperQuTable, ElPaperTable } from './paper.tables';
import * as repo from './paper.repository';

/** One question of a paper as fill-answer needs it. */
export interface PaperQuRef {
  /** el_paper_qu id. */
  id: string;
  quType: number;
  quId: string;
  /** Choice questions (1–3): the ids of the question's options in this paper. */
  optionIds?: ReadonlySet<string>;
  /** Choice questions: the option ids that are right (el_paper_qu_answer is_right 1). */
  rightIds?: ReadonlySet<string>;
}

/** An el_paper_qu row's fields that grading reads and that never change after the draw. */
export type DrawnQu = Pick<ElPaperQuTable, 'id' | 'quId' | 'parentId' | 'quType' | 'score'>;

/** A paper's owner, exam and draw time (createTime, epoch ms), and its questions by quId. */
export interface PaperQus {
  userId: string;
  examId: string;
  createTime: number;
  qus: ReadonlyMap<string, PaperQuRef>;
  /** Every el_paper_qu row of the paper, in paper order (sort). */
  rows: readonly DrawnQu[];
}

/** The fields of the paper row an entry keeps. */
type PaperHead = Pick<ElPaperTable, 'userId' | 'examId' | 'createTime'>;

/** Papers kept (5,000 learners in one exam take 5,000; each entry is a few KB). */
const MAX_PAPERS = 20_000;

/** Builds an entry from a paper's rows (create-paper's rows, or the ones read back; `pqs` in paper order). */
function entryOf(paper: PaperHead, pqs: DrawnQu[], choices: Pick<ElPaperQuAnswerTable, 'quId' | 'answerId' | 'isRight'>[]): PaperQus {
  const options = new Map<string, { ids: Set<string>; right: Set<string> }>();
  for (const c of choices) {
    let o = options.get(c.quId);
    if (!o) options.set(c.quId, (o = { ids: new Set(), right: new Set() }));
    o.ids.add(c.answerId);
    if (c.isRight === 1) o.right.add(c.answerId);
  }
  const qus = new Map<string, PaperQuRef>();
  for (const q of pqs) {
    if (qus.has(q.quId)) continue; // the first row of a quId, as findPaperQu answered
    const o = isChoiceType(q.quType) ? (options.get(q.quId) ?? { ids: new Set<string>(), right: new Set<string>() }) : undefined;
    qus.set(q.quId, { id: q.id, quType: q.quType, quId: q.quId, optionIds: o?.ids, rightIds: o?.right });
  }
  const rows = pqs.map(({ id, quId, parentId, quType, score }) => ({ id, quId, parentId, quType, score }));
  return { userId: paper.userId, examId: paper.examId, createTime: paper.createTime, qus, rows };
}

/**
 * A paper's rows as grading reads them (paper.answer.ts `PaperSnapshot` pqs and choices), from its
 * cached draw and the answers read at hand-in (repository `answerStateOf`): `answers` el_paper_qu
 * id → stored answer (rows not in it have ''), `checked` the chosen options as `quId + ' ' + answerId`.
 */
export function gradingRows(entry: PaperQus, answers: ReadonlyMap<string, string>, checked: ReadonlySet<string>) {
  const pqs = entry.rows.map((r) => ({ ...r, answer: answers.get(r.id) ?? '' }));
  const choices: Pick<ElPaperQuAnswerTable, 'quId' | 'checked' | 'isRight'>[] = [];
  for (const q of entry.qus.values()) {
    for (const id of q.optionIds ?? []) choices.push({ quId: q.quId, checked: checked.has(`${q.quId} ${id}`) ? 1 : 0, isRight: q.rightIds?.has(id) ? 1 : 0 });
  }
  return { pqs, choices };
}

export class PaperQuCache {
  private readonly cache: LRUCache<string, PaperQus, Executor>;

  constructor(max = MAX_PAPERS) {
    this.cache = new LRUCache<string, PaperQus, Executor>({
      max,
      fetchMethod: async (paperId, _stale, { context: db }) => {
        const [paper, pqs, choices] = await Promise.all([repo.findPaper(db, paperId), repo.qusOf(db, paperId), repo.answersOf(db, paperId)]);
        return paper ? entryOf(paper, pqs, choices) : undefined;
      },
    });
  }

  /** Paper `paperId`'s entry, read from `db` when not cached; undefined when there is no such paper. */
  async of(db: Executor, paperId: string): Promise<PaperQus | undefined> {
    return this.cache.fetch(paperId, { context: db });
  }

  /** Paper `paperId`'s entry when this process holds it; never reads the database. */
  peek(paperId: string): PaperQus | undefined {
    return this.cache.get(paperId);
  }

  /** Stores the entry of a paper just drawn (its rows as inserted). */
  prime(paper: PaperHead & { id: string }, pqs: ElPaperQuTable[], choices: ElPaperQuAnswerTable[]): void {
    this.cache.set(paper.id, entryOf(paper, pqs, choices));
  }

  /** Drops a paper that closed (its answers no longer change). */
  forget(paperId: string): void {
    this.cache.delete(paperId);
  }
}
