/** SQL of the captcha store (sys_captcha). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysCaptchaTable } from './captcha.tables';

/** Stores the captcha of a key, replacing the one the key had (a refreshed image). */
export async function upsertCaptcha(db: Executor, row: SysCaptchaTable): Promise<void> {
  await db
    .insertInto('sys_captcha')
    .values(row)
    .onConflict((oc) => oc.column('captchaKey').doUpdateSet({ captchaValue: row.captchaValue, expireTime: row.expireTime }))
    .execute();
}

/** Deletes the captcha of a key and answers it (undefined when there was none): one use only, atomic. */
export function takeCaptcha(db: Executor, captchaKey: string) {
  return db.deleteFrom('sys_captcha').where('captchaKey', '=', captchaKey).returning(['captchaValue', 'expireTime']).executeTakeFirst();
}

/** The captcha of a key without consuming it (tests only). */
export function findCaptcha(db: Executor, captchaKey: string) {
  return db.selectFrom('sys_captcha').select(['captchaValue', 'expireTime']).where('captchaKey', '=', captchaKey).executeTakeFirst();
}

/** Deletes captchas expired before `at`; answers how many. */
export async function deleteExpiredCaptchas(db: Executor, at: number): Promise<number> {
  const res = await db.deleteFrom('sys_captcha').where('expireTime', '<=', at).executeTakeFirst();
  return Number(res.numDeletedRows);
}
