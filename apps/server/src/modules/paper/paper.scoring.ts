/**
 * Scoring of a paper's questions (issue 8, SPEC §4 question types). Pure functions: no database,
 * no clock. Scores are whole points (the columns are integers), so every rule that gives a share of
 * a question's score says how it rounds:
 *
 * - 1 single / 3 true-false: right when exactly the right option is checked; full score or 0.
 * - 2 multiple: right when the checked set equals the right set (and is not empty): full score.
 *   With the exam's partial credit on, a strict non-empty subset of the right options with no wrong
 *   one scores `floor(score / 2)` (half, rounded down: 5 → 2); anything else 0.
 * - 5 fill blank: each blank accepts any of its alternatives (`|`-separated, `\|` a literal bar).
 *   Answers and alternatives are trimmed; with QU_BLANK_OPT 1 they are compared case-folded, with 2
 *   NFKC-normalised (full-width ≡ half-width), with 4 in any order (each given answer may fill a
 *   distinct blank: a maximum matching). The score is split evenly over the blanks and the total
 *   rounded down once: `floor(score × rightBlanks / blanks)` (3 of 4 blanks of 10 points → 7).
 * - 6 matching: per left-hand item, right when the chosen right-hand item equals its pair;
 *   `floor(score × rightPairs / pairs)`.
 * - 99 combined: the sum of its sub-questions' scores; right when every sub-question is right.
 * - 4 short answer: not scored automatically. `keywordScore` gives the optional pre-score shown to
 *   the marker: the sum of the scores of the keywords found in the answer (same normalisation as
 *   a fill blank with options 1|2), capped at the question's score.
 *
 * Every grade also carries `fraction` (right share in 0..1 before rounding), which the Moodle quiz
 * replay compares with Moodle's marks.
 */

import { QU_BLANK_OPT, splitAlternatives } from '@kaopei/contracts/qu';

/** The result of grading one question. */
export interface Grade {
  isRight: boolean;
  /** Whole points in 0..score. */
  actualScore: number;
  /** Share of the question that is right, before rounding (0..1). */
  fraction: number;
}

export interface GradedOption {
  checked: boolean;
  isRight: boolean;
}

/** Fill-blank option bit flags (el_qu.blank_opts, QU_BLANK_OPT). */
export const BLANK_IGNORE_CASE = QU_BLANK_OPT.IGNORE_CASE;
export const BLANK_WIDTH_ALIKE = QU_BLANK_OPT.FULL_HALF;
export const BLANK_ANY_ORDER = QU_BLANK_OPT.ANY_ORDER;

const grade = (fraction: number, score: number): Grade => ({
  isRight: fraction >= 1,
  actualScore: fraction >= 1 ? score : Math.floor((score * fraction) + 1e-9),
  fraction,
});

/**
 * Types 1–3. `partialCredit` (types 2 only): a strict non-empty subset of the right options and no
 * wrong one scores floor(score / 2), fraction 0.5.
 */
export function gradeChoice(options: GradedOption[], score: number, partialCredit = false): Grade {
  const anyChecked = options.some((o) => o.checked);
  const isRight = anyChecked && options.every((o) => o.checked === o.isRight);
  if (isRight) return { isRight, actualScore: score, fraction: 1 };
  if (partialCredit && anyChecked && !options.some((o) => o.checked && !o.isRight)) {
    return { isRight: false, actualScore: Math.floor(score / 2), fraction: 0.5 };
  }
  return { isRight: false, actualScore: 0, fraction: 0 };
}

/** The form in which a fill-blank answer is compared: trimmed, inner runs of white space as one space, then per `opts`. */
export function normalizeBlank(s: string, opts: number): string {
  let v = s;
  if (opts & BLANK_WIDTH_ALIKE) v = v.normalize('NFKC');
  v = v.trim().replace(/\s+/gu, ' ');
  if (opts & BLANK_IGNORE_CASE) v = v.toLowerCase();
  return v;
}

/** Size of a maximum matching: `accepts[i][j]` — given answer i may fill blank j (augmenting paths; blanks are few). */
function maxMatching(accepts: boolean[][], blanks: number): number {
  const owner: number[] = new Array<number>(blanks).fill(-1);
  const tryAssign = (i: number, seen: boolean[]): boolean => {
    for (let j = 0; j < blanks; j++) {
      if (!accepts[i]![j] || seen[j]) continue;
      seen[j] = true;
      if (owner[j] === -1 || tryAssign(owner[j]!, seen)) {
        owner[j] = i;
        return true;
      }
    }
    return false;
  };
  let n = 0;
  for (let i = 0; i < accepts.length; i++) if (tryAssign(i, new Array<boolean>(blanks).fill(false))) n++;
  return n;
}

