/**
 * Tables of the sys-bind module (owned by it only): the login bindings of users (SPEC §3
 * "Binding"), the `state` of third-party flows in progress, and the codes of the local
 * demonstration provider.
 */
import type { Ms } from '../../db/schema';

/** One account bound to one user: unique per (loginType, openId) and per (userId, loginType). */
export interface SysUserBindTable {
  id: string;
  userId: string;
  /** mobile, wechat, crop-wechat or ding-talk. */
  loginType: string;
  /** The account at the provider (WeChat openid, WeCom userid, DingTalk openId), or the mobile number. */
  openId: string;
  createTime: Ms;
  /** Who bound it: the user, or the administrator of a direct bind. */
  createBy: string;
}

/** A third-party flow in progress: one use, OAUTH_STATE_TTL_MS. */
export interface SysOauthStateTable {
  /** sha-256 (hex) of the state (the state itself is never stored). */
  stateHash: string;
  loginType: string;
  /** login or bind. */
  purpose: string;
  /** The user who asked to bind ('' for login). */
  userId: string;
  /** Page to return to ('' for the default). */
  redirect: string;
  createTime: Ms;
  expireTime: Ms;
}

/** A code the local demonstration provider issued for an identity: one use, 5 minutes. */
export interface SysOauthLocalCodeTable {
  /** sha-256 (hex) of the code. */
  codeHash: string;
  loginType: string;
  openId: string;
  expireTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_user_bind: SysUserBindTable;
    sys_oauth_state: SysOauthStateTable;
    sys_oauth_local_code: SysOauthLocalCodeTable;
  }
}
