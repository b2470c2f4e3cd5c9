/**
 * SQL of user administration (SPEC §7 "User": paging, detail, save, delete, state, batch-dept,
 * batch-role, reset-pass, userList, export, import) on the module's own tables sys_user and
 * sys_user_role. Every function takes `db | trx`.
 *
 * Departments are matched by code prefix: codes are hierarchical ('A01', 'A01A01' …), so a
 * department with its sub-departments is the users whose dept_code starts with its code (a data
 * scope is such a prefix too). `scope` null means every department.
 */
import type { SortOrder } from '@kaopei/contracts';
import type { USER_SORT } from '@kaopei/contracts/sys-user-admin';
import type { Executor } from '../../db';
import { isUniqueViolation } from '../../lib/errors';
import { inDeptScope } from '../../lib/dept-scope';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { SysUserRoleTable, SysUserTable } from './sys-user.tables';

type SortColumn = (typeof USER_SORT)[number];
/** Sortable columns of the user list (request name → column). */
const SORTABLE: Record<SortColumn, string> = { userName: 'userName', realName: 'realName', createTime: 'createTime', state: 'state' };

/** Filters of the user list and the export (SPEC §7 paging params). */
export interface UserFilter {
  state?: number;
  excludes?: string[];
  excludeDeparts?: string[];
  deptCode?: string;
  userName?: string;
}

/** The columns of a list row. */
const ROW = ['id', 'userName', 'realName', 'mobile', 'email', 'state', 'deptCode', 'idCard', 'createTime'] as const;
export type UserRow = Pick<SysUserTable, (typeof ROW)[number]>;

/**
 * Which live-unique index of sys_user refused a write ('mobile' or 'name'), or null when `e` is no
 * unique violation (a concurrent save or import took the name or number first).
 */
export function uniqueClash(e: unknown): 'name' | 'mobile' | null {
  if (!isUniqueViolation(e)) return null;
  return /mobile/i.test(e instanceof Error ? e.message : String(e)) ? 'mobile' : 'name';
}

/** Rows per statement of the bulk writes (SQLite allows 32 766 parameters per statement). */
const CHUNK = 500;

function chunks<T>(list: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** `dept_code` starts with `prefix` (the department `prefix` and its sub-departments; '' matches nothing). */
const under = (prefix: string) => inDeptScope('deptCode', prefix);

/** Live users of `scope` matching `f`. */
function filtered(db: Executor, f: UserFilter, scope: string | null) {
  let q = db.selectFrom('sys_user').where('deleted', '=', 0);
  if (scope !== null) q = q.where(under(scope));
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.excludes?.length) q = q.where('id', 'not in', f.excludes);
  for (const code of f.excludeDeparts ?? []) q = q.where((eb) => eb.not(under(code)));
  if (f.deptCode) q = q.where(under(f.deptCode));
  if (f.userName) {
    const text = f.userName;
    q = q.where((eb) => eb.or([likeContains('userName', text), likeContains('realName', text)]));
  }
  return q;
}

