/** SQL of answer battles (el_battle, el_battle_qu, el_battle_player, el_battle_answer). Every function takes `db | trx`. */
import { sql } from 'kysely';
import type { Executor } from '../../db';
import { likeContains, paginate } from '../../lib/paging';
import type { ElBattleAnswerTable, ElBattlePlayerTable, ElBattleTable } from './battle.tables';

/** Admin list, newest start first; `f.state` (derived from the clock at `at`) filters. */
export function pageBattles(db: Executor, page: { current: number; size: number }, f: { title?: string; state?: number }, at: number) {
  let q = db.selectFrom('el_battle').selectAll();
  if (f.title) q = q.where(likeContains('title', f.title));
  // State from the clock: 0 before the join window, 1 in it, 2 running, 3 ended.
  if (f.state === 3) q = q.where('endTime', '<=', at);
  if (f.state === 2) q = q.where('startTime', '<=', at).where('endTime', '>', at);
  const joinFrom = sql<number>`${sql.ref('startTime')} - ${sql.ref('joinMinutes')} * 60000`;
  if (f.state === 1) q = q.where('startTime', '>', at).where(joinFrom, '<=', at);
  if (f.state === 0) q = q.where(joinFrom, '>', at);
  return paginate(q.orderBy('startTime', 'desc').orderBy('id', 'desc'), page);
}

/** Battles not yet over at `at`, soonest first (the learner's list filters who may join). */
export function liveBattles(db: Executor, at: number) {
  return db.selectFrom('el_battle').selectAll().where('endTime', '>', at).orderBy('startTime').orderBy('id').limit(500).execute();
}

