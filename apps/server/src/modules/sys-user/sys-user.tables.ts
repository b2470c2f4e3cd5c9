/**
 * Tables of the sys-user module: users, their roles, login sessions (SPEC §3 "User", §4 "Session")
 * and failed-login counters. Owned by this module only.
 */
import type { Ms, Flag } from '../../db/schema';

export interface SysUserTable {
  id: string;
  userName: string;
  realName: string;
  password: string;
  avatar: string;
  /** Face photo url set by an administrator (user form, shown when faceLogin is on; '' = none): the reference face while no real-name record passed. */
  face: string;
  mobile: string;
  email: string;
  deptCode: string;
  state: number;
  realPerson: Flag;
  /** Profile fields (SPEC §3 "User"): dictionary values of sex, nation, political_landscape, educational_level, xzzw (or another post's name), dnzw. */
  sex: string;
  mz: string;
  /** Birth date, yyyy-MM-dd or ''. */
  csrq: string;
  zzmm: string;
  /** Work start date, yyyy-MM-dd or ''. */
  gzsj: string;
  whcd: string;
  zw: string;
  dnzw: string;
  /** Department name typed by the user when the unit has sfyxjbm = 1. */
  bmmc: string;
  idCard: string;
  /** '1' when the password was set by someone else (administrator, import, reset); see changedPass. */
  passState: string;
  /** 0 while a password set by someone else has not been changed by the user (SPEC §2 redirect to /web/uc?to=pass). */
  changedPass: Flag;
  /** 1 once deleted: the row stays for names in old records; its user name and mobile are free again. */
  deleted: Flag;
  /** The last login (epoch ms; 0 = never). */
  lastLoginTime: Ms;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}
export interface SysUserRoleTable {
  id: string;
  userId: string;
  roleId: string;
}
export interface SysUserTokenTable {
  id: string;
  userId: string;
  tokenHash: string;
  createTime: Ms;
  expireTime: Ms;
  ip: string;
  userAgent: string;
}

/**
 * Failed-login counters when REDIS_URL is unset (login-guard.ts), in the shape rate-limiter-flexible's
 * SQLite and PostgreSQL stores use: `key` = `<limiter prefix>:<counter key>`, `points` = failures in
 * the window, `expire` = end of the window (epoch ms of the real clock, `Date.now()`), or null.
 */
export interface SysUserLoginLimitTable {
  key: string;
  points: number;
  expire: Ms | null;
}

declare module '../../db/schema' {
  interface DB {
    sys_user: SysUserTable;
    sys_user_role: SysUserRoleTable;
    sys_user_token: SysUserTokenTable;
    sys_user_login_limit: SysUserLoginLimitTable;
  }
}
