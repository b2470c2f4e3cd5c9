/**
 * Tables of the points module (issue 7 "Points"; SPEC §3 "Points log"). Owned by this module only:
 * the balance of each user (`user_points`, the one source of truth — sys_user no longer holds
 * points), the ledger (`user_points_log`, one row per change, unique per (userId, refType, refId))
 * and the award rules (`user_points_rule`).
 */
import type { Ms, Flag } from '../../db/schema';

/** A user's balance; the row appears with the user's first ledger row. Never below zero. */
export interface UserPointsTable {
  userId: string;
  balance: number;
  updateTime: Ms;
}

/** One change of a balance. */
export interface UserPointsLogTable {
  id: string;
  userId: string;
  /** Positive: credited; negative: spent or deducted. Never 0. */
  points: number;
  /** The balance right after this row. */
  balance: number;
  /** A rule key, course_buy, exam_buy, adjust, import, opening … (contracts PointsRefType). */
  refType: string;
  /** The event within its type: an exam id, a day (YYYY-MM-DD) for daily_login, a new id per adjustment. */
  refId: string;
  /** What the learner reads on the row (SPEC §3 refRemark). */
  refRemark: string;
  /** The user's department when the row was written (data scope of the admin list). */
  deptCode: string;
  /** Who made the change: the administrator of an adjustment or import, '' for the system. */
  createBy: string;
  createTime: Ms;
}

/** An award rule (issue 7: points for passing an exam, finishing a course or class, the first login of a day). */
export interface UserPointsRuleTable {
  /** contracts POINTS_RULE_KEYS. */
  ruleKey: string;
  points: number;
  enabled: Flag;
  updateBy: string;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    user_points: UserPointsTable;
    user_points_log: UserPointsLogTable;
    user_points_rule: UserPointsRuleTable;
  }
}
