/**
 * qu: `el_qu_repo_version` — a counter per bank raised in the same transaction as every write to
 * the bank's questions (qu.repository.ts), so that a process may keep a bank's draw pool in memory
 * and know it is still the stored one by reading the counters (issue 9 "Create-paper is cheap";
 * docs/decisions.md "Draw pool in memory"). A bank without a row has version 0. Never edit after it lands.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_qu_repo_version')
    .addColumn('repo_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('el_qu_repo_version').execute();
}
