/**
 * Sitting an exam (SPEC §4 "Exam flow", paper state; §7 /api/paper/paper/*).
 *
 * Integrity rules, all by the server clock:
 * - a paper's deadline `limitTime` = createTime + totalTime minutes, capped at the exam's endTime;
 * - before hand-in nothing sent to the learner carries a right answer, analysis or score;
 * - answers change only while the paper is open: state 0 and before the deadline plus
 *   DEADLINE_GRACE_MS (5 s, contracts/paper.ts); the server hands a paper in once that grace is
 *   over (sweeper, or lazily on access), with the deadline as its hand-in time at the latest;
 * - leaves of the exam page are counted by the server (leave-incr); past the exam's leaveCount the
 *   paper is handed in by that very call;
 * - hand-in (by the learner, lazily on access after the deadline, or by the sweeper) closes and
 *   scores a paper exactly once, in one transaction whose UPDATE checks `state = 0`.
 */
import { abcOf, PaperState, QU_TYPE_LABEL, QuType, type Page } from '@kaopei/contracts';
import { ExamError, type ExamPreview, type ExamShortfall } from '@kaopei/contracts/exam';
import { PointsRefType } from '@kaopei/contracts/points';
import { DEADLINE_GRACE_MS, PaperError, ResultShow, type LeaveRes, type ProcessPaper, type FillAnswerReq, type PaperDetail, type PaperQuDetail, type PaperSubQu } from '@kaopei/contracts/paper';
import { MarkMode } from '@kaopei/contracts/paper-mark';
import { PaperCaptureError } from '@kaopei/contracts/paper-capture';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import { GroupCommit } from '../../lib/group-commit';
import { MergedWrites } from '../../lib/merged-writes';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { SingleFlight } from '../../lib/single-flight';
import { now } from '../../lib/time';
import type { ElPaperQuTable, ElPaperTable } from './paper.tables';
import { gradePaper, type PaperSnapshot, isChoiceType, leftItemsOf, parseBlanks, parsePairs, rightItemsOf } from './paper.answer';
import { PaperBuilder, type PaperPart } from './paper.build';
import { checkFill } from './paper.fill';
import { gradingRows, PaperQuCache } from './paper.cache';
import { PaperMarking } from './paper.mark';
import { groupHead, PaperReview } from './paper.review';
import * as repo from './paper.repository';
import { PaperStats } from './paper.dash';
import { recordOffline, type OfflineScore } from './paper.offline';

type Paper = ElPaperTable;

/** Two leave reports of one paper less than this apart (ms) count as one (a report sent twice). */
export const LEAVE_DEDUP_MS = 1_000;

/** The settings of an exam that scoring, the result and marking read (el_exam). */
export interface ExamSettings {
  resultShow: number;
  thanksText: string;
  partialCredit: boolean;
  markMode: number;
  markDiff: number;
}

export class PaperService {
  /** Marking of subjective answers (admin): paper.mark.ts. */
  readonly marking: PaperMarking;
  /** Statistics reads (paper.dash.ts). */
  readonly stats: PaperStats;
  /** Shortfall check, preview and drawing of papers: paper.build.ts. */
  readonly building: PaperBuilder;
  /** Results, lists, question detail and the wrong book's feed and practice: paper.review.ts. */
  readonly review: PaperReview;

  /** Fill-answer and hand-in writes, batched into one transaction per GROUP_COMMIT_MS (lib/group-commit.ts); fill-answer's merged into one piece per batch (lib/merged-writes.ts). */
  readonly writes: GroupCommit;
  private readonly fills: MergedWrites<repo.TimedFill, boolean>;
  /** Hand-ins running in this process, by paper id (handInTo). */
  private readonly handing = new SingleFlight<string, number | null>();
  /** Each open paper's questions, for fill-answer's checks (paper.cache.ts). */
  private readonly paperQus = new PaperQuCache();

  constructor(private readonly ctx: ModuleContext<'exam' | 'qu' | 'repo' | 'points' | 'examApply' | 'sysUser' | 'sysRole' | 'paperCapture'>) {
    this.marking = new PaperMarking(ctx, this);
    this.stats = new PaperStats(ctx.db);
    this.building = new PaperBuilder(ctx);
    this.review = new PaperReview(ctx, this);
    this.writes = new GroupCommit(ctx.db, { delayMs: ctx.config.groupCommitMs, maxBatch: ctx.config.groupCommitMax, multiStatement: ctx.config.dialect === 'postgres' });
    this.fills = new MergedWrites(this.writes, (trx, fills) => repo.fillOpenAll(trx, ctx.config.dialect, fills, DEADLINE_GRACE_MS));
  }

