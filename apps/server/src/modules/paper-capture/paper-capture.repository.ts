/**
 * SQL of camera proctoring (issue 12): captures, the per-paper failure counter, evidence events,
 * appeals and face check tokens. Every function takes `db | trx`; only this module's tables.
 */
import type { Executor } from '../../db';
import { deptScope } from '../../lib/dept-scope';
import { paginate } from '../../lib/paging';
import type { ElFaceTokenTable, ElPaperAppealTable, ElPaperCaptureTable, ElPaperEvidenceTable } from './paper-capture.tables';

export function insertCapture(db: Executor, row: ElPaperCaptureTable) {
  return db.insertInto('el_paper_capture').values(row).execute();
}

/**
 * Counts one capture of `paperId` into its consecutive-failure counter atomically (an upsert: two
 * parallel captures both count): `pass` true resets it to 0, false adds 1. Answers the new count.
 */
export async function countCapture(db: Executor, paperId: string, pass: boolean, at: number): Promise<number> {
  const row = await db
    .insertInto('el_paper_capture_state')
    .values({ paperId, failCount: pass ? 0 : 1, broken: 0, leftMs: 0, updateTime: at })
    .onConflict((oc) =>
      oc.column('paperId').doUpdateSet((eb) => ({
        failCount: pass ? 0 : eb(eb.ref('el_paper_capture_state.failCount'), '+', 1),
        updateTime: at,
      })),
    )
    .returning('failCount')
    .executeTakeFirstOrThrow();
  return Number(row.failCount);
}

export function findState(db: Executor, paperId: string) {
  return db.selectFrom('el_paper_capture_state').selectAll().where('paperId', '=', paperId).executeTakeFirst();
}

/** Marks the paper as handed in by face failures, with the time it had left (ms). */
export function markBroken(db: Executor, paperId: string, leftMs: number, at: number) {
  return db.updateTable('el_paper_capture_state').set({ broken: 1, leftMs, updateTime: at }).where('paperId', '=', paperId).execute();
}

/** A reopened paper starts with a clean counter. */
export function resetState(db: Executor, paperId: string, at: number) {
  return db.updateTable('el_paper_capture_state').set({ broken: 0, failCount: 0, updateTime: at }).where('paperId', '=', paperId).execute();
}

/** Records an evidence entry; a second one with the same id (a redelivered event) inserts nothing. */
export function insertEvidence(db: Executor, row: ElPaperEvidenceTable) {
  return db.insertInto('el_paper_evidence').values(row).onConflict((oc) => oc.column('id').doNothing()).execute();
}

export function capturesOf(db: Executor, paperId: string) {
  return db.selectFrom('el_paper_capture').selectAll().where('paperId', '=', paperId).orderBy('createTime').orderBy('id').execute();
}

/**
 * The evidence of a paper: its own entries, and the reminders of its exam to its learner or to all
 * between `from` and `to` (ms).
 */
export function evidenceOf(db: Executor, p: { paperId: string; examId: string; userId: string; from: number; to: number }) {
  return db
    .selectFrom('el_paper_evidence')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('paperId', '=', p.paperId),
        eb.and([eb('paperId', '=', ''), eb('kind', '=', 'remind'), eb('examId', '=', p.examId), eb('userId', 'in', [p.userId, '']), eb('createTime', '>=', p.from), eb('createTime', '<=', p.to)]),
      ]),
    )
    .orderBy('createTime')
    .orderBy('id')
    .execute();
}

export function insertToken(db: Executor, row: ElFaceTokenTable) {
  return db.insertInto('el_face_token').values(row).execute();
}

/** The unused, unexpired token `tokenHash` of this learner and exam, if any. */
export function findLiveToken(db: Executor, tokenHash: string, userId: string, examId: string, at: number) {
  return db
    .selectFrom('el_face_token')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .where('userId', '=', userId)
    .where('examId', '=', examId)
    .where('paperId', '=', '')
    .where('expireTime', '>', at)
    .executeTakeFirst();
}

/** Marks a token used by `paperId` and links its check capture to the paper (the timeline shows it). */
export async function useToken(db: Executor, tokenHash: string, paperId: string): Promise<void> {
  const row = await db.updateTable('el_face_token').set({ paperId }).where('tokenHash', '=', tokenHash).where('paperId', '=', '').returning('captureId').executeTakeFirst();
  if (row) await db.updateTable('el_paper_capture').set({ paperId }).where('id', '=', row.captureId).where('paperId', '=', '').execute();
}

/** Forgets expired tokens (ms `before`). */
export function deleteExpiredTokens(db: Executor, before: number) {
  return db.deleteFrom('el_face_token').where('expireTime', '<', before).executeTakeFirst();
}

export function insertAppeal(db: Executor, row: ElPaperAppealTable) {
  return db.insertInto('el_paper_appeal').values(row).execute();
}

export function findAppeal(db: Executor, id: string) {
  return db.selectFrom('el_paper_appeal').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest appeal of a paper, if any. */
export function latestAppeal(db: Executor, paperId: string) {
  return db.selectFrom('el_paper_appeal').selectAll().where('paperId', '=', paperId).orderBy('createTime', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Decides a pending appeal (the state check in WHERE: a second decision changes nothing). True when this call decided it. */
export async function decideAppeal(db: Executor, id: string, set: { state: number; remark: string; decideBy: string; decideTime: number }): Promise<boolean> {
  const res = await db.updateTable('el_paper_appeal').set(set).where('id', '=', id).where('state', '=', 0).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Puts an appeal back to pending (the reopen it granted failed). */
export function undecideAppeal(db: Executor, id: string) {
  return db.updateTable('el_paper_appeal').set({ state: 0, remark: '', decideBy: '', decideTime: null }).where('id', '=', id).execute();
}

/** The appeal list, newest first, within the caller's data scope (the learner's department). */
export function pageAppeals(db: Executor, page: { current: number; size: number }, f: { state?: number; examId?: string }, scope: string | null) {
  let q = deptScope(db.selectFrom('el_paper_appeal').selectAll(), 'deptCode', scope);
  if (f.state !== undefined) q = q.where('state', '=', f.state);
  if (f.examId) q = q.where('examId', '=', f.examId);
  return paginate(q.orderBy('createTime', 'desc').orderBy('id', 'desc'), page);
}
