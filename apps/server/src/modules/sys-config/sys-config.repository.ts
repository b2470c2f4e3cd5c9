/** SQL of the configuration (sys_config, sys_switch_config: one row each). Every function takes `db | trx`. */
import type { Executor } from '../../db';
import type { SysConfigTable, SysSwitchConfigTable } from './sys-config.tables';

export function findConfig(db: Executor, id: string) {
  return db.selectFrom('sys_config').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the row unless one with its id exists (several processes may start at once). */
export function insertConfigIfMissing(db: Executor, row: SysConfigTable) {
  return db.insertInto('sys_config').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/** Writes the row: inserted when missing, else every column but id and createTime replaced (one statement). */
export function upsertConfig(db: Executor, row: SysConfigTable) {
  const { id: _id, createTime: _createTime, ...set } = row;
  return db.insertInto('sys_config').values(row).onConflict((oc) => oc.column('id').doUpdateSet(set)).execute();
}

export function findSwitchConfig(db: Executor, id: string) {
  return db.selectFrom('sys_switch_config').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the row unless one with its id exists. */
export function insertSwitchConfigIfMissing(db: Executor, row: SysSwitchConfigTable) {
  return db.insertInto('sys_switch_config').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/** Writes the row: inserted when missing, else every column but id and createTime replaced (one statement). */
export function upsertSwitchConfig(db: Executor, row: SysSwitchConfigTable) {
  const { id: _id, createTime: _createTime, ...set } = row;
  return db.insertInto('sys_switch_config').values(row).onConflict((oc) => oc.column('id').doUpdateSet(set)).execute();
}
