/** Header search ranking (SPEC §2, §9: Fuse threshold 0.4, title 0.7, path 0.3) over the seeded admin menu. */
import { describe, expect, it } from 'vitest';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import { createMenuSearch, entryLabel, MENU_SEARCH_OPTIONS, menuEntries } from './menu-search';

const node = (path: string, title: string, children?: RouteNode[], extra: Partial<RouteNode> = {}): RouteNode => ({
  path,
  name: path,
  component: children ? 'Layout' : 'View',
  meta: { title },
  ...(children ? { children } : {}),
  ...extra,
});

/** The admin roots as the server seeds them (stat, repo, qu, exam, notice modules). */
const ROOTS: RouteNode[] = [
  node('/admin', '首页', [node('/admin/dashboard', '控制台')], { redirect: '/admin/dashboard' }),
  node(
    '/admin/exam',
    '考试管理',
    [
      node('/admin/exam/repo', '题库管理'),
      node('/admin/exam/qu', '试题管理'),
      node('/admin/exam/qu/add', '添加试题', undefined, { hidden: true }),
      node('/admin/exam/qu/update/:id', '修改试题', undefined, { hidden: true }),
      node('/admin/exam/exam', '考试管理'),
      node('/admin/exam/exam/add', '添加考试', undefined, { hidden: true }),
    ],
    { alwaysShow: true },
  ),
  node('/admin/sys', '系统管理', [node('/admin/sys/notice', '通知公告'), node('/admin/sys/user', '用户管理'), node('/admin/sys/role', '角色管理')], { alwaysShow: true }),
  node('/admin/secret', '隐藏', [node('/admin/secret/page', '隐藏页面')], { hidden: true }),
];

const search = createMenuSearch(menuEntries(ROOTS));
const paths = (q: string) => search(q).map((e) => e.path);

describe('header search entries', () => {
  it('lists the visible pages with their title trail, leaving out hidden ones and parameterised paths', () => {
    const entries = menuEntries(ROOTS);
    expect(entries.map((e) => e.path)).toEqual([
      '/admin/dashboard',
      '/admin/exam/repo',
      '/admin/exam/qu',
      '/admin/exam/exam',
      '/admin/sys/notice',
      '/admin/sys/user',
      '/admin/sys/role',
    ]);
    expect(entries.find((e) => e.path === '/admin/sys/notice')?.title).toEqual(['系统管理', '通知公告']);
    expect(entryLabel(entries[0])).toBe('首页 > 控制台');
  });

  it('uses the constants of SPEC §9', () => {
    expect(MENU_SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(MENU_SEARCH_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ]);
  });
});

describe('header search ranking', () => {
  it("finds 通知公告 first for '公告'", () => {
    expect(paths('公告')[0]).toBe('/admin/sys/notice');
  });

  it('matches titles fuzzily and ranks the closer title first', () => {
    expect(paths('题库')[0]).toBe('/admin/exam/repo');
    expect(paths('试题')[0]).toBe('/admin/exam/qu');
    // a parent title finds its pages
    expect(paths('系统管理')).toEqual(expect.arrayContaining(['/admin/sys/notice', '/admin/sys/user', '/admin/sys/role']));
  });

  it('finds pages by path too', () => {
    expect(paths('notice')[0]).toBe('/admin/sys/notice');
    expect(paths('dashboard')[0]).toBe('/admin/dashboard');
  });

  it('tolerates a typo within the threshold and rejects what is too far', () => {
    expect(paths('notise')[0]).toBe('/admin/sys/notice');
    expect(paths('zzzzqqq')).toEqual([]);
  });

  it('answers nothing for a blank query and never offers hidden pages', () => {
    expect(paths('')).toEqual([]);
    expect(paths('   ')).toEqual([]);
    expect(paths('添加试题')).not.toContain('/admin/exam/qu/add');
    expect(paths('隐藏')).toEqual([]);
  });
});
