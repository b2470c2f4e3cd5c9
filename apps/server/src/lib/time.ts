/**
 * Time helpers. The database keeps instants as epoch milliseconds (bigint); the API shows them as
 * `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (ARCHITECTURE §3). Uses dayjs, never hand-rolled maths.
 */
import dayjs from 'dayjs';
import { TIME_FORMAT, TIME_ZONE } from '@kaopei/contracts';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);


/** Epoch ms → `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai); null/undefined stay null. */
export function formatTime(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  return dayjs(ms).tz(TIME_ZONE).format(TIME_FORMAT);
}

/** Like formatTime but never null (for NOT NULL columns). */
export function formatTimeStrict(ms: number): string {
  return dayjs(ms).tz(TIME_ZONE).format(TIME_FORMAT);
}

/** Epoch ms → the day `YYYY-MM-DD` it falls on in Asia/Shanghai (e.g. the refId of a daily award). */
export function formatDay(ms: number): string {
  return dayjs(ms).tz(TIME_ZONE).format('YYYY-MM-DD');
}

/** `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai) → epoch ms; null/empty → null. Throws on a malformed value. */
export function parseTime(text: string | null | undefined): number | null {
  if (!text) return null;
  const d = dayjs.tz(text, TIME_FORMAT, TIME_ZONE);
  if (!d.isValid()) throw new Error(`bad time: ${text}`);
  return d.valueOf();
}

let clockOffsetMs = 0;

/**
 * The server clock in epoch ms; every deadline is decided by it. It is the system clock, plus an
 * offset that only tests move (`advanceClock`), so that a deadline journey need not sleep.
 */
export function now(): number {
  return Date.now() + clockOffsetMs;
}

/** Moves the server clock forward by `ms` (tests only: the test clock route and API tests). */
export function advanceClock(ms: number): number {
  clockOffsetMs += ms;
  return now();
}

/** Puts the server clock back on the system clock (tests: each test app starts on real time). */
export function resetClock(): void {
  clockOffsetMs = 0;
}