  private get db() {
    return this.ctx.db;
  }

  private get exams() {
    return this.ctx.services.exam;
  }

  private get qus() {
    return this.ctx.services.qu;
  }

  /**
   * Draws a new paper for `userId` (SPEC §7 create-paper `{examId, password}`). Checks, in order:
   * the exam exists and is open to the learner (10010003 as if it did not exist otherwise), its
   * window (20010004); a paper in progress (20010002, data `{id}`); offline (20040004), the latest
   * start (20040002), the password of open type 9 (20040001); attempts (20010003); then draws by
   * the exam's paper method (20010008 when the banks no longer hold enough) and, in the paper's
   * transaction, spends `pointsCost` once per exam and learner (30030001 '积分不足！'; retakes are
   * free: the ledger key is (exam_buy, examId)). `deptCode`: the learner's department (looked up
   * when omitted).
   */
  async createPaper(userId: string, examId: string, opts: { password?: string; deptCode?: string; faceToken?: string } = {}): Promise<{ id: string }> {
    const at = now();
    const exam = await this.exams.requireSittable(this.db, examId, { userId, deptCode: opts.deptCode }, at);
    // An exam with needApply: only an approved application lets a learner in (module exam-apply; 2006000x otherwise).
    await this.ctx.services.examApply.assertApproved(userId, exam);
    const open = await repo.findInProgress(this.db, userId, examId);
    if (open) {
      if (open.limitTime > at) throw new AppError(PaperError.EXAM_IN_PROGRESS, undefined, { id: open.id });
      await this.handIn(open.id);
    }
    this.exams.checkStart(exam, opts.password ?? '', at);
    if (exam.chance > 0 && (await repo.countAttempts(this.db, userId, examId)) >= exam.chance) throw new AppError(PaperError.EXAM_NO_CHANCE);
    // An exam with faceOn: a passed face check of this learner and exam (module paperCapture; 20120003 otherwise).
    if (exam.faceOn === 1) await this.ctx.services.paperCapture.assertFaceToken(userId, examId, opts.faceToken ?? '');

    const paperId = newId();
    const deptCode = opts.deptCode ?? (await this.ctx.services.sysUser.accountOf(userId))?.deptCode ?? '';
    const part = await this.exams.paperPart(this.db, examId);
    const drawn = await this.building.drawPart(part, { shuffleQu: exam.shuffleQu === 1, shuffleOption: exam.shuffleOption === 1 });
    if (!drawn) throw new AppError(ExamError.RULE_SHORT, '题库试题数量不足，请联系管理员！');
    const { groups, paperQus, choices } = this.building.toRows(paperId, drawn);
    const limitTime = Math.min(at + exam.totalTime * 60_000, exam.endTime ?? Number.MAX_SAFE_INTEGER);
    const paper: Paper = {
      id: paperId, userId, examId, title: exam.title, totalTime: exam.totalTime, totalScore: exam.totalScore, qualifyScore: exam.qualifyScore,
      userScore: 0, state: PaperState.IN_EXAM, passed: 0, createTime: at, limitTime, handTime: null, offline: 0, deptCode, updateTime: at, leaveTimes: 0, leaveTime: 0,
    };
    try {
      // Group commit: papers created together share one COMMIT (one fsync); answered after it.
      await this.writes.run(async (trx) => {
        if (exam.pointsCost > 0) {
          await this.ctx.services.points.spend(trx, { userId, points: exam.pointsCost, refType: PointsRefType.EXAM_BUY, refId: examId, refRemark: exam.title });
        }
        await repo.insertPaper(trx, paper, groups, paperQus, choices);
      });
      this.paperQus.prime(paper, paperQus, choices);
    } catch (e) {
      // A concurrent create (double click) won the unique "one paper in progress" index.
      if (isUniqueViolation(e)) {
        const winner = await repo.findInProgress(this.db, userId, examId);
        throw new AppError(PaperError.EXAM_IN_PROGRESS, undefined, winner ? { id: winner.id } : null);
      }
      throw e;
    }
    if (exam.faceOn === 1) await this.ctx.services.paperCapture.useFaceToken(opts.faceToken ?? '', paperId);
    return { id: paperId };
  }

