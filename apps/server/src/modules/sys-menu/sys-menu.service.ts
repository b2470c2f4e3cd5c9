/**
 * Route trees per user (SPEC §2 navigation rules): POST /api/sys/menu/routes returns the menus
 * (type 1) and hidden routes (type 3) granted to the caller's roles as a tree of RouteNode.
 */
import type { RouteNode } from '@kaopei/contracts';
import type { Db, Executor } from '../../db';
import type { SysMenuTable } from '../../db/schema';
import type { MenuSeed } from '../../db/seed/menus';
import { newId } from '../../lib/ids';
import * as repo from './sys-menu.repository';

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

/** Builds the forest from parent ids; children keep the query's sort order. */
export function buildTree(menus: SysMenuTable[]): RouteNode[] {
  const byParent = new Map<string, SysMenuTable[]>();
  const ids = new Set(menus.map((m) => m.id));
  for (const m of menus) {
    const parent = ids.has(m.parentId) ? m.parentId : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), m]);
  }
  const build = (parent: string): RouteNode[] =>
    (byParent.get(parent) ?? []).map((m) => {
      const node = toNode(m);
      const children = build(m.id);
      if (children.length) node.children = children;
      return node;
    });
  return build('');
}

export class SysMenuService {
  constructor(private readonly db: Db) {}

  async routesOfRoles(roleIds: string[]): Promise<RouteNode[]> {
    return buildTree(await repo.routeMenusOfRoles(this.db, roleIds));
  }

  /** Inserts a menu tree and grants every node to `roleIds` (seed). */
  async insertTree(db: Executor, tree: MenuSeed[], roleIds: string[], at: number, parentId = ''): Promise<void> {
    let sort = 0;
    for (const m of tree) {
      const id = newId();
      await repo.insertMenu(db, {
        id, parentId, menuType: m.type, title: m.title, path: m.path ?? '', name: m.name ?? '', component: m.component ?? '',
        redirect: m.redirect ?? '', permission: m.permission ?? '', icon: m.icon ?? '', hidden: m.hidden ? 1 : 0,
        alwaysShow: m.alwaysShow ? 1 : 0, noCache: m.noCache ? 1 : 0, affix: m.affix ? 1 : 0, activeMenu: m.activeMenu ?? '',
        sort: sort++, createTime: at, updateTime: at,
      });
      for (const roleId of roleIds) await repo.grantMenu(db, newId(), roleId, id);
      if (m.children) await this.insertTree(db, m.children, roleIds, at, id);
    }
  }
}
