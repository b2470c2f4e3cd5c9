import { describe, expect, it, vi } from 'vitest';
import { CLASS_SECTIONS, collectTabs } from './sections';
import { CLASS_ADMIN_SECTIONS } from '../../admin/train-class/adminSections';

const load = () => Promise.resolve({ default: () => null });

describe('class page tabs declared by the page folders (views.ts classTabs / classAdminTabs)', () => {
  it('orders by order then key and keeps the first folder of a key declared twice', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tabs = collectTabs<{ key: string; order: number; title: string; load: typeof load }>('classTabs', {
      '../pages/b/views.ts': { classTabs: [{ key: 'late', title: 'L', order: 50, load }, { key: 'dup', title: 'B', order: 5, load }] },
      '../pages/a/views.ts': { classTabs: [{ key: 'dup', title: 'A', order: 30, load }] },
      '../pages/c/views.ts': { views: {} },
    });
    expect(tabs.map((t) => [t.key, t.title])).toEqual([
      ['dup', 'A'],
      ['late', 'L'],
    ]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('collects the real folders: the learner tabs and the drawer tabs in product order', () => {
    expect(CLASS_SECTIONS.map((s) => s.key)).toEqual(['sessions', 'live', 'exam', 'eval', 'task', 'discuss', 'xdsc', 'zt', 'news']);
    expect(CLASS_SECTIONS.find((s) => s.key === 'news')?.public).toBe(true);
    expect(CLASS_ADMIN_SECTIONS.map((s) => s.key)).toEqual(['sessions', 'exam', 'eval', 'task', 'discuss', 'xdsc', 'news', 'zt', 'stat']);
  });
});
