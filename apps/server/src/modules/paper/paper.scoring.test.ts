/**
 * Golden scoring tests for every question type (paper.scoring.ts), and the Moodle quiz attempts of
 * `../shared/data/moodle-formats/mod/quiz/tests/fixtures/` (questions00, steps00, results00)
 * replayed for the slots whose types and marking rules we share with Moodle.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { joinAlternatives, splitAlternatives as parseAlternatives } from '@kaopei/contracts/qu';
import { hasSharedData, sharedDataPath } from '../../test/shared-data';
import {
  BLANK_ANY_ORDER,
  BLANK_IGNORE_CASE,
  BLANK_WIDTH_ALIKE,
  gradeChoice,
  gradeCombined,
  gradeFillBlank,
  gradeMatching,
  keywordScore,
  normalizeBlank,
  paperScore,
  parseKeywords,
} from './paper.scoring';

const opt = (checked: boolean, isRight: boolean) => ({ checked, isRight });

describe('gradeChoice', () => {
  it('single / true-false: exact match scores, anything else is 0', () => {
    expect(gradeChoice([opt(true, true), opt(false, false), opt(false, false)], 4)).toEqual({ isRight: true, actualScore: 4, fraction: 1 });
    expect(gradeChoice([opt(false, true), opt(true, false)], 4)).toEqual({ isRight: false, actualScore: 0, fraction: 0 });
    expect(gradeChoice([opt(false, true), opt(false, false)], 4)).toEqual({ isRight: false, actualScore: 0, fraction: 0 });
  });

  it('multiple without partial credit: all or nothing', () => {
    const right = [true, true, false, false];
    expect(gradeChoice(right.map((r) => opt(r, r)), 6).actualScore).toBe(6);
    expect(gradeChoice([opt(true, true), opt(false, true), opt(false, false), opt(false, false)], 6).actualScore).toBe(0);
    expect(gradeChoice([opt(true, true), opt(true, true), opt(true, false), opt(false, false)], 6).actualScore).toBe(0);
  });

  it('multiple with partial credit: half (rounded down) for a strict subset of the right options and no wrong one', () => {
    const three = (c: boolean[]) => [opt(c[0]!, true), opt(c[1]!, true), opt(c[2]!, true), opt(c[3]!, false)];
    expect(gradeChoice(three([true, false, false, false]), 6, true)).toEqual({ isRight: false, actualScore: 3, fraction: 0.5 });
    expect(gradeChoice(three([true, true, false, false]), 5, true)).toEqual({ isRight: false, actualScore: 2, fraction: 0.5 });
    expect(gradeChoice(three([true, true, true, false]), 5, true)).toEqual({ isRight: true, actualScore: 5, fraction: 1 });
    // a wrong option among them → 0
    expect(gradeChoice(three([true, false, false, true]), 6, true).actualScore).toBe(0);
    // nothing chosen → 0
    expect(gradeChoice(three([false, false, false, false]), 6, true).actualScore).toBe(0);
    // 1 point: half rounds down to 0
    expect(gradeChoice(three([true, false, false, false]), 1, true).actualScore).toBe(0);
  });

  it('an unanswered question is never right, even with no right option', () => {
    expect(gradeChoice([opt(false, false), opt(false, false)], 5).isRight).toBe(false);
    expect(gradeChoice([], 5).isRight).toBe(false);
  });
});

describe('fill blank', () => {
  it('parses and joins alternatives with an escaped bar', () => {
    expect(parseAlternatives('北京|Beijing| 京 ')).toEqual(['北京', 'Beijing', '京']);
    expect(parseAlternatives('a\\|b|c')).toEqual(['a|b', 'c']);
    expect(parseAlternatives('')).toEqual([]);
    expect(parseAlternatives(joinAlternatives(['x|y', 'z']))).toEqual(['x|y', 'z']);
  });

  it('normalises per the options: case folding, NFKC width, white space', () => {
    expect(normalizeBlank('  ＡＢＣ１２３ ', BLANK_WIDTH_ALIKE)).toBe('ABC123');
    expect(normalizeBlank('ＡＢＣ', BLANK_WIDTH_ALIKE | BLANK_IGNORE_CASE)).toBe('abc');
    expect(normalizeBlank('ＡＢＣ', BLANK_IGNORE_CASE)).toBe('ａｂｃ');
    expect(normalizeBlank('a   b', 0)).toBe('a b');
  });

  it('scores each blank against its alternatives, split evenly, rounded down once', () => {
    const blanks = ['北京|Beijing', '上海', '广州|Canton', '深圳'];
    expect(gradeFillBlank(blanks, ['Beijing', '上海', 'Canton', '深圳'], 0, 10)).toEqual({ isRight: true, actualScore: 10, fraction: 1 });
    expect(gradeFillBlank(blanks, ['北京', '上海', '广州', '杭州'], 0, 10)).toEqual({ isRight: false, actualScore: 7, fraction: 0.75 });
    expect(gradeFillBlank(blanks, ['北京'], 0, 10).actualScore).toBe(2);
    expect(gradeFillBlank(blanks, [], 0, 10).actualScore).toBe(0);
  });

  it('is case- and width-sensitive unless the options say otherwise', () => {
    expect(gradeFillBlank(['Beijing'], ['beijing'], 0, 4).actualScore).toBe(0);
    expect(gradeFillBlank(['Beijing'], ['beijing'], BLANK_IGNORE_CASE, 4).actualScore).toBe(4);
    expect(gradeFillBlank(['H2O'], ['Ｈ２Ｏ'], 0, 4).actualScore).toBe(0);
    expect(gradeFillBlank(['H2O'], ['Ｈ２Ｏ'], BLANK_WIDTH_ALIKE, 4).actualScore).toBe(4);
    expect(gradeFillBlank(['H2O'], ['ｈ２ｏ'], BLANK_WIDTH_ALIKE | BLANK_IGNORE_CASE, 4).actualScore).toBe(4);
    expect(gradeFillBlank(['a|b'], ['a|b'], 0, 4).actualScore).toBe(0);
    expect(gradeFillBlank(['a\\|b'], ['a|b'], 0, 4).actualScore).toBe(4);
  });

  it('in any order each given answer fills a distinct blank', () => {
    const blanks = ['红|red', '黄', '蓝|blue'];
    expect(gradeFillBlank(blanks, ['蓝', '红', '黄'], 0, 9).actualScore).toBe(0 + 0 + 0);
    expect(gradeFillBlank(blanks, ['蓝', '红', '黄'], BLANK_ANY_ORDER, 9).actualScore).toBe(9);
    // the same answer twice fills one blank only
    expect(gradeFillBlank(blanks, ['红', 'red', '黄'], BLANK_ANY_ORDER, 9)).toEqual({ isRight: false, actualScore: 6, fraction: 2 / 3 });
    // a matching, not first come first served: 'x' fits blanks 1 and 2, 'y' only blank 1
    expect(gradeFillBlank(['x|y', 'x'], ['x', 'y'], BLANK_ANY_ORDER, 2).actualScore).toBe(2);
  });
});

describe('matching', () => {
  const pairs = [{ id: 'a', answer: '两栖' }, { id: 'b', answer: '哺乳' }, { id: 'c', answer: '两栖' }];
  it('scores per pair, split evenly, rounded down', () => {
    expect(gradeMatching(pairs, { a: '两栖', b: '哺乳', c: '两栖' }, 6)).toEqual({ isRight: true, actualScore: 6, fraction: 1 });
    expect(gradeMatching(pairs, { a: '哺乳', b: '两栖', c: '两栖' }, 6)).toEqual({ isRight: false, actualScore: 2, fraction: 1 / 3 });
    expect(gradeMatching(pairs, { a: '两栖', b: '哺乳' }, 5).actualScore).toBe(3);
    expect(gradeMatching(pairs, {}, 5).actualScore).toBe(0);
    expect(gradeMatching(pairs, { a: '昆虫', x: '两栖' }, 5).actualScore).toBe(0);
  });
});

describe('combined', () => {
  it('is the sum of its sub-questions, right only when all are', () => {
    const sub1 = { grade: gradeChoice([opt(true, true), opt(false, false)], 2), score: 2 };
    const sub2 = { grade: gradeFillBlank(['a', 'b'], ['a', 'x'], 0, 4), score: 4 };
    expect(gradeCombined([sub1, sub2])).toEqual({ isRight: false, actualScore: 4, fraction: 4 / 6 });
    expect(gradeCombined([sub1]).isRight).toBe(true);
    expect(gradeCombined([])).toEqual({ isRight: false, actualScore: 0, fraction: 0 });
  });
});

describe('short answer keywords', () => {
  it('suggests the sum of the keywords found, capped at the score', () => {
    const kw = parseKeywords(JSON.stringify([{ word: '光合作用', score: 4 }, { word: 'CO2', score: 3 }, { word: '叶绿体', score: 5 }]));
    expect(keywordScore('植物通过光合作用吸收ｃｏ２', kw, 10)).toEqual({ hits: ['光合作用', 'CO2'], suggested: 7 });
    expect(keywordScore('光合作用 co2 叶绿体', kw, 10)).toEqual({ hits: ['光合作用', 'CO2', '叶绿体'], suggested: 10 });
    expect(keywordScore('不知道', kw, 10)).toEqual({ hits: [], suggested: 0 });
  });
  it('treats empty or malformed keywords as none', () => {
    expect(parseKeywords('')).toEqual([]);
    expect(parseKeywords('not json')).toEqual([]);
    expect(parseKeywords('[{"word":"","score":1},{"word":"x","score":"2"},{"word":"y","score":2}]')).toEqual([{ word: 'y', score: 2 }]);
  });
});

describe('paperScore', () => {
  it('sums scores and passes at the qualify score', () => {
    expect(paperScore([4, 0, 6, 5], 15)).toEqual({ userScore: 15, passed: true });
    expect(paperScore([4, 0, 6, 4], 15)).toEqual({ userScore: 14, passed: false });
    expect(paperScore([], 0)).toEqual({ userScore: 0, passed: true });
  });
});

/** A CSV of the quiz fixtures (no quoted fields in them) as objects keyed by the header. */
function readCsv(name: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(sharedDataPath('moodle-formats', 'mod', 'quiz', 'tests', 'fixtures', name), 'utf8').trim().split(/\r?\n/);
  const keys = head!.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [keys[i]!, v])));
}