/** A page of the user list, newest first unless `page.orders` says otherwise. */
export function pageUsers(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, f: UserFilter, scope: string | null) {
  const q = filtered(db, f, scope).select(ROW);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

/** The users matching `f`, `batch` at a time in id order (the export reads them page by page). */
export async function* iterateUsers(db: Executor, f: UserFilter, scope: string | null, batch = 500): AsyncGenerator<UserRow[]> {
  let after = '';
  for (;;) {
    const rows = await filtered(db, f, scope).select(ROW).where('id', '>', after).orderBy('id').limit(batch).execute();
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    after = (rows[rows.length - 1] as UserRow).id;
  }
}

/** The live users of `ids` within `scope` (list rows). */
export async function liveRowsByIds(db: Executor, ids: readonly string[], scope: string | null): Promise<UserRow[]> {
  const out: UserRow[] = [];
  for (const part of chunks([...new Set(ids)])) {
    let q = db.selectFrom('sys_user').select(ROW).where('deleted', '=', 0).where('id', 'in', part);
    if (scope !== null) q = q.where(under(scope));
    out.push(...(await q.execute()));
  }
  return out;
}

/** The rows of `ids`, deleted ones included (the caller checks state and scope). */
export async function rowsByIds(db: Executor, ids: readonly string[]): Promise<SysUserTable[]> {
  const out: SysUserTable[] = [];
  for (const part of chunks([...new Set(ids)])) out.push(...(await db.selectFrom('sys_user').selectAll().where('id', 'in', part).execute()));
  return out;
}

/** `{userId, roleId}` of the given users. */
export async function rolesOfUsers(db: Executor, userIds: readonly string[]): Promise<{ userId: string; roleId: string }[]> {
  const out: { userId: string; roleId: string }[] = [];
  for (const part of chunks([...new Set(userIds)])) {
    out.push(...(await db.selectFrom('sys_user_role').select(['userId', 'roleId']).where('userId', 'in', part).orderBy('roleId').execute()));
  }
  return out;
}

/** Inserts users and their role rows (the live-name and live-mobile unique indexes refuse clashes). */
export async function insertUsers(db: Executor, users: readonly SysUserTable[], roles: readonly SysUserRoleTable[]): Promise<void> {
  for (const part of chunks(users, 200)) await db.insertInto('sys_user').values(part).execute();
  for (const part of chunks(roles)) await db.insertInto('sys_user_role').values(part).execute();
}

/** Updates the live user `id`; answers how many rows changed (0 when it is gone). */
export async function updateLiveUser(db: Executor, id: string, set: Partial<Omit<SysUserTable, 'id'>>): Promise<number> {
  const res = await db.updateTable('sys_user').set(set).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Updates the live users of `ids`. */
export async function updateLiveUsers(db: Executor, ids: readonly string[], set: Partial<Omit<SysUserTable, 'id'>>): Promise<void> {
  for (const part of chunks(ids)) await db.updateTable('sys_user').set(set).where('id', 'in', part).where('deleted', '=', 0).execute();
}

/** Removes every role of these users. */
export async function removeRoles(db: Executor, userIds: readonly string[]): Promise<void> {
  for (const part of chunks(userIds)) await db.deleteFrom('sys_user_role').where('userId', 'in', part).execute();
}

/** The roles of these users become `roleIds`. */
export async function replaceRoles(db: Executor, userIds: readonly string[], roleIds: readonly string[], newId: () => string): Promise<void> {
  await removeRoles(db, userIds);
  const rows = userIds.flatMap((userId) => roleIds.map((roleId) => ({ id: newId(), userId, roleId })));
  for (const part of chunks(rows)) await db.insertInto('sys_user_role').values(part).execute();
}

/** Which of `names` live users already have. */
export async function liveNamesTaken(db: Executor, names: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks([...new Set(names)])) {
    for (const r of await db.selectFrom('sys_user').select('userName').where('deleted', '=', 0).where('userName', 'in', part).execute()) out.add(r.userName);
  }
  return out;
}

/** Which of `mobiles` live users already have. */
export async function liveMobilesTaken(db: Executor, mobiles: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks([...new Set(mobiles.filter((m) => m !== ''))])) {
    for (const r of await db.selectFrom('sys_user').select('mobile').where('deleted', '=', 0).where('mobile', 'in', part).execute()) out.add(r.mobile);
  }
  return out;
}

/** The live user holding `mobile`, other than `exceptId`, or undefined. */
export async function mobileOwner(db: Executor, mobile: string, exceptId?: string): Promise<string | undefined> {
  let q = db.selectFrom('sys_user').select('id').where('deleted', '=', 0).where('mobile', '=', mobile);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst())?.id;
}

/** The live user named `userName`, other than `exceptId`, or undefined. */
export async function nameOwner(db: Executor, userName: string, exceptId?: string): Promise<string | undefined> {
  let q = db.selectFrom('sys_user').select('id').where('deleted', '=', 0).where('userName', '=', userName);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst())?.id;
}
