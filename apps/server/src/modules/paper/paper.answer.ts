/**
 * The question types of a paper, between the stored rows and what the learner, the scorer and the
 * marker see (issue 8; encodings in docs/decisions.md "Question banks and exam authoring"):
 * - the learner's answer: choices in el_paper_qu_answer.checked (1–3); in el_paper_qu.answer the
 *   text (4), JSON `["blank 1", …]` (5), JSON `{ "<left-hand option id>": "<right-hand item>" }` (6);
 * - a question's right answers come from the question's options (module qu) at scoring time: the
 *   blanks' alternatives (5, one option row per blank in `sort` order) and the pairs (6, an option
 *   row per left-hand item with its item in `answer`; empty `content` = a distractor item).
 * Pure functions, no database.
 */
import { createHash } from 'node:crypto';
import { QuType } from '@kaopei/contracts';
import type { ElPaperQuAnswerTable, ElPaperQuTable } from './paper.tables';
import { splitAlternatives } from '@kaopei/contracts/qu';
import { gradeChoice, gradeCombined, gradeFillBlank, gradeMatching, type Grade } from './paper.scoring';
import { badParams } from '../../lib/errors';

/** The fields of a question (el_qu) this module reads. */
export interface QuRow {
  id: string;
  quType: number;
  content: string;
  image: string;
  analysis: string;
  answer: string;
  blankOpts: number;
  keywords: string;
  deleted: number;
}
/** The fields of an option (el_qu_answer) this module reads. */
export interface OptionRow {
  id: string;
  quId: string;
  isRight: number;
  content: string;
  image: string;
  analysis: string;
  answer: string;
  sort: number;
}

/** Types the learner answers by choosing options. */
export const isChoiceType = (t: number) => t === QuType.SINGLE || t === QuType.MULTI || t === QuType.JUDGE;

/** The learner's blanks from el_paper_qu.answer (anything that is not a JSON array of strings: none). */
export function parseBlanks(stored: string): string[] {
  if (!stored.startsWith('[')) return [];
  try {
    const v: unknown = JSON.parse(stored);
    return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : '')) : [];
  } catch {
    return [];
  }
}

