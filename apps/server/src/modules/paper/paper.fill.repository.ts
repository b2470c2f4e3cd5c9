/**
 * fill-answer's writes (SQL of module paper, split out of paper.repository.ts, which re-exports it):
 * the open paper's row lock, the choice marks and the answer of one question, and `fillOpenAll`, the
 * write of a batch of checked answers (lib/merged-writes.ts): on PostgreSQL one statement for all from
 * MERGE_FROM answers, one statement per answer below.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Executor } from '../../db';

/**
 * Takes the paper's row lock while it is open: touches update_time only when the paper is in exam
 * and before its deadline. 0 rows → closed (handed in or timed out). On PostgreSQL this row lock
 * orders fill-answer against hand-in; on SQLite transactions are serial anyway.
 */
export async function lockOpenPaper(db: Executor, paperId: string, userId: string, at: number, graceMs = 0): Promise<boolean> {
  const res = await db
    .updateTable('el_paper')
    .set({ updateTime: at })
    .where('id', '=', paperId)
    .where('userId', '=', userId)
    .where('state', '=', 0)
    .where('limitTime', '>', at - graceMs)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks the options `answerIds` of question `quId` in paper `paperId` checked and every other option
 * of it unchecked, in ONE statement (fill-answer on SQLite; PostgreSQL does it inside FILL_OPEN_PG and FILL_OPEN_ALL_PG).
 * The caller has checked the ids against the question's options (paper.cache.ts).
 */
export async function markChosen(db: Executor, paperId: string, quId: string, answerIds: string[]): Promise<void> {
  await db
    .updateTable('el_paper_qu_answer')
    .set((eb) => ({ checked: answerIds.length ? eb.case().when('answerId', 'in', answerIds).then(1).else(0).end() : 0 }))
    .where('paperId', '=', paperId)
    .where('quId', '=', quId)
    .execute();
}

/**
 * Stores one answer of fill-answer; `at` (epoch ms) becomes `answer_time` the first time the question
 * is saved answered (same statement: the hot path gains no query; issue 14 time on question).
 */
export function setPaperQuAnswer(db: Executor, id: string, set: { answered: number; answer: string }, at: number) {
  const answerTime = set.answered ? sql<number>`case when answer_time = 0 then ${at} else answer_time end` : sql<number>`answer_time`;
  return db.updateTable('el_paper_qu').set({ ...set, answerTime }).where('id', '=', id).execute();
}

/** One checked answer of fill-answer, ready to store (paper.service.ts `fillAnswer`). */
export interface OpenFill {
  paperId: string;
  userId: string;
  /** The el_paper_qu row's id and its question's id. */
  paperQuId: string;
  quId: string;
  /** Choice questions: the options to mark checked (every other option of the question unchecked). */
  checked?: string[];
  answered: boolean;
  /** el_paper_qu.answer ('' for choices). */
  answer: string;
}

/**
 * One fill-answer write on PostgreSQL in ONE statement (fillOpenAll with fewer than MERGE_FROM
 * answers): the paper's row lock while it is open (as lockOpenPaper), and only when that took, the
 * choice marks (as markChosen) and the answer (as setPaperQuAnswer). The lock's CTE is read by the
 * other two, so it runs, and waits for a concurrent hand-in's lock, before either writes: the same
 * order as the three statements one after another. $1 at, $2 paperId, $3 userId, $4 at − grace,
 * $5 checked ids, $6 is a choice, $7 quId, $8 answered, $9 answer, $10 el_paper_qu id. Answers n = 1
 * when the paper was open, 0 otherwise.
 */
const FILL_OPEN_PG = `with p as (
  update el_paper set update_time = $1::bigint
  where id = $2 and user_id = $3 and state = 0 and limit_time > $4::bigint
  returning id),
m as (
  update el_paper_qu_answer set checked = case when answer_id = any($5::varchar[]) then 1 else 0 end
  where $6::boolean and paper_id = $2 and qu_id = $7 and exists (select 1 from p)),
q as (
  update el_paper_qu set answered = $8::integer, answer = $9,
    answer_time = case when $8::integer = 1 and answer_time = 0 then $1::bigint else answer_time end
  where id = $10 and exists (select 1 from p))
select count(*)::integer as n from p`;

/**
 * Answers from which fillOpenAll writes with one statement for all on PostgreSQL (FILL_OPEN_ALL_PG).
 * Measured on one connection (prepared, in transactions): for one answer it costs 0.9–1.1 ms against
 * 0.35–0.4 ms for FILL_OPEN_PG, the same at 4 answers, half at 16 (0.09 against 0.19 ms an answer).
 */
export const MERGE_FROM = 4;

/** One fill-answer write of fillOpenAll: the checked answer and its server time `at` (epoch ms). */
export type TimedFill = OpenFill & { at: number };

/**
 * fill-answer's writes on PostgreSQL, ONE statement for any number of answers (fillOpenAll). $1 the
 * answers as a JSON array (`ord` their place in the call), $2 the grace (ms), $3 their papers' ids (so
 * that the paper rows are found by key: the planner cannot see into $1). `p` takes the row lock
 * of each paper that is open for at least one of its answers (state 0, owned by the answer's user,
 * before the deadline plus grace at the answer's time) and sets its update_time; `ok` the answers of
 * such papers within their deadline; `l` the last of them per question (the one that wins, as when
 * they run one after another), `f` the first time a question was saved answered (answer_time).
 * The marks (`m`) and the answers (`q`) read `p` through `ok`, so they write only after the lock
 * took and waited for a concurrent hand-in's. Answers the `ord`s stored.
 */
const FILL_OPEN_ALL_PG = `with i as (
  select * from json_to_recordset($1::json) as x(ord integer, paper_id varchar, user_id varchar, qu_id varchar,
    pq_id varchar, answered integer, answer text, checked jsonb, at bigint)),
p as (
  update el_paper e set update_time = (select max(i.at) from i where i.paper_id = e.id and i.at - $2::bigint < e.limit_time)
  where e.id = any($3::varchar[]) and e.state = 0
    and exists (select 1 from i where i.paper_id = e.id and i.user_id = e.user_id and i.at - $2::bigint < e.limit_time)
  returning e.id, e.user_id, e.limit_time),
ok as (
  select i.* from i join p on p.id = i.paper_id and p.user_id = i.user_id and i.at - $2::bigint < p.limit_time),
l as (
  select distinct on (pq_id) * from ok order by pq_id, ord desc),
f as (
  select pq_id, min(at) as at from ok where answered = 1 group by pq_id),
m as (
  update el_paper_qu_answer a set checked = case when l.checked ? a.answer_id then 1 else 0 end
  from l where l.checked is not null and a.paper_id = l.paper_id and a.qu_id = l.qu_id),
q as (
  update el_paper_qu pq set answered = l.answered, answer = l.answer,
    answer_time = case when pq.answer_time = 0 and f.at is not null then f.at else pq.answer_time end
  from l left join f on f.pq_id = l.pq_id where pq.id = l.pq_id)
select coalesce(json_agg(ord), '[]') as ords from ok`;

/**
 * Stores checked answers while their papers are open: for each of `fills` (in arrival order), true
 * when its paper was open (state 0, owned by its `userId`, before its deadline plus `graceMs` at the
 * answer's server time `at`) and the answer was stored; false, and nothing written for it, otherwise.
 * Several answers to one question: stored as if one after another (the last one's answer and marks;
 * answer_time the first time it was saved answered). PostgreSQL: one statement for all
 * (FILL_OPEN_ALL_PG) from MERGE_FROM answers, one per answer (FILL_OPEN_PG) below; SQLite:
 * lockOpenPaper, markChosen and setPaperQuAnswer per answer, prepared statements on the one
 * connection (transactions there are serial).
 */
export async function fillOpenAll(db: Executor, dialect: 'sqlite' | 'postgres', fills: TimedFill[], graceMs: number): Promise<boolean[]> {
  if (dialect === 'postgres' && fills.length < MERGE_FROM) {
    const open: boolean[] = [];
    for (const f of fills) {
      const params = [f.at, f.paperId, f.userId, f.at - graceMs, f.checked ?? [], f.checked !== undefined, f.quId, f.answered ? 1 : 0, f.answer, f.paperQuId];
      open.push((await db.executeQuery<{ n: number }>(CompiledQuery.raw(FILL_OPEN_PG, params))).rows[0]?.n === 1);
    }
    return open;
  }
  if (dialect === 'postgres') {
    const items = fills.map((f, ord) => ({ ord, paper_id: f.paperId, user_id: f.userId, qu_id: f.quId, pq_id: f.paperQuId, answered: f.answered ? 1 : 0, answer: f.answer, checked: f.checked ?? null, at: f.at }));
    const papers = [...new Set(fills.map((f) => f.paperId))];
    const res = await db.executeQuery<{ ords: number[] }>(CompiledQuery.raw(FILL_OPEN_ALL_PG, [JSON.stringify(items), graceMs, papers]));
    const stored = new Set(res.rows[0]?.ords);
    return fills.map((_, ord) => stored.has(ord));
  }
  const open: boolean[] = [];
  for (const f of fills) {
    const took = await lockOpenPaper(db, f.paperId, f.userId, f.at, graceMs);
    if (took && f.checked) await markChosen(db, f.paperId, f.quId, f.checked);
    if (took) await setPaperQuAnswer(db, f.paperQuId, { answered: f.answered ? 1 : 0, answer: f.answer }, f.at);
    open.push(took);
  }
  return open;
}
