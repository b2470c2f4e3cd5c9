/**
 * SQL of the train module (el_train, el_train_qu). Every function takes `db | trx`.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { paginate } from '../../lib/paging';
import type { ElTrainQuTable, ElTrainTable } from './train.tables';

export type Train = ElTrainTable;
export type TrainQu = ElTrainQuTable;

export function findTrain(db: Executor, id: string) {
  return db.selectFrom('el_train').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The ongoing record holding `openKey`, if any. */
export function findOpen(db: Executor, openKey: string) {
  return db.selectFrom('el_train').selectAll().where('openKey', '=', openKey).executeTakeFirst();
}

export async function insertTrain(db: Executor, row: Train): Promise<void> {
  await db.insertInto('el_train').values(row).execute();
}

export async function insertTrainQus(db: Executor, rows: TrainQu[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_train_qu').values(rows.slice(i, i + 200)).execute();
}

/** Ends an ongoing record (state 1, open key released); answers whether it was ongoing. */
export async function endTrain(db: Executor, id: string, at: number): Promise<boolean> {
  const res = await db.updateTable('el_train').set({ state: 1, openKey: null, updateTime: at }).where('id', '=', id).where('state', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function updateCounts(db: Executor, id: string, v: Pick<Train, 'answerCount' | 'rightCount' | 'percent' | 'updateTime'>): Promise<void> {
  await db.updateTable('el_train').set(v).where('id', '=', id).execute();
}

/** Every question row of a record (sub-questions too), in card order. */
export function qusOf(db: Executor, trainId: string) {
  return db.selectFrom('el_train_qu').selectAll().where('trainId', '=', trainId).orderBy('sort').orderBy('id').execute();
}

export function findTrainQu(db: Executor, trainId: string, quId: string) {
  return db.selectFrom('el_train_qu').selectAll().where('trainId', '=', trainId).where('quId', '=', quId).executeTakeFirst();
}

/** Saves an answer of a question not yet checked; answers whether it was saved. */
export async function setAnswer(db: Executor, id: string, answer: string, at: number): Promise<boolean> {
  const res = await db.updateTable('el_train_qu').set({ answer, updateTime: at }).where('id', '=', id).where('answered', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks a question checked once: answers false when it already was (double click, retry). */
export async function markChecked(db: Executor, id: string, isRight: boolean, at: number): Promise<boolean> {
  const res = await db.updateTable('el_train_qu').set({ answered: 1, isRight: isRight ? 1 : 0, updateTime: at }).where('id', '=', id).where('answered', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Top-level questions checked and checked right of a record. */
export async function countsOf(db: Executor, trainId: string): Promise<{ answered: number; right: number }> {
  const row = await db
    .selectFrom('el_train_qu')
    .select((eb) => [eb.fn.countAll<number>().as('answered'), eb.fn.sum<number>('isRight').as('right')])
    .where('trainId', '=', trainId)
    .where('parentQuId', '=', '')
    .where('answered', '=', 1)
    .executeTakeFirst();
  return { answered: Number(row?.answered ?? 0), right: Number(row?.right ?? 0) };
}

/** The caller's records, newest first, optionally of one bank and mode. */
export function pageOf(db: Executor, userId: string, f: { repoId?: string; mode?: number }, page: { current: number; size: number }) {
  let q = db.selectFrom('el_train').selectAll().where('userId', '=', userId);
  if (f.repoId) q = q.where('repoId', '=', f.repoId);
  if (f.mode !== undefined) q = q.where('mode', '=', f.mode);
  return paginate(q.orderBy('updateTime', 'desc').orderBy('createTime', 'desc').orderBy('id', 'desc'), page);
}

/** The learner's latest record of each mode of a bank. */
export async function lastPerMode(db: Executor, userId: string, repoId: string): Promise<Map<number, Train>> {
  const rows = await db
    .selectFrom('el_train as t')
    .selectAll('t')
    .where('t.userId', '=', userId)
    .where('t.repoId', '=', repoId)
    .where(({ eb, selectFrom }) =>
      eb('t.updateTime', '=', selectFrom('el_train as x').select((e) => e.fn.max('x.updateTime').as('m')).where('x.userId', '=', userId).where('x.repoId', '=', repoId).whereRef('x.mode', '=', 't.mode')),
    )
    .orderBy('t.createTime', 'desc')
    .execute();
  const out = new Map<number, Train>();
  for (const r of rows) if (!out.has(r.mode)) out.set(r.mode, r);
  return out;
}

/**
 * Learners, records, checked answers and right answers of a bank's scored records (mode 3 left
 * out); `scope` a department-code prefix (null: every department).
 */
export async function statTotals(db: Executor, repoId: string, scope: string | null) {
  const row = await deptScope(db.selectFrom('el_train'), 'deptCode', scope)
    .select((eb) => [
      eb.fn.count<number>('userId').distinct().as('learners'),
      eb.fn.countAll<number>().as('trains'),
      eb.fn.sum<number>('answerCount').as('answers'),
      eb.fn.sum<number>('rightCount').as('rights'),
    ])
    .where('repoId', '=', repoId)
    .where('mode', '<>', 3)
    .executeTakeFirst();
  return { learners: Number(row?.learners ?? 0), trains: Number(row?.trains ?? 0), answers: Number(row?.answers ?? 0), rights: Number(row?.rights ?? 0) };
}

/** Per top-level question of a bank: checked answers and right ones over its scored records (mode 3 left out) in `scope`. */
export function statPerQu(db: Executor, repoId: string, scope: string | null) {
  return deptScope(db.selectFrom('el_train_qu as q').innerJoin('el_train as t', 't.id', 'q.trainId'), 't.deptCode', scope)
    .select((eb) => ['q.quId', eb.fn.countAll<number>().as('answers'), eb.fn.sum<number>('q.isRight').as('rights')])
    .where('t.repoId', '=', repoId)
    .where('t.mode', '<>', 3)
    .where('q.parentQuId', '=', '')
    .where('q.answered', '=', 1)
    .groupBy('q.quId')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('q.quId')
    .execute();
}
