/** SQL for papers (el_paper), their groups, questions and option choices. */
import type { SortOrder } from '@kaopei/contracts';
import { CompiledQuery, sql } from 'kysely';
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { applyOrders, likeContains, paginate } from '../../lib/paging';
import type { ElPaperGroupTable, ElPaperMarkTable, ElPaperQuAnswerTable, ElPaperQuTable, ElPaperTable } from './paper.tables';

type SortColumn = 'createTime' | 'userScore';
/** Sortable columns of "my papers" (request name → column). */
const SORTABLE: Record<SortColumn, string> = { createTime: 'createTime', userScore: 'userScore' };

export function findPaper(db: Executor, id: string) {
  return db.selectFrom('el_paper').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInProgress(db: Executor, userId: string, examId: string) {
  return db.selectFrom('el_paper').selectAll().where('userId', '=', userId).where('examId', '=', examId).where('state', '=', 0).executeTakeFirst();
}

/** Papers per exam of a user: attempts and the one in progress. */
export function papersOfUser(db: Executor, userId: string, examIds: string[]) {
  if (examIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_paper').select(['id', 'examId', 'state']).where('userId', '=', userId).where('examId', 'in', examIds).execute();
}

/** Per exam of `examIds`: the learner's best score and whether one of his marked papers (state 2) passed. */
export function resultsOfUser(db: Executor, userId: string, examIds: readonly string[]) {
  if (examIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('el_paper')
    .select((eb) => ['examId', eb.fn.max<number>('userScore').as('bestScore'), eb.fn.max<number>('passed').as('passed')])
    .where('userId', '=', userId)
    .where('examId', 'in', examIds)
    .where('state', '=', 2)
    .groupBy('examId')
    .execute();
}

/** Per learner of exam `examId`: handed (a paper waiting for marking or marked), marked (a marked paper), passed (a marked paper that passed); 1/0. */
export function standingsOfExam(db: Executor, examId: string) {
  return db
    .selectFrom('el_paper')
    .select((eb) => [
      'userId',
      eb.fn.max<number>(eb.case().when('state', 'in', [1, 2]).then(1).else(0).end()).as('handed'),
      eb.fn.max<number>(eb.case().when('state', '=', 2).then(1).else(0).end()).as('marked'),
      eb.fn.max<number>(eb.case().when('state', '=', 2).then(eb.ref('passed')).else(0).end()).as('passed'),
    ])
    .where('examId', '=', examId)
    .groupBy('userId')
    .execute();
}

export async function countAttempts(db: Executor, userId: string, examId: string): Promise<number> {
  const row = await db.selectFrom('el_paper').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).where('examId', '=', examId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertPaper(
  db: Executor,
  paper: ElPaperTable,
  groups: ElPaperGroupTable[],
  qus: ElPaperQuTable[],
  answers: ElPaperQuAnswerTable[],
): Promise<void> {
  await db.insertInto('el_paper').values(paper).execute();
  if (groups.length) await db.insertInto('el_paper_group').values(groups).execute();
  // Chunked so that large papers stay under the drivers' bound-parameter limits.
  for (let i = 0; i < qus.length; i += 200) await db.insertInto('el_paper_qu').values(qus.slice(i, i + 200)).execute();
  for (let i = 0; i < answers.length; i += 200) await db.insertInto('el_paper_qu_answer').values(answers.slice(i, i + 200)).execute();
}

export function groupsOf(db: Executor, paperId: string) {
  return db.selectFrom('el_paper_group').selectAll().where('paperId', '=', paperId).orderBy('sort').execute();
}

export function qusOf(db: Executor, paperId: string) {
  return db.selectFrom('el_paper_qu').selectAll().where('paperId', '=', paperId).orderBy('sort').execute();
}

export function findPaperQu(db: Executor, paperId: string, quId: string) {
  return db.selectFrom('el_paper_qu').selectAll().where('paperId', '=', paperId).where('quId', '=', quId).executeTakeFirst();
}

/** Option choices of a paper (one question when `quId` is given), in display order. */
export function answersOf(db: Executor, paperId: string, quId?: string) {
  let q = db.selectFrom('el_paper_qu_answer').selectAll().where('paperId', '=', paperId);
  if (quId) q = q.where('quId', '=', quId);
  return q.orderBy('quId').orderBy('sort').execute();
}

export * from './paper.fill.repository';

/**
 * What a paper's learner answered, in ONE statement on PostgreSQL (two on SQLite): `answers`
 * el_paper_qu id → stored answer (rows with an answer only), `checked` the chosen options as
 * `quId + ' ' + answerId`. Hand-in reads it after its close took the paper's row lock, so it sees
 * every answer committed before (paper.cache.ts `gradingRows` adds the drawn rows).
 */
export async function answerStateOf(db: Executor, dialect: 'sqlite' | 'postgres', paperId: string): Promise<{ answers: Map<string, string>; checked: Set<string> }> {
  let answers: [string, string][];
  let checked: [string, string][];
  if (dialect === 'postgres') {
    const { rows } = await db.executeQuery<{ answers: [string, string][]; checked: [string, string][] }>(CompiledQuery.raw(ANSWER_STATE_PG, [paperId]));
    ({ answers, checked } = rows[0]!);
  } else {
    const [a, c] = await Promise.all([
      db.selectFrom('el_paper_qu').select(['id', 'answer']).where('paperId', '=', paperId).where('answer', '<>', '').execute(),
      db.selectFrom('el_paper_qu_answer').select(['quId', 'answerId']).where('paperId', '=', paperId).where('checked', '=', 1).execute(),
    ]);
    answers = a.map((r) => [r.id, r.answer]);
    checked = c.map((r) => [r.quId, r.answerId]);
  }
  return { answers: new Map(answers), checked: new Set(checked.map(([quId, answerId]) => `${quId} ${answerId}`)) };
}

/** answerStateOf on PostgreSQL: both reads as JSON arrays of pairs in one row. $1 paperId. */
const ANSWER_STATE_PG = `select
  (select coalesce(json_agg(json_build_array(id, answer)), '[]') from el_paper_qu where paper_id = $1 and answer <> '') as answers,
  (select coalesce(json_agg(json_build_array(qu_id, answer_id)), '[]') from el_paper_qu_answer where paper_id = $1 and checked = 1) as checked`;

/**
 * Closes an open paper (state 0 → `state`) and answers its row as it is now, in one statement;
 * undefined when it was not open (handed in already, or no such paper). The hand-in time is `at`,
 * but never after the paper's deadline (limitTime). The state check in WHERE makes it happen once.
 */
export function closeOpenPaper(db: Executor, paperId: string, state: number, at: number) {
  return db
    .updateTable('el_paper')
    .set({ state, handTime: sql<number>`case when limit_time < ${at} then limit_time else ${at} end`, updateTime: at })
    .where('id', '=', paperId)
    .where('state', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Sets each paper question's grade (isRight 0/1, actualScore) in one UPDATE: a CASE on the id per
 * column (a hand-in writes every question of the paper; one statement instead of one per distinct
 * grade). Up to 300 questions a statement (3 bound values each, under SQLite's parameter limit).
 */
export async function setQuGrades(db: Executor, grades: QuGrade[]): Promise<void> {
  for (let i = 0; i < grades.length; i += 300) {
    const part = grades.slice(i, i + 300);
    const isRight = sql<number>`cast(case id ${sql.join(part.map((g) => sql`when ${g.id} then ${g.isRight ? 1 : 0}`), sql` `)} end as integer)`;
    const actualScore = sql<number>`cast(case id ${sql.join(part.map((g) => sql`when ${g.id} then ${g.actualScore}`), sql` `)} end as integer)`;
    await db.updateTable('el_paper_qu').set({ isRight, actualScore }).where('id', 'in', part.map((g) => g.id)).execute();
  }
}

/** One question's grade as hand-in writes it. */
export interface QuGrade {
  id: string;
  isRight: boolean;
  actualScore: number;
}

/** Sets a paper's score and pass flag (and its state when given). */
export function setPaperScore(db: Executor, paperId: string, userScore: number, passed: boolean, state?: number) {
  return db.updateTable('el_paper').set({ userScore, passed: passed ? 1 : 0, ...(state === undefined ? {} : { state }) }).where('id', '=', paperId).execute();
}

/**
 * Hand-in's grades and score on PostgreSQL in ONE statement with a fixed text (no query building per
 * hand-in): the grades come as three arrays (el_paper_qu id, is_right, actual_score) joined by
 * unnest; the paper's state is kept when $7 is null. $1 ids, $2 isRight, $3 actualScore, $4 paperId,
 * $5 userScore, $6 passed, $7 state.
 */
const GRADES_AND_SCORE_PG = `with g as (
  update el_paper_qu q set is_right = v.r, actual_score = v.s
  from unnest($1::varchar[], $2::integer[], $3::integer[]) as v(id, r, s)
  where q.id = v.id)
update el_paper set user_score = $5::integer, passed = $6::integer, state = coalesce($7::integer, state)
where id = $4`;

/**
 * Hand-in's writes of the grades (setQuGrades) and of the paper's score (setPaperScore, and its
 * state when given). PostgreSQL: one statement (GRADES_AND_SCORE_PG); SQLite: one each.
 */
export async function setGradesAndScore(db: Executor, dialect: 'sqlite' | 'postgres', paperId: string, grades: QuGrade[], score: { userScore: number; passed: boolean; state?: number }): Promise<void> {
  if (dialect === 'postgres') {
    const params = [grades.map((g) => g.id), grades.map((g) => (g.isRight ? 1 : 0)), grades.map((g) => g.actualScore), paperId, score.userScore, score.passed ? 1 : 0, score.state ?? null];
    await db.executeQuery(CompiledQuery.raw(GRADES_AND_SCORE_PG, params));
    return;
  }
  await setQuGrades(db, grades);
  await setPaperScore(db, paperId, score.userScore, score.passed, score.state);
}

/**
 * Finishes the marking of a paper: state 1 → 2 with its final score, exactly once. Returns false
 * when the paper is no longer awaiting marking (another marker finished it first: the optimistic
 * check is in the WHERE clause).
 */
export async function finishMarking(db: Executor, paperId: string, userScore: number, passed: boolean, at: number): Promise<boolean> {
  const res = await db
    .updateTable('el_paper')
    .set({ state: 2, userScore, passed: passed ? 1 : 0, updateTime: at })
    .where('id', '=', paperId)
    .where('state', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The short-answer rows (type 4, sub-questions included) of the given papers. */
export function subjectiveQusOf(db: Executor, paperIds: string[]) {
  if (paperIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_paper_qu').select(['id', 'paperId', 'score']).where('paperId', 'in', paperIds).where('quType', '=', 4).execute();
}

/** The marking rows of the given papers (every step), oldest first. */
export function marksOf(db: Executor, paperIds: string[]) {
  if (paperIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('el_paper_mark').selectAll().where('paperId', 'in', paperIds).orderBy('createTime').orderBy('step').execute();
}

export async function insertMarks(db: Executor, rows: ElPaperMarkTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('el_paper_mark').values(rows.slice(i, i + 200)).execute();
}

/** Papers awaiting marking (state 1, online), in the caller's data scope, oldest hand-in first. */
export function pageWaitingPapers(db: Executor, page: { current: number; size: number }, f: { examId?: string; title?: string }, scope: string | null) {
  let q = db.selectFrom('el_paper').selectAll().where('state', '=', 1).where('offline', '=', 0);
  if (f.examId) q = q.where('examId', '=', f.examId);
  if (f.title) q = q.where(likeContains('title', f.title));
  q = deptScope(q, 'deptCode', scope);
  return paginate(q.orderBy('handTime').orderBy('id'), page);
}

/** Ids of open papers whose deadline has passed at `at`. */
export async function overduePaperIds(db: Executor, at: number, limit = 500): Promise<string[]> {
  const rows = await db.selectFrom('el_paper').select('id').where('state', '=', 0).where('limitTime', '<=', at).orderBy('limitTime').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** A page of one learner's papers; `scope` the caller's data scope on the papers' department (null: all). */
export function pagePapers(db: Executor, page: { current: number; size: number; orders?: SortOrder<SortColumn>[] }, userId: string, f: { examId?: string; state?: number }, scope: string | null = null) {
  let q = deptScope(db.selectFrom('el_paper').selectAll().where('userId', '=', userId), 'deptCode', scope);
  if (f.examId) q = q.where('examId', '=', f.examId);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  return paginate(applyOrders(q, page.orders, SORTABLE, [{ column: 'createTime', asc: false }], 'id'), page);
}

/** Sets the score fields of an offline paper (module exam-offline, through PaperService.recordOffline). */
export function updateOfflinePaper(
  db: Executor,
  id: string,
  set: Pick<ElPaperTable, 'title' | 'totalTime' | 'totalScore' | 'qualifyScore' | 'userScore' | 'passed' | 'createTime' | 'limitTime' | 'handTime' | 'updateTime'>,
) {
  return db.updateTable('el_paper').set(set).where('id', '=', id).where('offline', '=', 1).execute();
}

/**
 * Invigilation (module examWatch): the online papers of exam `examId`, newest first, optionally of
 * one state and of the learners `userIds` only (an empty list keeps nothing).
 */
export function pageExamPapers(db: Executor, page: { current: number; size: number }, examId: string, f: { state?: number; userIds?: string[] }) {
  let q = db.selectFrom('el_paper').selectAll().where('examId', '=', examId).where('offline', '=', 0);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.userIds) q = f.userIds.length ? q.where('userId', 'in', f.userIds) : q.where('id', '=', '');
  return paginate(q.orderBy('createTime', 'desc').orderBy('id'), page);
}

/** Papers of exam `examId` (online ones) counted by state: `[{state, n}]`. */
export async function countExamPapersByState(db: Executor, examId: string): Promise<{ state: number; n: number }[]> {
  const rows = await db.selectFrom('el_paper').select((eb) => ['state', eb.fn.countAll<number>().as('n')]).where('examId', '=', examId).where('offline', '=', 0).groupBy('state').execute();
  return rows.map((r) => ({ state: Number(r.state), n: Number(r.n) }));
}

/**
 * Counts one leave of an open paper (state 0, `at` before `openUntil`, the deadline plus grace) of
 * `userId`, unless the last counted leave is less than `dedupMs` old (a report sent twice). One
 * statement, so parallel reports each see a consistent count. Answers whether a leave was counted.
 */
export async function countLeave(db: Executor, paperId: string, userId: string, at: number, graceMs: number, dedupMs: number): Promise<boolean> {
  const res = await db
    .updateTable('el_paper')
    .set((eb) => ({ leaveTimes: eb('leaveTimes', '+', 1), leaveTime: at, updateTime: at }))
    .where('id', '=', paperId)
    .where('userId', '=', userId)
    .where('state', '=', 0)
    .where('limitTime', '>', at - graceMs)
    .where('leaveTime', '<=', at - dedupMs)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The newest open paper of a user whose deadline (plus grace) is after `at`, if any. */
export function latestInProgress(db: Executor, userId: string, at: number) {
  return db
    .selectFrom('el_paper')
    .select(['id', 'examId', 'title', 'limitTime'])
    .where('userId', '=', userId)
    .where('state', '=', 0)
    .where('limitTime', '>', at)
    .orderBy('createTime', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks saved on a paper (el_paper_mark rows); a paper somebody began marking is not reopened. */
export async function countMarks(db: Executor, paperId: string): Promise<number> {
  const row = await db.selectFrom('el_paper_mark').select((eb) => eb.fn.countAll<number>().as('n')).where('paperId', '=', paperId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Reopens a handed-in paper (state 1 or 2, online) with the deadline `limitTime`: state 0, no hand-in
 * time, score 0 and not passed. True when this call reopened it (the state check is in WHERE).
 */
export async function reopenPaper(db: Executor, paperId: string, limitTime: number, at: number): Promise<boolean> {
  const res = await db
    .updateTable('el_paper')
    .set({ state: 0, handTime: null, limitTime, userScore: 0, passed: 0, updateTime: at })
    .where('id', '=', paperId)
    .where('state', 'in', [1, 2])
    .where('offline', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Scored papers (state 2) of exam `examId` in the department subtree `scope` (null every one): the statistics' population (issue 14). */
function statPapers(db: Executor, examId: string, scope: string | null) {
  return deptScope(db.selectFrom('el_paper as p').where('p.examId', '=', examId).where('p.state', '=', 2), 'p.deptCode', scope);
}

/**
 * Statistics (issue 14): the scored papers of an exam and, with `withAnswers`, their questions (combined
 * stems left out) and their chosen options (else both empty: the score figures need the papers only).
 */
export async function examStatRows(db: Executor, examId: string, scope: string | null, withAnswers: boolean) {
  const [papers, qus, checked] = await Promise.all([
    statPapers(db, examId, scope).select(['p.id', 'p.userId', 'p.deptCode', 'p.userScore', 'p.totalScore', 'p.qualifyScore', 'p.passed', 'p.createTime', 'p.handTime']).orderBy('p.id').execute(),
    !withAnswers ? [] : statPapers(db, examId, scope)
      .innerJoin('el_paper_qu as q', 'q.paperId', 'p.id')
      .where('q.quType', '<>', 99)
      .select(['q.paperId', 'q.quId', 'q.quType', 'q.sort', 'q.score', 'q.answered', 'q.isRight', 'q.answerTime'])
      .execute(),
    !withAnswers ? [] : statPapers(db, examId, scope)
      .innerJoin('el_paper_qu_answer as a', 'a.paperId', 'p.id')
      .where('a.checked', '=', 1)
      .select(['a.paperId', 'a.quId', 'a.answerId'])
      .execute(),
  ]);
  return { papers, qus, checked };
}

/** Papers awaiting marking (state 1) of an exam in the department subtree `scope`: not yet in the statistics. */
export async function countAwaitingMark(db: Executor, examId: string, scope: string | null): Promise<number> {
  const r = await deptScope(db.selectFrom('el_paper as p').where('p.examId', '=', examId).where('p.state', '=', 1), 'p.deptCode', scope).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}
