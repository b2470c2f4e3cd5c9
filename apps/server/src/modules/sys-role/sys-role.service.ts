/**
 * Roles (SPEC §6): the two built-in roles, and what a set of roles grants — roleType, role names
 * and permission codes — cached per role so that resolving a request's caller costs no role or
 * menu query. The cache is dropped whenever grants change (topic `grants.changed` on the bus, which
 * reaches every server process through Redis when REDIS_URL is set) and after ROLE_CACHE_MS at the
 * latest (the bound for several processes sharing one database without Redis).
 */
import { RoleType } from '@kaopei/contracts';
import type { ModuleContext } from '../../platform/module';
import { now } from '../../lib/time';
import { GRANTS_CHANGED, ROLE_ADMIN_ID, ROLE_STUDENT_ID } from './sys-role.constants';
import * as repo from './sys-role.repository';

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
  roleName: string;
  roleType: number;
  permissions: string[];
  at: number;
}

export class SysRoleService {
  private cache = new Map<string, CachedRole>();

  constructor(private readonly ctx: ModuleContext<'sysMenu'>) {
    ctx.bus.subscribe(GRANTS_CHANGED, () => this.cache.clear());
  }

  /** Grants of `roleIds` (unknown ids are ignored). */
  async grantsOf(roleIds: string[]): Promise<Grants> {
    const at = now();
    const missing = roleIds.filter((id) => {
      const c = this.cache.get(id);
      return !c || at - c.at > ROLE_CACHE_MS;
    });
    if (missing.length) {
      const [rows, perms] = await Promise.all([repo.findRoles(this.ctx.db, missing), this.ctx.services.sysMenu.permissionsByRole(missing)]);
      for (const r of rows) this.cache.set(r.id, { roleName: r.roleName, roleType: r.roleType, permissions: perms.get(r.id) ?? [], at });
    }
    const known = roleIds.filter((id) => this.cache.has(id));
    const roles = known.map((id) => this.cache.get(id) as CachedRole);
    return {
      roleType: roles.some((r) => r.roleType === RoleType.ADMIN) ? RoleType.ADMIN : RoleType.LEARNER,
      roleIds: known,
      roles: roles.map((r) => r.roleName),
      permissions: [...new Set(roles.flatMap((r) => r.permissions))].sort(),
    };
  }

  /** Tells every process that grants changed (their caches drop). */
  async grantsChanged(): Promise<void> {
    this.cache.clear();
    await this.ctx.bus.publish(GRANTS_CHANGED);
  }

  /** First start: the administrator role `sa` (roleType 2) and the learner role `student` (roleType 1). */
  async seed(): Promise<void> {
    if ((await repo.countRoles(this.ctx.db)) > 0) return;
    const at = now();
    await repo.insertRoles(this.ctx.db, [
      { id: ROLE_ADMIN_ID, roleName: 'sa', roleType: RoleType.ADMIN, roleLevel: 9, createTime: at, updateTime: at },
      { id: ROLE_STUDENT_ID, roleName: 'student', roleType: RoleType.LEARNER, roleLevel: 1, createTime: at, updateTime: at },
    ]);
  }
}
