/** Tables of the user-real module: the real-person records (SPEC §3 "Real-person record"). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One record per user (unique user_id): a resubmission replaces it. */
export interface SysUserRealTable {
  id: string;
  userId: string;
  /** The account name and department when submitting (the audit list shows the account; the department is the list's data scope). */
  userName: string;
  deptCode: string;
  realName: string;
  idCard: string;
  /** View url of the face photo (an upload of the user, /api/common/file/view/<id>.<ext>). */
  face: string;
  /** 0 under review, 1 passed, 2 failed (RealState). */
  state: number;
  auditMsg: string;
  /** The administrator who decided; '' for an automatic decision or while pending. */
  auditBy: string;
  auditTime: Ms | null;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_user_real: SysUserRealTable;
  }
}
