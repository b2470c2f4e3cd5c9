/**
 * Tables of provider configurations (SPEC §3 "Storage configuration"; sys-config module only):
 * one row per (type, provider) and the current provider of each type. Other modules read them
 * through SysConfigPropService (`current(type)`, `config(type, provider)`).
 */
import type { Ms } from '../../db/schema';

/** One saved configuration of a provider; unique (type, provider). */
export interface SysConfigPropTable {
  id: string;
  /** 'upload' (later 'face', 'live'). */
  type: string;
  provider: string;
  /** The provider's fields as JSON (secrets in clear: never answered unmasked). */
  data: string;
  remark: string;
  updateBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/** The provider in use per type (no row: the type's default provider). */
export interface SysConfigPropCurrentTable {
  type: string;
  provider: string;
  updateBy: string;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_config_prop: SysConfigPropTable;
    sys_config_prop_current: SysConfigPropCurrentTable;
  }
}
