/** Tables of the sys-log module: the operation log (every administrator write). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One recorded call (platform/audit.ts AuditEntry). */
export interface SysOperLogTable {
  id: string;
  /** Name of the module that served the call (e.g. `notice`). */
  module: string;
  path: string;
  /** The endpoint's summary: what the call does. */
  summary: string;
  userId: string;
  userName: string;
  /** Ids the call acted on, comma-separated; '' when none. */
  targetIds: string;
  /** Business code of the answer: 0 success, 500 a crash, else the error's code. */
  code: number;
  msg: string;
  ip: string;
  /** When the call ended. */
  createTime: Ms;
  /** Milliseconds the call took. */
  costMs: number;
}

declare module '../../db/schema' {
  interface DB {
    sys_oper_log: SysOperLogTable;
  }
}
