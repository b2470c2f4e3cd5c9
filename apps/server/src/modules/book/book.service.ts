/**
 * The wrong book (错题本; issue 9, SPEC §2 /web/book/list/{examId}, §7 /api/user/wrong-book/*).
 *
 * Fed by `record(feed)`: after a paper is marked (`paper.marked`, only for exams that publish their
 * answers, result display 3) and later by training (source 2). Each feed carries a reference (the
 * paper id); the log's unique (source, refId, quId) makes a redelivered event count once. A wrong
 * answer adds the question (or counts it again: wrongCount + 1, rightStreak 0); a right answer to a
 * question already in the book adds to its rightStreak.
 *
 * Practice: `/next` shows a question without answers; `/check` judges one answer and only then
 * shows isRight, the right answers and analysis. Both are closed while the learner has a paper in
 * progress (20070001), so no exam page can use them.
 */
import { QU_TYPE_LABEL, type Page } from '@kaopei/contracts';
import { BOOK_CLEAR_STREAK, BookError, BookSource, type BookCheck, type BookCheckReq, type BookNext, type bookPagingReq, type BookRecord } from '@kaopei/contracts/book';
import type { z } from 'zod';
import type { DomainEvents } from '../../platform/events';
import type { ModuleContext } from '../../platform/module';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTimeStrict, now } from '../../lib/time';
import type { Executor } from '../../db';
import { TrainMode } from '@kaopei/contracts/train';
import { PRACTICE_TYPES } from '../paper/paper.review';
import * as repo from './book.repository';

/**
 * Answers that feed the book: whose (`userId`), under which list (`examId`: the exam; a training
 * feed passes its bank id), from where (`source`, contracts BookSource) and which paper or record
 * (`refId`). A feed may carry all questions of a paper at once or one question per call (training).
 */
export interface BookFeed {
  userId: string;
  examId: string;
  source: number;
  refId: string;
  items: { quId: string; quType: number; isRight: boolean }[];
  /**
   * Training's wrong-question mode (5): each answer counts on the question wherever it is in the
   * book (every list), and BOOK_CLEAR_STREAK right answers in a row take it out (issue 10).
   */
  wrongMode?: boolean;
}

/** Practice checks are logged with this source and a new refId each. */
const PRACTICE = 0;

