/**
 * sys-menu: every built-in menu gets a stable key (`menu_key`), so that menus declared by modules are
 * reconciled at every start by key (never duplicated, an administrator's renames and grants kept).
 * Rows seeded by release 0.1.0 get the keys the modules now declare: the route name of menus and
 * routes (types 1 and 3), the permission code of functions (type 2). Never edit after it lands.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_menu').addColumn('menu_key', 'varchar(191)', (c) => c.notNull().defaultTo('')).execute();
  await sql`update sys_menu set menu_key = case when menu_type = 2 then permission else name end`.execute(db);
  await db.schema.createIndex('uk_sys_menu_key').unique().on('sys_menu').column('menu_key').where(sql.ref('menu_key'), '<>', '').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('uk_sys_menu_key').ifExists().execute();
  await db.schema.alterTable('sys_menu').dropColumn('menu_key').execute();
}
