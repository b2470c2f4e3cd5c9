/** Admin sidebar items and menu icons by name (admin-menu.tsx, menu-icon.tsx, icon-loaders.ts). */
import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import { buildAdminMenu, parentKeysOf } from './admin-menu';
import { FALLBACK_ICON, iconNameOf, LEGACY_ICON_ALIASES, MenuIcon } from './menu-icon';
import { hasIcon, ICON_LOADERS, loadIcon } from './icon-loaders';

const node = (path: string, title: string, icon?: string, children?: RouteNode[], extra: Partial<RouteNode> = {}): RouteNode => ({
  path,
  name: path,
  component: children ? 'Layout' : 'View',
  meta: { title, ...(icon ? { icon } : {}) },
  ...(children ? { children } : {}),
  ...extra,
});

const iconName = (icon: unknown) => (isValidElement(icon) && icon.type === MenuIcon ? (icon as ReactElement<{ name: string }>).props.name : undefined);

describe('menu icons', () => {
  it('finds every icon of @ant-design/icons by component name, without the package index', () => {
    expect(Object.keys(ICON_LOADERS).length).toBeGreaterThan(500);
    for (const name of ['DashboardOutlined', 'FormOutlined', 'DatabaseOutlined', 'ProfileOutlined', 'AppstoreOutlined', 'SettingFilled', 'HomeTwoTone']) {
      expect(hasIcon(name), name).toBe(true);
    }
    expect(hasIcon('index')).toBe(false);
    expect(hasIcon('NoSuchOutlined')).toBe(false);
  });

  it('maps the short names stored by 0.1.0 to existing icons, and nothing else', () => {
    expect(LEGACY_ICON_ALIASES).toEqual({ dashboard: 'DashboardOutlined', exam: 'FormOutlined', repo: 'DatabaseOutlined', qu: 'ProfileOutlined' });
    for (const [alias, name] of Object.entries(LEGACY_ICON_ALIASES)) {
      expect(iconNameOf(alias)).toBe(name);
      expect(hasIcon(name)).toBe(true);
    }
    expect(iconNameOf('TeamOutlined')).toBe('TeamOutlined');
    expect(iconNameOf('')).toBe('');
    expect(iconNameOf(undefined)).toBe('');
    expect(iconNameOf('constructor')).toBe('constructor');
  });

  it('loads an icon module by name, the fallback for an unknown name', async () => {
    const dashboard = await loadIcon('DashboardOutlined', FALLBACK_ICON);
    const fallback = await loadIcon('NoSuchOutlined', FALLBACK_ICON);
    const appstore = await ICON_LOADERS.AppstoreOutlined();
    expect(dashboard.default).toBeTruthy();
    expect(fallback.default).toBe(appstore.default);
    expect(dashboard.default).not.toBe(appstore.default);
    await expect(loadIcon('Nope', 'AlsoNope')).rejects.toThrow(/no icon/);
  });
});

describe('buildAdminMenu (SPEC §2)', () => {
  const roots: RouteNode[] = [
    node('/admin', '首页', 'dashboard', [node('/admin/dashboard', '控制台', 'dashboard')]),
    node('/admin/exam', '考试管理', 'FormOutlined', [node('/admin/exam/repo', '题库管理', 'DatabaseOutlined'), node('/admin/exam/qu', '试题管理'), node('/admin/exam/qu/add', '添加', undefined, undefined, { hidden: true })], {
      alwaysShow: true,
    }),
    node('/admin/sys', '系统设置', undefined, [node('/admin/sys/user', '用户管理', 'NoSuchIcon')]),
    node('/admin/hidden', '隐藏', 'x', [node('/admin/hidden/a', 'A')], { hidden: true }),
    node('/admin/empty', '空', 'x', [node('/admin/empty/a', 'A', undefined, undefined, { hidden: true })]),
  ];

  it('flattens a single-child root, keeps alwaysShow and multi-child roots as sub-menus, skips hidden', () => {
    const items = buildAdminMenu(roots) as { key: string; label: string; icon: unknown; children?: { key: string; label: string; icon: unknown }[] }[];
    expect(items.map((i) => i.key)).toEqual(['/admin/dashboard', '/admin/exam', '/admin/sys/user']);
    expect(items[0].label).toBe('控制台');
    expect(items[1].children?.map((c) => c.key)).toEqual(['/admin/exam/repo', '/admin/exam/qu']);
  });

  it('gives icons by name: top level always (fallback), nested only when the node names one', () => {
    const items = buildAdminMenu(roots) as { icon: unknown; children?: { icon: unknown }[] }[];
    expect(iconName(items[0].icon)).toBe('dashboard');
    expect(iconName(items[1].icon)).toBe('FormOutlined');
    expect(iconName(items[1].children?.[0].icon)).toBe('DatabaseOutlined');
    expect(items[1].children?.[1].icon).toBeUndefined();
    expect(iconName(items[2].icon)).toBe('NoSuchIcon');
  });

  it('finds the sub-menus to open for an entry', () => {
    expect(parentKeysOf(roots, '/admin/exam/qu')).toEqual(['/admin/exam']);
    expect(parentKeysOf(roots, undefined)).toEqual([]);
  });
});
