/** SQL for verification codes (sys_sms_code). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysSmsCodeTable } from './sms.tables';

export function findCode(db: Executor, mobile: string, smsType: number) {
  return db.selectFrom('sys_sms_code').selectAll().where('mobile', '=', mobile).where('smsType', '=', smsType).executeTakeFirst();
}

export function insertCode(db: Executor, row: SysSmsCodeTable) {
  return db.insertInto('sys_sms_code').values(row).execute();
}

/**
 * Replaces the code of a number and purpose only when its last send is at or before `notAfter`
 * (the resend lock in the WHERE clause: of two concurrent sends one wins). Answers whether it did.
 */
export async function replaceCode(db: Executor, row: SysSmsCodeTable, notAfter: number): Promise<boolean> {
  const { mobile, smsType, ...set } = row;
  const res = await db.updateTable('sys_sms_code').set(set).where('mobile', '=', mobile).where('smsType', '=', smsType).where('sentTime', '<=', notAfter).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Lets the number ask again at once (its send failed). */
export function releaseLock(db: Executor, mobile: string, smsType: number) {
  return db.updateTable('sys_sms_code').set({ sentTime: 0, codeHash: '' }).where('mobile', '=', mobile).where('smsType', '=', smsType).execute();
}

/** Counts a wrong try while the code is still usable; answers whether one was counted. */
export async function countTry(db: Executor, mobile: string, smsType: number, maxTries: number): Promise<boolean> {
  const res = await db
    .updateTable('sys_sms_code')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('mobile', '=', mobile)
    .where('smsType', '=', smsType)
    .where('tries', '<', maxTries)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Uses the code up, exactly once: true for the one caller that consumed `codeHash`. */
export async function consume(db: Executor, mobile: string, smsType: number, codeHash: string, at: number, maxTries: number): Promise<boolean> {
  const res = await db
    .updateTable('sys_sms_code')
    .set({ codeHash: '', expireTime: 0 })
    .where('mobile', '=', mobile)
    .where('smsType', '=', smsType)
    .where('codeHash', '=', codeHash)
    .where('expireTime', '>', at)
    .where('tries', '<', maxTries)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
