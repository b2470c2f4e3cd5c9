/**
 * SQL for users, their roles, login sessions and failed-login counters (sys_user, sys_user_role,
 * sys_user_token, sys_user_login_limit). Every function takes `db | trx`.
 */
import type { Executor } from '../../db';
import type { SysUserTable, SysUserTokenTable } from './sys-user.tables';
import { inDeptScope } from '../../lib/dept-scope';

/** What a new user needs; the profile fields and flags default to empty / 0 (changedPass 1). */
export type NewUser = Pick<SysUserTable, 'id' | 'userName' | 'realName' | 'password' | 'deptCode' | 'state' | 'realPerson' | 'createTime' | 'updateTime'> &
  Partial<SysUserTable>;

/** A full sys_user row of `user`, with the defaults of NewUser. */
export function userRow(user: NewUser): SysUserTable {
  return {
    avatar: '',
    face: '',
    mobile: '',
    email: '',
    sex: '',
    mz: '',
    csrq: '',
    zzmm: '',
    gzsj: '',
    whcd: '',
    zw: '',
    dnzw: '',
    bmmc: '',
    idCard: '',
    passState: '0',
    changedPass: 1,
    deleted: 0,
    lastLoginTime: 0,
    createBy: '',
    ...user,
  };
}

/** The live (not deleted) user named `userName`. */
export function findUserByName(db: Executor, userName: string) {
  return db.selectFrom('sys_user').selectAll().where('userName', '=', userName).where('deleted', '=', 0).executeTakeFirst();
}

/** `{id, userName, realName, deptCode, state}` of the live users named in `userNames` (500 names a query). */
export async function liveAccountsByName(db: Executor, userNames: readonly string[]) {
  const out: { id: string; userName: string; realName: string; deptCode: string; state: number }[] = [];
  for (let i = 0; i < userNames.length; i += 500) {
    const chunk = userNames.slice(i, i + 500);
    out.push(...(await db.selectFrom('sys_user').select(['id', 'userName', 'realName', 'deptCode', 'state']).where('userName', 'in', chunk).where('deleted', '=', 0).execute()));
  }
  return out;
}

