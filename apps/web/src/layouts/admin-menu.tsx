/**
 * Admin sidebar items built from the server's 'Layout' trees (SPEC §2): hidden nodes are skipped; a
 * root with one visible child and no `alwaysShow` shows that child directly, otherwise a sub-menu.
 * Icons come from `meta.icon`, an @ant-design/icons component name loaded lazily by name
 * (menu-icon.tsx; 0.1.0's short names 'dashboard', 'exam', 'repo', 'qu' still work). A top-level
 * entry without an icon, or with an unknown one, shows AppstoreOutlined; a nested entry without an
 * icon shows none.
 */
import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import { MenuIcon } from './menu-icon';

type Item = Required<MenuProps>['items'][number];

function iconOf(node: RouteNode, top: boolean): ReactNode {
  const name = node.meta?.icon ?? '';
  if (!name && !top) return undefined;
  return <MenuIcon name={name} />;
}

function visible(nodes: RouteNode[] | undefined): RouteNode[] {
  return (nodes ?? []).filter((n) => !n.hidden);
}

function toItem(node: RouteNode, top: boolean): Item {
  const kids = visible(node.children);
  if (kids.length > 0) {
    return { key: node.path, icon: iconOf(node, top), label: node.meta?.title ?? node.name, children: kids.map((k) => toItem(k, false)) };
  }
  return { key: node.path, icon: iconOf(node, top), label: node.meta?.title ?? node.name };
}

/**
 * The antd Menu items of the admin sidebar for the 'Layout' roots of the route tree (absolute
 * paths as keys, titles as labels). Hidden roots and nodes are left out, as are roots without a
 * visible child.
 */
export function buildAdminMenu(roots: RouteNode[]): Item[] {
  const items: Item[] = [];
  for (const root of roots) {
    if (root.hidden) continue;
    const kids = visible(root.children);
    if (kids.length === 0) continue;
    if (kids.length === 1 && !root.alwaysShow && !kids[0].children?.length) items.push(toItem(kids[0], true));
    else items.push({ key: root.path, icon: iconOf(root, true), label: root.meta?.title ?? root.name, children: kids.map((k) => toItem(k, false)) });
  }
  return items;
}

/** Keys (paths) of the sub-menus that contain the entry `key`, outermost first, to open them; [] when none. */
export function parentKeysOf(roots: RouteNode[], key: string | undefined): string[] {
  if (!key) return [];
  const out: string[] = [];
  const visit = (node: RouteNode, trail: string[]): boolean => {
    if (node.path === key) {
      out.push(...trail);
      return true;
    }
    return (node.children ?? []).some((c) => visit(c, [...trail, node.path]));
  };
  roots.forEach((r) => visit(r, []));
  return out;
}
