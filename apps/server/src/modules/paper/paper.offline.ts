/** Offline exam scores as papers (issue 8 "Offline exams"; called by module exam-offline through PaperService). */
import { PaperState } from '@kaopei/contracts';
import type { Executor } from '../../db';
import type { Events } from '../../platform/events';
import { now } from '../../lib/time';
import * as repo from './paper.repository';

/** An offline score as module exam-offline hands it over (times epoch ms). */
export interface OfflineScore {
  paperId: string;
  exam: { id: string; title: string; totalTime: number; totalScore: number; qualifyScore: number };
  userId: string;
  deptCode: string;
  userScore: number;
  handTime: number;
}

/**
 * The score of an offline exam (el_exam.offline 1; module exam-offline, issue 8 "Offline exams")
 * as the learner's paper `paperId`: a paper with no questions, offline 1, state 2 (已完成),
 * createTime = handTime = `handTime` (epoch ms, when it was sat), passed = userScore ≥ the exam's
 * qualifyScore. Written in the caller's transaction `trx`, which also carries the `paper.marked`
 * event, so points, certificates and the score message follow as for an online paper. Idempotent:
 * the same score and time again changes nothing and emits nothing (`changed` false); another score
 * or time updates the paper and emits `paper.marked` again (its listeners are idempotent). The
 * caller keeps one `paperId` per (exam, learner) (exam-offline's unique row).
 */
export async function recordOffline(trx: Executor, events: Events, r: OfflineScore): Promise<{ changed: boolean }> {
  const at = now();
  const passed = r.userScore >= r.exam.qualifyScore;
  const old = await repo.findPaper(trx, r.paperId);
  if (old && (old.offline !== 1 || old.userId !== r.userId || old.examId !== r.exam.id)) throw new Error(`paper ${r.paperId} is not the offline paper of this learner and exam`);
  if (old && old.userScore === r.userScore && old.handTime === r.handTime && old.qualifyScore === r.exam.qualifyScore && old.totalScore === r.exam.totalScore) return { changed: false };
  const fields = {
    title: r.exam.title, totalTime: r.exam.totalTime, totalScore: r.exam.totalScore, qualifyScore: r.exam.qualifyScore, userScore: r.userScore,
    passed: passed ? 1 : 0, createTime: r.handTime, limitTime: r.handTime, handTime: r.handTime, updateTime: at,
  } as const;
  if (old) await repo.updateOfflinePaper(trx, r.paperId, fields);
  else await repo.insertPaper(trx, { id: r.paperId, userId: r.userId, examId: r.exam.id, deptCode: r.deptCode, state: PaperState.FINISHED, offline: 1, leaveTimes: 0, leaveTime: 0, ...fields }, [], [], []);
  await events.emit(trx, 'paper.marked', {
    paperId: r.paperId, userId: r.userId, examId: r.exam.id, examTitle: r.exam.title,
    userScore: r.userScore, totalScore: r.exam.totalScore, qualifyScore: r.exam.qualifyScore, passed, handTime: r.handTime,
  });
  return { changed: true };
}
