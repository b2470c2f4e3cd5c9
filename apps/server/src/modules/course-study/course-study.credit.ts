/**
 * The study-time credit rule as pure functions (issue 11 "Study time is counted by the server";
 * SPEC §4 "Course study", "Video player", §9 heartbeat, seek tolerance 2 s). No I/O: the service
 * feeds it the stored progress, the previous accepted report time of the learner's active stream and
 * the new report, and stores what it answers.
 *
 * Rules (times in epoch ms, positions in seconds):
 * - credit ≤ the wall-clock time since the stream's previous accepted report (`prevAt`); the first
 *   report of a stream (no `prevAt`) only sets the baseline; a silence longer than CREDIT_CAP_MS
 *   credits nothing for the gap (the report becomes the new baseline);
 * - only while playing (videos) / visible (documents, links) — at BOTH ends of the interval (a
 *   report saying "playing" after a paused one does not buy the paused time); except that the
 *   stretch of a video ENDING with a pause (or the end of the video: the player reports at once) was
 *   played up to that moment: it is credited, at most what the position moved at the slowest
 *   playback rate (a pause reported late buys nothing it did not play);
 * - drag-lock (videoDrag false, videos): a position beyond maxPosition + elapsed × MAX_PLAYBACK_RATE
 *   + SEEK_TOLERANCE_SEC is a forbidden seek: nothing credited, the reply says revert to maxPosition;
 * - a file is finished when learnMs ≥ needSec × 1000 and, for a document with a known page count,
 *   every page was seen; a video whose end was reached (maxPosition within 1 s of its duration)
 *   already when learnMs ≥ (needSec − END_SLACK_SEC) × 1000; `process` is 100 then, else the lower of the time and pages percentages,
 *   at most 99.
 */
import { CourseFileType } from '@kaopei/contracts/course-file';
import { CREDIT_CAP_MS, END_SLACK_SEC, MAX_PLAYBACK_RATE, MIN_PLAYBACK_RATE, SEEK_TOLERANCE_SEC } from '@kaopei/contracts/course-study';

/** Stored progress of one learner on one course file. */
export interface FileProgress {
  /** Credited study time (ms). */
  learnMs: number;
  /** Required study time (s). */
  needSec: number;
  lastPosition: number;
  /** Furthest accepted position (s), the drag-lock reference. */
  maxPosition: number;
  /** Documents: pages seen (1-based, ascending, no duplicates). */
  pagesSeen: number[];
  finished: boolean;
}

/** What the rule needs to know of the file and course. */
export interface FileRule {
  fileType: number;
  /** Seconds (0: unknown). */
  duration: number;
  pageCount: number;
  /** Seeking allowed (false: drag-lock). */
  videoDrag: boolean;
}

/** One report, stamped with the server clock. */
export interface TimedReport {
  at: number;
  position: number;
  playing: boolean;
  page?: number;
}

export type NoCreditReason = 'baseline' | 'gap' | 'paused' | 'seek' | 'duplicate';

export interface CreditResult {
  creditMs: number;
  next: FileProgress;
  /** Drag-lock: the position to go back to (s), else null. */
  revert: number | null;
  reason: NoCreditReason | null;
  /** The file became finished with this report. */
  justFinished: boolean;
}

/** Percent of a file's progress (0–100; 100 only when finished). */
export function processOf(p: Pick<FileProgress, 'learnMs' | 'needSec' | 'pagesSeen' | 'finished'>, pageCount: number): number {
  if (p.finished) return 100;
  const timePct = p.needSec > 0 ? (p.learnMs / (p.needSec * 1000)) * 100 : 100;
  const pagePct = pageCount > 0 ? (p.pagesSeen.length / pageCount) * 100 : 100;
  return Math.max(0, Math.min(99, Math.floor(Math.min(timePct, pagePct))));
}

/** True when `p` meets the completion rule of a file of `rule`. */
export function isDone(p: Pick<FileProgress, 'learnMs' | 'needSec' | 'pagesSeen' | 'maxPosition'>, rule: Pick<FileRule, 'fileType' | 'pageCount' | 'duration'>): boolean {
  const endReached = rule.fileType === CourseFileType.VIDEO && rule.duration > 0 && p.maxPosition >= rule.duration - 1;
  if (p.learnMs < (endReached ? p.needSec - END_SLACK_SEC : p.needSec) * 1000) return false;
  if (rule.fileType === CourseFileType.DOC && rule.pageCount > 0) return p.pagesSeen.length >= rule.pageCount;
  return true;
}

/** Adds `page` to the sorted, duplicate-free `pages` when it lies within 1..pageCount (any page ≥ 1 when the count is unknown). */
export function addPage(pages: readonly number[], page: number | undefined, pageCount: number): number[] {
  if (page === undefined || page < 1 || (pageCount > 0 && page > pageCount) || pages.includes(page)) return [...pages];
  return [...pages, page].sort((a, b) => a - b);
}

/**
 * Applies one report to a file's progress. `prevAt`: the time of the stream's previous accepted
 * report (null: none, this report is the baseline); `prevPlaying`: whether that report said playing.
 * Never credits more than `report.at - prevAt`.
 */
export function creditReport(p: FileProgress, prevAt: number | null, report: TimedReport, rule: FileRule, prevPlaying = true): CreditResult {
  const elapsed = prevAt === null ? 0 : Math.max(0, report.at - prevAt);
  const gap = prevAt !== null && elapsed > CREDIT_CAP_MS;
  const usable = gap ? 0 : elapsed;
  const isVideo = rule.fileType === CourseFileType.VIDEO;
  let pos = Math.max(0, report.position);
  if (isVideo && rule.duration > 0) pos = Math.min(pos, rule.duration);
  if (!isVideo) pos = 0;

  // Drag-lock: beyond the furthest accepted point plus what real playback could have added.
  if (isVideo && !rule.videoDrag) {
    const allowed = p.maxPosition + (usable / 1000) * MAX_PLAYBACK_RATE + SEEK_TOLERANCE_SEC;
    if (pos > allowed) {
      return { creditMs: 0, next: { ...p, lastPosition: p.maxPosition }, revert: p.maxPosition, reason: 'seek', justFinished: false };
    }
  }

  let creditMs = report.playing && prevPlaying ? usable : 0;
  // Played until the pause (or the end) this report announces: as far as the position moved proves.
  if (isVideo && prevPlaying && !report.playing) creditMs = Math.min(usable, Math.max(0, pos - p.lastPosition) * (1000 / MIN_PLAYBACK_RATE));
  const reason: NoCreditReason | null = prevAt === null ? 'baseline' : gap ? 'gap' : creditMs === 0 && !(report.playing && prevPlaying) ? 'paused' : null;
  const next: FileProgress = {
    learnMs: p.learnMs + creditMs,
    needSec: p.needSec,
    lastPosition: pos,
    maxPosition: isVideo ? Math.max(p.maxPosition, pos) : p.maxPosition,
    pagesSeen: report.playing ? addPage(p.pagesSeen, report.page, rule.pageCount) : [...p.pagesSeen],
    finished: p.finished,
  };
  const justFinished = !p.finished && isDone(next, rule);
  if (justFinished) next.finished = true;
  return { creditMs, next, revert: null, reason, justFinished };
}

/** True when the credited time since the last passed check reaches the course's check interval. */
export function checkDue(checkOn: boolean, checkSec: number, sinceCheckMs: number): boolean {
  return checkOn && checkSec > 0 && sinceCheckMs >= checkSec * 1000;
}
