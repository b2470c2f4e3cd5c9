/**
 * The source truth of a question bank from `../shared/data/question-banks/*.json` (shape in the
 * data README): lets a journey know which options are right WITHOUT asking the app, by matching
 * what the learner sees (question text + option texts) against the source file.
 */
import { readFileSync } from 'node:fs';

export interface SourceOption {
  content: string;
  isRight: boolean;
}
export interface SourceQuestion {
  /** 1 单选, 2 多选, 3 判断, 4 简答 */
  type: number;
  content: string;
  options: SourceOption[];
}
export interface SourceBank {
  title: string;
  questions: SourceQuestion[];
}

export function loadBanks(file: string): SourceBank[] {
  return JSON.parse(readFileSync(file, 'utf8')) as SourceBank[];
}

/** Text as the learner reads it: tags dropped, whitespace collapsed, trimmed. */
export function norm(s: string): string {
  return s
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A question on screen: its text and its options (id from `option-{id}`, text). */
export interface ShownQuestion {
  content: string;
  options: { id: string; text: string }[];
}

/** The shown question matched to its source, each shown option paired with its source option. */
export interface MatchedQuestion {
  source: SourceQuestion;
  options: { id: string; text: string; isRight: boolean }[];
}

/** Finds `shown` in `bank` by question text and option texts; throws when not exactly one fits. */
export function matchQuestion(bank: SourceBank, shown: ShownQuestion): MatchedQuestion {
  const content = norm(shown.content);
  const texts = shown.options.map((o) => norm(o.text)).sort();
  const fits = bank.questions.filter(
    (q) =>
      norm(q.content) === content &&
      q.options.length === texts.length &&
      JSON.stringify(q.options.map((o) => norm(o.content)).sort()) === JSON.stringify(texts),
  );
  if (fits.length !== 1) {
    throw new Error(`question "${content}" with options [${texts.join(' | ')}] matches ${fits.length} source questions`);
  }
  const source = fits[0];
  return {
    source,
    options: shown.options.map((o) => {
      const src = source.options.find((s) => norm(s.content) === norm(o.text));
      if (!src) throw new Error(`option "${o.text}" not in the source question "${content}"`);
      return { ...o, isRight: src.isRight };
    }),
  };
}

/** Objective scoring: the chosen set must equal the right set (single/judge exact, multiple all-or-nothing). */
export function isRightChoice(q: MatchedQuestion, chosenIds: string[]): boolean {
  const right = q.options.filter((o) => o.isRight).map((o) => o.id).sort();
  const chosen = [...new Set(chosenIds)].sort();
  return right.length > 0 && JSON.stringify(right) === JSON.stringify(chosen);
}
