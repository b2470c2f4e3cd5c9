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
  let prevPlaying = false;
  const results = reports.map((r) => {
    const res = creditReport(p, prevAt, r, rule, prevPlaying);
    p = res.next;
    prevAt = r.at;
    prevPlaying = r.playing;
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
      { at: 3610_000, position: 10, playing: false },
      { at: 3620_000, position: 10, playing: true },
    ]);
    // A pause reported 10 s late with the position where it was: nothing was played, nothing credited.
    // The interval ending with the first "playing" after a pause was paused: not credited either.
    expect(results.map((r) => [r.creditMs, r.reason])).toEqual([[0, 'baseline'], [0, 'gap'], [0, 'paused'], [0, 'paused']]);
    expect(p.learnMs).toBe(0);
    const after = creditReport(p, 3620_000, { at: 3630_000, position: 20, playing: true }, video, true);
    expect(after.creditMs).toBe(10_000);
  });

  it('credits the played stretch that a pause or the end of the video closes, no more than the position moved proves', () => {
    // Paused 8 s after the last heartbeat, 8 s further: those 8 s were played.
    const paused = run(video, [{ at: 0, position: 0, playing: true }, { at: 10_000, position: 10, playing: true }, { at: 18_000, position: 18, playing: false }]);
    expect(paused.results.map((r) => r.creditMs)).toEqual([0, 10_000, 8000]);
    // A pause announced 10 s late after 1 s of play buys at most 1 s at the slowest rate (0.5): 2 s.
    const late = run(video, [{ at: 0, position: 0, playing: true }, { at: 10_000, position: 1, playing: false }]);
    expect(late.results.map((r) => [r.creditMs, r.reason])).toEqual([[0, 'baseline'], [2000, null]]);
    // Documents keep the strict rule: hidden at the end of an interval credits nothing.
    const hidden = run(doc, [{ at: 0, position: 0, playing: true, page: 1 }, { at: 5000, position: 0, playing: false, page: 1 }]);
    expect(hidden.p.learnMs).toBe(0);
  });

  it('finishes a video watched to its end when the credited time is within 5 s of the required time', () => {
    const rule = { ...video, duration: 30 };
    const reports = [0, 10, 20].map((s) => ({ at: s * 1000 + 3000, position: s + 3, playing: true }));
    // The first 3 s happened before the first report (the baseline): 26.x s credited at the end.
    const watched = run(rule, [...reports, { at: 29_500, position: 30, playing: false }], fresh(30));
    expect(watched.p.learnMs).toBe(26_500);
    expect(watched.p.finished).toBe(true);
    // The same credit without reaching the end is 88 %, not finished; neither is the end with 20 s credited.
    const short = run(rule, [...reports, { at: 29_500, position: 29.5 - 3, playing: false }], fresh(30));
    expect(short.p.finished).toBe(false);
    const skipped = run({ ...rule, videoDrag: true }, [{ at: 0, position: 0, playing: true }, { at: 10_000, position: 10, playing: true }, { at: 20_000, position: 20, playing: true }, { at: 21_000, position: 30, playing: true }], fresh(30));
    expect(skipped.p.maxPosition).toBe(30);
    expect(skipped.p.finished).toBe(false);
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