  /** What the paper part of an exam lacks (PaperBuilder.checkPart); module exam's shortfall check. */
  checkPart(db: Executor, part: PaperPart): Promise<ExamShortfall[]> {
    return this.building.checkPart(db, part);
  }

  /** A sample paper with its answers for the admin preview (PaperBuilder.samplePaper). */
  samplePaper(exam: Parameters<PaperBuilder['samplePaper']>[0]): Promise<ExamPreview> {
    return this.building.samplePaper(exam);
  }

  /** The answer card and the exam's integrity settings (`guard`); hands the paper in first when its time is up. */
  async paperDetail(userId: string, id: string): Promise<PaperDetail> {
    const paper = await this.settle(await this.own(userId, id));
    const [groups, qus, exam] = await Promise.all([repo.groupsOf(this.db, id), repo.qusOf(this.db, id), this.exams.require(this.db, paper.examId).catch(() => null)]);
    return {
      id: paper.id,
      examId: paper.examId,
      title: paper.title,
      leftSeconds: paper.state === PaperState.IN_EXAM ? Math.max(0, Math.floor((paper.limitTime - now()) / 1000)) : 0,
      totalScore: paper.totalScore,
      state: paper.state,
      groupList: groups.map((g) => ({
        ...groupHead(g),
        // Top-level questions only: a combined question's sub-questions are shown inside it (qu-detail subList).
        quList: qus.filter((q) => q.groupId === g.id && q.parentId === '').map((q) => ({ quId: q.quId, sort: q.sort, quType: q.quType, answered: this.answeredCard(q, qus), mark: q.mark === 1 })),
      })),
      guard: {
        leaveOn: exam?.leaveOn === 1, leaveCheck: exam?.leaveCheck ?? 0, leaveCount: exam?.leaveCount ?? 0, leaveTimes: paper.leaveTimes, pasteOff: exam?.pasteOff === 1,
        fullscreenOn: exam?.fullscreenOn === 1,
        camOn: exam?.camOn === 1, camInterval: exam?.camInterval ?? 0, faceChance: exam?.faceChance ?? 0,
      },
    };
  }

  /** Answered on the answer card: a combined question when any of its sub-questions is. */
  private answeredCard(q: ElPaperQuTable, all: ElPaperQuTable[]): boolean {
    return q.quType === QuType.MIX ? all.some((x) => x.parentId === q.id && x.answered === 1) : q.answered === 1;
  }