/**
 * The Moodle quiz walkthrough of questions00/steps00/results00. The questions are Moodle's test
 * generator questions named by the fixture (their content is fixed by Moodle's test helpers):
 * - slot 3 `match` (foursubq): frog → amphibian, cat → mammal, newt → amphibian, distractor insect;
 *   responses.3.N is the right-hand item chosen for stem N → our type 6;
 * - slot 4 `truefalse`: the right answer is True; responses.4.answer 1 = True → our type 3;
 * - slot 6 `multichoice` one_of_four: One is right (options in order One…Four); responses.6.answer
 *   is the chosen index → our type 1;
 * - slot 7 `multianswer` (twosubq): a short-answer blank accepting Owl (Moodle's default: case
 *   ignored) and a single choice Bow-wow / Wiggly worm / Pussy-cat (right), one mark each → our
 *   type 99 with a type-5 and a type-1 sub-question.
 * Not replayed: slot 1 (random short answer / numerical: Moodle gives "toad" 0.8, a per-alternative
 * fraction we do not have), slot 2 (calculated: no such type) and slot 5 (Moodle's multiple choice
 * adds per-option fractions, so one right plus one wrong option gets 0.5, where our rule gives 0).
 */
describe.skipIf(!hasSharedData())('Moodle quiz attempts (questions00 / steps00 / results00)', () => {
  if (!hasSharedData()) return;
  const questions = readCsv('questions00.csv');
  const steps = readCsv('steps00.csv');
  const results = new Map(readCsv('results00.csv').map((r) => [r.quizattempt!, r]));

  it('the fixture holds the slots we replay, with the types we map', () => {
    const bySlot = new Map(questions.filter((q) => q.slot).map((q) => [q.slot!, q]));
    expect(bySlot.get('3')).toMatchObject({ type: 'match', mark: '1' });
    expect(bySlot.get('4')).toMatchObject({ type: 'truefalse', mark: '1' });
    expect(bySlot.get('6')).toMatchObject({ type: 'multichoice', which: 'one_of_four', mark: '1' });
    expect(bySlot.get('7')).toMatchObject({ type: 'multianswer', mark: '1' });
    expect(steps).toHaveLength(10);
  });

  const replay: Record<string, (s: Record<string, string>) => number> = {
    '3': (s) => {
      const pairs = [{ id: 'frog', answer: 'amphibian' }, { id: 'cat', answer: 'mammal' }, { id: 'newt', answer: 'amphibian' }];
      return gradeMatching(pairs, { frog: s['responses.3.0']!, cat: s['responses.3.1']!, newt: s['responses.3.2']! }, 1).fraction;
    },
    '4': (s) => gradeChoice([opt(s['responses.4.answer'] === '1', true), opt(s['responses.4.answer'] === '0', false)], 1).fraction,
    '6': (s) => gradeChoice([0, 1, 2, 3].map((i) => opt(s['responses.6.answer'] === String(i), i === 0)), 1).fraction,
    '7': (s) => {
      const blank = gradeFillBlank(['Owl'], [s['responses.7.1.answer']!], BLANK_IGNORE_CASE, 1);
      const choice = gradeChoice([0, 1, 2].map((i) => opt(s['responses.7.2.answer'] === String(i), i === 2)), 1);
      return gradeCombined([{ grade: blank, score: 1 }, { grade: choice, score: 1 }]).fraction;
    },
  };

  for (const slot of Object.keys(replay)) {
    it(`slot ${slot}: every attempt gets Moodle's mark`, () => {
      let compared = 0;
      for (const s of steps) {
        const expected = Number(results.get(s.quizattempt!)?.[`slots.${slot}.mark`]);
        if (Number.isNaN(expected)) continue;
        expect(replay[slot]!(s), `attempt ${s.quizattempt}`).toBeCloseTo(expected, 6);
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(9);
    });
  }
});
