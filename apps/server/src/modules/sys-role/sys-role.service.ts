/**
 * Roles (SPEC §3 Role, §6 roles and permissions, §7 /api/sys/role/*): the two built-in roles, the
 * role administration (list, detail, save, delete, the menus granted to a role), and what a set of
 * roles grants — roleType, role names and permission codes — cached per role so that resolving a
 * request's caller costs no role or menu query; the data scope of a user (`dataScopeOf`) comes from
 * the same cache. The cache is dropped whenever grants change (topic
 * `grants.changed` on the bus, which reaches every server process through Redis when REDIS_URL is
 * set) and after ROLE_CACHE_MS at the latest (the bound for several processes sharing one database
 * without Redis).
 */
import { RoleType } from '@kaopei/contracts';
import { DATA_SCOPE_LABEL, DataScope, ROLE_TYPE_LABEL, RoleError, RolePerm, type RoleRecord, type RoleSaveReq } from '@kaopei/contracts/sys-role';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { now } from '../../lib/time';
import { GRANTS_CHANGED, ROLE_ADMIN_ID, ROLE_STUDENT_ID } from './sys-role.constants';
import type { SysRoleTable } from './sys-role.tables';
import * as repo from './sys-role.repository';

const BUILT_IN: readonly string[] = [ROLE_ADMIN_ID, ROLE_STUDENT_ID];
const NOT_FOUND_MSG = '角色不存在或已被删除！';
/** Codes the built-in administrator role always keeps (without them nobody could grant menus again). */
const ADMIN_KEEPS: readonly string[] = [RolePerm.LIST, RolePerm.MENU];

function toRecord(r: SysRoleTable): RoleRecord {
  return {
    id: r.id,
    roleName: r.roleName,
    roleLevel: r.roleLevel,
    roleType: r.roleType,
    roleType_dictText: ROLE_TYPE_LABEL[r.roleType] ?? '',
    dataScope: r.dataScope,
    dataScope_dictText: DATA_SCOPE_LABEL[r.dataScope] ?? '',
    builtIn: BUILT_IN.includes(r.id),
  };
}

/** Longest life of a cached role (ms). */
export const ROLE_CACHE_MS = 30_000;

/** What a set of roles grants a user. */
export interface Grants {
  /** 2 when any role is admin-side, else 1. */
  roleType: number;
  roleIds: string[];
  /** Role names, in the order of `roleIds`. */
  roles: string[];
  /** Distinct permission codes, sorted. */
  permissions: string[];
}

interface CachedRole {
  id: string;
  roleName: string;
  roleType: number;
  dataScope: number;
  permissions: string[];
  at: number;
}

export class SysRoleService {
  private cache = new Map<string, CachedRole>();
  /** Bumped whenever the cache is dropped: a load that started before a drop does not store what it read. */
  private generation = 0;

  constructor(private readonly ctx: ModuleContext<'sysMenu' | 'sysUser'>) {
    ctx.bus.subscribe(GRANTS_CHANGED, () => this.dropCache());
  }

  private dropCache(): void {
    this.generation++;
    this.cache.clear();
  }

  /** Grants of `roleIds` (unknown ids are ignored). */
  async grantsOf(roleIds: string[]): Promise<Grants> {
    const roles = await this.cachedRoles(roleIds);
    return {
      roleType: roles.some((r) => r.roleType === RoleType.ADMIN) ? RoleType.ADMIN : RoleType.LEARNER,
      roleIds: roles.map((r) => r.id),
      roles: roles.map((r) => r.roleName),
      permissions: [...new Set(roles.flatMap((r) => r.permissions))].sort(),
    };
  }

  /**
   * The roles among `roleIds`, in that order (unknown ids dropped), from the cache; the missing and
   * stale ones are loaded in two queries and cached, unless the cache was dropped meanwhile (what
   * was read may predate the change: it serves this call only).
   */
  private async cachedRoles(roleIds: string[]): Promise<CachedRole[]> {
    const at = now();
    const found = new Map<string, CachedRole>();
    const missing: string[] = [];
    for (const id of roleIds) {
      const c = this.cache.get(id);
      if (c && at - c.at <= ROLE_CACHE_MS) found.set(id, c);
      else missing.push(id);
    }
    if (missing.length) {
      const generation = this.generation;
      const [rows, perms] = await Promise.all([repo.findRoles(this.ctx.db, missing), this.ctx.services.sysMenu.permissionsByRole(missing)]);
      for (const r of rows) {
        const role = { id: r.id, roleName: r.roleName, roleType: r.roleType, dataScope: r.dataScope, permissions: perms.get(r.id) ?? [], at };
        found.set(r.id, role);
        if (generation === this.generation) this.cache.set(r.id, role);
      }
    }
    return roleIds.flatMap((id) => {
      const c = found.get(id);
      return c ? [c] : [];
    });
  }

  /**
   * The department subtree `user` may see in admin lists (users, papers, results; issue 6 data
   * scope): null for every department, else a deptCode prefix for `deptScope` / `deptInScope`
   * (lib/dept-scope.ts). Only admin-side roles (roleType 2) count, and the widest wins: null when
   * the user has no admin-side role (a learner reaches no admin list anyway) or when any admin-side
   * role has DataScope.ALL; else the user's own deptCode (DataScope.DEPT: the department and its
   * sub-departments; '' — no department — sees nothing). Served from the role cache, like grantsOf.
   */
  async dataScopeOf(user: Pick<AuthUser, 'roleIds' | 'deptCode'>): Promise<string | null> {
    const admin = (await this.cachedRoles(user.roleIds)).filter((r) => r.roleType === RoleType.ADMIN);
    if (admin.length === 0 || admin.some((r) => r.dataScope !== DataScope.DEPT)) return null;
    return user.deptCode;
  }

