/**
 * How classes are shown (admin list, learner lists and details): pure functions of the stored rows,
 * and the learner's standing (whether he may sign up or withdraw now, and why not).
 */
import { OPEN_TYPE_LABEL, COMMON_STATE_LABEL } from '@kaopei/contracts';
import { CLASS_TYPE_LABEL, CLASS_USER_STATE_LABEL, ClassUserState, TrainClassError } from '@kaopei/contracts/train-class';
import { formatTime, formatTimeStrict } from '../../lib/time';
import type { ElClassTable, ElClassUserTable } from './train-class.tables';

export type TrainClass = ElClassTable;
export type Seat = ElClassUserTable;

/** Fields every class view has; `courseCount` its linked courses. */
export function baseOf(c: TrainClass, courseCount: number) {
  return {
    id: c.id,
    title: c.title,
    classType: c.classType,
    classType_dictText: CLASS_TYPE_LABEL[c.classType] ?? '',
    cover: c.cover,
    signStart: formatTime(c.signStart),
    signEnd: formatTime(c.signEnd),
    capacity: c.capacity,
    seats: c.seats,
    openType: c.openType,
    openType_dictText: OPEN_TYPE_LABEL[c.openType] ?? '',
    needAudit: c.needAudit === 1,
    startTime: formatTimeStrict(c.startTime),
    endTime: formatTimeStrict(c.endTime),
    organiser: c.organiser,
    finishCourses: c.finishCourses === 1,
    finishExam: c.finishExam === 1,
    finishSessions: c.finishSessions === 1,
    finishEval: c.finishEval === 1,
    certId: c.certId,
    finishPoints: c.finishPoints,
    courseCount,
  };
}

export const stateLabel = (state: number) => COMMON_STATE_LABEL[state] ?? '';

/** The end of the sign-up window: signEnd, else the class's end. */
export const signCloseOf = (c: TrainClass) => c.signEnd ?? c.endTime;

/**
 * Why a learner may not sign up at `at` (an error of TrainClassError), or null when he may:
 * disabled, window not open / closed, already holding a seat, full. `open`: the open type lets him in.
 */
export function applyBlock(c: TrainClass, seat: Seat | undefined, at: number): { code: number; msg: string } | null {
  if (c.state !== 0) return TrainClassError.DISABLED;
  if (seat && (seat.state === ClassUserState.APPLIED || seat.state === ClassUserState.ENROLLED)) return TrainClassError.ALREADY;
  if (c.signStart !== null && at < c.signStart) return TrainClassError.NOT_OPEN;
  if (at > signCloseOf(c)) return TrainClassError.SIGN_CLOSED;
  if (c.capacity > 0 && c.seats >= c.capacity) return TrainClassError.FULL;
  return null;
}

/** The caller's standing with a class (contracts classStanding). */
export function standingOf(c: TrainClass, seat: Seat | undefined, open: boolean, at: number) {
  const myState = seat ? seat.state : ClassUserState.NONE;
  const block = open ? applyBlock(c, seat, at) : { code: 0, msg: '该培训班未向您开放！' };
  const holding = myState === ClassUserState.APPLIED || myState === ClassUserState.ENROLLED;
  return {
    myState,
    myState_dictText: CLASS_USER_STATE_LABEL[myState] ?? '',
    auditMsg: seat?.auditMsg ?? '',
    canApply: block === null,
    applyTip: block?.msg ?? '',
    canWithdraw: holding && at < c.startTime,
    finished: seat?.finished === 1,
  };
}
