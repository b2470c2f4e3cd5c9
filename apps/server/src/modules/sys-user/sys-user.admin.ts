/**
 * User administration (SPEC §2 user edit dialog and user-select dialog, §3 "User", §4 user state,
 * §5 "User form (admin)", §7 "User"): the list with its filters, detail, save, delete, state,
 * batch-dept, batch-role, reset-pass and userList; import and export live in sys-user.import.ts.
 * Composed into SysUserService as `admin`.
 *
 * Rules every call follows:
 * - Data scope: `sysRole.dataScopeOf(caller)` is a department-code prefix (or null for all). A
 *   user outside it is answered exactly like one that does not exist (10010003
 *   '用户不存在或已被删除！'); a department outside it like a missing department ('部门不存在！').
 * - No escalation: a caller may give only roles whose permission codes they hold themselves, and
 *   when limited to a subtree no administrator role that is not (90010107); and may touch only
 *   users whose roles give nothing more (90010108).
 * - Safety: nobody disables, sets pending or deletes their own account (90010102) or drops their
 *   own last administrator role (90010103); the built-in account `admin` is never disabled,
 *   deleted or renamed (90010104) and keeps the built-in administrator role (90010105).
 * - A password set by an administrator (save, reset-pass, import) makes passState '1' and
 *   changedPass 0: the user must change it before normal use (SPEC §2); the user's other sessions end.
 * - Refusals change nothing: every check runs before the one transaction that writes.
 */
