/**
 * An exam's attempts as the learner's pages show them (SPEC §2 /web/index, 考试须知; the phone exam
 * page /m/info/exam): a small module of its own so that the pages importing it do not share a chunk
 * with the exam list.
 */
import type { OnlineExam as OnlineExamRecord } from '@kaopei/contracts/exam';

/** 已考/可考: `tryCount / chance`, chance 0 → 不限. */
export function attemptsText(e: Pick<OnlineExamRecord, 'tryCount' | 'chance'>): string {
  return e.chance === 0 ? `${e.tryCount} / 不限` : `${e.tryCount} / ${e.chance}`;
}

/** No attempt left and no paper in progress to resume. */
export function usedUp(e: Pick<OnlineExamRecord, 'tryCount' | 'chance' | 'processPaperId'>): boolean {
  return !e.processPaperId && e.chance > 0 && e.tryCount >= e.chance;
}
