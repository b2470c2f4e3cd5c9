/**
 * sys-user: the profile fields of SPEC §3 "User" (sex, mz, csrq, zzmm, gzsj, whcd, zw, dnzw, bmmc,
 * idCard), points, the password-state flags of SPEC §2 (pass_state '1' + changed_pass 0: the
 * password was set by someone else and must be changed), soft delete (a deleted user's name and
 * mobile are free again; results keep showing the name), and one live account per mobile number.
 * Never edit after it lands.
 */
import { sql, type Kysely } from 'kysely';

const TEXT_COLUMNS: [string, number][] = [
  ['sex', 16],
  ['mz', 16],
  ['csrq', 10],
  ['zzmm', 16],
  ['gzsj', 10],
  ['whcd', 16],
  ['zw', 64],
  ['dnzw', 16],
  ['bmmc', 100],
  ['id_card', 18],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, size] of TEXT_COLUMNS) {
    await db.schema.alterTable('sys_user').addColumn(name, `varchar(${size})`, (c) => c.notNull().defaultTo('')).execute();
  }
  await db.schema.alterTable('sys_user').addColumn('points', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sys_user').addColumn('pass_state', 'varchar(1)', (c) => c.notNull().defaultTo('0')).execute();
  await db.schema.alterTable('sys_user').addColumn('changed_pass', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('sys_user').addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sys_user').addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo('')).execute();
  // One live account per user name and per mobile number (a deleted user frees both).
  await db.schema.dropIndex('uk_sys_user_name').execute();
  await db.schema.createIndex('uk_sys_user_live_name').unique().on('sys_user').column('user_name').where(sql.ref('deleted'), '=', 0).execute();
  await db.schema
    .createIndex('uk_sys_user_live_mobile')
    .unique()
    .on('sys_user')
    .column('mobile')
    .where(sql<boolean>`deleted = 0 and mobile <> ''`)
    .execute();
  await db.schema.createIndex('idx_sys_user_dept').on('sys_user').columns(['dept_code', 'deleted']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('idx_sys_user_dept').ifExists().execute();
  await db.schema.dropIndex('uk_sys_user_live_mobile').ifExists().execute();
  await db.schema.dropIndex('uk_sys_user_live_name').ifExists().execute();
  await db.schema.createIndex('uk_sys_user_name').unique().on('sys_user').column('user_name').execute();
  for (const name of ['create_by', 'deleted', 'changed_pass', 'pass_state', 'points', ...TEXT_COLUMNS.map(([n]) => n)]) {
    await db.schema.alterTable('sys_user').dropColumn(name).execute();
  }
}
