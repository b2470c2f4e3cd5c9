import { describe, expect, it } from 'vitest';
import { collectExtensions, fixedPrefix, openPageOf, ucTabs, visitorPages } from './extensions';
import { isPublicPath } from './guard';

const load = () => Promise.resolve({ default: () => null });

describe('web extension points (views.ts openPages / ucTabs)', () => {
  it('takes the fixed part of a pattern as the open prefix', () => {
    expect(fixedPrefix('/cert/verify/:certNo')).toBe('/cert/verify');
    expect(fixedPrefix('/share/*')).toBe('/share');
    expect(fixedPrefix('/about')).toBe('/about');
  });

  it('orders tabs by order and reports a key declared twice, keeping the first folder', () => {
    const errors: string[] = [];
    const { ucTabs: tabs, openPages, mobilePages } = collectExtensions(
      {
        '../pages/b/views.ts': { ucTabs: [{ key: 'late', label: 'L', order: 50, load }, { key: 'dup', label: 'B', order: 5, load }], mobilePages: [{ path: '/m/info/x', title: 'MB', load }] },
        '../pages/a/views.ts': { ucTabs: [{ key: 'dup', label: 'A', order: 30, load }], openPages: [{ path: '/x/:id', title: 'X', load }], mobilePages: [{ path: '/m/info/x', title: 'MA', load }, { path: '/m/info/a', title: 'A', load }] },
      },
      (m) => errors.push(m),
    );
    expect(tabs.map((t) => [t.key, t.label])).toEqual([
      ['dup', 'A'],
      ['late', 'L'],
    ]);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('../pages/a/views.ts');
    expect(openPages.map((p) => p.prefix)).toEqual(['/x']);
    expect(mobilePages.map((p) => [p.path, p.title])).toEqual([
      ['/m/info/a', 'A'],
      ['/m/info/x', 'MA'],
    ]);
  });

  it('collects visitor pages (first folder wins) and registers /web/state and its details as public pages of the web layout', () => {
    const errors: string[] = [];
    const { visitorPages: pages } = collectExtensions(
      {
        '../pages/b/views.ts': { visitorPages: [{ path: '/web/x', title: 'B', view: 'B' }] },
        '../pages/a/views.ts': { visitorPages: [{ path: '/web/x', title: 'A', view: 'A', menu: true }] },
      },
      (m) => errors.push(m),
    );
    expect(pages.map((p) => [p.path, p.view])).toEqual([['/web/x', 'A']]);
    expect(errors).toHaveLength(1);
    expect(visitorPages.map((p) => [p.path, p.view, Boolean(p.menu)])).toEqual([
      ['/web/state', 'WebState', true],
      ['/web/state/details', 'WebStateDetails', false],
    ]);
    for (const p of visitorPages) expect(isPublicPath(p.path)).toBe(true);
  });

  it('registers the real folders: the personal centre tabs in order and the certificate page open to everybody', () => {
    expect(ucTabs.map((t) => t.key)).toEqual(['msg', 'real', 'bind', 'courseFiles', 'courseQa', 'cert', 'points']);
    expect(openPageOf('/cert/verify/KP-2026-000001')?.title).toBe('证书验证');
    expect(openPageOf('/certificates')).toBeUndefined();
    expect(isPublicPath('/cert/verify/KP-2026-000001')).toBe(true);
    expect(isPublicPath('/web/uc')).toBe(false);
  });
});
