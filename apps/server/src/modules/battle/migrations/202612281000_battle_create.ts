/** battle: battles, their drawn questions, players and answers. Never edit after it lands. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('el_battle')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('repo_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('qu_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seconds_per_question', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('join_minutes', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('open_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('dept_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_el_battle_end').on('el_battle').column('end_time').execute();

  await db.schema
    .createTable('el_battle_qu')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('battle_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('uk_el_battle_qu', ['battle_id', 'sort'])
    .execute();

  await db.schema
    .createTable('el_battle_player')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('battle_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('right_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('join_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('uk_el_battle_player', ['battle_id', 'user_id'])
    .execute();
  await db.schema.createIndex('idx_el_battle_player_rank').on('el_battle_player').columns(['battle_id', 'points', 'total_ms']).execute();

  await db.schema
    .createTable('el_battle_answer')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('battle_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('qu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_right', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('uk_el_battle_answer', ['battle_id', 'qu_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['el_battle_answer', 'el_battle_player', 'el_battle_qu', 'el_battle']) await db.schema.dropTable(t).ifExists().execute();
}
