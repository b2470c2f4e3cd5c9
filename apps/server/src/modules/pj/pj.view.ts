/** Row ↔ contracts shapes of evaluations: items JSON, the window's phase, the admin and learner records. */
import { PJ_PHASE_LABEL, PJ_STATE_LABEL, PjPhase, type PjItem, type PjLearnRecord, type PjRecord } from '@kaopei/contracts/pj';
import { formatTime, formatTimeStrict } from '../../lib/time';
import type { ElPjAnswerTable, ElPjTable } from './pj.tables';

/** The items of a row (JSON written by the service; [] if unreadable). */
export function itemsOf(p: Pick<ElPjTable, 'items'>): PjItem[] {
  try {
    const v = JSON.parse(p.items) as unknown;
    return Array.isArray(v) ? (v as PjItem[]) : [];
  } catch {
    return [];
  }
}

/** Where the window stands at `at` (ms): 0 未开始, 1 进行中, 2 已结束; a missing bound is open. */
export function phaseOf(p: Pick<ElPjTable, 'startTime' | 'endTime'>, at: number): number {
  if (p.startTime && at < p.startTime) return PjPhase.NOT_STARTED;
  if (p.endTime && at > p.endTime) return PjPhase.ENDED;
  return PjPhase.OPEN;
}

function common(p: ElPjTable, at: number) {
  const phase = phaseOf(p, at);
  return {
    id: p.id, classId: p.classId, lessonId: p.lessonId, title: p.title, description: p.description,
    startTime: p.startTime ? formatTime(p.startTime) : null, endTime: p.endTime ? formatTime(p.endTime) : null,
    items: itemsOf(p), phase, phase_dictText: PJ_PHASE_LABEL[phase] ?? '', createTime: formatTimeStrict(p.createTime),
  };
}

/** The admin's record (`answerCount` answers so far). */
export function adminRecord(p: ElPjTable, answerCount: number, at: number): PjRecord {
  return { ...common(p, at), state: p.state, state_dictText: PJ_STATE_LABEL[p.state] ?? '', answerCount };
}

/** The learner's record: answered or not, and whether he may answer now. */
export function learnRecord(p: ElPjTable, mine: ElPjAnswerTable | undefined, at: number): PjLearnRecord {
  const c = common(p, at);
  return { ...c, answered: Boolean(mine), canAnswer: !mine && c.phase === PjPhase.OPEN, answerTime: mine ? formatTimeStrict(mine.createTime) : null };
}
