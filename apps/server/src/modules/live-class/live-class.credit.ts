/**
 * The attendance credit rule of live sessions as a pure function (issue 13 "attendance is counted
 * by the server from heartbeats, as course study time is"). Times in epoch ms.
 *
 * - one stream per learner: a beat of another stream than the stored one is refused (`busy`) while
 *   the stored stream is alive (its last beat within LIVE_CREDIT_CAP_MS); after that it takes over
 *   (it becomes the baseline, credit 0);
 * - the first beat of a stream only sets the baseline;
 * - credit = the part of the wall-clock interval between the stream's previous accepted beat and
 *   this one that lies within the session (startTime–endTime), and nothing when the interval is
 *   longer than LIVE_CREDIT_CAP_MS (a silence): never more than real time.
 */
import { LIVE_CREDIT_CAP_MS } from '@kaopei/contracts/live-class';

export interface StreamState {
  streamId: string;
  /** Time of the stream's previous accepted beat. */
  lastBeat: number;
}

export interface BeatResult {
  creditMs: number;
  /** The stream state to store (null: refused, store nothing). */
  next: StreamState | null;
  reason: 'baseline' | 'takeover' | 'gap' | 'busy' | null;
}

/** Length of [a, b] ∩ [start, end] (0 when they do not overlap). */
export function overlapMs(a: number, b: number, start: number, end: number): number {
  return Math.max(0, Math.min(b, end) - Math.max(a, start));
}

/**
 * Applies one beat of `streamId` at `at` to the learner's `prev` stream state (null: none yet).
 */
export function creditBeat(prev: StreamState | null, streamId: string, at: number, session: { start: number; end: number }): BeatResult {
  if (!prev) return { creditMs: 0, next: { streamId, lastBeat: at }, reason: 'baseline' };
  if (prev.streamId !== streamId) {
    if (at - prev.lastBeat <= LIVE_CREDIT_CAP_MS) return { creditMs: 0, next: null, reason: 'busy' };
    return { creditMs: 0, next: { streamId, lastBeat: at }, reason: 'takeover' };
  }
  const elapsed = at - prev.lastBeat;
  if (elapsed <= 0) return { creditMs: 0, next: prev, reason: null };
  if (elapsed > LIVE_CREDIT_CAP_MS) return { creditMs: 0, next: { streamId, lastBeat: at }, reason: 'gap' };
  return { creditMs: overlapMs(prev.lastBeat, at, session.start, session.end), next: { streamId, lastBeat: at }, reason: null };
}
