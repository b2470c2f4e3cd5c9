/**
 * Helpers over the server route tree (contracts `RouteNode`, absolute paths; SPEC §2):
 * flatten it into page routes per layout, find redirects, titles and the menu entries.
 */
import { matchPath } from 'react-router';
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import { LAYOUT, WEB_LAYOUT } from './registry';

export type LayoutKind = 'admin' | 'web';

/** One page route taken from the tree. */
export interface FlatRoute {
  path: string;
  name: string;
  component: string;
  title: string;
  hidden: boolean;
  layout: LayoutKind;
  activeMenu?: string;
  /** meta.affix: a tag of the tags view that is always shown (SPEC §2 admin layout). */
  affix: boolean;
  /** meta.noCache: the view is not kept alive when another tag is shown. */
  noCache: boolean;
}

/** A path that only redirects (tree nodes with `redirect`, or groups without a page). */
export interface RedirectRoute {
  path: string;
  to: string;
}

const LAYOUT_OF: Record<string, LayoutKind> = { [LAYOUT]: 'admin', [WEB_LAYOUT]: 'web' };

/** The roots of the tree that use layout `kind` ('Layout' → admin, 'WebLayout' → web). */
export function rootsOf(routes: RouteNode[], kind: LayoutKind): RouteNode[] {
  return routes.filter((r) => LAYOUT_OF[r.component] === kind);
}

function firstLeaf(node: RouteNode): string | undefined {
  for (const child of node.children ?? []) {
    if (child.hidden) continue;
    if (child.children?.length) {
      const leaf = firstLeaf(child);
      if (leaf) return leaf;
    } else return child.path;
  }
  return undefined;
}

/** Page routes of every layout root, depth-first; nested groups are flattened. */
export function flattenRoutes(routes: RouteNode[]): FlatRoute[] {
  const out: FlatRoute[] = [];
  const visit = (node: RouteNode, layout: LayoutKind) => {
    if (node.children?.length) {
      node.children.forEach((c) => visit(c, layout));
      return;
    }
    if (LAYOUT_OF[node.component]) return;
    out.push({
      path: node.path,
      name: node.name,
      component: node.component,
      title: node.meta?.title ?? '',
      hidden: Boolean(node.hidden),
      layout,
      activeMenu: node.meta?.activeMenu,
      affix: Boolean(node.meta?.affix),
      noCache: Boolean(node.meta?.noCache),
    });
  };
  for (const root of routes) {
    const layout = LAYOUT_OF[root.component];
    if (layout) (root.children ?? []).forEach((c) => visit(c, layout));
  }
  return out;
}

/** Redirects: explicit `redirect`, else a group path goes to its first visible page. */
export function redirectRoutes(routes: RouteNode[]): RedirectRoute[] {
  const out: RedirectRoute[] = [];
  const visit = (node: RouteNode) => {
    if (!node.children?.length) return;
    const to = node.redirect ?? firstLeaf(node);
    if (to && to !== node.path && !node.children.some((c) => c.path === node.path)) out.push({ path: node.path, to });
    node.children.forEach(visit);
  };
  routes.forEach(visit);
  return out;
}

/** SPEC §6: an admin with no generated admin menus may not use the system. */
export function hasAdminMenus(routes: RouteNode[]): boolean {
  return flattenRoutes(rootsOf(routes, 'admin')).length > 0;
}

/** Title of the route that matches `pathname`, if any. */
export function titleOf(pathname: string, list: { path: string; title: string }[]): string | undefined {
  return list.find((r) => matchPath({ path: r.path, end: true }, pathname))?.title;
}

/**
 * The visible menu key that should be highlighted for `pathname`: the route's activeMenu, else the
 * longest visible menu path that is the path itself or a prefix of it (/admin/exam/qu/add → /admin/exam/qu).
 */
export function activeMenuKey(pathname: string, flat: FlatRoute[]): string | undefined {
  const hit = flat.find((r) => matchPath({ path: r.path, end: true }, pathname));
  if (hit?.activeMenu) return hit.activeMenu;
  let best: string | undefined;
  for (const r of flat) {
    if (r.hidden) continue;
    if ((pathname === r.path || pathname.startsWith(`${r.path}/`)) && (!best || r.path.length > best.length)) best = r.path;
  }
  return best;
}