  /**
   * One question of the paper as the learner sees it (contracts `paperQuDetail`: never a right flag,
   * alternative, pair, reference answer or analysis). A combined question carries its
   * sub-questions in `subList`. 20010001 when deleted during the exam.
   */
  async quDetail(userId: string, paperId: string, quId: string): Promise<PaperQuDetail> {
    const paper = await this.own(userId, paperId);
    const pq = await repo.findPaperQu(this.db, paperId, quId);
    if (!pq) throw notFound('试题不存在！');
    const subs = pq.quType === QuType.MIX ? (await repo.qusOf(this.db, paperId)).filter((x) => x.parentId === pq.id) : [];
    const { qus, options } = await this.qus.load(this.db, [quId, ...subs.map((x) => x.quId)]);
    const qu = qus.get(quId);
    if (!qu || (qu.deleted === 1 && paper.state === PaperState.IN_EXAM)) throw new AppError(PaperError.QU_DELETED);
    const choices = await repo.answersOf(this.db, paperId);
    const view = (row: ElPaperQuTable): PaperSubQu => {
      const q = qus.get(row.quId);
      const opts = options.filter((o) => o.quId === row.quId);
      const byId = new Map(opts.map((o) => [o.id, o]));
      const mine = choices.filter((c) => c.quId === row.quId);
      const base = {
        quId: row.quId, quType: row.quType, quType_dictText: QU_TYPE_LABEL[row.quType] ?? '', content: q?.content ?? '', image: q?.image ?? '',
        score: row.score, answer: row.answer, mark: row.mark === 1, answerList: [] as PaperSubQu['answerList'], blankCount: 0, blanks: [] as string[], rightItems: [] as string[], pairs: {} as Record<string, string>,
      };
      if (isChoiceType(row.quType)) {
        base.answerList = mine.map((c) => ({ id: c.answerId, abc: c.abc, content: byId.get(c.answerId)?.content ?? '', image: byId.get(c.answerId)?.image ?? '', checked: c.checked === 1 }));
      } else if (row.quType === QuType.FILL) {
        base.blankCount = opts.length;
        base.blanks = parseBlanks(row.answer);
      } else if (row.quType === QuType.MATCH) {
        base.answerList = leftItemsOf(opts).map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, checked: false }));
        base.rightItems = rightItemsOf(opts, row.id);
        base.pairs = parsePairs(row.answer);
      }
      return base;
    };
    return { ...view(pq), subList: subs.map(view) };
  }

  /**
   * Replaces the learner's answer to one question (a combined question's sub-question by its own
   * quId). Per type (contracts `fillAnswerReq`): choices (1–3), text (4), blanks (5), pairs (6); a
   * field that does not fit the type, an option not of this question, several options for a
   * single/true-false question, more blanks than the question has, a left-hand item or right-hand
   * item not of this question: 10010001, nothing saved. Errors: 20010005 handed in, 20010006 time up (at
   * or after the deadline plus DEADLINE_GRACE_MS, server clock; then handed in). No client time is used.
   */
  async fillAnswer(userId: string, req: FillAnswerReq): Promise<{ quId: string; answered: boolean }> {
    const at = now();
    // Checked against the paper's questions in memory (paper.fill.ts) before anything is written.
    const fill = await checkFill(this.db, this.qus, this.paperQus, userId, req).catch(async (refusal: unknown) => {
      // A closed paper's refusal (20010005/20010006) comes before the answer's own.
      const paper = await this.own(userId, req.paperId);
      if (paper.state === PaperState.IN_EXAM && paper.limitTime > at - DEADLINE_GRACE_MS) throw refusal;
      return this.refuseClosed(paper);
    });
    const open = fill && (await this.fills.run({ ...fill, at }));
    if (open) return { quId: req.quId, answered: fill.answered };
    return this.refuseClosed(await this.own(userId, req.paperId));
  }

  /** fill-answer to a paper that is not open: 20010005 handed in, or 20010006 time up (handing it in). */
  private async refuseClosed(paper: Paper): Promise<never> {
    if (paper.state !== PaperState.IN_EXAM) throw new AppError(PaperError.PAPER_HANDED);
    await this.handIn(paper.id);
    throw new AppError(PaperError.PAPER_TIMEOUT);
  }

  /** POST hand-exam: closes and scores the caller's paper once; repeated calls answer the same. 20040003 before the exam's earliest hand-in. */
  async handExam(userId: string, id: string): Promise<{ id: string; state: number }> {
    // The paper drawn on this process: owner, exam and draw time from the cache, no read before the
    // close. Anything else (not cached, too early by the cache, not open) takes the path below.
    const drawn = this.paperQus.peek(id);
    if (drawn?.userId === userId && (await this.exams.checkHandIn(drawn.examId, drawn.createTime, now()).then(() => true, () => false))) {
      const state = await this.handInTo(id);
      if (state !== null) return { id, state };
    }
    const mine = await this.own(userId, id);
    // The exam's earliest hand-in (20040003) applies to a learner's hand-in of an open paper only.
    if (mine.state === PaperState.IN_EXAM && mine.limitTime > now()) await this.exams.checkHandIn(mine.examId, mine.createTime, now());
    const state = (await this.handInTo(id)) ?? (await repo.findPaper(this.db, id))?.state;
    return { id, state: state ?? PaperState.FINISHED };
  }

  /**
   * Closes and scores a paper if it is still open; a no-op otherwise. The close (state check in
   * WHERE) and the scoring are one transaction: either both happen or neither. Objective questions
   * are scored at once (paper.scoring.ts, the exam's partial credit); a paper with a short answer
   * goes to state 1 (awaiting marking) with the objective part as its score so far and emits
   * nothing; otherwise state 2 and `paper.marked` in this transaction. Returns whether this call
   * did the hand-in. Runs in a group-commit batch (its own savepoint): answered after the commit.
   */
  async handIn(paperId: string): Promise<boolean> {
    return (await this.handInTo(paperId)) !== null;
  }

  /**
   * handIn, answering the state this call left the paper in (1 awaiting marking, 2 finished), or
   * null when the paper was not open (nothing done). Statements on PostgreSQL for a paper drawn on
   * this process: the close (returning the row), its answers (gradingRowsOf), the grades and score
   * (one), the event; elsewhere drawn: its questions and its choices instead of the answers.
   */
  private handInTo(paperId: string): Promise<number | null> {
    // Sent twice at once (a double click, a retry): the second waits for the first, did nothing itself.
    return this.handing.run(paperId, () => this.handInOnce(paperId), () => null);
  }

  private async handInOnce(paperId: string): Promise<number | null> {
    const state = await this.writes.run(async (trx) => {
      const at = now();
      const paper = await repo.closeOpenPaper(trx, paperId, PaperState.FINISHED, at);
      if (!paper) return null;
      const handTime = paper.handTime ?? at;
      const [{ pqs, choices }, settings] = await Promise.all([this.gradingRowsOf(trx, paperId), this.examSettings(trx, paper.examId)]);
      // Only fill-blank and matching questions are graded against the question bank (paper.answer.ts);
      // choices carry isRight in the paper, short answers are marked by people.
      const banked = [...new Set(pqs.filter((q) => q.quType === QuType.FILL || q.quType === QuType.MATCH).map((q) => q.quId))];
      const { qus, options } = banked.length ? await this.qus.load(trx, banked) : { qus: new Map(), options: [] };
      const { grades, subjective, userScore } = gradePaper({ pqs, choices, qus, options, partialCredit: settings.partialCredit });
      const passed = userScore >= paper.qualifyScore;
      const quGrades = [...grades].map(([id, g]) => ({ id, isRight: g.isRight, actualScore: g.actualScore }));
      if (subjective.length > 0) {
        await repo.setGradesAndScore(trx, this.ctx.config.dialect, paperId, quGrades, { userScore, passed, state: PaperState.WAIT_MARK });
        return PaperState.WAIT_MARK;
      }
      await repo.setGradesAndScore(trx, this.ctx.config.dialect, paperId, quGrades, { userScore, passed });
      await this.ctx.events.emit(trx, 'paper.marked', {
        paperId, userId: paper.userId, examId: paper.examId, examTitle: paper.title,
        userScore, totalScore: paper.totalScore, qualifyScore: paper.qualifyScore, passed, handTime,
      });
      return PaperState.FINISHED;
    }, { savepoint: false }); // fails only with the database: the batch then runs again without it
    this.paperQus.forget(paperId); // closed: its answers no longer change
    return state;
  }

  /** The score of an offline exam as the learner's paper, in the caller's transaction: paper.offline.ts recordOffline. */
  recordOffline(trx: Executor, r: OfflineScore): Promise<{ changed: boolean }> {
    return recordOffline(trx, this.ctx.events, r);
  }

  /** A closed paper's rows for grading: the drawn rows from the cache and its answers (one read), or every row read (not cached here). */
  private async gradingRowsOf(trx: Executor, paperId: string): Promise<Pick<PaperSnapshot, 'pqs' | 'choices'>> {
    const drawn = this.paperQus.peek(paperId);
    if (!drawn) return Promise.all([repo.qusOf(trx, paperId), repo.answersOf(trx, paperId)]).then(([pqs, choices]) => ({ pqs, choices }));
    const { answers, checked } = await repo.answerStateOf(trx, this.ctx.config.dialect, paperId);
    return gradingRows(drawn, answers, checked);
  }

  /**
   * The settings of an exam that scoring and the result need. A deleted exam keeps the defaults of
   * the time before issue 8 (full result, no partial credit, one marker).
   */
  async examSettings(db: Executor, examId: string): Promise<ExamSettings> {
    const exam = await this.exams.cached(db, examId).catch(() => null);
    return {
      resultShow: exam?.resultShow || ResultShow.FULL,
      thanksText: exam?.thanksText ?? '',
      partialCredit: exam?.partialCredit === 1,
      markMode: exam?.markMode === MarkMode.DOUBLE_BLIND ? MarkMode.DOUBLE_BLIND : MarkMode.SINGLE,
      markDiff: Math.max(0, exam?.markDiff ?? 0),
    };
  }

  /** Hands in every open paper whose deadline plus DEADLINE_GRACE_MS has passed (the sweeper; also at start). */
  async handInOverdue(): Promise<number> {
    let done = 0;
    for (;;) {
      const ids = await repo.overduePaperIds(this.db, now() - DEADLINE_GRACE_MS);
      if (ids.length === 0) return done;
      // All at once: the hand-ins share group-commit batches instead of one COMMIT each.
      done += (await Promise.all(ids.map((id) => this.handIn(id)))).filter(Boolean).length;
      if (ids.length < 500) return done;
    }
  }

  /**
   * POST leave-incr (SPEC §7, §3 "Leave reply"; issue 9 "Integrity controls"): the exam page reports
   * that the learner left it (hidden longer than the exam's leaveCheck seconds, or fullscreen left).
   * Counts one leave of the caller's own open paper (10010003 for another's or a missing paper) and
   * answers `{leaveTimes, overLimit, leaveCount}` from the exam's leaveOn / leaveCount: overLimit
   * when leaveOn and leaveTimes > leaveCount, and then this call hands the paper in (handIn, exactly
   * once however many calls race). Leaves are counted whether or not the exam monitors them (the
   * invigilator sees them); only a monitoring exam hands in.
   *
   * Double-sent reports: a report within LEAVE_DEDUP_MS of the last counted leave counts nothing
   * (one leave cannot be shorter than that: the page reports a leave after ≥ 1 s away or a 3 s
   * fullscreen check), yet still runs the limit check on the stored count, so no report, duplicate
   * or parallel, can skip the hand-in. A paper already handed in, or whose time is up (it is handed
   * in now), counts nothing and answers its stored count.
   */
  async leaveIncr(userId: string, id: string, kind: 'leave' | 'fullscreen' = 'leave'): Promise<LeaveRes> {
    const at = now();
    // A counted leave and its `paper.left` event (the evidence timeline, issue 12) commit together.
    await this.writes.run(async (trx) => {
      if (!(await repo.countLeave(trx, id, userId, at, DEADLINE_GRACE_MS, LEAVE_DEDUP_MS))) return;
      const p = await repo.findPaper(trx, id);
      if (p) await this.ctx.events.emit(trx, 'paper.left', { eventId: newId(), paperId: id, userId, examId: p.examId, kind, leaveTimes: p.leaveTimes, at });
    });
    const paper = await this.settle(await this.own(userId, id));
    const exam = await this.exams.require(this.db, paper.examId).catch(() => null);
    const monitored = exam?.leaveOn === 1;
    const leaveCount = monitored ? (exam?.leaveCount ?? 0) : 0;
    const overLimit = monitored && paper.leaveTimes > leaveCount;
    if (overLimit && paper.state === PaperState.IN_EXAM) await this.handIn(paper.id);
    return { leaveTimes: paper.leaveTimes, overLimit, leaveCount };
  }

  /** POST check-process: the caller's newest paper in progress (time not up), else null. */
  async checkProcess(userId: string): Promise<ProcessPaper> {
    const at = now();
    const p = await repo.latestInProgress(this.db, userId, at);
    return p ? { id: p.id, examId: p.examId, title: p.title, leftSeconds: Math.max(0, Math.floor((p.limitTime - at) / 1000)) } : null;
  }

  /** For the exam module: attempts used and the paper in progress, per exam, of one learner. */
  async attemptsOf(userId: string, examIds: string[]) {
    const rows = await repo.papersOfUser(this.db, userId, examIds);
    const map = new Map<string, { tryCount: number; processPaperId: string | null }>();
    for (const r of rows) {
      const cur = map.get(r.examId) ?? { tryCount: 0, processPaperId: null };
      cur.tryCount++;
      if (r.state === PaperState.IN_EXAM) cur.processPaperId = r.id;
      map.set(r.examId, cur);
    }
    return map;
  }

  /**
   * A learner's results per exam among `examIds` (class exams, issue 13): best score and passed
   * over his marked papers (state 2; a paper awaiting marking counts once marked). Exams without a
   * marked paper are absent.
   */
  async resultsOf(userId: string, examIds: readonly string[]): Promise<Map<string, { bestScore: number; passed: boolean }>> {
    const rows = await repo.resultsOfUser(this.db, userId, [...new Set(examIds)]);
    return new Map(rows.map((r) => [r.examId, { bestScore: Number(r.bestScore), passed: Number(r.passed) === 1 }]));
  }

  /**
   * Statistics (issue 14, module examStat): exam `examId`'s scored papers (state 2) in the department
   * subtree `scope` (null every one), their questions (combined stems left out; `answerTime` epoch ms,
   * 0 never answered) and chosen options (only `withAnswers`, else empty), and how many papers still await marking.
   */
  async examStatRows(examId: string, scope: string | null, withAnswers: boolean) {
    const [rows, awaitingMark] = await Promise.all([repo.examStatRows(this.db, examId, scope, withAnswers), repo.countAwaitingMark(this.db, examId, scope)]);
    return { ...rows, awaitingMark };
  }

  /**
   * Invigilation (issue 9 "Live invigilation", module examWatch): a page of exam `examId`'s papers
   * (raw rows; the caller formats them) filtered by state and learners, and the counts per state
   * over the whole exam. Overdue open papers are not settled here (the sweeper does that).
   */
  async examPapers(examId: string, page: { current: number; size: number }, f: { state?: number; userIds?: string[] }): Promise<{ page: Page<Paper>; byState: Map<number, number> }> {
    const [rows, counts] = await Promise.all([repo.pageExamPapers(this.db, page, examId, f), repo.countExamPapersByState(this.db, examId)]);
    return { page: rows, byState: new Map(counts.map((c) => [c.state, c.n])) };
  }

  /**
   * An invigilator's forced hand-in of paper `paperId` (any learner's): closes and scores it like
   * the learner's own hand-in but ignores the earliest hand-in time. 10010003 when there is no such
   * paper. Idempotent: `done` is whether this call closed it; `state` the paper's state after.
   */
  async forceHandIn(paperId: string): Promise<{ done: boolean; state: number; userId: string; examId: string }> {
    const paper = await repo.findPaper(this.db, paperId);
    if (!paper) throw notFound('试卷不存在！');
    const done = await this.handIn(paperId);
    const after = (await repo.findPaper(this.db, paperId)) ?? paper;
    return { done, state: after.state, userId: after.userId, examId: after.examId };
  }

  /**
   * Reopens a handed-in online paper for `leftMs` more milliseconds from now (issue 12: an appeal of a
   * forced hand-in is granted): state 0, deadline now + leftMs, score cleared; the answers stay. The
   * next hand-in scores it again and emits `paper.marked` again (its listeners are idempotent: points
   * and a certificate already granted stay). Errors: 10010003 no such paper; 20120009 a marker began
   * marking it; 20120008 the learner has another paper of the exam in progress (the unique index);
   * false when it is not handed in (nothing changed).
   */
  async reopen(paperId: string, leftMs: number): Promise<boolean> {
    const paper = await repo.findPaper(this.db, paperId);
    if (!paper) throw notFound('试卷不存在！');
    if ((await repo.countMarks(this.db, paperId)) > 0) throw new AppError(PaperCaptureError.REOPEN_MARKED);
    const at = now();
    try {
      return await this.writes.run((trx) => repo.reopenPaper(trx, paperId, at + Math.max(0, leftMs), at));
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(PaperCaptureError.REOPEN_BUSY);
      throw e;
    }
  }

  /** Any paper by id (admin views of other modules, e.g. the evidence timeline), else 10010003. */
  async paperOf(id: string): Promise<Paper> {
    const paper = await repo.findPaper(this.db, id);
    if (!paper) throw notFound('试卷不存在！');
    return paper;
  }

  /** The caller's own paper, else 10010003 (other users' paper ids look like missing ones). */
  async own(userId: string, id: string): Promise<Paper> {
    const paper = await repo.findPaper(this.db, id);
    if (!paper || paper.userId !== userId) throw notFound('试卷不存在！');
    return paper;
  }

  /** Hands in an open paper whose time (deadline plus DEADLINE_GRACE_MS) is up, and returns the paper as it is now. */
  async settle(paper: Paper): Promise<Paper> {
    if (paper.state !== PaperState.IN_EXAM || paper.limitTime + DEADLINE_GRACE_MS > now()) return paper;
    await this.handIn(paper.id);
    return (await repo.findPaper(this.db, paper.id)) ?? paper;
  }
}
