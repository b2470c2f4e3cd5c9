/** Leave monitoring of the exam page: what counts as a leave to report and what the dialog says. */
import { describe, expect, it } from 'vitest';
import { createLeaveWatch, leaveMessage } from './leave-watch';

describe('createLeaveWatch', () => {
  it('reports a stay away longer than leaveCheck seconds, not one as long or shorter', () => {
    const w = createLeaveWatch(10);
    w.hidden(1_000);
    expect(w.visible(11_000)).toBe(false); // exactly 10 s
    w.hidden(20_000);
    expect(w.visible(30_001)).toBe(true);
  });

  it('keeps the first hidden time, and a visible without a hidden reports nothing', () => {
    const w = createLeaveWatch(5);
    expect(w.visible(100_000)).toBe(false);
    w.hidden(0);
    w.hidden(4_000);
    expect(w.visible(6_000)).toBe(true);
    expect(w.visible(60_000)).toBe(false); // already reported: back once, reported once
  });
});

describe('leaveMessage', () => {
  it('tells the leaves left, the last chance, and the forced hand-in', () => {
    expect(leaveMessage({ leaveTimes: 1, overLimit: false, leaveCount: 3 })).toBe('您已离开考试页面 1 次，还剩 2 次机会，超过将自动交卷！');
    expect(leaveMessage({ leaveTimes: 3, overLimit: false, leaveCount: 3 })).toBe('您已离开考试页面 3 次，再次离开将自动交卷！');
    expect(leaveMessage({ leaveTimes: 4, overLimit: true, leaveCount: 3 })).toBe('您离开考试页面的次数已超过 3 次，系统已自动交卷！');
  });
});
