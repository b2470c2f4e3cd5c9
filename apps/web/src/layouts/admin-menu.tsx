/**
 * Admin sidebar items built from the server's 'Layout' trees (SPEC §2): hidden nodes are skipped; a
 * root with one visible child and no `alwaysShow` shows that child directly, otherwise a sub-menu.
 */
import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import {
  AppstoreOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FormOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { RouteNode } from '@kaopei/contracts';

type Item = Required<MenuProps>['items'][number];

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  exam: <FormOutlined />,
  repo: <DatabaseOutlined />,
  qu: <ProfileOutlined />,
  question: <ProfileOutlined />,
  paper: <FileTextOutlined />,
  user: <TeamOutlined />,
  sys: <SettingOutlined />,
  system: <SettingOutlined />,
};

function iconOf(node: RouteNode, top: boolean): ReactNode {
  const key = node.meta?.icon ?? '';
  if (ICONS[key]) return ICONS[key];
  const last = node.path.split('/').filter(Boolean).pop() ?? '';
  return ICONS[last] ?? (top ? <AppstoreOutlined /> : undefined);
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

/** Sub-menu keys that contain `key` (to open them). */
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
