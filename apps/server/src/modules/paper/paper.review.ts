/**
 * Reviewing papers after hand-in (SPEC §2 /web/exam/result, /web/paper, /web/paper/list/{examId}/{userId},
 * /web/qu/view/{id}; §7 paper-result): the result as the exam's result display allows, the lists of
 * papers, one question's detail, and what the wrong book (module book) needs: the wrong answers of a
 * marked paper and practice questions checked one at a time.
 *
 * Integrity: nothing here answers right answers, analyses or question scores for a paper that is not
 * handed in and marked (state 2), nor for an exam whose result display is not 3 (full paper).
 */
import { abcOf, PAPER_STATE_LABEL, PaperState, QU_TYPE_LABEL, QuType, type Page } from '@kaopei/contracts';
import { PaperError, ResultShow, type paperPagingReq, type PaperRecord, type PaperResult, type PaperSubQu, type ResultQu, type ResultSubQu } from '@kaopei/contracts/paper';
import { PaperPerm } from '@kaopei/contracts/paper-mark';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import { requirePerm } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { AppError, notFound } from '../../lib/errors';
import { mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict } from '../../lib/time';
import type { ElPaperGroupTable, ElPaperQuTable, ElPaperTable } from './paper.tables';
import { blanksOf, isChoiceType, leftItemsOf, parseBlanks, parsePairs, rightBlanksOf, rightItemsOf, rightPairsOf, type OptionRow } from './paper.answer';
import { gradeChoice, gradeFillBlank, gradeMatching, type Grade } from './paper.scoring';
import type { PaperService } from './paper.service';
import * as repo from './paper.repository';

/** Question types the wrong book takes and practice checks (answers the server can judge alone). */
export const PRACTICE_TYPES: readonly number[] = [QuType.SINGLE, QuType.MULTI, QuType.JUDGE, QuType.FILL, QuType.MATCH];

/** The wrong book's feed of one marked paper: every top-level practicable question and whether it was right. */
export interface PaperBookFeed {
  userId: string;
  examId: string;
  paperId: string;
  items: { quId: string; quType: number; isRight: boolean }[];
}

/** A practice answer, in the fields of fill-answer. */
export interface PracticeAnswer {
  answers: string[];
  blanks: string[];
  pairs: Record<string, string>;
}

export class PaperReview {
  constructor(
    private readonly ctx: ModuleContext<'exam' | 'qu' | 'sysRole'>,
    private readonly papers: PaperService,
  ) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * The result after hand-in (20010007 before), as the exam's result display allows: 1 the thanks
   * text without score, 2 with the score, 3 with every question, the right answers, analyses and the
   * markers' comments. A paper awaiting marking shows neither score nor questions.
   */
  async paperResult(userId: string, id: string): Promise<PaperResult> {
    const paper = await this.papers.settle(await this.papers.own(userId, id));
    if (paper.state === PaperState.IN_EXAM) throw new AppError(PaperError.PAPER_NOT_HANDED);
    const settings = await this.papers.examSettings(this.db, paper.examId);
    const head = { ...toRecord(paper, settings.resultShow), resultShow: settings.resultShow, thanksText: settings.thanksText };
    if (paper.state !== PaperState.FINISHED || settings.resultShow !== ResultShow.FULL) return { ...head, groupList: null };
    const { groups, top } = await this.resultQus(paper.id);
    return { ...head, groupList: groups.map((g) => ({ ...groupHead(g), quList: top.filter((q) => q.groupId === g.id).map((q) => q.view) })) };
  }

  /**
   * POST /api/paper/paper/qu-view `{paperId, quId}` (/web/qu/view/{id}): one question of the caller's
   * paper with the learner's answer, the right answers, analysis and score, as on the full result.
   * Refused while the paper is open or awaiting marking (20010009) and for an exam that does not
   * publish its paper (result display 1 or 2: 20010011); another's paper or a question not on it:
   * 10010003. A combined question's sub-question (its own quId) answers with an empty subList.
   */
  async quView(userId: string, paperId: string, quId: string): Promise<ResultQu> {
    const paper = await this.papers.settle(await this.papers.own(userId, paperId));
    if (paper.state !== PaperState.FINISHED) throw new AppError(PaperError.QU_VIEW_OPEN);
    if ((await this.papers.examSettings(this.db, paper.examId)).resultShow !== ResultShow.FULL) throw new AppError(PaperError.QU_VIEW_HIDDEN);
    const { top, subs } = await this.resultQus(paper.id);
    const stem = top.find((q) => q.view.quId === quId)?.view;
    if (stem) return stem;
    const sub = subs.find((s) => s.quId === quId);
    if (!sub) throw notFound('试题不存在！');
    return { ...sub, subList: [] };
  }

