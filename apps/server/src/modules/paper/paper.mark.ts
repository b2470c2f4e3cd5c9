/**
 * Marking of subjective answers (issue 8 "Marking"; admin calls /api/paper/mark/*, permission
 * paper:mark). A paper with a short answer (type 4, also as a combined question's sub-question)
 * waits in state 1 after hand-in with its objective part scored; marking gives every short answer
 * a score in 0..its score and a comment, then sets state 2, recomputes userScore (combined
 * questions are the sum of their sub-questions) and passed, and emits `paper.marked` in that
 * transaction.
 *
 * Modes (el_exam.markMode):
 * - 1 one marker: the first save finishes the paper. A second save (two markers opened it) is
 *   refused with 20050001: the UPDATE of the paper checks `state = 1`, and one step per answer is
 *   recorded (unique index), so nothing is written twice.
 * - 2 double-blind: step 1 and step 2 are saved by two different markers, neither seeing the
 *   other's score nor the learner's name ('匿名'). When every answer's two scores differ by at most
 *   markDiff, the final score is their mean rounded half up (Math.round) and recorded as decided by
 *   both ('first,second'); otherwise the paper waits for an arbiter (step 3, anybody but the two
 *   markers), who scores the disputed answers only: his score is final for them, the mean for the
 *   others.
 * Every step's scores and the final decision (step 0, `markerId` = who decided) are rows of
 * el_paper_mark. Data scope: lists and calls honour `sysRole.dataScopeOf(caller)` on the paper's
 * department (a paper outside the scope answers 10010003 as if missing).
 */
import { PaperState, QuType, type Page } from '@kaopei/contracts';
import { MARK_STEP_LABEL, MarkError, MarkMode, MarkStep, type MarkDetail, type MarkItem, type markPagingReq, type MarkRecord, type MarkSaveReq } from '@kaopei/contracts/paper-mark';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { deptInScope } from '../../lib/dept-scope';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTime, now } from '../../lib/time';
import type { Executor } from '../../db';
import type { ElPaperMarkTable, ElPaperQuTable, ElPaperTable } from './paper.tables';
import { keywordScore, parseKeywords } from './paper.scoring';
import type { ExamSettings, PaperService } from './paper.service';
import * as repo from './paper.repository';

const ANONYMOUS = '匿名';

/** Where a paper's marking stands for one caller. */
interface MarkState {
  step: number;
  /** el_paper_qu ids to score at this step. */
  itemIds: string[];
  /** Step 1 and 2 rows by answer (double-blind). */
  first: Map<string, ElPaperMarkTable>;
  second: Map<string, ElPaperMarkTable>;
  mine: Map<string, ElPaperMarkTable>;
}

/**
 * The caller's step on a paper (contracts MarkStep) and the answers it covers.
 * `subjective`: the paper's short-answer rows; `marks`: its el_paper_mark rows.
 */
export function markStateOf(settings: Pick<ExamSettings, 'markMode' | 'markDiff'>, subjective: string[], marks: ElPaperMarkTable[], callerId: string): MarkState {
  const byStep = (step: number) => new Map(marks.filter((m) => m.step === step).map((m) => [m.paperQuId, m]));
  const first = byStep(1);
  const second = byStep(2);
  const mine = new Map(marks.filter((m) => m.step > 0 && m.markerId === callerId).map((m) => [m.paperQuId, m]));
  const base = { first, second, mine };
  if (settings.markMode !== MarkMode.DOUBLE_BLIND) return { ...base, step: first.size ? MarkStep.NONE : MarkStep.FIRST, itemIds: first.size ? [] : subjective };
  const markers = new Set([...first.values(), ...second.values()].map((m) => m.markerId));
  if (first.size === 0) return { ...base, step: MarkStep.FIRST, itemIds: subjective };
  if (second.size === 0) return markers.has(callerId) ? { ...base, step: MarkStep.NONE, itemIds: [] } : { ...base, step: MarkStep.SECOND, itemIds: subjective };
  if (markers.has(callerId)) return { ...base, step: MarkStep.NONE, itemIds: [] };
  const disputed = subjective.filter((id) => Math.abs((first.get(id)?.score ?? 0) - (second.get(id)?.score ?? 0)) > settings.markDiff);
  return { ...base, step: MarkStep.ARBITER, itemIds: disputed };
}

