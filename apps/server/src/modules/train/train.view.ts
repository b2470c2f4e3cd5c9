/**
 * What a training question looks like and how it is graded (issue 10, SPEC §4 "Training
 * questions"). Pure functions over the question rows (module qu) and the record's question rows;
 * the rules are the exam's: the same answer encodings and the same graders (paper.answer.ts,
 * paper.scoring.ts), with a question worth 1 (training keeps right / wrong, no points).
 * - before a question is checked the learner gets exactly the exam's learner shape (`paperQuDetail`:
 *   no isRight, analysis, alternatives, pairs or reference answer);
 * - once checked (or in memorise mode) the result shape (`resultQu`);
 * - short answer (4): right when it has keywords and the answer holds every one; else not right.
 */
import { abcOf, QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import type { PaperSubQu, ResultSubQu } from '@kaopei/contracts/paper';
import type { TrainFillReq } from '@kaopei/contracts/train';
import {
  blanksOf,
  encodeAnswer,
  isAnswered,
  isChoiceType,
  leftItemsOf,
  parseBlanks,
  parsePairs,
  rightBlanksOf,
  rightItemsOf,
  rightPairsOf,
  type OptionRow,
  type QuRow,
} from '../paper/paper.answer';
import { gradeChoice, gradeCombined, gradeFillBlank, gradeMatching, keywordScore, parseKeywords, type Grade } from '../paper/paper.scoring';
import type { TrainQu } from './train.repository';

const bySort = (a: OptionRow, b: OptionRow) => a.sort - b.sort;

/** The chosen option ids of a choice question's stored answer (JSON array; anything else: none). */
export function parseChoices(stored: string): string[] {
  if (!stored.startsWith('[')) return [];
  try {
    const v: unknown = JSON.parse(stored);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** True when the stored answer of a question row counts as answered (something chosen or written). */
export function hasAnswer(row: TrainQu): boolean {
  return isAnswered(row.quType, isChoiceType(row.quType) ? parseChoices(row.answer).length : 0, row.answer);
}

/**
 * The answer to store for `req` on question row `row` with options `opts` (the exam's rules,
 * paper.answer.ts `encodeAnswer`): a field that does not fit the type, an option or item not of the
 * question, two options of a single or true/false question, more blanks than the question has: 10010001.
 */
export function storedAnswer(row: TrainQu, opts: OptionRow[], req: Pick<TrainFillReq, 'answers' | 'answer' | 'blanks' | 'pairs'>): string {
  return encodeAnswer(row.quType, { ...req, answers: [...new Set(req.answers)] }, { optionIds: new Set(opts.map((o) => o.id)), options: opts, seed: row.id });
}

const NONE: Grade = { isRight: false, actualScore: 0, fraction: 0 };

/** Grades one non-combined question row with its question and options (worth 1). */
export function gradeOne(row: TrainQu, qu: QuRow | undefined, opts: OptionRow[]): Grade {
  switch (row.quType) {
    case QuType.SINGLE:
    case QuType.MULTI:
    case QuType.JUDGE: {
      const chosen = new Set(parseChoices(row.answer));
      return gradeChoice(opts.map((o) => ({ checked: chosen.has(o.id), isRight: o.isRight === 1 })), 1);
    }
    case QuType.FILL:
      return gradeFillBlank(blanksOf(opts), parseBlanks(row.answer), qu?.blankOpts ?? 0, 1);
    case QuType.MATCH:
      return gradeMatching(leftItemsOf(opts).map((o) => ({ id: o.id, answer: o.answer })), parsePairs(row.answer), 1);
    case QuType.SAQ: {
      const keywords = parseKeywords(qu?.keywords ?? '');
      if (!keywords.length || row.answer.trim() === '') return NONE;
      const { hits } = keywordScore(row.answer, keywords, 1);
      return hits.length === keywords.length ? { isRight: true, actualScore: 1, fraction: 1 } : NONE;
    }
    default:
      return NONE;
  }
}

/** Grades a top-level question row; a combined one is right when every sub-question is. */
export function gradeTop(row: TrainQu, subs: TrainQu[], qus: Map<string, QuRow>, options: OptionRow[]): Grade {
  const of = (quId: string) => options.filter((o) => o.quId === quId);
  if (row.quType !== QuType.MIX) return gradeOne(row, qus.get(row.quId), of(row.quId));
  return gradeCombined(subs.map((s) => ({ grade: gradeOne(s, qus.get(s.quId), of(s.quId)), score: 1 })));
}

/** A question row as the learner answers it (the exam's learner shape; never a right answer). */
export function learnerView(row: TrainQu, qus: Map<string, QuRow>, options: OptionRow[]): PaperSubQu {
  const q = qus.get(row.quId);
  const opts = options.filter((o) => o.quId === row.quId).sort(bySort);
  const base: PaperSubQu = {
    quId: row.quId, quType: row.quType, quType_dictText: QU_TYPE_LABEL[row.quType] ?? '', content: q?.content ?? '', image: q?.image ?? '',
    score: 0, answer: row.answer, mark: false, answerList: [], blankCount: 0, blanks: [], rightItems: [], pairs: {},
  };
  if (isChoiceType(row.quType)) {
    const chosen = new Set(parseChoices(row.answer));
    base.answerList = opts.map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, checked: chosen.has(o.id) }));
    base.answer = '';
  } else if (row.quType === QuType.FILL) {
    base.blankCount = opts.length;
    base.blanks = parseBlanks(row.answer);
  } else if (row.quType === QuType.MATCH) {
    base.answerList = leftItemsOf(opts).map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, checked: false }));
    base.rightItems = rightItemsOf(opts, row.id);
    base.pairs = parsePairs(row.answer);
  }
  return base;
}

/** A question row with its right answers and analysis (after checking, or in memorise mode). */
export function resultView(row: TrainQu, qus: Map<string, QuRow>, options: OptionRow[], grade: Grade): ResultSubQu {
  const q = qus.get(row.quId);
  const opts = options.filter((o) => o.quId === row.quId).sort(bySort);
  const chosen = new Set(parseChoices(row.answer));
  return {
    quId: row.quId, sort: row.sort, quType: row.quType, quType_dictText: QU_TYPE_LABEL[row.quType] ?? '',
    content: q?.content ?? '（试题已被删除）', image: q?.image ?? '', analysis: q?.analysis ?? '',
    score: 1, actualScore: grade.isRight ? 1 : 0, answered: row.answered === 1, isRight: grade.isRight,
    answerList: isChoiceType(row.quType)
      ? opts.map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, analysis: o.analysis, checked: chosen.has(o.id), isRight: o.isRight === 1 }))
      : row.quType === QuType.MATCH
        ? leftItemsOf(opts).map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, analysis: o.analysis, checked: false, isRight: false }))
        : [],
    answer: isChoiceType(row.quType) ? '' : row.answer,
    refAnswer: row.quType === QuType.SAQ ? (q?.answer ?? '') : '',
    blanks: row.quType === QuType.FILL ? parseBlanks(row.answer) : [],
    rightBlanks: row.quType === QuType.FILL ? rightBlanksOf(opts) : [],
    pairs: row.quType === QuType.MATCH ? parsePairs(row.answer) : {},
    rightPairs: row.quType === QuType.MATCH ? rightPairsOf(opts) : {},
    comment: '',
  };
}
