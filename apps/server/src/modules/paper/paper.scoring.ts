/**
 * Scoring of objective questions (issue #2): single and true/false are exact; multiple choice is
 * all or nothing. A question is right when the set of checked options equals the set of right
 * options and at least one option is checked.
 */
export interface GradedOption {
  checked: boolean;
  isRight: boolean;
}

/** `{isRight, actualScore}` of one question worth `score` points. */
export function gradeChoice(options: GradedOption[], score: number): { isRight: boolean; actualScore: number } {
  const anyChecked = options.some((o) => o.checked);
  const isRight = anyChecked && options.every((o) => o.checked === o.isRight);
  return { isRight, actualScore: isRight ? score : 0 };
}

/** Paper total and pass flag: passed when userScore ≥ qualifyScore. */
export function paperScore(actualScores: number[], qualifyScore: number): { userScore: number; passed: boolean } {
  const userScore = actualScores.reduce((s, x) => s + x, 0);
  return { userScore, passed: userScore >= qualifyScore };
}
