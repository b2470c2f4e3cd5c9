/**
 * Menus (SPEC §2 navigation rules, §6 permissions):
 * - route trees per user: POST /api/sys/menu/routes returns the menus (type 1) and hidden routes
 *   (type 3) granted to the caller's roles as a tree of RouteNode;
 * - permission codes per role (the function menus, type 2, granted to it);
 * - the reconciliation of every module's menu declarations with the table, at each start
 *   (platform/menus.ts says what it keeps and what it adds).
 */
import type { RouteNode } from '@kaopei/contracts/sys-menu';
import type { ModuleContext } from '../../platform/module';
import { menuKey, type MenuDecl } from '../../platform/menus';
import { markSeeded, seededKeys } from '../../platform/seed-log';
import { newId } from '../../lib/ids';
import { now } from '../../lib/time';
import { GRANTS_CHANGED, ROLE_ADMIN_ID, ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';
import type { SysMenuTable } from './sys-menu.tables';
import * as repo from './sys-menu.repository';

/** Seed-log kind of built-in menus. */
const SEED_KIND = 'menu';

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

export class SysMenuService {
  constructor(private readonly ctx: ModuleContext) {}

  /** The route tree of a user with these roles (SPEC §2). */
  async routesOfRoles(roleIds: string[]): Promise<RouteNode[]> {
    return buildTree(await repo.routeMenusOfRoles(this.ctx.db, roleIds));
  }

  /** `roleId → sorted distinct permission codes` for each of `roleIds`. */
  async permissionsByRole(roleIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(roleIds.map((id) => [id, []]));
    for (const r of await repo.permissionsOfRoles(this.ctx.db, roleIds)) out.get(r.roleId)?.push(r.permission);
    for (const list of out.values()) list.sort();
    return out;
  }

  /**
   * Brings the table in line with the modules' declarations (platform/menus.ts): inserts each
   * declared menu whose key is neither in the table nor in the seed log, under its parent, granted
   * to the administrator role (and the learner role for 'all'); changes nothing else. Answers the
   * keys inserted. One transaction: a failure leaves the table as it was.
   */
  async reconcile(modules: readonly { name: string; menus?: readonly MenuDecl[] }[]): Promise<string[]> {
    const flat = flattenMenus(modules);
    const at = now();
    const inserted = await this.ctx.db.transaction().execute(async (trx) => {
      const ids = await repo.keyedMenus(trx);
      const seeded = await seededKeys(trx, SEED_KIND);
      const added: string[] = [];
      for (const f of flat) {
        if (ids.has(f.key) || seeded.has(f.key)) continue; // present, or deleted by an administrator
        const parentId = f.parentKey ? ids.get(f.parentKey) : '';
        if (parentId === undefined) continue; // its parent was deleted by an administrator
        const d = f.decl;
        const id = newId();
        await repo.insertMenu(trx, {
          id, parentId, menuType: d.type, title: d.title, path: d.path ?? '', name: d.name ?? '', component: d.component ?? '',
          redirect: d.redirect ?? '', permission: d.permission ?? '', icon: d.icon ?? '', hidden: d.hidden ? 1 : 0,
          alwaysShow: d.alwaysShow ? 1 : 0, noCache: d.noCache ? 1 : 0, affix: d.affix ? 1 : 0, activeMenu: d.activeMenu ?? '',
          sort: d.sort, menuKey: f.key, createTime: at, updateTime: at,
        });
        const roles = f.grant === 'all' ? [ROLE_ADMIN_ID, ROLE_STUDENT_ID] : [ROLE_ADMIN_ID];
        await repo.grantMenu(trx, roles.map((roleId) => ({ id: newId(), roleId, menuId: id })));
        ids.set(f.key, id);
        added.push(f.key);
      }
      await markSeeded(trx, SEED_KIND, flat.map((f) => f.key).filter((k) => ids.has(k)), at);
      return added;
    });
    if (inserted.length) await this.ctx.bus.publish(GRANTS_CHANGED);
    return inserted;
  }
}