export function findBattle(db: Executor, id: string) {
  return db.selectFrom('el_battle').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertBattle(db: Executor, row: ElBattleTable) {
  return db.insertInto('el_battle').values(row).execute();
}

/** Updates a battle that has not started at `at` (0 rows when it has, or is gone). */
export function updateBattle(db: Executor, id: string, set: Omit<ElBattleTable, 'id' | 'createBy' | 'createTime'>, at: number) {
  return db.updateTable('el_battle').set(set).where('id', '=', id).where('startTime', '>', at).executeTakeFirst();
}

export async function deleteBattles(db: Executor, ids: string[]) {
  for (const t of ['el_battle_answer', 'el_battle_player', 'el_battle_qu'] as const) await db.deleteFrom(t).where('battleId', 'in', ids).execute();
  await db.deleteFrom('el_battle').where('id', 'in', ids).execute();
}

/** Replaces the drawn questions of a battle (ids in their order). */
export async function replaceQuestions(db: Executor, battleId: string, quIds: string[], newId: () => string) {
  await db.deleteFrom('el_battle_qu').where('battleId', '=', battleId).execute();
  for (let i = 0; i < quIds.length; i += 200) {
    await db.insertInto('el_battle_qu').values(quIds.slice(i, i + 200).map((quId, k) => ({ id: newId(), battleId, quId, sort: i + k }))).execute();
  }
}

/** The question ids of a battle in their order. */
export async function questionIds(db: Executor, battleId: string): Promise<string[]> {
  const rows = await db.selectFrom('el_battle_qu').select('quId').where('battleId', '=', battleId).orderBy('sort').execute();
  return rows.map((r) => r.quId);
}

/** Number of players per battle. */
export async function playerCounts(db: Executor, battleIds: string[]): Promise<Map<string, number>> {
  if (battleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('el_battle_player')
    .select((eb) => ['battleId', eb.fn.countAll<number>().as('n')])
    .where('battleId', 'in', battleIds)
    .groupBy('battleId')
    .execute();
  return new Map(rows.map((r) => [r.battleId, Number(r.n)]));
}

/** The battles among `battleIds` that `userId` joined. */
export async function joinedOf(db: Executor, userId: string, battleIds: string[]): Promise<Set<string>> {
  if (battleIds.length === 0) return new Set();
  const rows = await db.selectFrom('el_battle_player').select('battleId').where('userId', '=', userId).where('battleId', 'in', battleIds).execute();
  return new Set(rows.map((r) => r.battleId));
}

export function findPlayer(db: Executor, battleId: string, userId: string) {
  return db.selectFrom('el_battle_player').selectAll().where('battleId', '=', battleId).where('userId', '=', userId).executeTakeFirst();
}

/** Adds a player; joining twice changes nothing (unique battle + user). */
export function insertPlayer(db: Executor, row: ElBattlePlayerTable) {
  return db.insertInto('el_battle_player').values(row).onConflict((oc) => oc.columns(['battleId', 'userId']).doNothing()).execute();
}

/** Ranking order: points desc, total answer time asc, then who joined first, then id. */
function ranked(db: Executor, battleId: string) {
  return db
    .selectFrom('el_battle_player')
    .selectAll()
    .where('battleId', '=', battleId)
    .orderBy('points', 'desc')
    .orderBy('totalMs', 'asc')
    .orderBy('joinTime', 'asc')
    .orderBy('id', 'asc');
}

export function pageRanking(db: Executor, battleId: string, page: { current: number; size: number }) {
  return paginate(ranked(db, battleId), page);
}

export function topPlayers(db: Executor, battleId: string, n: number) {
  return ranked(db, battleId).limit(n).execute();
}

export function allPlayers(db: Executor, battleId: string) {
  return ranked(db, battleId).execute();
}

export async function countPlayers(db: Executor, battleId: string): Promise<number> {
  const r = await db.selectFrom('el_battle_player').select((eb) => eb.fn.countAll<number>().as('n')).where('battleId', '=', battleId).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** 1-based rank of a player row in its battle (same order as `ranked`). */
export async function rankOf(db: Executor, p: ElBattlePlayerTable): Promise<number> {
  const r = await db
    .selectFrom('el_battle_player')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('battleId', '=', p.battleId)
    .where((eb) =>
      eb.or([
        eb('points', '>', p.points),
        eb.and([eb('points', '=', p.points), eb('totalMs', '<', p.totalMs)]),
        eb.and([eb('points', '=', p.points), eb('totalMs', '=', p.totalMs), eb('joinTime', '<', p.joinTime)]),
        eb.and([eb('points', '=', p.points), eb('totalMs', '=', p.totalMs), eb('joinTime', '=', p.joinTime), eb('id', '<', p.id)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r?.n ?? 0) + 1;
}

/** Keeps the first answer of a player to a question; answers whether this one was kept (unique battle + question + user). */
export async function insertAnswer(db: Executor, row: ElBattleAnswerTable): Promise<boolean> {
  const res = await db
    .insertInto('el_battle_answer')
    .values(row)
    .onConflict((oc) => oc.columns(['battleId', 'quId', 'userId']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Adds one kept answer to the player's totals. */
export function addToPlayer(db: Executor, battleId: string, userId: string, a: { points: number; right: boolean; answerMs: number }) {
  return db
    .updateTable('el_battle_player')
    .set((eb) => ({
      points: eb('points', '+', a.points),
      rightCount: eb('rightCount', '+', a.right ? 1 : 0),
      answerCount: eb('answerCount', '+', 1),
      totalMs: eb('totalMs', '+', a.answerMs),
    }))
    .where('battleId', '=', battleId)
    .where('userId', '=', userId)
    .execute();
}

export function findAnswer(db: Executor, battleId: string, quId: string, userId: string) {
  return db.selectFrom('el_battle_answer').selectAll().where('battleId', '=', battleId).where('quId', '=', quId).where('userId', '=', userId).executeTakeFirst();
}

/** Every answer to one question of a battle, best points first. */
export function answersTo(db: Executor, battleId: string, quId: string) {
  return db.selectFrom('el_battle_answer').selectAll().where('battleId', '=', battleId).where('quId', '=', quId).orderBy('points', 'desc').orderBy('answerMs').execute();
}

export async function countBattles(db: Executor): Promise<number> {
  const r = await db.selectFrom('el_battle').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}
