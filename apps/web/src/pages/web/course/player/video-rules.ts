/**
 * The rules of the course video player (SPEC §4 "Video player", §9 video resume threshold 5 s, seek
 * tolerance 2 s, playback rates, player aspect 16:9), as pure functions so that they are unit-tested
 * without a browser. Positions and durations are in seconds.
 *
 * - The last position is remembered per ref id locally (localStorage key `kaopei.video.<refId>`) and
 *   resumed when it is over 5 s and before the end.
 * - On end the player goes back to 0 after END_RESET_MS.
 * - In drag-locked mode a seek more than SEEK_TOLERANCE_SECONDS away from where playback was is reverted.
 *
 * The browser's rules only make the page honest for an honest learner: the server credits study time
 * by its own clock and refuses positions a drag-locked course does not allow (issue 11).
 */

/** SPEC §9 playback rates. */
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
/** SPEC §9 video resume threshold (s). */
export const RESUME_MIN_SECONDS = 5;
/** SPEC §9 seek tolerance (s). */
export const SEEK_TOLERANCE_SECONDS = 2;
/** SPEC §4: on end, back to 0 after 1 s. */
export const END_RESET_MS = 1000;
/** How often the position is written locally while playing (ms). */
export const SAVE_EVERY_MS = 2000;

const KEY_PREFIX = 'kaopei.video.';

/**
 * Where to start a video: `saved` when it is over 5 s and at least one second before the end of a
 * known `duration` (0 or NaN: unknown, then any saved point over 5 s), otherwise 0.
 */
export function resumeAt(saved: number | null | undefined, duration: number): number {
  if (saved == null || !Number.isFinite(saved) || saved <= RESUME_MIN_SECONDS) return 0;
  if (Number.isFinite(duration) && duration > 0 && saved >= duration - 1) return 0;
  return saved;
}

/**
 * Whether a seek from `from` to `to` stands: always when seeking is allowed (`dragLocked` false);
 * when locked, only within SEEK_TOLERANCE_SECONDS of `from`. Answers the position to go back to, or
 * null when the seek stands.
 */
export function seekRevert(from: number, to: number, dragLocked: boolean): number | null {
  if (!dragLocked) return null;
  return Math.abs(to - from) > SEEK_TOLERANCE_SECONDS ? from : null;
}

/** The position remembered for `refId` (null when none or unreadable). */
export function loadPosition(store: Pick<Storage, 'getItem'>, refId: string): number | null {
  try {
    const v = store.getItem(KEY_PREFIX + refId);
    if (v == null) return null;
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 ? n : null;
  } catch {
    return null;
  }
}

/** Remembers `position` for `refId` (quietly does nothing when storage is full or blocked). */
export function savePosition(store: Pick<Storage, 'setItem'>, refId: string, position: number): void {
  try {
    store.setItem(KEY_PREFIX + refId, String(Math.floor(position)));
  } catch {
    // Private mode or a full quota: resuming is a convenience.
  }
}

/** "mm:ss" or "h:mm:ss" of `seconds` (for the position shown beside the rate select). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Whether `src` is an HLS playlist (played through hls.js where the browser has no native HLS). */
export function isHls(src: string): boolean {
  return /\.m3u8(?:$|[?#])/i.test(src);
}
