/**
 * Menus (SPEC §2 navigation rules, §4 menu types, §6 permissions, §7 /api/sys/menu/*):
 * - route trees per user: POST /api/sys/menu/routes returns the menus (type 1) and hidden routes
 *   (type 3) granted to the caller's roles as a tree of RouteNode;
 * - the menu editor: the tree of every menu (types 1, 2, 3), detail, save, delete with the subtree,
 *   sort; a menu an administrator adds has menu_key '' (never touched by the reconciliation);
 * - grants: the menus and permission codes of roles, replaced per role for the role module (which
 *   owns the transaction and checks the role);
 * - the reconciliation of every module's menu declarations with the table, at each start
 *   (platform/menus.ts says what it keeps and what it adds).
 * Whatever changes grants or permission codes publishes `grants.changed` on the bus, so every
 * process drops its role cache (sys-role).
 */
import { MenuType } from '@kaopei/contracts';
import { MenuError, type MenuNode, type MenuSaveData, type RouteNode } from '@kaopei/contracts/sys-menu';
import { RolePerm } from '@kaopei/contracts/sys-role';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import type { MenuDecl } from '../../platform/menus';
import { markSeeded, seededKeys } from '../../platform/seed-log';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { now } from '../../lib/time';
import { GRANTS_CHANGED, ROLE_ADMIN_ID, ROLE_STUDENT_ID } from '../sys-role/sys-role.constants';
import type { SysMenuTable } from './sys-menu.tables';
import { buildMenuTree, buildTree, flattenMenus, subtreeIds, toMenuDetail, withAncestors } from './sys-menu.tree';
import * as repo from './sys-menu.repository';

export { buildTree, flattenMenus, type FlatMenu } from './sys-menu.tree';

/** Seed-log kind of built-in menus. */
const SEED_KIND = 'menu';

/**
 * Codes somebody must always be able to hold: without a menu carrying them nobody could ever grant a
 * menu again (role list and authorisation, SPEC §6 "Menus are assigned per role").
 */
export const GRANTING_CODES: readonly string[] = [RolePerm.LIST, RolePerm.MENU];

const NOT_FOUND_MSG = '菜单不存在或已被删除！';

/** The stored fields of a save: a function (type 2) keeps no route fields, a menu or route no permission code. */
function storedFields(req: MenuSaveData, at: number): Omit<SysMenuTable, 'id' | 'menuKey' | 'createTime'> {
  const fn = req.menuType === MenuType.FUNCTION;
  return {
    parentId: req.parentId,
    menuType: req.menuType,
    title: req.title,
    path: fn ? '' : req.path,
    name: fn ? '' : req.name,
    component: fn ? '' : req.component,
    redirect: fn ? '' : req.redirect,
    permission: fn ? req.permission : '',
    icon: req.icon,
    hidden: !fn && req.hidden ? 1 : 0,
    alwaysShow: !fn && req.alwaysShow ? 1 : 0,
    noCache: !fn && req.noCache ? 1 : 0,
    affix: !fn && req.affix ? 1 : 0,
    activeMenu: fn ? '' : req.activeMenu,
    sort: req.sort,
    updateTime: at,
  };
}

export class SysMenuService {
  /** Modules the site can switch off: the keys of their declared menus and how to ask whether they are on. */
  private gates: { keys: Set<string>; on: () => Promise<boolean> }[] = [];

  constructor(private readonly ctx: ModuleContext) {}

  /**
   * Remembers the modules that declare `enabled` (a site module flag) with the keys of their menus,
   * so that `routesOfRoles` leaves those menus out while the module is off (called at start).
   */
  gate(modules: readonly { name: string; menus?: readonly MenuDecl[]; enabled?: unknown }[], isEnabled: (name: string) => Promise<boolean>): void {
    const flat = flattenMenus(modules);
    this.gates = modules
      .filter((m) => m.enabled)
      .map((m) => ({ keys: new Set(flat.filter((f) => f.module === m.name).map((f) => f.key)), on: () => isEnabled(m.name) }));
  }

  /** The route tree of a user with these roles (SPEC §2), without the menus of modules switched off. */
  async routesOfRoles(roleIds: string[]): Promise<RouteNode[]> {
    const rows = await repo.routeMenusOfRoles(this.ctx.db, roleIds);
    const off = new Set<string>();
    for (const g of this.gates) if (!(await g.on())) for (const k of g.keys) off.add(k);
    return buildTree(off.size ? rows.filter((r) => !off.has(r.menuKey)) : rows);
  }

  /** `roleId → sorted distinct permission codes` for each of `roleIds`. */
  async permissionsByRole(roleIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>(roleIds.map((id) => [id, []]));
    for (const r of await repo.permissionsOfRoles(this.ctx.db, roleIds)) out.get(r.roleId)?.push(r.permission);
    for (const list of out.values()) list.sort();
    return out;
  }

  /** POST /api/sys/menu/tree: every menu (types 1, 2, 3) as a forest, siblings by sort. */
  async tree(): Promise<MenuNode[]> {
    return buildMenuTree(await repo.allMenus(this.ctx.db));
  }

  /** POST /api/sys/menu/detail; 10010003 when there is no such menu. */
  async detail(id: string): Promise<Omit<MenuNode, 'children'>> {
    const row = await repo.findMenu(this.ctx.db, id);
    if (!row) throw notFound(NOT_FOUND_MSG);
    return toMenuDetail(row);
  }