export class BookService {
  constructor(private readonly ctx: ModuleContext<'paper' | 'qu'>) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * Records the answers of one feed, once per (source, refId, quId): answers already recorded with
   * the same reference (a redelivered event, a retried job) are skipped; answers false when nothing
   * was new. Wrong answers add or count the question; right ones add to the streak of a question
   * already in the book. Races of two feeds on the same row are retried (the log's and the book's
   * unique keys).
   */
  async record(feed: BookFeed): Promise<boolean> {
    if (!feed.items.length) return false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const logged = await repo.loggedQuIds(trx, feed.source, feed.refId);
          const items = [...new Map(feed.items.filter((i) => !logged.has(i.quId)).map((i) => [i.quId, i])).values()];
          if (!items.length) return false;
          const at = now();
          await repo.insertLogs(trx, items.map((i) => ({ id: newId(), userId: feed.userId, examId: feed.examId, quId: i.quId, source: feed.source, refId: feed.refId, isRight: i.isRight ? 1 : 0, createTime: at })));
          if (feed.wrongMode) for (const i of items) await this.countWrongMode(trx, feed, i, at);
          else await this.count(trx, feed, items, at);
          return true;
        });
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= 2) throw e;
      }
    }
  }

  /**
   * Counts answers to distinct questions in the feed's list (in the caller's transaction), in at
   * most four statements whatever their number (a paper's whole feed at once): the entries, the
   * right ones' streaks, the wrong ones' counts, the new wrong entries.
   */
  private async count(trx: Executor, feed: BookFeed, items: BookFeed['items'], at: number) {
    const { userId, examId, source } = feed;
    const entries = new Map((await repo.entriesOf(trx, userId, examId, items.map((i) => i.quId))).map((e) => [e.quId, e.id]));
    const known = items.filter((i) => entries.has(i.quId));
    await repo.addRight(trx, known.filter((i) => i.isRight).map((i) => entries.get(i.quId)!), at);
    await repo.addWrong(trx, known.filter((i) => !i.isRight).map((i) => entries.get(i.quId)!), at);
    const added = items.filter((i) => !i.isRight && !entries.has(i.quId));
    await repo.insertEntries(trx, added.map((i) => ({ id: newId(), userId, examId, quId: i.quId, quType: i.quType, source, wrongCount: 1, rightStreak: 0, createTime: at, updateTime: at })));
  }

  /** Counts one answer of wrong-question mode on every entry of its question; a long enough right streak removes them. */
  private async countWrongMode(trx: Executor, feed: BookFeed, i: BookFeed['items'][number], at: number) {
    const entries = await repo.entriesOfQu(trx, feed.userId, i.quId);
    if (!entries.length) return this.count(trx, feed, [i], at);
    const ids = entries.map((e) => e.id);
    await (i.isRight ? repo.addRight(trx, ids, at) : repo.addWrong(trx, ids, at));
    if (!i.isRight) return;
    const cleared = entries.filter((e) => e.rightStreak + 1 >= BOOK_CLEAR_STREAK).map((e) => e.id);
    if (cleared.length) await repo.deleteEntries(trx, feed.userId, cleared);
  }

  /**
   * Listener of `train.answered` (module train): a checked training answer of a type the book can
   * practise counts in the book under the bank (`examId` = the bank id); in mode 5 by the
   * wrong-question rule (BookFeed.wrongMode). Once per record and question (the log's unique key).
   */
  async onTrainAnswered(e: DomainEvents['train.answered']): Promise<void> {
    if (!PRACTICE_TYPES.includes(e.quType)) return;
    await this.record({
      userId: e.userId, examId: e.repoId, source: BookSource.TRAIN, refId: e.trainId,
      items: [{ quId: e.quId, quType: e.quType, isRight: e.isRight }], wrongMode: e.mode === TrainMode.WRONG,
    });
  }

  /** Listener of `paper.marked`: the paper's answers, if its exam publishes them (PaperReview.bookFeedOf). */
  async onPaperMarked(e: DomainEvents['paper.marked']): Promise<void> {
    const feed = await this.ctx.services.paper.review.bookFeedOf(e.paperId);
    if (feed) await this.record({ userId: feed.userId, examId: feed.examId, source: BookSource.EXAM, refId: feed.paperId, items: feed.items });
  }

  /** For training's wrong-question mode: the distinct questions of the learner's whole book, most wrong first (the caller keeps those of its bank). */
  wrongQuIds(userId: string): Promise<string[]> {
    return repo.wrongQuIds(this.db, userId);
  }

  /** POST paging: the caller's own book (params.examId), with each question's type label and text. */
  async paging(userId: string, req: z.output<typeof bookPagingReq>): Promise<Page<BookRecord>> {
    const page = await repo.pageEntries(this.db, req, userId, req.params ?? {});
    const { qus } = await this.ctx.services.qu.load(this.db, [...new Set(page.records.map((r) => r.quId))]);
    return mapPage(page, (r) => ({
      id: r.id, examId: r.examId, quId: r.quId, quType: r.quType, quType_dictText: QU_TYPE_LABEL[r.quType] ?? '',
      content: qus.get(r.quId)?.content ?? '（试题已被删除）', wrongCount: r.wrongCount, rightStreak: r.rightStreak,
      createTime: formatTimeStrict(r.createTime), updateTime: formatTimeStrict(r.updateTime),
    }));
  }

  /** POST delete `{ids}`: removes entries of the caller's book; 10010003 (nothing removed) when any id is not the caller's. */
  async delete(userId: string, ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if ((await repo.ownIds(this.db, userId, unique)).length !== unique.length) throw notFound('错题不存在！');
    await repo.deleteEntries(this.db, userId, unique);
  }

  /**
   * POST next `{examId, quId?}`: the question after `quId` in the caller's book of the exam (the
   * first without it; after the last, the first again), without answers; deleted questions are
   * skipped; null when there is none. 20070001 while a paper is in progress.
   */
  async next(userId: string, examId: string, quId?: string): Promise<BookNext> {
    await this.assertNotInExam(userId);
    const rows = await repo.entriesOfExam(this.db, userId, examId);
    const from = quId ? rows.findIndex((r) => r.quId === quId) + 1 : 0;
    for (let k = 0; k < rows.length; k++) {
      const idx = (from + k) % rows.length;
      const row = rows[idx]!;
      const qu = await this.ctx.services.paper.review.practiceView(row.quId);
      if (qu) return { qu, wrongCount: row.wrongCount, rightStreak: row.rightStreak, index: idx + 1, total: rows.length };
    }
    return null;
  }

  /**
   * POST check: judges one practice answer to a question of the caller's book of `examId`
   * (20070002 when it is not there; 20070003 for a type practice does not take; 20070001 while a
   * paper is in progress), counts it in the book (right: streak + 1; wrong: wrongCount + 1, streak
   * 0) and answers isRight with the right answers and analysis.
   */
  async check(userId: string, req: BookCheckReq): Promise<BookCheck> {
    await this.assertNotInExam(userId);
    const entry = await repo.findEntry(this.db, userId, req.examId, req.quId);
    if (!entry) throw new AppError(BookError.BOOK_NOT_IN);
    const checked = await this.ctx.services.paper.review.practiceCheck(req.quId, { answers: req.answers, blanks: req.blanks, pairs: req.pairs });
    if (!checked) throw new AppError(BookError.BOOK_TYPE);
    await this.record({ userId, examId: req.examId, source: PRACTICE, refId: newId(), items: [{ quId: req.quId, quType: entry.quType, isRight: checked.isRight }] });
    const after = (await repo.findById(this.db, entry.id)) ?? entry;
    return { isRight: checked.isRight, qu: checked.qu, wrongCount: after.wrongCount, rightStreak: after.rightStreak };
  }

  /** 20070001 while the learner has a paper in progress (the book could show that paper's answers). */
  private async assertNotInExam(userId: string): Promise<void> {
    if (await this.ctx.services.paper.checkProcess(userId)) throw new AppError(BookError.BOOK_IN_EXAM);
  }
}