  /** Every question of a marked paper as the full result shows it: groups, top-level questions (with subList) and sub-questions. */
  private async resultQus(paperId: string) {
    const [groups, pqs, choices, marks] = await Promise.all([repo.groupsOf(this.db, paperId), repo.qusOf(this.db, paperId), repo.answersOf(this.db, paperId), repo.marksOf(this.db, [paperId])]);
    const { qus, options } = await this.ctx.services.qu.load(this.db, [...new Set(pqs.map((q) => q.quId))]);
    const optionById = new Map(options.map((o) => [o.id, o]));
    const comments = new Map(marks.filter((m) => m.step === 0).map((m) => [m.paperQuId, m.comment]));
    const view = (q: ElPaperQuTable): ResultSubQu => {
      const qu = qus.get(q.quId);
      const opts = options.filter((o) => o.quId === q.quId);
      return {
        quId: q.quId, sort: q.sort, quType: q.quType, quType_dictText: QU_TYPE_LABEL[q.quType] ?? '',
        content: qu?.content ?? '（试题已被删除）', image: qu?.image ?? '', analysis: qu?.analysis ?? '',
        score: q.score, actualScore: q.actualScore, answered: q.answered === 1, isRight: q.isRight === 1,
        answerList: isChoiceType(q.quType)
          ? choices.filter((c) => c.quId === q.quId).map((c) => {
              const o = optionById.get(c.answerId);
              return { id: c.answerId, abc: c.abc, content: o?.content ?? '', image: o?.image ?? '', analysis: o?.analysis ?? '', checked: c.checked === 1, isRight: c.isRight === 1 };
            })
          : q.quType === QuType.MATCH
            ? leftItemsOf(opts).map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, analysis: o.analysis, checked: false, isRight: false }))
            : [],
        answer: q.answer,
        refAnswer: q.quType === QuType.SAQ ? (qu?.answer ?? '') : '',
        blanks: q.quType === QuType.FILL ? parseBlanks(q.answer) : [],
        rightBlanks: q.quType === QuType.FILL ? rightBlanksOf(opts) : [],
        pairs: q.quType === QuType.MATCH ? parsePairs(q.answer) : {},
        rightPairs: q.quType === QuType.MATCH ? rightPairsOf(opts) : {},
        comment: comments.get(q.id) ?? '',
      };
    };
    const top = pqs.filter((q) => q.parentId === '').map((q) => ({ groupId: q.groupId, view: { ...view(q), subList: pqs.filter((x) => x.parentId === q.id).map(view) } }));
    return { groups, top, subs: top.flatMap((q) => q.view.subList) };
  }

  /**
   * "My scores" and exam records (/web/paper, /web/paper/list/{examId}/{userId}): the papers of
   * `params.userId` (default the caller), newest first; scores hidden as `toRecord` says. Another
   * user's papers need paper:list (10010004) and show only papers of departments in the caller's
   * data scope.
   */
  async paging(user: AuthUser, req: z.output<typeof paperPagingReq>): Promise<Page<PaperRecord>> {
    const params = req.params ?? {};
    const target = params.userId ?? user.userId;
    let scope: string | null = null;
    if (target !== user.userId) {
      requirePerm(user, PaperPerm.LIST);
      scope = await this.ctx.services.sysRole.dataScopeOf(user);
    }
    const page = await repo.pagePapers(this.db, req, target, params, scope);
    const shows = new Map<string, number>();
    for (const examId of new Set(page.records.map((p) => p.examId))) shows.set(examId, (await this.papers.examSettings(this.db, examId)).resultShow);
    return mapPage(page, (p) => toRecord(p, shows.get(p.examId) ?? ResultShow.FULL));
  }

  /**
   * For the wrong book (module book, on `paper.marked`): the practicable top-level questions
   * (PRACTICE_TYPES) of marked paper `paperId` with whether each was right; null when the paper is
   * not marked (state 2), is an offline score, or its exam does not publish its answers (result
   * display 1 or 2: the book would show them).
   */
  async bookFeedOf(paperId: string): Promise<PaperBookFeed | null> {
    const paper = await repo.findPaper(this.db, paperId);
    if (!paper || paper.state !== PaperState.FINISHED || paper.offline === 1) return null;
    if ((await this.papers.examSettings(this.db, paper.examId)).resultShow !== ResultShow.FULL) return null;
    const pqs = await repo.qusOf(this.db, paperId);
    const items = pqs.filter((q) => q.parentId === '' && PRACTICE_TYPES.includes(q.quType)).map((q) => ({ quId: q.quId, quType: q.quType, isRight: q.isRight === 1 }));
    return { userId: paper.userId, examId: paper.examId, paperId, items };
  }

  /**
   * A question to practise (the wrong book's /next) as a learner sees it in an exam: options with
   * ids and letters in the bank's order, the blank count, the matching's items (shuffled by the
   * question id); never a right flag, alternative, pairing or analysis. null for a deleted question.
   */
  async practiceView(quId: string): Promise<PaperSubQu | null> {
    const { qus, options } = await this.ctx.services.qu.load(this.db, [quId]);
    const qu = qus.get(quId);
    if (!qu || qu.deleted === 1) return null;
    const opts = sorted(options);
    return {
      quId, quType: qu.quType, quType_dictText: QU_TYPE_LABEL[qu.quType] ?? '', content: qu.content, image: qu.image, score: 0, answer: '', mark: false,
      answerList: isChoiceType(qu.quType) ? opts.map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, checked: false })) : qu.quType === QuType.MATCH ? leftItemsOf(opts).map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, checked: false })) : [],
      blankCount: qu.quType === QuType.FILL ? opts.length : 0,
      blanks: [],
      rightItems: qu.quType === QuType.MATCH ? rightItemsOf(opts, quId) : [],
      pairs: {},
    };
  }

  /**
   * Checks one practice answer to question `quId` (PRACTICE_TYPES; the wrong book's /check) by the
   * exam's rules (paper.scoring.ts, no partial credit) and answers whether it is right and the
   * question with the right answers and analysis (score fields 0: practice scores nothing). null for
   * a deleted question or a type practice does not take.
   */
  async practiceCheck(quId: string, a: PracticeAnswer): Promise<{ isRight: boolean; qu: ResultSubQu } | null> {
    const { qus, options } = await this.ctx.services.qu.load(this.db, [quId]);
    const qu = qus.get(quId);
    if (!qu || qu.deleted === 1 || !PRACTICE_TYPES.includes(qu.quType)) return null;
    const opts = sorted(options);
    const checked = new Set(a.answers);
    let grade: Grade;
    if (isChoiceType(qu.quType)) grade = gradeChoice(opts.map((o) => ({ checked: checked.has(o.id), isRight: o.isRight === 1 })), 1);
    else if (qu.quType === QuType.FILL) grade = gradeFillBlank(blanksOf(opts), a.blanks, qu.blankOpts, 1);
    else grade = gradeMatching(leftItemsOf(opts).map((o) => ({ id: o.id, answer: o.answer })), a.pairs, 1);
    const choice = isChoiceType(qu.quType);
    return {
      isRight: grade.isRight,
      qu: {
        quId, sort: 0, quType: qu.quType, quType_dictText: QU_TYPE_LABEL[qu.quType] ?? '', content: qu.content, image: qu.image, analysis: qu.analysis,
        score: 0, actualScore: 0, answered: true, isRight: grade.isRight,
        answerList: choice
          ? opts.map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, analysis: o.analysis, checked: checked.has(o.id), isRight: o.isRight === 1 }))
          : qu.quType === QuType.MATCH
            ? leftItemsOf(opts).map((o, i) => ({ id: o.id, abc: abcOf(i), content: o.content, image: o.image, analysis: o.analysis, checked: false, isRight: false }))
            : [],
        answer: '', refAnswer: '',
        blanks: qu.quType === QuType.FILL ? a.blanks : [],
        rightBlanks: qu.quType === QuType.FILL ? rightBlanksOf(opts) : [],
        pairs: qu.quType === QuType.MATCH ? a.pairs : {},
        rightPairs: qu.quType === QuType.MATCH ? rightPairsOf(opts) : {},
        comment: '',
      },
    };
  }
}

/** Options in the bank's order. */
function sorted(options: OptionRow[]): OptionRow[] {
  return [...options].sort((x, y) => x.sort - y.sort);
}

/** The fields of a paper group shown on the answer card and on the result. */
export function groupHead(g: ElPaperGroupTable) {
  return { id: g.id, title: g.title, quType: g.quType, quCount: g.quCount, perScore: g.perScore, totalScore: g.totalScore };
}

/** A paper as listed; the score is null while awaiting marking or when the exam shows the thanks text only. */
export function toRecord(p: ElPaperTable, resultShow: number): PaperRecord {
  const hidden = p.state !== PaperState.FINISHED || resultShow === ResultShow.THANKS;
  return {
    id: p.id, examId: p.examId, title: p.title, state: p.state, state_dictText: PAPER_STATE_LABEL[p.state] ?? '',
    totalScore: p.totalScore, qualifyScore: p.qualifyScore, userScore: hidden ? null : p.userScore, passed: hidden ? null : p.passed === 1,
    createTime: formatTimeStrict(p.createTime), handTime: formatTime(p.handTime),
    userTime: p.handTime ? Math.max(0, Math.round((p.handTime - p.createTime) / 1000)) : 0,
  };
}
