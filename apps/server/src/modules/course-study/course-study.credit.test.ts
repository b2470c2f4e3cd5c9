/**
 * The pure credit rule (course-study.credit.ts) with hand-made report sequences: never more than
 * real time, nothing while paused or after a silence, drag-lock seeks refused, completion rules.
 */
import { describe, expect, it } from 'vitest';
import { addPage, checkDue, creditReport, processOf, type FileProgress, type FileRule, type TimedReport } from './course-study.credit';

const video: FileRule = { fileType: 33, duration: 600, pageCount: 0, videoDrag: true };
const locked: FileRule = { ...video, videoDrag: false };
const doc: FileRule = { fileType: 22, duration: 0, pageCount: 3, videoDrag: true };
const fresh = (needSec = 60): FileProgress => ({ learnMs: 0, needSec, lastPosition: 0, maxPosition: 0, pagesSeen: [], finished: false });

/** Feeds `reports` one after the other as one stream; answers the final progress and each result. */
function run(rule: FileRule, reports: TimedReport[], start = fresh()) {
  let p = start;
  let prevAt: number | null = null;
  const results = reports.map((r) => {
    const res = creditReport(p, prevAt, r, rule);
    p = res.next;
    prevAt = r.at;
    return res;
  });
  return { p, results };
}

describe('creditReport', () => {
  it('credits the wall-clock time between reports while playing, the first report being the baseline', () => {
    const { p, results } = run(video, [
      { at: 0, position: 0, playing: true },
      { at: 10_000, position: 10, playing: true },
      { at: 20_000, position: 20, playing: true },
    ]);
    expect(results.map((r) => r.creditMs)).toEqual([0, 10_000, 10_000]);
    expect(results[0]!.reason).toBe('baseline');
    expect(p.learnMs).toBe(20_000);
    expect(p.maxPosition).toBe(20);
  });

  it('never credits more than real time: 2x playback or many fast reports still add only the elapsed time', () => {
    const fast = run(video, [0, 1000, 2000, 3000, 4000, 5000].map((at, i) => ({ at, position: i * 2, playing: true })));
    expect(fast.p.learnMs).toBe(5000);
    // A report claiming a far position in a short time does not buy time either (seeking is allowed here).
    const jump = run(video, [{ at: 0, position: 0, playing: true }, { at: 2000, position: 500, playing: true }]);
    expect(jump.p.learnMs).toBe(2000);
  });

  it('credits nothing for a silence longer than the cap, nor while paused or hidden', () => {
    const { results, p } = run(video, [
      { at: 0, position: 0, playing: true },
      { at: 3600_000, position: 10, playing: true },
      { at: 3610_000, position: 20, playing: false },
      { at: 3620_000, position: 20, playing: true },
    ]);
    expect(results.map((r) => [r.creditMs, r.reason])).toEqual([[0, 'baseline'], [0, 'gap'], [0, 'paused'], [10_000, null]]);
    expect(p.learnMs).toBe(10_000);
  });

  it('drag-lock: a seek beyond maxPosition + elapsed × 2 + 2 s is refused and reverted; within it is credited', () => {
    const { results, p } = run(locked, [
      { at: 0, position: 0, playing: true },
      { at: 10_000, position: 10, playing: true },
      { at: 20_000, position: 200, playing: true },
      { at: 30_000, position: 20, playing: true },
      { at: 40_000, position: 41.5, playing: true },
    ]);
    expect(results[2]).toMatchObject({ creditMs: 0, revert: 10, reason: 'seek' });
    expect(results[3]).toMatchObject({ creditMs: 10_000, revert: null });
    // 20 + 10 × 2 + 2 = 42 ≥ 41.5: accepted.
    expect(results[4]).toMatchObject({ creditMs: 10_000, revert: null });
    expect(p).toMatchObject({ learnMs: 30_000, maxPosition: 41.5 });
    // Seeking back is always allowed.
    const back = creditReport(p, 40_000, { at: 50_000, position: 3, playing: true }, locked);
    expect(back).toMatchObject({ creditMs: 10_000, revert: null });
    expect(back.next.maxPosition).toBe(41.5);
  });

  it('finishes a video once learnMs reaches needSec, exactly at that report', () => {
    const { results, p } = run(video, [0, 10_000, 20_000, 30_000].map((at) => ({ at, position: at / 1000, playing: true })), fresh(20));
    expect(results.map((r) => r.justFinished)).toEqual([false, false, true, false]);
    expect(p.finished).toBe(true);
    expect(processOf(p, 0)).toBe(100);
  });

  it('documents need both the time and every page seen (pages count only while visible)', () => {
    const { p } = run(doc, [
      { at: 0, position: 0, playing: true, page: 1 },
      { at: 10_000, position: 0, playing: true, page: 2 },
      { at: 20_000, position: 0, playing: false, page: 3 },
      { at: 30_000, position: 0, playing: true, page: 9 },
    ], fresh(15));
    expect(p.pagesSeen).toEqual([1, 2]);
    expect(p.finished).toBe(false);
    expect(processOf(p, 3)).toBe(66);
    const done = creditReport(p, 30_000, { at: 40_000, position: 0, playing: true, page: 3 }, doc);
    expect(done.justFinished).toBe(true);
  });
});

describe('helpers', () => {
  it('processOf caps at 99 until finished; addPage keeps pages sorted and unique; checkDue needs checkOn and the interval', () => {
    expect(processOf({ learnMs: 59_999, needSec: 60, pagesSeen: [], finished: false }, 0)).toBe(99);
    expect(processOf({ learnMs: 30_000, needSec: 60, pagesSeen: [], finished: false }, 0)).toBe(50);
    expect(addPage([1, 3], 2, 3)).toEqual([1, 2, 3]);
    expect(addPage([1, 3], 3, 3)).toEqual([1, 3]);
    expect(addPage([1], 4, 3)).toEqual([1]);
    expect(checkDue(true, 60, 60_000)).toBe(true);
    expect(checkDue(true, 60, 59_999)).toBe(false);
    expect(checkDue(false, 60, 600_000)).toBe(false);
  });
});
