/** sms: the current verification code per number and purpose. Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_sms_code')
    .addColumn('mobile', 'varchar(32)', (c) => c.notNull())
    .addColumn('sms_type', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('expire_time', 'bigint', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_time', 'bigint', (c) => c.notNull())
    .addColumn('day_start', 'bigint', (c) => c.notNull())
    .addColumn('day_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_sys_sms_code', ['mobile', 'sms_type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_sms_code').ifExists().execute();
}
