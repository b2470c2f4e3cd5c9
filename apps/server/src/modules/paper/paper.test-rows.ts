/**
 * Rows of el_paper for the repository tests of module paper (paper.handin.test.ts, paper.fill.test.ts):
 * an open paper of a fresh learner and exam, 60 minutes, 100 points (60 to pass), its deadline `limitTime`.
 */
import { newId } from '../../lib/ids';
import type { ElPaperTable } from './paper.tables';

/** An open paper row (state 0) with deadline `limitTime` (epoch ms); `over` replaces any field. */
export function paperRow(limitTime: number, over: Partial<ElPaperTable> = {}): ElPaperTable {
  return {
    id: newId(), userId: newId(), examId: newId(), title: 'paper', totalTime: 60, totalScore: 100, qualifyScore: 60, userScore: 0, state: 0, passed: 0,
    createTime: limitTime - 3600_000, limitTime, handTime: null, offline: 0, deptCode: 'A01', updateTime: 0, leaveTimes: 0, leaveTime: 0, ...over,
  };
}
