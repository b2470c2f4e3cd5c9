import { describe, expect, it } from 'vitest';
import { gradeChoice, paperScore } from './paper.scoring';

const opt = (checked: boolean, isRight: boolean) => ({ checked, isRight });

describe('gradeChoice', () => {
  it('single / true-false: exact match scores, anything else is 0', () => {
    expect(gradeChoice([opt(true, true), opt(false, false), opt(false, false)], 4)).toEqual({ isRight: true, actualScore: 4 });
    expect(gradeChoice([opt(false, true), opt(true, false)], 4)).toEqual({ isRight: false, actualScore: 0 });
    expect(gradeChoice([opt(false, true), opt(false, false)], 4)).toEqual({ isRight: false, actualScore: 0 });
  });

  it('multiple: all or nothing', () => {
    const right = [true, true, false, false];
    expect(gradeChoice(right.map((r) => opt(r, r)), 6).actualScore).toBe(6);
    // one right option missing → 0, no partial credit
    expect(gradeChoice([opt(true, true), opt(false, true), opt(false, false), opt(false, false)], 6).actualScore).toBe(0);
    // all right ones plus a wrong one → 0
    expect(gradeChoice([opt(true, true), opt(true, true), opt(true, false), opt(false, false)], 6).actualScore).toBe(0);
  });

  it('an unanswered question is never right, even with no right option', () => {
    expect(gradeChoice([opt(false, false), opt(false, false)], 5).isRight).toBe(false);
    expect(gradeChoice([], 5).isRight).toBe(false);
  });
});

describe('paperScore', () => {
  it('sums scores and passes at the qualify score', () => {
    expect(paperScore([4, 0, 6, 5], 15)).toEqual({ userScore: 15, passed: true });
    expect(paperScore([4, 0, 6, 4], 15)).toEqual({ userScore: 14, passed: false });
    expect(paperScore([], 0)).toEqual({ userScore: 0, passed: true });
  });
});
