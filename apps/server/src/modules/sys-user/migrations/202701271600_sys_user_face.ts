/**
 * sys-user: `face` (issue 12; SPEC §3 "Edit form: … face (only when site faceLogin is on)"): the
 * url of the face photo an administrator set in the user form ('' = none). Face login and the
 * captures use it as the user's reference face while the user has no passed real-name record
 * (user-real decides the precedence). Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('face', 'varchar(1000)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sys_user').dropColumn('face').execute();
}
