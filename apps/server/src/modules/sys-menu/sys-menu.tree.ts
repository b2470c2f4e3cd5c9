/**
 * Pure helpers over menus (no SQL): the route tree of a user (SPEC §2), the editor's tree of every
 * menu (types 1, 2, 3), subtree and ancestor walks over the parent links, and the forest of every
 * module's menu declarations that the start-up reconciliation walks (platform/menus.ts).
 */
import { MENU_TYPE_LABEL, type MenuNode, type RouteNode } from '@kaopei/contracts/sys-menu';
import { menuKey, type MenuDecl } from '../../platform/menus';
import type { SysMenuTable } from './sys-menu.tables';

function toNode(m: SysMenuTable): RouteNode {
  const node: RouteNode = { path: m.path, name: m.name, component: m.component, meta: { title: m.title } };
  if (m.redirect) node.redirect = m.redirect;
  if (m.alwaysShow) node.alwaysShow = true;
  if (m.hidden) node.hidden = true;
  if (m.icon) node.meta.icon = m.icon;
  if (m.noCache) node.meta.noCache = true;
  if (m.affix) node.meta.affix = true;
  if (m.activeMenu) node.meta.activeMenu = m.activeMenu;
  return node;
}

/** Groups `menus` by parent id; a menu whose parent is not among them is a root (''). Keeps the order of `menus`. */
function byParent<T extends { id: string; parentId: string }>(menus: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  const ids = new Set(menus.map((m) => m.id));
  for (const m of menus) {
    const parent = ids.has(m.parentId) ? m.parentId : '';
    out.set(parent, [...(out.get(parent) ?? []), m]);
  }
  return out;
}

/** Builds the route forest from parent ids; children keep the query's sort order. */
export function buildTree(menus: SysMenuTable[]): RouteNode[] {
  const children = byParent(menus);
  const build = (parent: string): RouteNode[] =>
    (children.get(parent) ?? []).map((m) => {
      const node = toNode(m);
      const kids = build(m.id);
      if (kids.length) node.children = kids;
      return node;
    });
  return build('');
}

/** A menu row as the editor sees it (flags as booleans, `builtIn` when a module declares it), without children. */
export function toMenuDetail(m: SysMenuTable): Omit<MenuNode, 'children'> {
  return {
    id: m.id,
    parentId: m.parentId,
    menuType: m.menuType,
    menuType_dictText: MENU_TYPE_LABEL[m.menuType] ?? '',
    title: m.title,
    path: m.path,
    name: m.name,
    component: m.component,
    redirect: m.redirect,
    permission: m.permission,
    icon: m.icon,
    hidden: m.hidden === 1,
    alwaysShow: m.alwaysShow === 1,
    noCache: m.noCache === 1,
    affix: m.affix === 1,
    activeMenu: m.activeMenu,
    sort: m.sort,
    builtIn: m.menuKey !== '',
  };
}

/** The editor's forest of every menu (SPEC §4 types 1, 2, 3); siblings in the order of `menus`. */
export function buildMenuTree(menus: SysMenuTable[]): MenuNode[] {
  const children = byParent(menus);
  const build = (parent: string): MenuNode[] =>
    (children.get(parent) ?? []).map((m) => {
      const node: MenuNode = toMenuDetail(m);
      const kids = build(m.id);
      if (kids.length) node.children = kids;
      return node;
    });
  return build('');
}

/** The ids of `roots` and of every menu below them (ids not in `links` are left out). */
export function subtreeIds(links: readonly { id: string; parentId: string }[], roots: readonly string[]): Set<string> {
  const kids = new Map<string, string[]>();
  for (const l of links) kids.set(l.parentId, [...(kids.get(l.parentId) ?? []), l.id]);
  const known = new Set(links.map((l) => l.id));
  const out = new Set<string>();
  const stack = roots.filter((id) => known.has(id));
  while (stack.length) {
    const id = stack.pop() as string;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(kids.get(id) ?? []));
  }
  return out;
}

/** `ids` with every ancestor of each (a parent link to a missing menu ends the walk). */
export function withAncestors(links: readonly { id: string; parentId: string }[], ids: Iterable<string>): Set<string> {
  const parent = new Map(links.map((l) => [l.id, l.parentId]));
  const out = new Set<string>();
  for (const start of ids) {
    let id: string | undefined = start;
    while (id && parent.has(id) && !out.has(id)) {
      out.add(id);
      id = parent.get(id);
    }
  }
  return out;
}

/** A declaration placed in the forest of all modules. */
export interface FlatMenu {
  key: string;
  parentKey: string;
  grant: 'admin' | 'all';
  decl: MenuDecl;
  module: string;
}

const SAME_FIELDS = ['type', 'title', 'path', 'name', 'component', 'permission'] as const;

/**
 * Every module's declarations as one list, parents before children. Throws when two modules declare
 * one key differently (a shared root must be declared alike) or a parent key is declared nowhere.
 */
export function flattenMenus(modules: readonly { name: string; menus?: readonly MenuDecl[] }[]): FlatMenu[] {
  const byKey = new Map<string, FlatMenu>();
  const walk = (list: readonly MenuDecl[], parentKey: string, inherited: 'admin' | 'all' | undefined, module: string) => {
    for (const decl of list) {
      const key = menuKey(decl);
      const parent = decl.parent ?? parentKey;
      const grant = decl.grant ?? inherited ?? 'admin';
      const seen = byKey.get(key);
      if (seen) {
        const differs = SAME_FIELDS.find((f) => (seen.decl[f] ?? '') !== (decl[f] ?? '')) ?? (seen.parentKey !== parent ? 'parent' : undefined);
        if (differs) throw new Error(`menu ${key} is declared differently by ${seen.module} and ${module} (${differs})`);
      } else byKey.set(key, { key, parentKey: parent, grant, decl, module });
      walk(decl.children ?? [], key, grant, module);
    }
  };
  for (const m of modules) walk(m.menus ?? [], '', undefined, m.name);
  const depth = (f: FlatMenu, guard = 0): number => {
    if (!f.parentKey) return 0;
    const parent = byKey.get(f.parentKey);
    if (!parent) throw new Error(`menu ${f.key} of ${f.module} hangs under ${f.parentKey}, which no module declares`);
    if (guard > 50) throw new Error(`menu ${f.key}: parent cycle`);
    return depth(parent, guard + 1) + 1;
  };
  return [...byKey.values()].map((f) => ({ f, d: depth(f) })).sort((a, b) => a.d - b.d).map((x) => x.f);
}