export class PaperMarking {
  constructor(
    private readonly ctx: ModuleContext<'exam' | 'qu' | 'sysUser' | 'sysRole'>,
    private readonly papers: PaperService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  private scopeOf(user: AuthUser) {
    return this.ctx.services.sysRole.dataScopeOf(user);
  }

  /** Papers awaiting marking (state 1), optionally of one exam, in the caller's data scope, with the caller's next step. */
  async paging(user: AuthUser, req: z.output<typeof markPagingReq>): Promise<Page<MarkRecord>> {
    const page = await repo.pageWaitingPapers(this.db, req, req.params ?? {}, await this.scopeOf(user));
    const ids = page.records.map((p) => p.id);
    const [marks, pqs] = await Promise.all([repo.marksOf(this.db, ids), repo.subjectiveQusOf(this.db, ids)]);
    const settings = new Map<string, ExamSettings>();
    for (const examId of new Set(page.records.map((p) => p.examId))) settings.set(examId, await this.papers.examSettings(this.db, examId));
    const names = await this.ctx.services.sysUser.realNames([...new Set(page.records.map((p) => p.userId))]);
    return mapPage(page, (p) => {
        const s = settings.get(p.examId)!;
        const st = markStateOf(s, pqs.filter((q) => q.paperId === p.id).map((q) => q.id), marks.filter((m) => m.paperId === p.id), user.userId);
        return {
          id: p.id, examId: p.examId, title: p.title, userName: s.markMode === MarkMode.DOUBLE_BLIND ? ANONYMOUS : (names.get(p.userId) ?? ''),
          handTime: formatTime(p.handTime), totalScore: p.totalScore, objScore: p.userScore, markMode: s.markMode,
          markStep: st.step, markStep_dictText: MARK_STEP_LABEL[st.step] ?? '',
        };
    });
  }

  /**
   * One paper for the marking page: every short answer with the question (and its combined stem),
   * the reference answer, analysis, keyword suggestion and the learner's answer. The caller sees
   * his own earlier scores only; the arbiter also sees the two blind scores of the disputed answers.
   */
  async detail(user: AuthUser, id: string): Promise<MarkDetail> {
    const paper = await this.inScope(user, id);
    const settings = await this.papers.examSettings(this.db, paper.examId);
    const [pqs, marks] = await Promise.all([repo.qusOf(this.db, id), repo.marksOf(this.db, [id])]);
    const subjective = pqs.filter((q) => q.quType === QuType.SAQ);
    const st = markStateOf(settings, subjective.map((q) => q.id), marks, user.userId);
    const { qus } = await this.ctx.services.qu.load(this.db, [...new Set(pqs.map((q) => q.quId))]);
    const byId = new Map(pqs.map((q) => [q.id, q]));
    const shown = st.step === MarkStep.ARBITER ? subjective.filter((q) => st.itemIds.includes(q.id)) : subjective;
    const itemList: MarkItem[] = shown.map((q) => {
      const qu = qus.get(q.quId);
      const kw = keywordScore(q.answer, parseKeywords(qu?.keywords ?? ''), q.score);
      const hasKeywords = parseKeywords(qu?.keywords ?? '').length > 0;
      const stem = q.parentId ? qus.get(byId.get(q.parentId)?.quId ?? '')?.content ?? '' : '';
      const mine = st.mine.get(q.id);
      return {
        paperQuId: q.id, quId: q.quId, stem, content: qu?.content ?? '（试题已被删除）', image: qu?.image ?? '', refAnswer: qu?.answer ?? '', analysis: qu?.analysis ?? '',
        score: q.score, answer: q.answer, keywordHits: kw.hits, suggested: hasKeywords ? kw.suggested : null,
        myScore: mine?.score ?? null, myComment: mine?.comment ?? '',
        otherMarks: st.step === MarkStep.ARBITER ? [st.first.get(q.id), st.second.get(q.id)].flatMap((m) => (m ? [{ step: m.step, score: m.score, comment: m.comment }] : [])) : [],
      };
    });
    const names = settings.markMode === MarkMode.DOUBLE_BLIND ? null : await this.ctx.services.sysUser.realNames([paper.userId]);
    return {
      id: paper.id, examId: paper.examId, title: paper.title, userName: names ? (names.get(paper.userId) ?? '') : ANONYMOUS,
      state: paper.state, markMode: settings.markMode, markStep: paper.state === PaperState.WAIT_MARK ? st.step : MarkStep.NONE,
      objScore: objectiveScore(pqs), totalScore: paper.totalScore, itemList,
    };
  }

  /**
   * Saves the caller's scores for his step (see the module comment). Errors: 10010003 paper missing
   * or outside the data scope; 20050001 no longer awaiting marking (another marker finished it);
   * 20050002 the caller already marked it (double-blind); 20050004 the items are not exactly the
   * answers of this step; 20050003 a score above the question's; 20050005 another marker saved the
   * same step at the same moment. Nothing is written when it fails.
   */
  async save(user: AuthUser, req: MarkSaveReq): Promise<{ id: string; state: number; step: number; needArbiter: boolean }> {
    await this.inScope(user, req.id);
    try {
      return await this.db.transaction().execute((trx) => this.saveIn(trx, user.userId, req));
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      const paper = await repo.findPaper(this.db, req.id);
      throw new AppError(paper?.state === PaperState.WAIT_MARK ? MarkError.MARK_CONFLICT : MarkError.MARK_DONE);
    }
  }

  private async saveIn(trx: Executor, markerId: string, req: MarkSaveReq) {
    const paper = await repo.findPaper(trx, req.id);
    if (!paper) throw notFound('试卷不存在！');
    if (paper.state !== PaperState.WAIT_MARK) throw new AppError(MarkError.MARK_DONE);
    const settings = await this.papers.examSettings(trx, paper.examId);
    const [pqs, marks] = await Promise.all([repo.qusOf(trx, paper.id), repo.marksOf(trx, [paper.id])]);
    const byId = new Map(pqs.map((q) => [q.id, q]));
    const subjective = pqs.filter((q) => q.quType === QuType.SAQ).map((q) => q.id);
    const st = markStateOf(settings, subjective, marks, markerId);
    if (st.step === MarkStep.NONE) throw new AppError(settings.markMode === MarkMode.DOUBLE_BLIND ? MarkError.MARK_ALREADY : MarkError.MARK_DONE);
    const given = new Map(req.items.map((i) => [i.paperQuId, i]));
    if (given.size !== req.items.length || given.size !== st.itemIds.length || st.itemIds.some((id) => !given.has(id))) throw new AppError(MarkError.MARK_ITEMS);
    for (const item of req.items) if (item.score > (byId.get(item.paperQuId)?.score ?? 0)) throw new AppError(MarkError.MARK_SCORE_RANGE);

    const at = now();
    const rows = req.items.map((i) => ({ id: newId(), paperId: paper.id, paperQuId: i.paperQuId, step: st.step, markerId, score: i.score, comment: i.comment, createTime: at }));
    await repo.insertMarks(trx, rows);

    let finals: { paperQuId: string; score: number; comment: string; by: string }[];
    if (settings.markMode !== MarkMode.DOUBLE_BLIND) {
      finals = rows.map((r) => ({ paperQuId: r.paperQuId, score: r.score, comment: r.comment, by: markerId }));
    } else if (st.step === MarkStep.FIRST) {
      return { id: paper.id, state: PaperState.WAIT_MARK, step: st.step, needArbiter: false };
    } else {
      const second = st.step === MarkStep.SECOND ? new Map(rows.map((r) => [r.paperQuId, r])) : st.second;
      const agreed = (id: string) => {
        const a = st.first.get(id)!;
        const b = second.get(id)!;
        return { paperQuId: id, score: Math.round((a.score + b.score) / 2), comment: b.comment || a.comment, by: `${a.markerId},${b.markerId}` };
      };
      if (st.step === MarkStep.SECOND) {
        const disputed = subjective.filter((id) => Math.abs(st.first.get(id)!.score - second.get(id)!.score) > settings.markDiff);
        if (disputed.length) return { id: paper.id, state: PaperState.WAIT_MARK, step: st.step, needArbiter: true };
        finals = subjective.map(agreed);
      } else {
        finals = subjective.map((id) => (given.has(id) ? { paperQuId: id, score: given.get(id)!.score, comment: given.get(id)!.comment, by: markerId } : agreed(id)));
      }
    }
    await this.finish(trx, paper, pqs, finals, at);
    return { id: paper.id, state: PaperState.FINISHED, step: st.step, needArbiter: false };
  }

  /** Records the final scores (step 0), recomputes combined questions, the paper's score and pass, closes it once and emits paper.marked. */
  private async finish(trx: Executor, paper: ElPaperTable, pqs: ElPaperQuTable[], finals: { paperQuId: string; score: number; comment: string; by: string }[], at: number) {
    await repo.insertMarks(trx, finals.map((f) => ({ id: newId(), paperId: paper.id, paperQuId: f.paperQuId, step: 0, markerId: f.by, score: f.score, comment: f.comment, createTime: at })));
    const scores = new Map(pqs.map((q) => [q.id, { isRight: q.isRight === 1, actualScore: q.actualScore }]));
    for (const f of finals) scores.set(f.paperQuId, { isRight: f.score >= (pqs.find((q) => q.id === f.paperQuId)?.score ?? 0), actualScore: f.score });
    for (const stem of pqs.filter((q) => q.quType === QuType.MIX)) {
      const subs = pqs.filter((q) => q.parentId === stem.id).map((q) => scores.get(q.id)!);
      scores.set(stem.id, { isRight: subs.length > 0 && subs.every((x) => x.isRight), actualScore: subs.reduce((s, x) => s + x.actualScore, 0) });
    }
    const changed = pqs.filter((q) => finals.some((f) => f.paperQuId === q.id) || q.quType === QuType.MIX);
    await repo.setQuGrades(trx, changed.map((q) => ({ id: q.id, ...scores.get(q.id)! })));
    const userScore = pqs.filter((q) => q.parentId === '').reduce((s, q) => s + scores.get(q.id)!.actualScore, 0);
    const passed = userScore >= paper.qualifyScore;
    if (!(await repo.finishMarking(trx, paper.id, userScore, passed, at))) throw new AppError(MarkError.MARK_DONE);
    await this.ctx.events.emit(trx, 'paper.marked', {
      paperId: paper.id, userId: paper.userId, examId: paper.examId, examTitle: paper.title,
      userScore, totalScore: paper.totalScore, qualifyScore: paper.qualifyScore, passed, handTime: paper.handTime ?? at,
    });
  }

  /** A paper by id within the caller's data scope, else 10010003. */
  private async inScope(user: AuthUser, id: string): Promise<ElPaperTable> {
    const paper = await repo.findPaper(this.db, id);
    if (!paper || paper.offline === 1 || !deptInScope(paper.deptCode, await this.scopeOf(user))) throw notFound('试卷不存在！');
    return paper;
  }
}

/** The objective part of a paper's score: top-level questions other than short answers, plus a combined question's objective sub-questions. */
function objectiveScore(pqs: ElPaperQuTable[]): number {
  return pqs.filter((q) => q.quType !== QuType.SAQ && q.quType !== QuType.MIX).reduce((s, q) => s + q.actualScore, 0);
}