import { RoleType, type Page } from '@kaopei/contracts';
import { DicCode, XZZW_OTHER } from '@kaopei/contracts/sys-dic';
import { UserError } from '@kaopei/contracts/sys-user';
import {
  USER_NOT_FOUND_MSG,
  UserAdminError,
  UserState,
  type UserDetail,
  type UserRecord,
  type UserSaveReq,
  type userBrief,
  type userPagingReq,
} from '@kaopei/contracts/sys-user-admin';
import type { RoleRecord } from '@kaopei/contracts/sys-role';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { withDictText } from '../../lib/dict-text';
import { AppError, badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';
import { formatTimeStrict, now } from '../../lib/time';
import { ROLE_ADMIN_ID } from '../sys-role/sys-role.constants';
import { ADMIN_USER_NAME } from './sys-user.constants';
import { UserImport } from './sys-user.import';
import type { SysUserService } from './sys-user.service';
import type { SysUserTable } from './sys-user.tables';
import { userRow } from './sys-user.repository';
import * as repo from './sys-user.admin.repository';

/** The services user administration calls. */
export type UserAdminDeps = 'sysRole' | 'sysDepart' | 'sysDic' | 'points' | 'userReal';

/** Who is calling: the request's user (the import job rebuilds it from the database). */
export type Caller = Pick<AuthUser, 'userId' | 'roleIds' | 'deptCode' | 'permissions'> & { tokenHash?: string };

/** Profile fields checked against a dictionary (zw may also be the name of another post, SPEC §5). */
const DIC_FIELDS = [
  ['sex', DicCode.SEX, '性别'],
  ['mz', DicCode.NATION, '民族'],
  ['zzmm', DicCode.POLITICAL_LANDSCAPE, '政治面貌'],
  ['whcd', DicCode.EDUCATIONAL_LEVEL, '学历'],
  ['dnzw', DicCode.DNZW, '党内职务'],
] as const;
const DEPT_NOT_FOUND = '部门不存在！';


/** Roles by id and by name (fresh from the database; roles are few). */
export interface RoleTable {
  byId: Map<string, RoleRecord>;
  byName: Map<string, RoleRecord>;
}

export class UserAdmin {
  /** Import (background job) and export of users as xlsx. */
  readonly importer: UserImport;

  constructor(
    private readonly ctx: ModuleContext<UserAdminDeps>,
    private readonly users: Pick<SysUserService, 'endSessionsOf' | 'forgetUsers'>,
  ) {
    this.importer = new UserImport(ctx, this);
  }

  private get db() {
    return this.ctx.db;
  }

  // ------------------------------------------------------------ policy shared with the import

  /** The department-code prefix the caller may see and touch, or null for every department. */
  scopeOf(caller: Caller): Promise<string | null> {
    return this.ctx.services.sysRole.dataScopeOf(caller);
  }

  async roleTable(): Promise<RoleTable> {
    const roles = await this.ctx.services.sysRole.list();
    return { byId: new Map(roles.map((r) => [r.id, r])), byName: new Map(roles.map((r) => [r.roleName, r])) };
  }

  /**
   * The ids among `roleIds` that give more than `caller` has: a permission code the caller does not
   * hold, or, for a caller limited to a department subtree, an administrator role that is not
   * (it would see every department).
   */
  async beyond(roleIds: readonly string[], caller: Caller): Promise<Set<string>> {
    const own = new Set(caller.permissions);
    const roles = this.ctx.services.sysRole;
    const scope = await this.scopeOf(caller);
    const out = new Set<string>();
    for (const id of new Set(roleIds)) {
      const { permissions, roleType } = await roles.grantsOf([id]);
      if (permissions.some((p) => !own.has(p))) out.add(id);
      else if (scope !== null && roleType === RoleType.ADMIN && (await roles.dataScopeOf({ roleIds: [id], deptCode: scope })) === null) out.add(id);
    }
    return out;
  }

  /** Codes of the live departments within `scope`. */
  async deptCodesIn(scope: string | null): Promise<Set<string>> {
    const codes = new Set<string>();
    const walk = (nodes: { value: string; children: typeof nodes }[]) => {
      for (const n of nodes) {
        if (scope === null || n.value.startsWith(scope)) codes.add(n.value);
        walk(n.children);
      }
    };
    walk(await this.ctx.services.sysDepart.treeSelect());
    return codes;
  }

  /** Labels a page of rows: state_dictText, deptCode_dictText, roleNames, the points balance (from the points ledger); times formatted. */
  async records(rows: repo.UserRow[]): Promise<UserRecord[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [roleRows, roles, balances] = await Promise.all([repo.rolesOfUsers(this.db, ids), this.roleTable(), this.ctx.services.points.balancesOf(ids)]);
    const names = new Map<string, string[]>();
    for (const r of roleRows) names.set(r.userId, [...(names.get(r.userId) ?? []), roles.byId.get(r.roleId)?.roleName ?? '']);
    const labelled = await withDictText(rows, {
      state: this.ctx.services.sysDic.labeller<number>(DicCode.USER_STATE),
      deptCode: (codes: string[]) => this.ctx.services.sysDepart.namesOf(codes),
    });
    return labelled.map((r) => ({
      id: r.id,
      userName: r.userName,
      realName: r.realName,
      mobile: r.mobile,
      email: r.email,
      state: r.state,
      state_dictText: r.state_dictText,
      deptCode: r.deptCode,
      deptCode_dictText: r.deptCode_dictText,
      roleNames: (names.get(r.id) ?? []).filter((n) => n !== ''),
      points: balances.get(r.id) ?? 0,
      createTime: formatTimeStrict(r.createTime),
    }));
  }

  // ------------------------------------------------------------ reads

  /**
   * POST /api/sys/user/paging: live users of the caller's scope; params state, excludes (user ids),
   * excludeDeparts (department codes, with their sub-departments), deptCode (with its
   * sub-departments; an unknown code lists nothing), userName (contained in the user name or the
   * real name); `selectKeys` answer `selectList` whatever the page.
   */
  async paging(req: z.output<typeof userPagingReq>, caller: Caller): Promise<Page<UserRecord>> {
    const scope = await this.scopeOf(caller);
    const f = req.params ?? {};
    const empty = f.deptCode !== undefined && f.deptCode !== '' && (await this.ctx.services.sysDepart.subtreeCodes(f.deptCode)).length === 0;
    const page = empty ? { records: [], total: 0, pages: 0, current: req.current, size: req.size } : await repo.pageUsers(this.db, req, f, scope);
    const out: Page<UserRecord> = { records: await this.records(page.records), total: page.total, pages: page.pages, current: page.current, size: page.size };
    if (req.selectKeys?.length) out.selectList = await this.userRecords(req.selectKeys, scope);
    return out;
  }

  /** The live users of `ids` within `scope` as list rows, in the order of `ids`; others are left out. */
  private async userRecords(ids: readonly string[], scope: string | null): Promise<UserRecord[]> {
    const rows = await repo.liveRowsByIds(this.db, ids, scope);
    const order = new Map(ids.map((id, i) => [id, i]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    return this.records(rows);
  }

  /** POST /api/sys/user/userList: users by id for pickers (unknown, deleted or out-of-scope ids are left out). */
  async userList(ids: readonly string[], caller: Caller): Promise<z.input<typeof userBrief>[]> {
    const records = await this.userRecords(ids, await this.scopeOf(caller));
    return records.map((r) => ({ id: r.id, userName: r.userName, realName: r.realName, deptCode: r.deptCode, deptCode_dictText: r.deptCode_dictText }));
  }

  /** POST /api/sys/user/detail: the edit form of a live user of the caller's scope (never the password); 10010003 otherwise. */
  async detail(id: string, caller: Caller): Promise<UserDetail> {
    const scope = await this.scopeOf(caller);
    const [row] = await repo.rowsByIds(this.db, [id]);
    if (!row || row.deleted === 1 || (scope !== null && !row.deptCode.startsWith(scope))) throw notFound(USER_NOT_FOUND_MSG);
    const [record] = await this.records([row]);
    const roles = (await repo.rolesOfUsers(this.db, [id])).map((r) => r.roleId);
    const { email, sex, mz, csrq, zzmm, gzsj, whcd, zw, dnzw, bmmc, idCard, avatar, face } = row;
    return { ...(record as UserRecord), email, sex, mz, csrq, zzmm, gzsj, whcd, zw, dnzw, bmmc, idCard, avatar, face, roles };
  }

  // ------------------------------------------------------------ checks

  /** 10010001 unless each dictionary-coded profile field is '' or a value of its dictionary. */
  async checkProfile(req: Pick<UserSaveReq, 'sex' | 'mz' | 'zzmm' | 'whcd' | 'dnzw' | 'zw'>): Promise<void> {
    for (const [field, dicCode, label] of DIC_FIELDS) {
      const value = req[field];
      if (value !== '' && !(await this.ctx.services.sysDic.labels(dicCode)).has(value)) throw badParams(`${label}不正确！`);
    }
    if (req.zw === XZZW_OTHER) throw badParams('请输入职务名称');
  }

  /** The live department `deptCode` within `scope`; 10010003 '部门不存在！' otherwise. */
  private async checkDept(deptCode: string, scope: string | null): Promise<void> {
    if (scope !== null && !deptCode.startsWith(scope)) throw notFound(DEPT_NOT_FOUND);
    await this.ctx.services.sysDepart.requireByCode(this.db, deptCode);
  }

  /** The roles exist (90010106) and the caller may give them (90010107); answers the role table. */
  private async checkRoles(roleIds: readonly string[], caller: Caller): Promise<RoleTable> {
    const table = await this.roleTable();
    if (roleIds.some((id) => !table.byId.has(id))) throw new AppError(UserAdminError.ROLE_NOT_FOUND);
    if ((await this.beyond(roleIds, caller)).size > 0) throw new AppError(UserAdminError.ROLE_BEYOND);
    return table;
  }

  /** Roles a user keeps: the caller an administrator role, the built-in admin the built-in one. */
  private checkKept(user: Pick<SysUserTable, 'id' | 'userName'>, roleIds: readonly string[], table: RoleTable, caller: Caller): void {
    if (user.userName === ADMIN_USER_NAME && !roleIds.includes(ROLE_ADMIN_ID)) throw new AppError(UserAdminError.BUILT_IN_ADMIN_ROLE);
    if (user.id === caller.userId && !roleIds.some((id) => table.byId.get(id)?.roleType === RoleType.ADMIN)) throw new AppError(UserAdminError.SELF_ADMIN_ROLE);
  }

  /**
   * The users `ids` for a write: every id must be a user of the caller's scope (10010003 otherwise,
   * the same answer as for an unknown id), live unless `deletedOk`, and hold no role granting a
   * code the caller lacks (90010108). Answers the live ones.
   */
  private async targets(ids: readonly string[], caller: Caller, scope: string | null, deletedOk = false): Promise<SysUserTable[]> {
    const rows = await repo.rowsByIds(this.db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of new Set(ids)) {
      const r = byId.get(id);
      if (!r || (r.deleted === 1 && !deletedOk) || (scope !== null && !r.deptCode.startsWith(scope))) throw notFound(USER_NOT_FOUND_MSG);
    }
    const live = rows.filter((r) => r.deleted === 0);
    const roleRows = await repo.rolesOfUsers(this.db, live.map((r) => r.id));
    const beyond = await this.beyond(roleRows.map((r) => r.roleId), caller);
    if (roleRows.some((r) => beyond.has(r.roleId))) throw new AppError(UserAdminError.USER_BEYOND);
    return live;
  }

  /** Ends the sessions of users whose password or state an administrator changed (the caller keeps the current one). */
  private async endSessions(userIds: readonly string[], caller: Caller): Promise<void> {
    for (const id of userIds) await this.users.endSessionsOf(id, id === caller.userId ? caller.tokenHash : undefined);
  }

  // ------------------------------------------------------------ writes

  /**
   * POST /api/sys/user/save (SPEC §5 User form (admin)). Without id: a new user (state normal) with
   * the password given; with id: the live user `id`, whose password changes only when one is given.
   * Errors: 90010001 user name taken, 90010101 mobile taken (also when a concurrent save or import
   * wins the race: one user results), 10010003 user or department missing / outside the scope,
   * 90010106 / 90010107 roles, 10010001 a profile value outside its dictionary, 90010103 / 90010104 /
   * 90010105 the roles and name the caller and the built-in admin keep; `face` (issue 12): absent
   * leaves it, '' removes it, a new photo must hold exactly one face (userReal.checkAdminFace:
   * 40120004 / 40120005 / 40120003, 10010003 file gone); after the commit userReal.syncAdminFace
   * makes it the reference face unless the user's real-name record passed.
   */
  async save(req: UserSaveReq, caller: Caller): Promise<{ id: string }> {
    const scope = await this.scopeOf(caller);
    const current = req.id ? (await this.targets([req.id], caller, scope))[0] : undefined;
    const roleIds = [...new Set(req.roles)];
    const table = await this.checkRoles(roleIds, caller);
    await this.checkDept(req.deptCode, scope);
    await this.checkProfile(req);
    const { id: _id, roles: _roles, password: _password, face, ...rest } = req;
    if (face && face !== current?.face) await this.ctx.services.userReal.checkAdminFace(face);
    const fields = face === undefined ? rest : { ...rest, face };
    const at = now();
    const password = req.password ? await hashPassword(req.password) : undefined;
    const pass = password ? { password, passState: '1', changedPass: 0 as const } : {};

    if (req.id) {
      const id = req.id;
      const user = current as SysUserTable;
      if (user.userName === ADMIN_USER_NAME && req.userName !== ADMIN_USER_NAME) throw new AppError(UserAdminError.BUILT_IN_ADMIN);
      this.checkKept(user, roleIds, table, caller);
      if (await repo.nameOwner(this.db, req.userName, id)) throw new AppError(UserError.USER_EXISTS);
      if (req.mobile && (await repo.mobileOwner(this.db, req.mobile, id))) throw new AppError(UserAdminError.MOBILE_TAKEN);
      await this.write(async () => {
        await this.db.transaction().execute(async (trx) => {
          if ((await repo.updateLiveUser(trx, id, { ...fields, ...pass, updateTime: at })) === 0) throw notFound(USER_NOT_FOUND_MSG);
          await repo.replaceRoles(trx, [id], roleIds, newId);
        });
      });
      await this.users.forgetUsers([id]);
      if (password) await this.endSessions([id], caller);
      if (face !== undefined && face !== user.face) await this.ctx.services.userReal.syncAdminFace(id);
      return { id };
    }

    if (!password) throw badParams('密码不能为空！'); // the contracts refuse it already
    if (await repo.nameOwner(this.db, req.userName)) throw new AppError(UserError.USER_EXISTS);
    if (req.mobile && (await repo.mobileOwner(this.db, req.mobile))) throw new AppError(UserAdminError.MOBILE_TAKEN);
    const id = newId();
    const row = userRow({ ...fields, ...pass, id, password, state: UserState.NORMAL, realPerson: 1, createBy: caller.userId, createTime: at, updateTime: at });
    await this.write(() => this.db.transaction().execute((trx) => repo.insertUsers(trx, [row], roleIds.map((roleId) => ({ id: newId(), userId: id, roleId })))));
    if (face) await this.ctx.services.userReal.syncAdminFace(id);
    return { id };
  }

  /** Runs a write, answering 90010001 / 90010101 when a unique index refuses it. */
  private async write(fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      const clash = repo.uniqueClash(e);
      throw clash === 'mobile' ? new AppError(UserAdminError.MOBILE_TAKEN) : clash === 'name' ? new AppError(UserError.USER_EXISTS) : e;
    }
  }

  /**
   * POST /api/sys/user/delete: soft delete (the rows stay for names in old records; their user name
   * and mobile become free), roles removed, sessions ended. Users already deleted are skipped, so a
   * double click answers success twice. 10010003 for an unknown or out-of-scope id, 90010102 for
   * the caller, 90010104 for the built-in admin, 90010108 for a more powerful user; nothing changes then.
   */
  async delete(ids: readonly string[], caller: Caller): Promise<void> {
    const scope = await this.scopeOf(caller);
    const live = await this.targets(ids, caller, scope, true);
    this.checkStateChange(live, caller);
    if (live.length === 0) return;
    const liveIds = live.map((r) => r.id);
    const at = now();
    await this.db.transaction().execute(async (trx) => {
      await repo.updateLiveUsers(trx, liveIds, { deleted: 1, updateTime: at });
      await repo.removeRoles(trx, liveIds);
    });
    await this.endSessions(liveIds, caller);
  }

  private checkStateChange(users: readonly SysUserTable[], caller: Caller): void {
    if (users.some((u) => u.id === caller.userId)) throw new AppError(UserAdminError.SELF_STATE);
    if (users.some((u) => u.userName === ADMIN_USER_NAME)) throw new AppError(UserAdminError.BUILT_IN_ADMIN);
  }

  /**
   * POST /api/sys/user/state (SPEC §4: 0 normal, 1 disabled, 2 pending review). Any state but normal
   * ends the users' sessions at once in every process (a disabled or pending account cannot log in).
   * Errors as delete (90010102 / 90010104 only when the state is not normal).
   */
  async setState(ids: readonly string[], state: number, caller: Caller): Promise<void> {
    const scope = await this.scopeOf(caller);
    const live = await this.targets(ids, caller, scope);
    if (state !== UserState.NORMAL) this.checkStateChange(live, caller);
    await this.db.transaction().execute((trx) => repo.updateLiveUsers(trx, live.map((r) => r.id), { state, updateTime: now() }));
    await this.users.forgetUsers(live.map((r) => r.id));
    if (state !== UserState.NORMAL) await this.endSessions(live.map((r) => r.id), caller);
  }

  /** POST /api/sys/user/batch-dept: the users move to the live department `deptCode` of the caller's scope. */
  async batchDept(ids: readonly string[], deptCode: string, caller: Caller): Promise<void> {
    const scope = await this.scopeOf(caller);
    await this.checkDept(deptCode, scope);
    const live = await this.targets(ids, caller, scope);
    await this.db.transaction().execute((trx) => repo.updateLiveUsers(trx, live.map((r) => r.id), { deptCode, updateTime: now() }));
    await this.users.forgetUsers(live.map((r) => r.id));
  }

  /** POST /api/sys/user/batch-role: the users' roles become `roles` (checked like save's). */
  async batchRole(ids: readonly string[], roles: readonly string[], caller: Caller): Promise<void> {
    const scope = await this.scopeOf(caller);
    const roleIds = [...new Set(roles)];
    const table = await this.checkRoles(roleIds, caller);
    const live = await this.targets(ids, caller, scope);
    for (const u of live) this.checkKept(u, roleIds, table, caller);
    await this.db.transaction().execute(async (trx) => {
      await repo.replaceRoles(trx, live.map((r) => r.id), roleIds, newId);
      await repo.updateLiveUsers(trx, live.map((r) => r.id), { updateTime: now() });
    });
    await this.users.forgetUsers(live.map((r) => r.id));
  }

  /** POST /api/sys/user/reset-pass: the users get `password`, must change it at the next login, and their sessions end. */
  async resetPass(ids: readonly string[], password: string, caller: Caller): Promise<void> {
    const scope = await this.scopeOf(caller);
    const live = await this.targets(ids, caller, scope);
    const hash = await hashPassword(password);
    const set = { password: hash, passState: '1', changedPass: 0 as const, updateTime: now() };
    await this.db.transaction().execute((trx) => repo.updateLiveUsers(trx, live.map((r) => r.id), set));
    await this.endSessions(live.map((r) => r.id), caller);
  }
}
