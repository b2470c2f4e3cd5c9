/**
 * points: the balance, ledger and rule tables, and the balances users had before the ledger existed
 * (sys_user.points, written by user imports) carried over as one opening ledger row each (refType
 * and refId 'opening', refRemark 期初积分). The column itself is dropped by sys-user's next migration.
 * Never edit after it lands.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { newId } from '../../../lib/ids';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_points')
    .addColumn('user_id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .addCheckConstraint('ck_user_points_balance', sql`balance >= 0`)
    .execute();
  await db.schema
    .createTable('user_points_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('ref_remark', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  // Each event changes a balance at most once, whatever the number of requests or server processes.
  await db.schema.createIndex('uk_user_points_log_ref').unique().on('user_points_log').columns(['user_id', 'ref_type', 'ref_id']).execute();
  await db.schema.createIndex('idx_user_points_log_user').on('user_points_log').columns(['user_id', 'create_time']).execute();
  await db.schema.createIndex('idx_user_points_log_time').on('user_points_log').columns(['create_time']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // The admin list's data scope is `dept_code LIKE 'A01%'`: a btree index serves LIKE only with the pattern operator class.
    await sql`create index idx_user_points_log_dept on user_points_log (dept_code varchar_pattern_ops, create_time)`.execute(db);
  } else {
    await db.schema.createIndex('idx_user_points_log_dept').on('user_points_log').columns(['dept_code', 'create_time']).execute();
  }
  await db.schema
    .createTable('user_points_rule')
    .addColumn('rule_key', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('update_by', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();

  // Balances kept on sys_user until now become opening rows of the ledger.
  // Without the CamelCasePlugin: the names below are the columns' own (snake_case).
  const raw = db.withoutPlugins() as Kysely<{
    sys_user: { id: string; points: number; dept_code: string };
    user_points: { user_id: string; balance: number; update_time: number };
    user_points_log: { id: string; user_id: string; points: number; balance: number; ref_type: string; ref_id: string; ref_remark: string; dept_code: string; create_by: string; create_time: number };
  }>;
  const old = await raw.selectFrom('sys_user').select(['id', 'points', 'dept_code']).where('points', '>', 0).orderBy('id').execute();
  const at = Date.now();
  for (let i = 0; i < old.length; i += 200) {
    const part = old.slice(i, i + 200);
    await raw
      .insertInto('user_points')
      .values(part.map((u) => ({ user_id: u.id, balance: Number(u.points), update_time: at })))
      .execute();
    await raw
      .insertInto('user_points_log')
      .values(
        part.map((u) => ({
          id: newId(), user_id: u.id, points: Number(u.points), balance: Number(u.points), ref_type: 'opening', ref_id: 'opening', ref_remark: '期初积分', dept_code: u.dept_code, create_by: '', create_time: at,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_points_rule').ifExists().execute();
  await db.schema.dropTable('user_points_log').ifExists().execute();
  await db.schema.dropTable('user_points').ifExists().execute();
}
