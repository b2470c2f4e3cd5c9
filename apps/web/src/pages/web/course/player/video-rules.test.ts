import { describe, expect, it } from 'vitest';
import { clock, isHls, loadPosition, resumeAt, savePosition, seekRevert } from './video-rules';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('video player rules (SPEC §4 Video player)', () => {
  it('resumes a saved position over 5 s and before the end, else starts at 0', () => {
    expect(resumeAt(null, 100)).toBe(0);
    expect(resumeAt(5, 100)).toBe(0);
    expect(resumeAt(5.5, 100)).toBe(5.5);
    expect(resumeAt(42, 100)).toBe(42);
    expect(resumeAt(99.5, 100)).toBe(0);
    expect(resumeAt(100, 100)).toBe(0);
    expect(resumeAt(42, 0)).toBe(42);
    expect(resumeAt(42, Number.NaN)).toBe(42);
    expect(resumeAt(Number.NaN, 100)).toBe(0);
  });

  it('reverts a drag-locked seek more than 2 s away, in either direction', () => {
    expect(seekRevert(10, 60, false)).toBeNull();
    expect(seekRevert(10, 12, true)).toBeNull();
    expect(seekRevert(10, 8, true)).toBeNull();
    expect(seekRevert(10, 12.5, true)).toBe(10);
    expect(seekRevert(10, 3, true)).toBe(10);
  });

  it('remembers positions per ref id and ignores garbage', () => {
    const s = memoryStore();
    expect(loadPosition(s, 'a')).toBeNull();
    savePosition(s, 'a', 61.9);
    expect(loadPosition(s, 'a')).toBe(61);
    expect(loadPosition(s, 'b')).toBeNull();
    s.m.set('kaopei.video.b', 'x');
    expect(loadPosition(s, 'b')).toBeNull();
    const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('full'); } };
    expect(loadPosition(broken, 'a')).toBeNull();
    expect(() => savePosition(broken, 'a', 1)).not.toThrow();
  });

  it('formats clocks and recognises HLS playlists', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(65.7)).toBe('01:05');
    expect(clock(3725)).toBe('1:02:05');
    expect(isHls('/api/course/file/hls/abc/master.m3u8')).toBe(true);
    expect(isHls('/x/master.M3U8?t=1')).toBe(true);
    expect(isHls('/api/common/file/view/abc.mp4')).toBe(false);
  });
});
