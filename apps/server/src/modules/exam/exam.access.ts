/**
 * Access grants of exams (issue 13 "Classes: exams"): other modules register a grant with
 * `exam.registerAccessGrant(fn(userId, examId))` at start; ExamService.isOpenTo asks them when the
 * exam's open type does not let a learner in. Exam knows none of the grantors (the same idea as
 * course.registerAccessGrant). Answers, scoring and the password of open type 9 are not touched.
 */

/** True when `userId` may see and sit `examId` although its open type does not let him in (e.g. enrolled in a class linking it). */
export type ExamAccessGrant = (userId: string, examId: string) => Promise<boolean>;

export class ExamAccessGrants {
  private readonly list: ExamAccessGrant[] = [];

  register(grant: ExamAccessGrant): void {
    this.list.push(grant);
  }

  /** Whether one registered grant lets the learner in (asked in order, the first yes wins). */
  async granted(userId: string, examId: string): Promise<boolean> {
    for (const g of this.list) if (await g(userId, examId)) return true;
    return false;
  }
}
