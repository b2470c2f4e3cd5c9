/** The exam room's remembered layout, the marks per paper and the answer card's state of a question. */
import { describe, expect, it } from 'vitest';
import type { KeyStore } from './answer-queue';
import { cardClass, cardState, clearMarks, loadLayout, loadMarks, saveLayout, toggleMark } from './exam-prefs';

function store(): KeyStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('layout', () => {
  it('is one question per screen until the learner chooses the whole paper, and is remembered', () => {
    const s = store();
    expect(loadLayout(s)).toBe('one');
    saveLayout(s, 'all');
    expect(loadLayout(s)).toBe('all');
    saveLayout(s, 'one');
    expect(loadLayout(s)).toBe('one');
  });

  it('falls back to one per screen when storage fails', () => {
    const broken: KeyStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => saveLayout(broken, 'all')).not.toThrow();
    expect(loadLayout(broken)).toBe('one');
  });
});

describe('marks', () => {
  it('toggle per paper and survive a reload (a new read of the store)', () => {
    const s = store();
    expect(toggleMark(s, 'p1', 'q1')).toEqual(['q1']);
    expect(toggleMark(s, 'p1', 'q2')).toEqual(['q1', 'q2']);
    expect(toggleMark(s, 'p2', 'q9')).toEqual(['q9']);
    expect(toggleMark(s, 'p1', 'q1')).toEqual(['q2']);
    expect(loadMarks(s, 'p1')).toEqual(['q2']);
    expect(loadMarks(s, 'p2')).toEqual(['q9']);
    clearMarks(s, 'p1');
    expect(loadMarks(s, 'p1')).toEqual([]);
    expect(loadMarks(s, 'p2')).toEqual(['q9']);
  });

  it('ignores a damaged entry', () => {
    const s = store();
    s.setItem('kaopei.exam.marks.p1', '{not json');
    expect(loadMarks(s, 'p1')).toEqual([]);
    s.setItem('kaopei.exam.marks.p1', '["q1", 3, null]');
    expect(loadMarks(s, 'p1')).toEqual(['q1']);
  });
});

describe('answer card state', () => {
  it('shows current, marked, queued (待发送 or 保存中) and answered independently', () => {
    const base = { currentId: 'q1', marks: ['q2'], answered: false };
    expect(cardState('q1', { ...base, saveStates: [] })).toEqual({ current: true, marked: false, queued: false, answered: false });
    expect(cardState('q2', { ...base, saveStates: ['saved', 'queued'] })).toEqual({ current: false, marked: true, queued: true, answered: false });
    expect(cardState('q3', { ...base, saveStates: ['saving'], answered: true }).queued).toBe(true);
    expect(cardState('q3', { ...base, saveStates: ['saved', 'error'] }).queued).toBe(false);
    expect(cardClass({ current: true, marked: true, queued: true, answered: true })).toBe('card-qu card-qu-current card-qu-answered card-qu-marked card-qu-queued');
    expect(cardClass({ current: false, marked: false, queued: false, answered: false })).toBe('card-qu');
  });
});
