/**
 * Header search over the admin menu (SPEC §2 "A header search box finds visible menu entries by
 * title and path and navigates to the chosen one"; SPEC §9: fuzzy threshold 0.4, title weight 0.7,
 * path weight 0.3 — Fuse.js options).
 *
 * An entry is a visible page of the admin route tree: a leaf that is not hidden and has no hidden
 * ancestor. Its `title` is the trail of menu titles down to it (['系统管理', '通知公告']), shown joined
 * with ' > '; its `path` is the absolute route path. Entries with route parameters (/x/:id) cannot
 * be opened from a search and are left out.
 */
import Fuse, { type IFuseOptions } from 'fuse.js';
import type { RouteNode } from '@kaopei/contracts/sys-menu';

export interface MenuEntry {
  /** Menu titles from the root to the page. */
  title: string[];
  /** Absolute route path, e.g. /admin/sys/notice. */
  path: string;
}

/** SPEC §9 header search constants, as Fuse.js options. */
export const MENU_SEARCH_OPTIONS: IFuseOptions<MenuEntry> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

/** At most this many results are offered. */
export const MAX_RESULTS = 20;

/** The visible pages of the admin route roots (hidden nodes and their subtrees skipped), depth-first, in menu order. */
export function menuEntries(roots: RouteNode[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  const visit = (node: RouteNode, trail: string[]) => {
    if (node.hidden) return;
    const title = node.meta?.title ? [...trail, node.meta.title] : trail;
    if (node.children?.length) {
      node.children.forEach((c) => visit(c, title));
      return;
    }
    if (!node.path.includes(':') && title.length && !out.some((e) => e.path === node.path)) out.push({ title, path: node.path });
  };
  roots.forEach((r) => visit(r, []));
  return out;
}

/** A search function over `entries`: the best matches first (at most MAX_RESULTS); [] for a blank query. */
export function createMenuSearch(entries: MenuEntry[]): (query: string) => MenuEntry[] {
  const fuse = new Fuse(entries, MENU_SEARCH_OPTIONS);
  return (query) => {
    const q = query.trim();
    return q ? fuse.search(q, { limit: MAX_RESULTS }).map((r) => r.item) : [];
  };
}

/** The label of an entry in the result list: '系统管理 > 通知公告'. */
export function entryLabel(entry: MenuEntry): string {
  return entry.title.join(' > ');
}
