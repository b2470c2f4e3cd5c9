/**
 * The learner's exam-room preferences kept in the browser (issue 9 "Exam room"), without React:
 * - the layout, 'one' (逐题: one question per screen) or 'all' (整卷: every group on one page),
 *   one choice for every exam (key `kaopei.exam.layout`, default 'one');
 * - the questions marked difficult (标记), per paper (key `kaopei.exam.marks.<paperId>`, a list of
 *   quIds). Marks are a learner's own note: they stay in this browser (docs/decisions.md).
 * - the answer card's state of a question (`cardState`): current, marked, queued, answered.
 * Storage failures (private mode, quota) fall back to the defaults: a preference is never worth an
 * error in an exam.
 */
import type { KeyStore, SaveState } from './answer-queue';

export type ExamLayout = 'one' | 'all';

export const LAYOUT_KEY = 'kaopei.exam.layout';

/** localStorage key of a paper's marked questions. */
export function marksKey(paperId: string): string {
  return `kaopei.exam.marks.${paperId}`;
}

/** The layout chosen last ('one' when never chosen or unreadable). */
export function loadLayout(storage: KeyStore): ExamLayout {
  try {
    return storage.getItem(LAYOUT_KEY) === 'all' ? 'all' : 'one';
  } catch {
    return 'one';
  }
}

/** Remembers the layout for the next exam and the next reload. */
export function saveLayout(storage: KeyStore, layout: ExamLayout): void {
  try {
    storage.setItem(LAYOUT_KEY, layout);
  } catch {
    // not remembered; the page still switches
  }
}

/** The quIds marked difficult in a paper. */
export function loadMarks(storage: KeyStore, paperId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(marksKey(paperId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Marks or unmarks `quId` in a paper; returns the new list (stored). */
export function toggleMark(storage: KeyStore, paperId: string, quId: string): string[] {
  const marks = loadMarks(storage, paperId);
  const next = marks.includes(quId) ? marks.filter((m) => m !== quId) : [...marks, quId];
  try {
    if (next.length) storage.setItem(marksKey(paperId), JSON.stringify(next));
    else storage.removeItem(marksKey(paperId));
  } catch {
    // kept for this page only
  }
  return next;
}

/** Forget a paper's marks (it is handed in). */
export function clearMarks(storage: KeyStore, paperId: string): void {
  try {
    storage.removeItem(marksKey(paperId));
  } catch {
    // nothing to do
  }
}

/** What the answer card shows of one question. `queued`: an answer of it waits to be sent (待发送 / 保存中). */
export interface CardState {
  current: boolean;
  marked: boolean;
  queued: boolean;
  answered: boolean;
}

/** The card state of a question from the page's state; a stem's save state is the busiest of its sub-questions'. */
export function cardState(quId: string, p: { currentId?: string; marks: readonly string[]; saveStates: readonly (SaveState | undefined)[]; answered: boolean }): CardState {
  return {
    current: quId === p.currentId,
    marked: p.marks.includes(quId),
    queued: p.saveStates.some((s) => s === 'queued' || s === 'saving'),
    answered: p.answered,
  };
}

/** The class names of a card button for a state (styles.css "answer card"). */
export function cardClass(s: CardState): string {
  return ['card-qu', s.current && 'card-qu-current', s.answered && 'card-qu-answered', s.marked && 'card-qu-marked', s.queued && 'card-qu-queued'].filter(Boolean).join(' ');
}