  /**
   * POST /api/sys/menu/save: creates (menu_key '', granted to nobody) or updates a menu, in one
   * transaction. Refuses (9003xxxx, MenuError): a parent that is missing, a function, the menu itself
   * or below it; a route name another menu or route has; changing the type or permission code of a
   * built-in menu; turning a menu with children into a function. 10010003 when updating a missing menu.
   */
  async save(req: MenuSaveData): Promise<{ id: string }> {
    const at = now();
    const fields = storedFields(req, at);
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      const links = await repo.menuLinks(trx);
      const current = req.id ? links.find((l) => l.id === req.id) : undefined;
      if (req.id && !current) throw notFound(NOT_FOUND_MSG);
      if (fields.parentId) {
        const parent = links.find((l) => l.id === fields.parentId);
        if (!parent) throw new AppError(MenuError.PARENT_MISSING);
        if (req.id && subtreeIds(links, [req.id]).has(parent.id)) throw new AppError(MenuError.PARENT_CYCLE);
        if (parent.menuType === MenuType.FUNCTION) throw new AppError(MenuError.PARENT_FUNCTION);
      }
      if (current?.menuKey && (current.menuType !== fields.menuType || current.permission !== fields.permission)) throw new AppError(MenuError.BUILT_IN_FIXED);
      if (current && fields.menuType === MenuType.FUNCTION && links.some((l) => l.parentId === current.id)) throw new AppError(MenuError.HAS_CHILDREN);
      if (current && GRANTING_CODES.includes(current.permission) && current.permission !== fields.permission) await this.keepGranting(trx, [current.id]);
      if (fields.menuType !== MenuType.FUNCTION && (await repo.routeNameTaken(trx, fields.name, req.id))) throw new AppError(MenuError.NAME_TAKEN);
      if (req.id) {
        await repo.updateMenu(trx, req.id, fields);
        return req.id;
      }
      const newMenu = newId();
      await repo.insertMenu(trx, { id: newMenu, ...fields, menuKey: '', createTime: at });
      return newMenu;
    });
    await this.ctx.bus.publish(GRANTS_CHANGED);
    return { id };
  }

  /**
   * POST /api/sys/menu/delete: the menus `ids` with everything below them and every grant of them,
   * in one transaction (unknown ids are ignored). A built-in menu stays deleted: the seed log
   * remembers it. Refuses (90030016) when no menu carrying a granting code (GRANTING_CODES) would be left.
   */
  async delete(ids: string[]): Promise<void> {
    const deleted = await this.ctx.db.transaction().execute(async (trx) => {
      const all = subtreeIds(await repo.menuLinks(trx), ids);
      await this.keepGranting(trx, [...all]);
      await repo.deleteMenus(trx, [...all]);
      return all.size;
    });
    if (deleted) await this.ctx.bus.publish(GRANTS_CHANGED);
  }

  /** POST /api/sys/menu/sort (SPEC §3 "Menu sort: id, sort"); 10010003 when there is no such menu. */
  async sort(id: string, sort: number): Promise<void> {
    if ((await repo.updateSort(this.ctx.db, id, sort, now())) === 0) throw notFound(NOT_FOUND_MSG);
  }

  /** Menu ids granted to `roleId` (sorted). */
  menuIdsOfRole(roleId: string): Promise<string[]> {
    return repo.menuIdsOfRole(this.ctx.db, roleId);
  }

  /**
   * `menuIds` with all their ancestors (a granted menu's parents are granted too, so its route hangs
   * in its tree), and the permission codes they carry. Throws 90030017 when an id is no menu.
   */
  async expandGrant(db: Executor, menuIds: string[]): Promise<{ ids: string[]; permissions: Set<string> }> {
    const links = await repo.menuLinks(db);
    const known = new Set(links.map((l) => l.id));
    if (menuIds.some((id) => !known.has(id))) throw new AppError(MenuError.UNKNOWN_MENU);
    const ids = withAncestors(links, menuIds);
    const permissions = new Set(links.filter((l) => ids.has(l.id) && l.permission).map((l) => l.permission));
    return { ids: [...ids].sort(), permissions };
  }

  /**
   * Replaces the grants of `roleId` by `menuIds` (taken as they are: expand them first). Runs on
   * `db`, the caller's transaction; the caller publishes `grants.changed` once it committed.
   */
  async replaceGrants(db: Executor, roleId: string, menuIds: string[]): Promise<void> {
    await repo.revokeRoles(db, [roleId]);
    await repo.grantMenu(db, menuIds.map((menuId) => ({ id: newId(), roleId, menuId })));
  }

  /** Removes every grant of the roles (when they are deleted), on the caller's transaction `db`. */
  revokeRoles(db: Executor, roleIds: string[]): Promise<void> {
    return repo.revokeRoles(db, roleIds);
  }

  /** Throws 90030016 when, without the menus `leaving`, no menu would carry one of GRANTING_CODES that one of them carries. */
  private async keepGranting(db: Executor, leaving: string[]): Promise<void> {
    const gone = new Set(leaving);
    const links = await repo.menuLinks(db);
    for (const code of GRANTING_CODES) {
      const holders = links.filter((l) => l.menuType === MenuType.FUNCTION && l.permission === code);
      if (holders.some((l) => gone.has(l.id)) && holders.every((l) => gone.has(l.id))) throw new AppError(MenuError.KEEP_GRANTING);
    }
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