export function findUserById(db: Executor, id: string) {
  return db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a login of `id` at `at` and answers the previous login time (0 = never; undefined when the user is gone). */
export async function touchLogin(db: Executor, id: string, at: number): Promise<number | undefined> {
  const row = await db.selectFrom('sys_user').select('lastLoginTime').where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  await db.updateTable('sys_user').set({ lastLoginTime: at }).where('id', '=', id).execute();
  return row.lastLoginTime;
}

export async function insertUser(db: Executor, user: NewUser, roleIds: string[], newId: () => string): Promise<void> {
  await db.insertInto('sys_user').values(userRow(user)).execute();
  if (roleIds.length) await db.insertInto('sys_user_role').values(roleIds.map((roleId) => ({ id: newId(), userId: user.id, roleId }))).execute();
}

/** Sets the mobile number of a live user ('' clears it); the live-mobile unique index refuses a taken number. */
export function setMobile(db: Executor, userId: string, mobile: string, at: number) {
  return db.updateTable('sys_user').set({ mobile, updateTime: at }).where('id', '=', userId).where('deleted', '=', 0).execute();
}

export function updatePassword(db: Executor, userId: string, hash: string, at: number) {
  return db.updateTable('sys_user').set({ password: hash, updateTime: at }).where('id', '=', userId).execute();
}

/**
 * A password the user chose (update-pass, reset by SMS): the hash and the password-state flags in
 * one UPDATE (`passState` '0' when the user set it without knowing the old one; left as it was
 * when undefined); changedPass 1, so the SPEC §2 redirect stops.
 */
export function setOwnPassword(db: Executor, userId: string, hash: string, at: number, passState?: string) {
  return db
    .updateTable('sys_user')
    .set({ password: hash, changedPass: 1, ...(passState === undefined ? {} : { passState }), updateTime: at })
    .where('id', '=', userId)
    .where('deleted', '=', 0)
    .execute();
}

/** The profile fields a user edits themself (SPEC §3 profile fields), in one UPDATE of the live user. */
export type OwnProfile = Pick<SysUserTable, 'email' | 'sex' | 'mz' | 'csrq' | 'zzmm' | 'gzsj' | 'whcd' | 'zw' | 'dnzw' | 'bmmc' | 'idCard' | 'deptCode'> &
  Partial<Pick<SysUserTable, 'realName'>>;

/** Sets the real name and ID number of the live user `userId` (a passed real-name record, module user-real). */
export function setIdentity(db: Executor, userId: string, realName: string, idCard: string, at: number) {
  return db.updateTable('sys_user').set({ realName, idCard, updateTime: at }).where('id', '=', userId).where('deleted', '=', 0).execute();
}

/** Writes the own profile of the live user `userId` (nothing for a deleted one). */
export function updateOwnProfile(db: Executor, userId: string, profile: OwnProfile, at: number) {
  return db.updateTable('sys_user').set({ ...profile, updateTime: at }).where('id', '=', userId).where('deleted', '=', 0).execute();
}

/** Sets the avatar url of the live user `userId`. */
export function setAvatar(db: Executor, userId: string, avatar: string, at: number) {
  return db.updateTable('sys_user').set({ avatar, updateTime: at }).where('id', '=', userId).where('deleted', '=', 0).execute();
}

/** Role ids of a user. */
export async function roleIdsOfUser(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_user_role').select('roleId').where('userId', '=', userId).orderBy('roleId').execute();
  return rows.map((r) => r.roleId);
}

/** The session of a token hash (database session store): its user and end, or undefined. */
export function findToken(db: Executor, tokenHash: string) {
  return db.selectFrom('sys_user_token').select(['userId', 'expireTime']).where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/**
 * What a request needs of its user, in one query: name, real name, state and role ids (one row per
 * role; one row with `roleId` null when the user has none; no row when the user does not exist).
 */
export function findSessionUser(db: Executor, userId: string) {
  return db
    .selectFrom('sys_user as u')
    .leftJoin('sys_user_role as ur', 'ur.userId', 'u.id')
    .select(['u.userName', 'u.realName', 'u.deptCode', 'u.state', 'ur.roleId'])
    .where('u.id', '=', userId)
    .where('u.deleted', '=', 0)
    .orderBy('ur.roleId')
    .execute();
}

/** Stores a new session (database session store). */
export function insertToken(db: Executor, row: SysUserTokenTable) {
  return db.insertInto('sys_user_token').values(row).execute();
}

/** Moves the end of the session of a token hash (sliding sessions). */
export function extendToken(db: Executor, tokenHash: string, expireTime: number) {
  return db.updateTable('sys_user_token').set({ expireTime }).where('tokenHash', '=', tokenHash).execute();
}

/** Ends the session of a token hash (logout). */
export function deleteToken(db: Executor, tokenHash: string) {
  return db.deleteFrom('sys_user_token').where('tokenHash', '=', tokenHash).execute();
}

/** Ends every session of a user, except the one of `keepTokenHash` when given (password change). */
export function deleteTokensOf(db: Executor, userId: string, keepTokenHash?: string) {
  let q = db.deleteFrom('sys_user_token').where('userId', '=', userId);
  if (keepTokenHash) q = q.where('tokenHash', '!=', keepTokenHash);
  return q.execute();
}

/** Deletes the sessions of a user that ended at `at` or before (run when the user opens a new one). */
export function deleteExpiredTokens(db: Executor, userId: string, at: number) {
  return db.deleteFrom('sys_user_token').where('userId', '=', userId).where('expireTime', '<=', at).execute();
}

/** Deletes failed-login counters whose window ended before `before` (epoch ms, real clock); answers how many. */
export async function deleteExpiredLoginLimits(db: Executor, before: number): Promise<number> {
  const res = await db.deleteFrom('sys_user_login_limit').where('expire', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted', '=', 0).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `[{id, realName}]` of the given users. */
export function realNamesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sys_user').select(['id', 'realName']).where('id', 'in', ids).execute();
}

/** Live users whose department is one of `deptCodes`. */
export async function countInDepts(db: Executor, deptCodes: string[]): Promise<number> {
  if (deptCodes.length === 0) return 0;
  const row = await db
    .selectFrom('sys_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('deptCode', 'in', deptCodes)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Id of the live user whose mobile is `mobile`, or undefined. */
export async function idByMobile(db: Executor, mobile: string): Promise<string | undefined> {
  return (await db.selectFrom('sys_user').select('id').where('mobile', '=', mobile).where('deleted', '=', 0).executeTakeFirst())?.id;
}

/** Live users holding any of the roles `roleIds` (distinct users). */
export async function countInRoles(db: Executor, roleIds: string[]): Promise<number> {
  if (roleIds.length === 0) return 0;
  const row = await db
    .selectFrom('sys_user_role')
    .innerJoin('sys_user', 'sys_user.id', 'sys_user_role.userId')
    .select((eb) => eb.fn.count<number>('sys_user_role.userId').distinct().as('n'))
    .where('sys_user_role.roleId', 'in', roleIds)
    .where('sys_user.deleted', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** `[{id, realName, mobile}]` of the live (not deleted) users among `ids` (message recipients). */
export function contactsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('sys_user').select(['id', 'realName', 'mobile']).where('id', 'in', ids).where('deleted', '=', 0).execute();
}

/** Live users in state 0 holding role `roleId`, by ascending id after `afterId`, at most `limit` (keyset paging for mass messages). */
export function activeUsersInRole(db: Executor, roleId: string, afterId: string, limit: number, deptPrefixes?: readonly string[]) {
  return db
    .selectFrom('sys_user')
    .innerJoin('sys_user_role', 'sys_user_role.userId', 'sys_user.id')
    .select(['sys_user.id', 'sys_user.realName', 'sys_user.mobile'])
    .where('sys_user_role.roleId', '=', roleId)
    .$if(deptPrefixes !== undefined, (q) => q.where((eb) => eb.or((deptPrefixes ?? []).map((p) => inDeptScope('sys_user.deptCode', p)))))
    .where('sys_user.deleted', '=', 0)
    .where('sys_user.state', '=', 0)
    .where('sys_user.id', '>', afterId)
    .orderBy('sys_user.id')
    .limit(limit)
    .execute();
}

/** Live users in state 0 holding role `roleId` (in the departments `deptPrefixes` and below, when given), by id. */
export function learnerAccountsUnder(db: Executor, roleId: string, deptPrefixes?: readonly string[]) {
  return db
    .selectFrom('sys_user')
    .innerJoin('sys_user_role', 'sys_user_role.userId', 'sys_user.id')
    .select(['sys_user.id', 'sys_user.userName', 'sys_user.realName', 'sys_user.deptCode'])
    .distinct()
    .where('sys_user_role.roleId', '=', roleId)
    .$if(deptPrefixes !== undefined, (q) => q.where((eb) => eb.or((deptPrefixes ?? []).map((p) => inDeptScope('sys_user.deptCode', p)))))
    .where('sys_user.deleted', '=', 0)
    .where('sys_user.state', '=', 0)
    .orderBy('sys_user.id')
    .execute();
}

/** How many live users in state 0 hold role `roleId`. */
export async function countActiveInRole(db: Executor, roleId: string, deptPrefixes?: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('sys_user_role')
    .innerJoin('sys_user', 'sys_user.id', 'sys_user_role.userId')
    .select((eb) => eb.fn.count<number>('sys_user_role.userId').distinct().as('n'))
    .where('sys_user_role.roleId', '=', roleId)
    .$if(deptPrefixes !== undefined, (q) => q.where((eb) => eb.or((deptPrefixes ?? []).map((p) => inDeptScope('sys_user.deptCode', p)))))
    .where('sys_user.deleted', '=', 0)
    .where('sys_user.state', '=', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
