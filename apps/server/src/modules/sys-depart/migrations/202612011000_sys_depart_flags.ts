/**
 * sys-depart: the sfyxjbm flag (SPEC §3: the unit allows sub-departments), soft delete (a deleted
 * department's code is never given again), the sibling index, and one live name per parent.
 * Never edit after it lands.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_depart').addColumn('sfyxjbm', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('sys_depart').addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('idx_sys_depart_parent').on('sys_depart').columns(['parent_id', 'sort']).execute();
  await db.schema
    .createIndex('uk_sys_depart_live_name')
    .unique()
    .on('sys_depart')
    .columns(['parent_id', 'dept_name'])
    .where(sql.ref('deleted'), '=', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uk_sys_depart_live_name').ifExists().execute();
  await db.schema.dropIndex('idx_sys_depart_parent').ifExists().execute();
  await db.schema.alterTable('sys_depart').dropColumn('deleted').execute();
  await db.schema.alterTable('sys_depart').dropColumn('sfyxjbm').execute();
}
