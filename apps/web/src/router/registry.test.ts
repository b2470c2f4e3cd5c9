/** The view registry assembled from the pages' views.ts files (router/registry.ts). */
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mergeViews, resolveView, viewRegistry, type ViewLoaders } from './registry';

const load = () => Promise.resolve({ default: (() => null) as ComponentType });

describe('view registry', () => {
  it('holds every view of the pages folders, each a lazy component with preload', () => {
    const names = ['Dashboard', 'ListRepo', 'QuList', 'QuForm', 'ListExam', 'ExamForm', 'WebHome', 'OnlineExam', 'ExamCheck', 'ExamStart', 'ExamResult', 'MyPaper'];
    expect(Object.keys(viewRegistry)).toEqual(expect.arrayContaining(names));
    for (const name of names) expect(typeof viewRegistry[name].preload, name).toBe('function');
  });

  it('finds no name declared by two views.ts files', () => {
    const modules = import.meta.glob<{ views?: ViewLoaders }>('../pages/**/views.ts', { eager: true });
    const problems: string[] = [];
    mergeViews(modules, (m) => problems.push(m));
    expect(problems).toEqual([]);
  });

  it('keeps the first of duplicate names (in path order) and reports the clash', () => {
    const first = load;
    const second = load.bind(null);
    const problems: string[] = [];
    const merged = mergeViews({ '../pages/b/views.ts': { views: { A: second } }, '../pages/a/views.ts': { views: { A: first, B: load } }, '../pages/c/views.ts': {} }, (m) =>
      problems.push(m),
    );
    expect(merged.A).toEqual({ load: first, source: '../pages/a/views.ts' });
    expect(merged.B.source).toBe('../pages/a/views.ts');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('"A"');
    expect(problems[0]).toContain('../pages/b/views.ts');
    expect(problems[1]).toContain('../pages/c/views.ts');
  });

  it('resolves known names and logs an unknown one once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveView('ExamStart', '/web/exam/start/:id')).toBe(viewRegistry.ExamStart);
    expect(resolveView('NoSuchView', '/x')).toBeNull();
    expect(resolveView('NoSuchView', '/y')).toBeNull();
    expect(resolveView('toString', '/z')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0][0]).toContain('NoSuchView');
    warn.mockRestore();
  });
});
