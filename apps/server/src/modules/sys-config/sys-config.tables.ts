/**
 * Tables of the sys-config module (SPEC §3 "Site config", "Switch config"): one row each, id "1".
 * Owned by this module only; other modules read them through SysConfigService (site(), switches()).
 */
import type { Ms } from '../../db/schema';

/** The site configuration (id "1"). */
export interface SysConfigTable {
  id: string;
  siteName: string;
  /** URL of the back-office logo ('' for none). */
  backLogo: string;
  /** URL of the front (login, learner site) logo ('' for none). */
  frontLogo: string;
  /** Directory for temporary files, "/" (or a drive letter) first and "/" last. */
  tmpDir: string;
  /** Copyright html, sanitised when saved. */
  copyRight: string;
  /** ICP filing number ('' for none). */
  filingNo: string;
  /** Base URL of the mobile site, ending with "/" ('/' = this site). */
  h5Host: string;
  /** Who saved last ('' for the seed). */
  updateBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** The switch configuration (id "1"); flags are 0/1. */
export interface SysSwitchConfigTable {
  id: string;
  userReg: number;
  userAudit: number;
  /** 0 the registering user chooses a department, 1 the fixed default (userDeptCode). */
  userDeptType: number;
  userDeptCode: string;
  mobileLogin: number;
  wechatLogin: number;
  faceLogin: number;
  cropLogin: number;
  dingLogin: number;
  /** 'no' | 'manual' | 'auto'. */
  faceAudit: string;
  /** 0 multi-login allowed, 1 a new login ends the earlier sessions. */
  loginTick: number;
  /** Site module flag moduleBattle (SPEC §3, §6): 1 the answer-battle module is on (default 0). */
  moduleBattle: number;
  updateBy: string;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_config: SysConfigTable;
    sys_switch_config: SysSwitchConfigTable;
  }
}
