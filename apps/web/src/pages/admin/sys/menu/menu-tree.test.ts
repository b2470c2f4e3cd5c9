/** The menu page's keyword filter and expandable rows. */
import { describe, expect, it } from 'vitest';
import { filterMenus, menuMatches, parentIds } from './menu-tree';

interface N {
  id: string;
  title: string;
  path: string;
  name: string;
  permission: string;
  component: string;
  children?: N[];
}

const node = (id: string, title: string, extra: Partial<N> = {}, children?: N[]): N => ({
  id, title, path: '', name: '', permission: '', component: '', ...extra, ...(children ? { children } : {}),
});

const TREE = [
  node('sys', '系统管理', { path: '/admin/sys', name: 'SysMgr' }, [
    node('role', '角色管理', { path: '/admin/sys/role', name: 'ListRole', component: 'ListRole' }, [node('role:list', '角色列表', { permission: 'sys:role:list' })]),
    node('notice', '通知公告', { path: '/admin/sys/notice' }),
  ]),
  node('web', '学员端', { path: '/web' }),
];

describe('menu page tree helpers', () => {
  it('matches title, path, route name, component and permission code, ignoring case', () => {
    expect(menuMatches(TREE[0] as N, 'sysmgr')).toBe(true);
    expect(menuMatches(TREE[1] as N, ' 学员 ')).toBe(true);
    expect(menuMatches(TREE[1] as N, 'role')).toBe(false);
  });

  it('keeps matches with their ancestors and sub-trees', () => {
    expect(filterMenus(TREE, '')).toEqual(TREE);
    const [sys] = TREE as [N];
    const role = sys.children?.[0] as N;
    expect(filterMenus(TREE, 'sys:role:list')).toEqual([{ ...sys, children: [{ ...role, children: role.children }] }]);
    expect(filterMenus(TREE, '角色管理')).toEqual([{ ...sys, children: [role] }]);
    expect(filterMenus(TREE, '没有')).toEqual([]);
  });

  it('lists the rows that can expand', () => {
    expect(parentIds(TREE)).toEqual(['sys', 'role']);
  });
});
