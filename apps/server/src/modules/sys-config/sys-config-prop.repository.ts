/** SQL of provider configurations (sys_config_prop, sys_config_prop_current). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysConfigPropTable } from './sys-config-prop.tables';

export function findProp(db: Executor, type: string, provider: string) {
  return db.selectFrom('sys_config_prop').selectAll().where('type', '=', type).where('provider', '=', provider).executeTakeFirst();
}

/** Writes the configuration of (type, provider): inserted when missing, else data, remark, updateBy and updateTime replaced (one statement). */
export function upsertProp(db: Executor, row: SysConfigPropTable) {
  return db
    .insertInto('sys_config_prop')
    .values(row)
    .onConflict((oc) => oc.columns(['type', 'provider']).doUpdateSet({ data: row.data, remark: row.remark, updateBy: row.updateBy, updateTime: row.updateTime }))
    .execute();
}

/** The current provider of `type`, or undefined (the type's default). */
export async function findCurrent(db: Executor, type: string): Promise<string | undefined> {
  const row = await db.selectFrom('sys_config_prop_current').select('provider').where('type', '=', type).executeTakeFirst();
  return row?.provider;
}

/** Makes `provider` current for `type` (one statement; repeating it changes nothing more). */
export function upsertCurrent(db: Executor, type: string, provider: string, updateBy: string, updateTime: number) {
  return db
    .insertInto('sys_config_prop_current')
    .values({ type, provider, updateBy, updateTime })
    .onConflict((oc) => oc.column('type').doUpdateSet({ provider, updateBy, updateTime }))
    .execute();
}
