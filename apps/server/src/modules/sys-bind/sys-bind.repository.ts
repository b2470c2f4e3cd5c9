/**
 * SQL for login bindings, third-party states and local provider codes (sys_user_bind,
 * sys_oauth_state, sys_oauth_local_code). Every function takes `db | trx`.
 */
import type { Executor } from '../../db';
import type { SysOauthLocalCodeTable, SysOauthStateTable, SysUserBindTable } from './sys-bind.tables';

/** Every binding of a user (at most one per login type). */
export function bindsOfUser(db: Executor, userId: string) {
  return db.selectFrom('sys_user_bind').selectAll().where('userId', '=', userId).orderBy('createTime').execute();
}

/** The binding of a user for a login type. */
export function bindOfUser(db: Executor, userId: string, loginType: string) {
  return db.selectFrom('sys_user_bind').selectAll().where('userId', '=', userId).where('loginType', '=', loginType).executeTakeFirst();
}

/** The binding of an account (login type + openId). */
export function bindOfAccount(db: Executor, loginType: string, openId: string) {
  return db.selectFrom('sys_user_bind').selectAll().where('loginType', '=', loginType).where('openId', '=', openId).executeTakeFirst();
}

export function findBind(db: Executor, id: string) {
  return db.selectFrom('sys_user_bind').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a binding; the unique indexes refuse a second account of a type for a user and a second user for an account. */
export function insertBind(db: Executor, row: SysUserBindTable) {
  return db.insertInto('sys_user_bind').values(row).execute();
}

/** Deletes one binding by id; answers whether it did. */
export async function deleteBind(db: Executor, id: string): Promise<boolean> {
  const res = await db.deleteFrom('sys_user_bind').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Deletes the binding of a user for a login type; answers whether there was one. */
export async function deleteBindOfUser(db: Executor, userId: string, loginType: string): Promise<boolean> {
  const res = await db.deleteFrom('sys_user_bind').where('userId', '=', userId).where('loginType', '=', loginType).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Deletes the bindings of an account whatever their user (a number set free, a deleted user's account). */
export function deleteBindOfAccount(db: Executor, loginType: string, openId: string) {
  return db.deleteFrom('sys_user_bind').where('loginType', '=', loginType).where('openId', '=', openId).execute();
}

export function insertState(db: Executor, row: SysOauthStateTable) {
  return db.insertInto('sys_oauth_state').values(row).execute();
}

/** The live state of a hash (not consumed), or undefined. */
export function findLiveState(db: Executor, stateHash: string, at: number) {
  return db.selectFrom('sys_oauth_state').selectAll().where('stateHash', '=', stateHash).where('expireTime', '>', at).executeTakeFirst();
}

/**
 * Uses a state up, exactly once: deletes it and answers its row when it was live; of two concurrent
 * callers (a double click, two nodes) only one gets the row.
 */
export function consumeState(db: Executor, stateHash: string, at: number) {
  return db.deleteFrom('sys_oauth_state').where('stateHash', '=', stateHash).where('expireTime', '>', at).returningAll().executeTakeFirst();
}

export function insertLocalCode(db: Executor, row: SysOauthLocalCodeTable) {
  return db.insertInto('sys_oauth_local_code').values(row).execute();
}

/** Uses a local code up, exactly once; answers its row when it was live and of `loginType`. */
export function consumeLocalCode(db: Executor, codeHash: string, loginType: string, at: number) {
  return db
    .deleteFrom('sys_oauth_local_code')
    .where('codeHash', '=', codeHash)
    .where('loginType', '=', loginType)
    .where('expireTime', '>', at)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes states and local codes that ended before `at`; answers how many. */
export async function purgeExpired(db: Executor, at: number): Promise<number> {
  const a = await db.deleteFrom('sys_oauth_state').where('expireTime', '<=', at).executeTakeFirst();
  const b = await db.deleteFrom('sys_oauth_local_code').where('expireTime', '<=', at).executeTakeFirst();
  return Number(a.numDeletedRows) + Number(b.numDeletedRows);
}
