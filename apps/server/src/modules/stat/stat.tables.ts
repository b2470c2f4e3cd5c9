/** Tables of the stat module (owned by it only): stat_login_day, one row per user and day of login (Asia/Shanghai), for the dashboard's active users. */
import type { Ms } from '../../db/schema';

export interface StatLoginDayTable {
  userId: string;
  /** yyyy-MM-dd. */
  day: string;
  /** The user's department at that login (data scope). */
  deptCode: string;
  /** The first login of the day (epoch ms). */
  loginTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    stat_login_day: StatLoginDayTable;
  }
}
