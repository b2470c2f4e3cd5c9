/** Tables of the captcha module: captchas waiting to be checked (SPEC §7 "Captcha"). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One live captcha (database store, when REDIS_URL is unset). */
export interface SysCaptchaTable {
  /** The client's random key (16–64 of `[A-Za-z0-9_-]`). */
  captchaKey: string;
  /** The expected answer, lower case. */
  captchaValue: string;
  /** Not valid from this instant on (server clock, `now()`). */
  expireTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_captcha: SysCaptchaTable;
  }
}