/** The learner's matching from el_paper_qu.answer (anything that is not a JSON object of strings: none). */
export function parsePairs(stored: string): Record<string, string> {
  if (!stored.startsWith('{')) return {};
  try {
    const v: unknown = JSON.parse(stored);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

const bySort = (a: OptionRow, b: OptionRow) => a.sort - b.sort;

/** A fill-blank question's blanks: each blank's stored alternatives, in blank order. */
export function blanksOf(options: OptionRow[]): string[] {
  return [...options].sort(bySort).map((o) => o.answer);
}

/** A matching question's left-hand items (options with content), in their order. */
export function leftItemsOf(options: OptionRow[]): OptionRow[] {
  return [...options].sort(bySort).filter((o) => o.content.trim() !== '');
}

/**
 * A matching question's right-hand items (every pair's item and the distractors, each once), in an
 * order fixed per `seed` (the paper question) that does not give the pairing away: sorted by a
 * hash of seed and item, so reloading the question shows the same order.
 */
export function rightItemsOf(options: OptionRow[], seed: string): string[] {
  const items = [...new Set(options.map((o) => o.answer.trim()).filter((a) => a !== ''))];
  const key = (s: string) => createHash('sha256').update(`${seed}\u0000${s}`).digest('hex');
  return items.map((s) => [key(s), s] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1)).map((x) => x[1]);
}

/** Right pairing of a matching question: left-hand option id → its right-hand item. */
export function rightPairsOf(options: OptionRow[]): Record<string, string> {
  return Object.fromEntries(leftItemsOf(options).map((o) => [o.id, o.answer.trim()]));
}

/** Accepted alternatives per blank (for the result page). */
export function rightBlanksOf(options: OptionRow[]): string[][] {
  return blanksOf(options).map((b) => splitAlternatives(b));
}

/** True when the stored answer of a question of type `quType` counts as answered. */
export function isAnswered(quType: number, checkedCount: number, stored: string): boolean {
  if (isChoiceType(quType)) return checkedCount > 0;
  if (quType === QuType.FILL) return parseBlanks(stored).some((b) => b.trim() !== '');
  if (quType === QuType.MATCH) return Object.values(parsePairs(stored)).some((v) => v.trim() !== '');
  return stored.trim() !== '';
}

/** What grading needs of a paper: its question rows and choices, the questions and their options. */
export interface PaperSnapshot {
  /** The paper's el_paper_qu rows in paper order (top level and combined questions' sub-questions). */
  pqs: Pick<ElPaperQuTable, 'id' | 'quId' | 'parentId' | 'quType' | 'score' | 'answer'>[];
  /** Its option choices (el_paper_qu_answer): chosen (checked) and right (isRight), 1/0. */
  choices: Pick<ElPaperQuAnswerTable, 'quId' | 'checked' | 'isRight'>[];
  qus: Map<string, QuRow>;
  options: OptionRow[];
  partialCredit: boolean;
}

/**
 * Grades every question of a paper (paper.scoring.ts rules). Short answers (4) are not graded
 * (actualScore 0, listed in `subjective`); a combined question (99) is the sum of its
 * sub-questions. Returns a grade per el_paper_qu id and the objective total of the top level.
 */
export function gradePaper(s: PaperSnapshot): { grades: Map<string, Grade>; subjective: string[]; userScore: number } {
  const optionsOf = new Map<string, OptionRow[]>();
  for (const o of s.options) optionsOf.set(o.quId, [...(optionsOf.get(o.quId) ?? []), o]);
  const grades = new Map<string, Grade>();
  const subjective: string[] = [];
  const none: Grade = { isRight: false, actualScore: 0, fraction: 0 };
  const gradeOne = (pq: PaperSnapshot['pqs'][number]): Grade => {
    const qu = s.qus.get(pq.quId);
    const opts = optionsOf.get(pq.quId) ?? [];
    switch (pq.quType) {
      case QuType.SINGLE:
      case QuType.MULTI:
      case QuType.JUDGE:
        return gradeChoice(
          s.choices.filter((c) => c.quId === pq.quId).map((c) => ({ checked: c.checked === 1, isRight: c.isRight === 1 })),
          pq.score,
          pq.quType === QuType.MULTI && s.partialCredit,
        );
      case QuType.FILL:
        return gradeFillBlank(blanksOf(opts), parseBlanks(pq.answer), qu?.blankOpts ?? 0, pq.score);
      case QuType.MATCH:
        return gradeMatching(leftItemsOf(opts).map((o) => ({ id: o.id, answer: o.answer })), parsePairs(pq.answer), pq.score);
      case QuType.SAQ:
        subjective.push(pq.id);
        return none;
      default:
        return none;
    }
  };
  for (const pq of s.pqs) if (pq.quType !== QuType.MIX) grades.set(pq.id, gradeOne(pq));
  for (const pq of s.pqs) {
    if (pq.quType !== QuType.MIX) continue;
    const subs = s.pqs.filter((x) => x.parentId === pq.id);
    grades.set(pq.id, gradeCombined(subs.map((x) => ({ grade: grades.get(x.id) ?? none, score: x.score }))));
  }
  const userScore = s.pqs.filter((pq) => pq.parentId === '').reduce((sum, pq) => sum + (grades.get(pq.id)?.actualScore ?? 0), 0);
  return { grades, subjective, userScore };
}

/** The answer fields of one question as a learner sends them (contracts `fillAnswerReq`; training's /fill and /check). */
export interface AnswerFields {
  /** Chosen option ids (1–3), without repeats. */
  answers: string[];
  /** Short-answer text (4). */
  answer: string;
  /** One text per blank (5). */
  blanks?: string[];
  /** Left-hand item id → chosen right-hand item (6). */
  pairs?: Record<string, string>;
}

/**
 * What an answer is checked against: `optionIds` the option ids of a choice question (1–3);
 * `options` the options of a fill-blank or matching question (5, 6); `seed` the id that fixes the
 * order of a matching question's right-hand items (rightItemsOf). The caller loads what the type needs.
 */
export interface AnswerRef {
  optionIds?: ReadonlySet<string>;
  options?: OptionRow[];
  seed: string;
}

/**
 * Checks one answer of a question of type `quType` (the exam's rules, shared by fill-answer and bank
 * training) and answers its stored form: chosen ids as a JSON array (1–3), the text (4), JSON
 * blanks (5) or pairs (6); '' when nothing is answered. A field that does not fit the type, an
 * option or item not of the question, two options of a single or true/false question, more
 * blanks than the question has: 10010001 with the Chinese message of the first violation.
 */
export function encodeAnswer(quType: number, a: AnswerFields, ref: AnswerRef): string {
  const t = quType;
  const text = a.answer.trim() !== '';
  if (!isChoiceType(t) && a.answers.length) throw badParams('该题不能选择选项！');
  if (t !== QuType.FILL && a.blanks !== undefined) throw badParams('该题不是填空题！');
  if (t !== QuType.MATCH && a.pairs !== undefined) throw badParams('该题不是匹配题！');
  if (t === QuType.MIX) {
    if (text) throw badParams('组合题请逐个小题作答！');
    return '';
  }
  if (isChoiceType(t)) {
    if (text) throw badParams('选择题请选择选项作答！');
    if (a.answers.some((id) => !ref.optionIds?.has(id))) throw badParams('选项不属于该试题！');
    if ((t === QuType.SINGLE || t === QuType.JUDGE) && a.answers.length > 1) throw badParams('该题只能选择一个选项！');
    return a.answers.length ? JSON.stringify(a.answers) : '';
  }
  if (t === QuType.SAQ) return a.answer;
  if (text) throw badParams(t === QuType.FILL ? '填空题请按空作答！' : '匹配题请为每一项选择匹配内容！');
  const options = ref.options ?? [];
  if (t === QuType.FILL) {
    const blanks = a.blanks ?? [];
    if (blanks.length > options.length) throw badParams(`该题只有${options.length}个空！`);
    return blanks.some((b) => b.trim() !== '') ? JSON.stringify(blanks) : '';
  }
  if (t === QuType.MATCH) {
    const pairs = Object.fromEntries(Object.entries(a.pairs ?? {}).filter(([, v]) => v.trim() !== ''));
    const left = new Set(leftItemsOf(options).map((o) => o.id));
    const items = new Set(rightItemsOf(options, ref.seed));
    for (const [k, v] of Object.entries(pairs)) {
      if (!left.has(k)) throw badParams('匹配项不属于该试题！');
      if (!items.has(v.trim())) throw badParams('匹配内容不属于该试题！');
    }
    return Object.keys(pairs).length ? JSON.stringify(pairs) : '';
  }
  throw badParams('暂不支持该题型！');
}