/**
 * Type 5. `blanks`: each blank's stored alternatives (el_qu_answer.answer, in blank order);
 * `given`: the learner's answers in blank order (missing ones count as empty); `opts`: blank_opts.
 */
export function gradeFillBlank(blanks: string[], given: string[], opts: number, score: number): Grade {
  if (blanks.length === 0) return { isRight: false, actualScore: 0, fraction: 0 };
  const accepted = blanks.map((b) => new Set(splitAlternatives(b).map((a) => normalizeBlank(a, opts))));
  const answers = blanks.map((_, i) => normalizeBlank(given[i] ?? '', opts));
  let right: number;
  if (opts & BLANK_ANY_ORDER) {
    const all = given.map((g) => normalizeBlank(g, opts));
    right = maxMatching(all.map((a) => accepted.map((acc) => a !== '' && acc.has(a))), blanks.length);
  } else {
    right = answers.filter((a, i) => a !== '' && accepted[i]!.has(a)).length;
  }
  return grade(right / blanks.length, score);
}

/**
 * Type 6. `pairs`: left-hand item id → its right-hand item; `given`: left-hand item id → the chosen
 * right-hand item. Compared after trimming, case and width as written.
 */
export function gradeMatching(pairs: { id: string; answer: string }[], given: Record<string, string>, score: number): Grade {
  if (pairs.length === 0) return { isRight: false, actualScore: 0, fraction: 0 };
  const right = pairs.filter((p) => (given[p.id] ?? '').trim() !== '' && (given[p.id] ?? '').trim() === p.answer.trim()).length;
  return grade(right / pairs.length, score);
}

/** Type 99: the sum of the sub-questions' grades (each already graded against its own score). */
export function gradeCombined(subs: { grade: Grade; score: number }[]): Grade {
  const total = subs.reduce((s, x) => s + x.score, 0);
  const actual = subs.reduce((s, x) => s + x.grade.actualScore, 0);
  return {
    isRight: subs.length > 0 && subs.every((x) => x.grade.isRight),
    actualScore: actual,
    fraction: total > 0 ? subs.reduce((s, x) => s + x.grade.fraction * x.score, 0) / total : 0,
  };
}

/** A keyword of a short answer's pre-score (el_qu.keywords JSON). */
export interface Keyword {
  word: string;
  score: number;
}

/** Parses el_qu.keywords ('' or JSON `[{word, score}]`); anything malformed counts as none. */
export function parseKeywords(stored: string): Keyword[] {
  if (!stored.trim()) return [];
  try {
    const v: unknown = JSON.parse(stored);
    if (!Array.isArray(v)) return [];
    return v.flatMap((k: unknown) => {
      const o = k as { word?: unknown; score?: unknown };
      return typeof o?.word === 'string' && o.word.trim() !== '' && typeof o.score === 'number' && o.score > 0 ? [{ word: o.word, score: o.score }] : [];
    });
  } catch {
    return [];
  }
}

/**
 * Type 4 pre-score: keywords found in `answer` (case-folded, NFKC) and the sum of their scores,
 * capped at `score` and rounded down. A suggestion for the marker, never the final score.
 */
export function keywordScore(answer: string, keywords: Keyword[], score: number): { hits: string[]; suggested: number } {
  const text = normalizeBlank(answer, BLANK_IGNORE_CASE | BLANK_WIDTH_ALIKE);
  const hits = keywords.filter((k) => text.includes(normalizeBlank(k.word, BLANK_IGNORE_CASE | BLANK_WIDTH_ALIKE)));
  const sum = hits.reduce((s, k) => s + k.score, 0);
  return { hits: hits.map((k) => k.word), suggested: Math.max(0, Math.min(score, Math.floor(sum))) };
}

/** Paper total and pass flag: passed when userScore ≥ qualifyScore. */
export function paperScore(actualScores: number[], qualifyScore: number): { userScore: number; passed: boolean } {
  const userScore = actualScores.reduce((s, x) => s + x, 0);
  return { userScore, passed: userScore >= qualifyScore };
}
