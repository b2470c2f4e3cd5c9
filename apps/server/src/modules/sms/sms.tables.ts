/** Tables of the sms module: the current verification code of each number and purpose. Owned by this module only. */
import type { Ms } from '../../db/schema';

export interface SysSmsCodeTable {
  mobile: string;
  smsType: number;
  /** sha-256 of mobile, type and code (the code itself is never stored). */
  codeHash: string;
  expireTime: Ms;
  /** Wrong tries of this code. */
  tries: number;
  sentTime: Ms;
  /** Start of the 24-hour window `dayCount` counts in. */
  dayStart: Ms;
  dayCount: number;
}

declare module '../../db/schema' {
  interface DB {
    sys_sms_code: SysSmsCodeTable;
  }
}
