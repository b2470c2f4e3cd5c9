/**
 * 0001: accounts, RBAC, question banks and questions (all SPEC §4 types), exams, papers.
 * Written with the schema builder so the same file runs on SQLite and PostgreSQL. Never edit after
 * it lands; add a new migration instead.
 */
import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;
type Tb = ReturnType<Db['schema']['createTable']>;

const id = (t: Tb) => t.addColumn('id', 'varchar(32)', (c) => c.primaryKey());
const times = (t: Tb) =>
  t.addColumn('create_time', 'bigint', (c) => c.notNull()).addColumn('update_time', 'bigint', (c) => c.notNull());
const str = (t: Tb, name: string, len = 255) => t.addColumn(name, `varchar(${len})`, (c) => c.notNull().defaultTo(''));
const txt = (t: Tb, name: string) => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
const int = (t: Tb, name: string, dflt = 0) => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(dflt));

export async function up(db: Db): Promise<void> {
  let t = db.schema.createTable('sys_depart');
  t = times(int(str(str(str(id(t), 'parent_id', 32), 'dept_code', 64), 'dept_name', 100), 'sort'));
  await t.execute();
  await db.schema.createIndex('uk_sys_depart_code').unique().on('sys_depart').column('dept_code').execute();

  t = db.schema.createTable('sys_role');
  t = times(int(int(str(id(t), 'role_name', 64), 'role_type', 1), 'role_level'));
  await t.execute();

  t = db.schema.createTable('sys_menu');
  t = str(str(str(str(str(int(str(id(t), 'parent_id', 32), 'menu_type', 1), 'title', 100), 'path', 255), 'name', 100), 'component', 100), 'redirect', 255);
  t = times(int(str(int(int(int(int(str(str(t, 'permission', 100), 'icon', 64), 'hidden'), 'always_show'), 'no_cache'), 'affix'), 'active_menu', 255), 'sort'));
  await t.execute();

  t = db.schema.createTable('sys_role_menu');
  t = str(str(id(t), 'role_id', 32), 'menu_id', 32);
  await t.execute();
  await db.schema.createIndex('uk_sys_role_menu').unique().on('sys_role_menu').columns(['role_id', 'menu_id']).execute();

  t = db.schema.createTable('sys_user');
  t = str(str(str(str(str(str(id(t), 'user_name', 64), 'real_name', 64), 'password', 255), 'avatar', 1000), 'mobile', 32), 'email', 128);
  t = times(int(int(str(t, 'dept_code', 64), 'state'), 'real_person'));
  await t.execute();
  await db.schema.createIndex('uk_sys_user_name').unique().on('sys_user').column('user_name').execute();

  t = db.schema.createTable('sys_user_role');
  t = str(str(id(t), 'user_id', 32), 'role_id', 32);
  await t.execute();
  await db.schema.createIndex('uk_sys_user_role').unique().on('sys_user_role').columns(['user_id', 'role_id']).execute();

  t = db.schema.createTable('sys_user_token');
  t = str(str(id(t), 'user_id', 32), 'token_hash', 64)
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('expire_time', 'bigint', (c) => c.notNull());
  t = str(str(t, 'ip', 64), 'user_agent', 500);
  await t.execute();
  await db.schema.createIndex('uk_sys_user_token_hash').unique().on('sys_user_token').column('token_hash').execute();
  await db.schema.createIndex('idx_sys_user_token_user').on('sys_user_token').column('user_id').execute();

  t = db.schema.createTable('el_repo');
  t = times(str(int(str(str(id(t), 'title', 200), 'remark', 1000), 'deleted'), 'create_by', 32));
  await t.execute();

  t = db.schema.createTable('el_qu');
  t = txt(txt(int(int(str(str(id(t), 'repo_id', 32), 'parent_id', 32), 'qu_type', 1), 'level', 1), 'content'), 'analysis');
  t = times(str(int(int(txt(str(str(t, 'image', 1000), 'video', 1000), 'answer'), 'sort'), 'deleted'), 'create_by', 32));
  await t.execute();
  await db.schema.createIndex('idx_el_qu_repo_type').on('el_qu').columns(['repo_id', 'qu_type', 'deleted']).execute();

  t = db.schema.createTable('el_qu_answer');
  t = int(txt(str(txt(txt(int(str(id(t), 'qu_id', 32), 'is_right'), 'content'), 'analysis'), 'image', 1000), 'answer'), 'sort');
  await t.execute();
  await db.schema.createIndex('idx_el_qu_answer_qu').on('el_qu_answer').column('qu_id').execute();

  t = db.schema.createTable('el_exam');
  t = int(int(txt(str(id(t), 'title', 200), 'content'), 'open_type', 1), 'state')
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint');
  t = times(str(int(int(int(int(int(t, 'total_time'), 'total_score'), 'qualify_score'), 'chance'), 'deleted'), 'create_by', 32));
  await t.execute();

  t = db.schema.createTable('el_exam_rule');
  t = int(int(int(int(str(str(id(t), 'exam_id', 32), 'repo_id', 32), 'qu_type'), 'qu_count'), 'qu_score'), 'sort');
  await t.execute();
  await db.schema.createIndex('idx_el_exam_rule_exam').on('el_exam_rule').column('exam_id').execute();

  t = db.schema.createTable('el_paper');
  t = int(int(int(int(str(str(str(id(t), 'user_id', 32), 'exam_id', 32), 'title', 200), 'total_time'), 'total_score'), 'qualify_score'), 'user_score');
  t = int(int(t, 'state'), 'passed')
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('limit_time', 'bigint', (c) => c.notNull())
    .addColumn('hand_time', 'bigint')
    .addColumn('update_time', 'bigint', (c) => c.notNull());
  await t.execute();
  await db.schema.createIndex('idx_el_paper_user_exam').on('el_paper').columns(['user_id', 'exam_id']).execute();
  await db.schema.createIndex('idx_el_paper_state_limit').on('el_paper').columns(['state', 'limit_time']).execute();
  // At most one paper in progress per learner and exam: a double click cannot open two.
  await db.schema
    .createIndex('uk_el_paper_in_progress')
    .unique()
    .on('el_paper')
    .columns(['user_id', 'exam_id'])
    .where(sql.ref('state'), '=', 0)
    .execute();

  t = db.schema.createTable('el_paper_group');
  t = int(int(int(int(int(str(str(id(t), 'paper_id', 32), 'title', 100), 'qu_type'), 'qu_count'), 'per_score'), 'total_score'), 'sort');
  await t.execute();
  await db.schema.createIndex('idx_el_paper_group_paper').on('el_paper_group').column('paper_id').execute();

  t = db.schema.createTable('el_paper_qu');
  t = int(int(int(str(str(str(id(t), 'paper_id', 32), 'group_id', 32), 'qu_id', 32), 'qu_type'), 'sort'), 'score');
  t = txt(int(int(int(int(t, 'answered'), 'mark'), 'is_right'), 'actual_score'), 'answer');
  await t.execute();
  await db.schema.createIndex('uk_el_paper_qu').unique().on('el_paper_qu').columns(['paper_id', 'qu_id']).execute();

  t = db.schema.createTable('el_paper_qu_answer');
  t = int(int(int(str(str(str(str(id(t), 'paper_id', 32), 'qu_id', 32), 'answer_id', 32), 'abc', 4), 'sort'), 'checked'), 'is_right');
  await t.execute();
  await db.schema.createIndex('idx_el_paper_qu_answer').on('el_paper_qu_answer').columns(['paper_id', 'qu_id']).execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'el_paper_qu_answer', 'el_paper_qu', 'el_paper_group', 'el_paper', 'el_exam_rule', 'el_exam', 'el_qu_answer',
    'el_qu', 'el_repo', 'sys_user_token', 'sys_user_role', 'sys_user', 'sys_role_menu', 'sys_menu', 'sys_role', 'sys_depart',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
