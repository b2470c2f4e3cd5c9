/**
 * Question-bank training (issue 10; SPEC §3 "Train record", §4 "Training record state", "Training
 * questions", §7 /api/repo/train/*). A learner starts (or continues) a record on a bank open for
 * training (isTrain = 1); the record draws the bank's live top-level questions by mode
 * (train.draw.ts; a combined question brings its sub-questions); each question is answered and
 * checked once with the exam's rules (train.view.ts). Every call with a record id is refused
 * (10010003) for a record of another learner.
 *
 * Races: one unfinished record per learner, bank and mode (the unique open key: two starts at once
 * answer the same record); a question is counted once (`markChecked` updates only an unchecked row,
 * and the counts are recomputed from the rows in the same transaction).
 */
import { QuType, SUPPORTED_QU_TYPES, type Page } from '@kaopei/contracts';
import type { ResultQu } from '@kaopei/contracts/paper';
import {
  TRAIN_MODE_LABEL,
  TRAIN_STATE_LABEL,
  TrainError,
  TrainMode,
  TrainState,
  type TrainCard,
  type TrainCheckReq,
  type TrainCheckRes,
  type TrainFillReq,
  type TrainOverview,
  type TrainQuDetail,
  type TrainRecord,
  type TrainStartReq,
  type TrainStat,
} from '@kaopei/contracts/train';
import { QU_TYPE_LABEL } from '@kaopei/contracts';
import type { Executor } from '../../db';
import { AppError, badParams, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { DRAWERS } from './train.draw';
import * as repo from './train.repository';
import type { Train, TrainQu } from './train.repository';
import { statWorkbook } from './train.sheet';
import { gradeOne, gradeTop, learnerView, resultView, storedAnswer } from './train.view';

const NONE = { isRight: false, actualScore: 0, fraction: 0 };
const pct = (right: number, answered: number) => (answered > 0 ? Math.round((right * 100) / answered) : 0);

export class TrainService {
  constructor(private readonly ctx: ModuleContext<'repo' | 'qu' | 'sysRole' | 'book'>) {}

  private get db() {
    return this.ctx.db;
  }

  /** The record as listed (SPEC §3 "Train record"), with `repoId_dictText` from `titles`. */
  private toRecord(t: Train, titles: Map<string, string>): TrainRecord {
    return {
      id: t.id, repoId: t.repoId, repoId_dictText: titles.get(t.repoId) ?? '', mode: t.mode, mode_dictText: TRAIN_MODE_LABEL[t.mode] ?? '',
      quType: t.quType, chapterId: t.chapterId, totalCount: t.totalCount, answerCount: t.answerCount,
      rightCount: t.mode === TrainMode.MEMORISE ? 0 : t.rightCount, percent: t.mode === TrainMode.MEMORISE ? 0 : t.percent,
      state: t.state, state_dictText: TRAIN_STATE_LABEL[t.state] ?? '', createTime: formatTimeStrict(t.createTime), updateTime: formatTimeStrict(t.updateTime),
    };
  }

  private async record(t: Train): Promise<TrainRecord> {
    return this.toRecord(t, await this.ctx.services.repo.titleMap([t.repoId]));
  }

  /** The caller's record or 10010003 (another learner's record is as if it did not exist). */
  private async own(db: Executor, userId: string, id: string): Promise<Train> {
    const t = await repo.findTrain(db, id);
    if (!t || t.userId !== userId) throw notFound('训练记录不存在！');
    return t;
  }

  /** A live bank open for training, else 10010003 (gone) or 20080001 (not open). */
  private async trainBank(repoId: string) {
    const bank = await this.ctx.services.repo.require(this.db, repoId);
    if (bank.isTrain !== 1) throw new AppError(TrainError.NOT_OPEN);
    return bank;
  }

  /**
   * POST /api/repo/train/start: the caller's unfinished record of this bank and mode (mode 4: and
   * type; 6: and chapter) when there is one and `clear` is false; else (that record ended when
   * `clear`) a new record drawing the questions of the mode. Errors: 10010001 mode 4 without a type
   * or mode 6 without a chapter, 20020005/20020001 chapter gone or of another bank, 20080001 bank not
   * open for training, 20080002 nothing to draw (mode 5: no question of the bank in the wrong book),
   * 20080003 mode not available.
   */
  async start(user: { userId: string; deptCode: string }, req: TrainStartReq): Promise<TrainRecord> {
    const drawer = DRAWERS[req.mode];
    if (!drawer) throw new AppError(TrainError.MODE_CLOSED);
    const quType = req.mode === TrainMode.TYPE ? (req.quType ?? 0) : 0;
    const chapterId = req.mode === TrainMode.CHAPTER ? (req.chapterId ?? '') : '';
    if (req.mode === TrainMode.TYPE && !(SUPPORTED_QU_TYPES as readonly number[]).includes(quType)) throw badParams('请选择题型！');
    if (req.mode === TrainMode.CHAPTER && !chapterId) throw badParams('请选择章节！');
    await this.trainBank(req.repoId);
    if (chapterId) await this.ctx.services.repo.requireChapter(this.db, chapterId, req.repoId);
    const openKey = [user.userId, req.repoId, req.mode, quType, chapterId].join('|');
    const open = await repo.findOpen(this.db, openKey);
    if (open && !req.clear) return this.record(open);
    // Draw outside the transaction (reads of other modules), write inside it.
    const pool = await this.ctx.services.qu.drawPool(this.db, [req.repoId]);
    const chapterOrder = (await this.ctx.services.repo.chapterList(req.repoId)).map((c) => c.id);
    const wrongQuIds = () => this.ctx.services.book.wrongQuIds(user.userId);
    const ids = await drawer({ userId: user.userId, repoId: req.repoId, quType, chapterId, pool, chapterOrder, wrongQuIds });
    if (!ids.length) throw new AppError(TrainError.NO_QUESTIONS);
    const typeOf = new Map(pool.map((q) => [q.id, q.quType]));
    const mixIds = ids.filter((id) => typeOf.get(id) === QuType.MIX);
    const subs = mixIds.length ? await this.ctx.services.qu.subQuestions(this.db, mixIds) : [];
    const at = now();
    const id = newId();
    const rows: TrainQu[] = [];
    ids.forEach((quId, i) => {
      rows.push({ id: newId(), trainId: id, quId, parentQuId: '', quType: typeOf.get(quId) ?? 0, sort: i + 1, answered: 0, isRight: 0, answer: '', updateTime: at });
      for (const [j, s] of subs.filter((x) => x.parentId === quId).entries()) {
        rows.push({ id: newId(), trainId: id, quId: s.id, parentQuId: quId, quType: s.quType, sort: j + 1, answered: 0, isRight: 0, answer: '', updateTime: at });
      }
    });
    const train: Train = {
      id, userId: user.userId, deptCode: user.deptCode, repoId: req.repoId, mode: req.mode, quType, chapterId, totalCount: ids.length,
      answerCount: 0, rightCount: 0, percent: 0, state: TrainState.ONGOING, openKey, createTime: at, updateTime: at,
    };
    try {
      const made = await this.db.transaction().execute(async (trx) => {
        const current = await repo.findOpen(trx, openKey);
        if (current) {
          if (!req.clear || current.id !== open?.id) return current;
          await repo.endTrain(trx, current.id, at);
        }
        await repo.insertTrain(trx, train);
        await repo.insertTrainQus(trx, rows);
        return train;
      });
      return await this.record(made);
    } catch (e) {
      // Another start of the same record won the race: answer its record.
      if (!isUniqueViolation(e)) throw e;
      const winner = await repo.findOpen(this.db, openKey);
      if (!winner) throw e;
      return this.record(winner);
    }
  }

  /** POST /api/repo/train/detail: the caller's record. */
  async detail(userId: string, id: string): Promise<TrainRecord> {
    return this.record(await this.own(this.db, userId, id));
  }

  /** POST /api/repo/train/card: the top-level questions in order with answered (checked) and, once checked, isRight (false in mode 3). */
  async card(userId: string, id: string): Promise<TrainCard> {
    const t = await this.own(this.db, userId, id);
    const rows = (await repo.qusOf(this.db, id)).filter((r) => r.parentQuId === '');
    const scored = t.mode !== TrainMode.MEMORISE;
    return { id, mode: t.mode, state: t.state, quList: rows.map((r) => ({ quId: r.quId, sort: r.sort, quType: r.quType, answered: r.answered === 1, ...(r.answered === 1 ? { isRight: scored && r.isRight === 1 } : {}) })) };
  }

  /** A top-level question row of the caller's record and its sub-question rows (10010003 otherwise). */
  private async topRow(db: Executor, trainId: string, quId: string): Promise<{ row: TrainQu; subs: TrainQu[] }> {
    const rows = await repo.qusOf(db, trainId);
    const row = rows.find((r) => r.quId === quId && r.parentQuId === '');
    if (!row) throw notFound('试题不存在！');
    return { row, subs: rows.filter((r) => r.parentQuId === quId) };
  }

  /** The result shape of a question row (grades of its sub-questions too); mode 3 grades nothing. */
  private async resultOf(row: TrainQu, subs: TrainQu[], scored: boolean): Promise<ResultQu> {
    const { qus, options } = await this.ctx.services.qu.load(this.db, [row.quId, ...subs.map((s) => s.quId)]);
    const of = (quId: string) => options.filter((o) => o.quId === quId);
    const top = scored ? gradeTop(row, subs, qus, options) : NONE;
    return { ...resultView(row, qus, options, top), subList: subs.map((s) => resultView(s, qus, options, scored ? gradeOne(s, qus.get(s.quId), of(s.quId)) : NONE)) };
  }

  /**
   * POST /api/repo/train/qu-detail: before the question is checked (and not in mode 3) the exam's
   * learner shape, never a right answer or analysis; after (or in mode 3) the result shape.
   */
  async quDetail(userId: string, trainId: string, quId: string): Promise<TrainQuDetail> {
    const t = await this.own(this.db, userId, trainId);
    const { row, subs } = await this.topRow(this.db, trainId, quId);
    if (row.answered === 1 || t.mode === TrainMode.MEMORISE) return { checked: true, qu: null, result: await this.resultOf(row, subs, t.mode !== TrainMode.MEMORISE) };
    const { qus, options } = await this.ctx.services.qu.load(this.db, [row.quId, ...subs.map((s) => s.quId)]);
    return { checked: false, result: null, qu: { ...learnerView(row, qus, options), subList: subs.map((s) => learnerView(s, qus, options)) } };
  }

  /**
   * POST /api/repo/train/fill: saves the answer of a question (a combined question's sub-question by
   * its own quId) not yet checked; a checked one keeps its answer. 20080004 when the record ended,
   * 10010001 for an answer that does not fit the question (exam's rules).
   */
  async fill(userId: string, req: TrainFillReq): Promise<{ quId: string; answered: boolean }> {
    const t = await this.own(this.db, userId, req.trainId);
    if (t.state !== TrainState.ONGOING) throw new AppError(TrainError.ENDED);
    const row = await repo.findTrainQu(this.db, req.trainId, req.quId);
    if (!row) throw notFound('试题不存在！');
    if (row.answered === 1) return { quId: req.quId, answered: true };
    const { options } = await this.ctx.services.qu.load(this.db, [row.quId]);
    const answer = storedAnswer(row, options, req);
    await repo.setAnswer(this.db, row.id, answer, now());
    return { quId: req.quId, answered: answer !== '' };
  }

  /**
   * POST /api/repo/train/check: saves the answer sent (a combined question's in `subList`; fields
   * left empty keep the saved answer), grades the question once with the exam's rules and updates
   * the record's answerCount / rightCount / percent; emits `train.answered` (not in mode 3, where
   * nothing is scored). A question already checked is answered as it is, counted once.
   */
  async check(userId: string, req: TrainCheckReq): Promise<TrainCheckRes> {
    const t = await this.own(this.db, userId, req.trainId);
    if (t.state !== TrainState.ONGOING) throw new AppError(TrainError.ENDED);
    const { row, subs } = await this.topRow(this.db, req.trainId, req.quId);
    const scored = t.mode !== TrainMode.MEMORISE;
    if (row.answered === 1) return { result: await this.resultOf(row, subs, scored), record: await this.record(t) };
    const { qus, options } = await this.ctx.services.qu.load(this.db, [row.quId, ...subs.map((s) => s.quId)]);
    const of = (quId: string) => options.filter((o) => o.quId === quId);
    const sent = (r: { answers: string[]; answer: string; blanks?: string[]; pairs?: Record<string, string> }) => r.answers.length > 0 || r.answer !== '' || r.blanks !== undefined || r.pairs !== undefined;
    const changed = new Map<string, string>();
    if (row.quType === QuType.MIX) {
      for (const s of req.subList ?? []) {
        const sub = subs.find((x) => x.quId === s.quId);
        if (!sub) throw badParams('小题不属于该组合题！');
        if (sent(s)) changed.set(sub.id, storedAnswer(sub, of(sub.quId), s));
      }
    } else if (sent(req)) changed.set(row.id, storedAnswer(row, of(row.quId), req));
    const apply = (r: TrainQu): TrainQu => ({ ...r, answer: changed.get(r.id) ?? r.answer, answered: 1 });
    const newRow = apply(row);
    const newSubs = subs.map(apply);
    const grade = scored ? gradeTop(newRow, newSubs, qus, options) : NONE;
    const at = now();
    const updated = await this.db.transaction().execute(async (trx) => {
      for (const [id, answer] of changed) await repo.setAnswer(trx, id, answer, at);
      if (!(await repo.markChecked(trx, row.id, grade.isRight, at))) return null;
      for (const s of newSubs) await repo.markChecked(trx, s.id, scored && gradeOne(s, qus.get(s.quId), of(s.quId)).isRight, at);
      const c = await repo.countsOf(trx, t.id);
      const counts = { answerCount: c.answered, rightCount: scored ? c.right : 0, percent: scored ? pct(c.right, c.answered) : 0, updateTime: at };
      await repo.updateCounts(trx, t.id, counts);
      if (scored) await this.ctx.events.emit(trx, 'train.answered', { userId, repoId: t.repoId, trainId: t.id, quId: row.quId, quType: row.quType, isRight: grade.isRight, mode: t.mode });
      return { ...t, ...counts };
    });
    if (!updated) {
      // A concurrent check of the same question won: answer its outcome.
      const { row: r, subs: s } = await this.topRow(this.db, req.trainId, req.quId);
      return { result: await this.resultOf(r, s, scored), record: await this.detail(userId, t.id) };
    }
    const result = { ...resultView(newRow, qus, options, grade), subList: newSubs.map((s) => resultView(s, qus, options, scored ? gradeOne(s, qus.get(s.quId), of(s.quId)) : NONE)) };
    return { result, record: await this.record(updated) };
  }

  /** POST /api/repo/train/finish: ends the caller's record (again: no change); answers it. */
  async finish(userId: string, id: string): Promise<TrainRecord> {
    await this.own(this.db, userId, id);
    await repo.endTrain(this.db, id, now());
    return this.detail(userId, id);
  }

  /** POST /api/repo/train/paging: the caller's records, newest first (params.repoId, params.mode). */
  async paging(userId: string, req: { current: number; size: number; params?: { repoId?: string; mode?: number } }): Promise<Page<TrainRecord>> {
    const page = await repo.pageOf(this.db, userId, req.params ?? {}, req);
    const titles = await this.ctx.services.repo.titleMap(page.records.map((r) => r.repoId));
    return mapPage(page, (r) => this.toRecord(r, titles));
  }

  /** POST /api/repo/train/overview: a bank open for training with its chapters and the caller's last record of each mode. */
  async overview(userId: string, repoId: string): Promise<TrainOverview> {
    await this.trainBank(repoId);
    const [bank, chapters, last, titles] = await Promise.all([
      this.ctx.services.repo.detail(repoId),
      this.ctx.services.repo.chapterList(repoId),
      repo.lastPerMode(this.db, userId, repoId),
      this.ctx.services.repo.titleMap([repoId]),
    ]);
    return {
      repoId, title: bank.title, remark: bank.remark, quCount: bank.quCount, typeCountList: bank.typeCountList,
      chapterList: chapters.map((c) => ({ id: c.id, title: c.title, quCount: c.quCount })),
      modeList: Object.keys(TRAIN_MODE_LABEL).map(Number).map((mode) => {
        const r = last.get(mode);
        return { mode, mode_dictText: TRAIN_MODE_LABEL[mode] ?? '', open: DRAWERS[mode] !== undefined, last: r ? this.toRecord(r, titles) : null };
      }),
    };
  }

  /**
   * Admin: training statistics of a bank (scored records only): learners, records, answers,
   * accuracy, and per live top-level question; only the records of learners in the caller's data
   * scope (a role limited to its department: the department at the record's creation).
   */
  async stat(user: AuthUser, repoId: string): Promise<TrainStat> {
    const bank = await this.ctx.services.repo.require(this.db, repoId);
    const scope = await this.ctx.services.sysRole.dataScopeOf(user);
    const [totals, perQu, pool] = await Promise.all([repo.statTotals(this.db, repoId, scope), repo.statPerQu(this.db, repoId, scope), this.ctx.services.qu.drawPool(this.db, [repoId])]);
    const { qus } = await this.ctx.services.qu.load(this.db, pool.map((q) => q.id));
    const by = new Map(perQu.map((r) => [r.quId, { answers: Number(r.answers), rights: Number(r.rights ?? 0) }]));
    return {
      repoId, title: bank.title, learnerCount: totals.learners, trainCount: totals.trains, answerCount: totals.answers, rightCount: totals.rights, percent: pct(totals.rights, totals.answers),
      quList: pool.map((q) => {
        const s = by.get(q.id) ?? { answers: 0, rights: 0 };
        return { quId: q.id, quType: q.quType, quType_dictText: QU_TYPE_LABEL[q.quType] ?? '', content: qus.get(q.id)?.content ?? '', answerCount: s.answers, rightCount: s.rights, percent: pct(s.rights, s.answers) };
      }),
    };
  }

  /** Admin: the statistics as xlsx (train.sheet.ts). */
  async statExport(user: AuthUser, repoId: string): Promise<Buffer> {
    return statWorkbook(await this.stat(user, repoId));
  }
}
