/** exam: the certificate template an exam grants to those who pass (issue 7), null for none. Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_exam').addColumn('cert_id', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('el_exam').dropColumn('cert_id').execute();
}