  /** POST /api/sys/role/list: every role (admin side first, then by level, highest first). */
  async list(): Promise<RoleRecord[]> {
    return (await repo.listRoles(this.ctx.db)).map(toRecord);
  }

  /** POST /api/sys/role/detail; 10010003 when there is no such role. */
  async detail(id: string): Promise<RoleRecord> {
    const row = await repo.findRole(this.ctx.db, id);
    if (!row) throw notFound(NOT_FOUND_MSG);
    return toRecord(row);
  }

  /**
   * POST /api/sys/role/save: creates or updates a role. `dataScope` absent keeps the role's scope
   * (0, all data, for a new role). Refuses a name another role has (90030003) and a new type for a
   * built-in role (90030004); 10010003 when updating a missing role. An update drops the role caches
   * of every process (name, type and data scope are cached), so the role's users get the change on
   * their next call.
   */
  async save(req: RoleSaveReq): Promise<{ id: string }> {
    const at = now();
    const fields = { roleName: req.roleName, roleLevel: req.roleLevel, roleType: req.roleType, updateTime: at };
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      if (req.id) {
        const current = await repo.findRole(trx, req.id);
        if (!current) throw notFound(NOT_FOUND_MSG);
        if (BUILT_IN.includes(current.id) && current.roleType !== req.roleType) throw new AppError(RoleError.TYPE_FIXED);
        if (await repo.roleNameTaken(trx, req.roleName, req.id)) throw new AppError(RoleError.NAME_TAKEN);
        await repo.updateRole(trx, req.id, { ...fields, dataScope: req.dataScope ?? current.dataScope });
        return req.id;
      }
      if (await repo.roleNameTaken(trx, req.roleName, undefined)) throw new AppError(RoleError.NAME_TAKEN);
      const created = newId();
      await repo.insertRoles(trx, [{ id: created, ...fields, dataScope: req.dataScope ?? DataScope.ALL, createTime: at }]);
      return created;
    });
    if (req.id) await this.grantsChanged();
    return { id };
  }

  /**
   * Deletes roles (ours: /api/sys/role/delete) with their grants, in one transaction; unknown ids
   * are ignored. Refuses the built-in roles (90030001) and roles still given to users (90030002).
   */
  async delete(ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.some((id) => BUILT_IN.includes(id))) throw new AppError(RoleError.BUILT_IN);
    await this.ctx.db.transaction().execute(async (trx) => {
      if ((await this.ctx.services.sysUser.countInRoles(trx, unique)) > 0) throw new AppError(RoleError.IN_USE);
      await repo.deleteRoles(trx, unique);
      await this.ctx.services.sysMenu.revokeRoles(trx, unique);
    });
    await this.grantsChanged();
  }

  /** POST /api/sys/role/list-menus: the ids of the menus granted to the role; 10010003 when there is no such role. */
  async menusOf(id: string): Promise<string[]> {
    if (!(await repo.findRole(this.ctx.db, id))) throw notFound(NOT_FOUND_MSG);
    return this.ctx.services.sysMenu.menuIdsOfRole(id);
  }

  /**
   * POST /api/sys/role/save-menus: the role's grants become `menuIds` and their parent menus, in one
   * transaction; then every process drops its role cache, so the role's users get the new codes and
   * routes on their next call. 90030017 for an unknown menu id; 90030005 when the built-in
   * administrator role would lose role listing or authorisation; 10010003 for a missing role.
   */
  async saveMenus(id: string, menuIds: string[]): Promise<void> {
    const menus = this.ctx.services.sysMenu;
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.findRole(trx, id))) throw notFound(NOT_FOUND_MSG);
      const grant = await menus.expandGrant(trx, [...new Set(menuIds)]);
      if (id === ROLE_ADMIN_ID && ADMIN_KEEPS.some((code) => !grant.permissions.has(code))) throw new AppError(RoleError.ADMIN_GRANTS);
      await menus.replaceGrants(trx, id, grant.ids);
    });
    await this.grantsChanged();
  }

  /** Tells every process that grants changed (their caches drop). */
  async grantsChanged(): Promise<void> {
    this.dropCache();
    await this.ctx.bus.publish(GRANTS_CHANGED);
  }

  /** First start: the administrator role `sa` (roleType 2) and the learner role `student` (roleType 1). */
  async seed(): Promise<void> {
    if ((await repo.countRoles(this.ctx.db)) > 0) return;
    const at = now();
    await repo.insertRoles(this.ctx.db, [
      { id: ROLE_ADMIN_ID, roleName: 'sa', roleType: RoleType.ADMIN, roleLevel: 9, dataScope: DataScope.ALL, createTime: at, updateTime: at },
      { id: ROLE_STUDENT_ID, roleName: 'student', roleType: RoleType.LEARNER, roleLevel: 1, dataScope: DataScope.ALL, createTime: at, updateTime: at },
    ]);
  }
}
