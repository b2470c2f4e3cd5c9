/**
 * The face tracker's state machine (SPEC §4 "Face camera"): a steady face is captured after 2 s, a
 * lost face emits face-out at once and every 10 s, retrack unlocks the next capture.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaceTrackerMachine, type FaceTrackState } from './faceTracker';

function machine(autoCapture = true) {
  const states: FaceTrackState[] = [];
  const onCapture = vi.fn();
  const onFaceOut = vi.fn();
  const m = new FaceTrackerMachine({ autoCapture }, { onState: (s) => states.push(s), onCapture, onFaceOut });
  return { m, states, onCapture, onFaceOut };
}

describe('FaceTrackerMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ignores detections until the detector is ready', () => {
    const { m, states, onCapture } = machine();
    m.observe(true);
    vi.advanceTimersByTime(5000);
    expect(m.state).toBe('loading');
    expect(onCapture).not.toHaveBeenCalled();
    m.ready();
    expect(states).toEqual(['tracking']);
  });

  it('captures once after 2 s of a steady face, then stays locked until retrack', () => {
    const { m, states, onCapture } = machine();
    m.ready();
    m.observe(true);
    expect(m.state).toBe('found');
    vi.advanceTimersByTime(1000);
    m.observe(true);
    vi.advanceTimersByTime(999);
    expect(onCapture).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCapture).toHaveBeenCalledTimes(1);
    expect(m.locked).toBe(true);
    m.observe(true);
    vi.advanceTimersByTime(10_000);
    expect(onCapture).toHaveBeenCalledTimes(1);
    m.retrack();
    expect(m.locked).toBe(false);
    vi.advanceTimersByTime(1999);
    expect(onCapture).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onCapture).toHaveBeenCalledTimes(2);
    expect(states).toEqual(['tracking', 'found']);
  });

  it('restarts the 2 s when the face goes away before the capture', () => {
    const { m, onCapture } = machine();
    m.ready();
    m.observe(true);
    vi.advanceTimersByTime(1500);
    m.observe(false);
    m.observe(false); // lost
    vi.advanceTimersByTime(1000);
    expect(onCapture).not.toHaveBeenCalled();
    m.observe(true);
    vi.advanceTimersByTime(1999);
    expect(onCapture).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onCapture).toHaveBeenCalledTimes(1);
  });

  it('a single missed frame is not a loss', () => {
    const { m, onFaceOut, onCapture } = machine();
    m.ready();
    m.observe(true);
    vi.advanceTimersByTime(1000);
    m.observe(false);
    m.observe(true);
    expect(m.state).toBe('found');
    vi.advanceTimersByTime(1000);
    expect(onCapture).toHaveBeenCalledTimes(1);
    expect(onFaceOut).not.toHaveBeenCalled();
  });

  it('emits face-out when the face is lost and every 10 s until it reappears', () => {
    const { m, states, onFaceOut } = machine(false);
    m.ready();
    m.observe(false);
    expect(onFaceOut).not.toHaveBeenCalled();
    m.observe(false);
    expect(m.state).toBe('lost');
    expect(onFaceOut).toHaveBeenCalledTimes(1);
    m.observe(false);
    vi.advanceTimersByTime(9999);
    expect(onFaceOut).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onFaceOut).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(20_000);
    expect(onFaceOut).toHaveBeenCalledTimes(4);
    m.observe(true);
    vi.advanceTimersByTime(60_000);
    expect(onFaceOut).toHaveBeenCalledTimes(4);
    expect(states).toEqual(['tracking', 'lost', 'found']);
  });

  it('never captures without autoCapture (the exam corner camera)', () => {
    const { m, onCapture } = machine(false);
    m.ready();
    m.observe(true);
    vi.advanceTimersByTime(10_000);
    expect(onCapture).not.toHaveBeenCalled();
  });

  it('unavailable and stop clear every timer', () => {
    const { m, onFaceOut, onCapture } = machine();
    m.ready();
    m.observe(false);
    m.observe(false);
    m.unavailable();
    m.observe(true);
    vi.advanceTimersByTime(30_000);
    expect(onFaceOut).toHaveBeenCalledTimes(1);
    expect(onCapture).not.toHaveBeenCalled();
    const b = machine();
    b.m.ready();
    b.m.observe(true);
    b.m.stop();
    vi.advanceTimersByTime(5000);
    expect(b.onCapture).not.toHaveBeenCalled();
  });
});
