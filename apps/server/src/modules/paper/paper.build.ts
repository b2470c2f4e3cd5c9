/**
 * Building papers (issue 8 "Paper building methods"): what an exam's paper part lacks (the
 * shortfall check of the exam form and of saving an exam as open), a sample paper for the admin
 * preview, and the drawing of a learner's paper by method (random rules, selected questions, a
 * drawn pool; combined questions with their sub-questions; the shuffle flags) into table rows.
 * Used by PaperService (create-paper) and, through it, by module exam.
 */
import { abcOf, QU_LEVEL_LABEL, QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import { ExamError, PaperMethod, type ExamPreview, type ExamShortfall, type PreviewQu } from '@kaopei/contracts/exam';
import type { Executor } from '../../db';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ModuleContext } from '../../platform/module';
import type { ElPaperGroupTable, ElPaperQuAnswerTable, ElPaperQuTable } from './paper.tables';
import { drawRules, indexOf, sample, shuffle, splitScore } from './paper.draw';

/** The paper part of an exam (module exam's `paperPart`): method, random rules, fixed questions, drawCount. */
export interface PaperPart {
  paperMethod: number;
  ruleList: { repoId: string; quType: number; level: number; chapterId: string; quCount: number; quScore: number }[];
  quList: { quId: string; score: number }[];
  drawCount: number;
}
/** A drawn question: its options in display order (with the right flags) and, for a combined question, its sub-questions. */
export interface DrawnQu {
  quId: string;
  quType: number;
  score: number;
  options: { id: string; isRight: number }[];
  subs: DrawnQu[];
}
export interface DrawnGroup {
  title: string;
  quType: number;
  items: DrawnQu[];
}

export class PaperBuilder {
  constructor(private readonly ctx: ModuleContext<'exam' | 'qu' | 'repo' | 'points' | 'examApply' | 'sysUser' | 'sysRole'>) {}

  private get db() {
    return this.ctx.db;
  }

  private get qus() {
    return this.ctx.services.qu;
  }

  private get exams() {
    return this.ctx.services.exam;
  }

  /**
   * What is missing for the paper part of an exam (method 1 rules, 2 fixed questions, 3 a pool and
   * drawCount), one entry per unsatisfied rule / question, [] when a paper can be drawn. Banks must
   * be live with isExam = 1; a rule's chapter must be of its bank; rules never share a question.
   * Messages name the rule, e.g. '第1条规则：题库「X」单选题（较难）不足：需要 10，仅有 6'.
   */
  async checkPart(db: Executor, part: PaperPart): Promise<ExamShortfall[]> {
    const out: ExamShortfall[] = [];
    if (part.paperMethod === PaperMethod.RANDOM) {
      const banks = await this.ctx.services.repo.examBanks(db, part.ruleList.map((r) => r.repoId));
      const chapters = await this.ctx.services.repo.chapterMap(db, part.ruleList.map((r) => r.chapterId));
      const usable = part.ruleList.map((r, i) => {
        const bank = banks.get(r.repoId);
        const chapter = r.chapterId ? chapters.get(r.chapterId) : undefined;
        const fail = (msg: string) => out.push({ index: i, need: r.quCount, have: 0, msg: `第${i + 1}条规则：${msg}` });
        if (!bank) fail('题库不存在或已被删除！');
        else if (!bank.isExam) fail(`题库「${bank.title}」未开启考试用途！`);
        else if (r.chapterId && chapter?.repoId !== r.repoId) fail(`章节不属于题库「${bank.title}」！`);
        else return true;
        return false;
      });
      const rules = part.ruleList.filter((_, i) => usable[i]);
      const pool = await this.qus.drawPool(db, rules.map((r) => r.repoId));
      const { got } = indexOf(pool).capacity(rules);
      let k = 0;
      part.ruleList.forEach((r, i) => {
        if (!usable[i]) return;
        const have = got[k++] ?? 0;
        if (have >= r.quCount) return;
        const chapter = r.chapterId ? `章节「${chapters.get(r.chapterId)?.title ?? ''}」` : '';
        const level = r.level ? `（${QU_LEVEL_LABEL[r.level] ?? ''}）` : '';
        out.push({ index: i, need: r.quCount, have, msg: `第${i + 1}条规则：题库「${banks.get(r.repoId)?.title ?? ''}」${chapter}${QU_TYPE_LABEL[r.quType] ?? ''}${level}不足：需要 ${r.quCount}，仅有 ${have}` });
      });
      return out;
    }
    const { qus } = await this.qus.load(db, part.quList.map((q) => q.quId));
    const banks = await this.ctx.services.repo.examBanks(db, [...qus.values()].map((q) => q.repoId));
    let live = 0;
    part.quList.forEach((item, i) => {
      const qu = qus.get(item.quId);
      const bank = qu ? banks.get(qu.repoId) : undefined;
      const fail = (msg: string) => out.push({ index: i, need: 1, have: 0, msg: `第${i + 1}题：${msg}` });
      if (!qu || qu.deleted === 1 || qu.parentId !== '' || !bank) fail('试题不存在或已被删除！');
      else if (!bank.isExam) fail(`题库「${bank.title}」未开启考试用途！`);
      else live++;
    });
    if (part.paperMethod === PaperMethod.DRAW) {
      // A draw pool may lose questions as long as drawCount remain.
      if (live >= part.drawCount) return [];
      return [{ index: -1, need: part.drawCount, have: live, msg: `题池可用试题不足：需要 ${part.drawCount}，仅有 ${live}` }];
    }
    return out;
  }

  /**
   * A sample paper of an exam for the admin's preview (module exam, /api/exam/exam/preview): drawn
   * like a learner's paper, nothing saved; every question with its options, right flags, reference
   * answer and analysis. 20010008 when it cannot be drawn.
   */
  async samplePaper(exam: { id: string; title: string; totalScore: number; qualifyScore: number; totalTime: number; shuffleQu: number; shuffleOption: number }): Promise<ExamPreview> {
    const part = await this.exams.paperPart(this.db, exam.id);
    const shortfalls = await this.checkPart(this.db, part);
    if (shortfalls.length) throw new AppError(ExamError.RULE_SHORT, shortfalls.map((s) => s.msg).join('；'), { shortfalls });
    const drawn = await this.drawPart(part, { shuffleQu: exam.shuffleQu === 1, shuffleOption: exam.shuffleOption === 1 });
    if (!drawn) throw new AppError(ExamError.RULE_SHORT);
    const allIds = drawn.flatMap((g) => g.items.flatMap((it) => [it.quId, ...it.subs.map((s) => s.quId)]));
    const { qus, options } = await this.qus.load(this.db, allIds);
    const optionById = new Map(options.map((o) => [o.id, o]));
    let sort = 0;
    const view = (it: DrawnQu, sub: boolean): PreviewQu => {
      const qu = qus.get(it.quId);
      return {
        quId: it.quId, sort: sub ? 0 : ++sort, quType: it.quType, quType_dictText: QU_TYPE_LABEL[it.quType] ?? '', content: qu?.content ?? '', image: qu?.image ?? '',
        analysis: qu?.analysis ?? '', answer: qu?.answer ?? '', score: it.score,
        answerList: it.options.map(({ id: oid }, i) => {
          const o = optionById.get(oid);
          return { id: oid, abc: abcOf(i), content: o?.content ?? '', image: o?.image ?? '', isRight: o?.isRight === 1, answer: o?.answer ?? '' };
        }),
        subList: it.subs.map((s) => view(s, true)),
      };
    };
    return {
      examId: exam.id, title: exam.title, totalScore: exam.totalScore, qualifyScore: exam.qualifyScore, totalTime: exam.totalTime,
      groupList: drawn.map((g) => ({ title: g.title, quType: g.quType, totalScore: g.items.reduce((s, it) => s + it.score, 0), quList: g.items.map((it) => view(it, false)) })),
    };
  }

  /**
   * Draws the questions of a paper: groups by type (method 1: in the order of the first rule of
   * each type; 2, 3: by type), questions in rule / list / pool order or shuffled within the group
   * (`shuffleQu`), options of single and multiple choice shuffled only with `shuffleOption` (other
   * types keep their stored order: blanks, matching rows, true/false). A combined question brings
   * its live sub-questions, its score split over them (splitScore). null when the banks cannot
   * satisfy the rules / drawCount.
   */
  async drawPart(part: PaperPart, flags: { shuffleQu: boolean; shuffleOption: boolean }): Promise<DrawnGroup[] | null> {
    const picked: { quId: string; quType: number; score: number }[] = [];
    if (part.paperMethod === PaperMethod.RANDOM) {
      // Only banks open to exams lend questions (a rule on another bank then runs short).
      const banks = await this.ctx.services.repo.examBanks(this.db, part.ruleList.map((r) => r.repoId));
      const pool = await this.qus.drawPool(this.db, part.ruleList.map((r) => r.repoId).filter((id) => banks.get(id)?.isExam));
      const drawn = drawRules(part.ruleList, pool);
      if (!drawn) return null;
      part.ruleList.forEach((r, i) => (drawn[i] ?? []).forEach((quId) => picked.push({ quId, quType: r.quType, score: r.quScore })));
    } else {
      const { qus } = await this.qus.load(this.db, part.quList.map((q) => q.quId));
      const banks = await this.ctx.services.repo.examBanks(this.db, [...qus.values()].map((q) => q.repoId));
      const live = part.quList.flatMap((item) => {
        const qu = qus.get(item.quId);
        return qu && qu.deleted === 0 && qu.parentId === '' && banks.get(qu.repoId)?.isExam ? [{ quId: item.quId, quType: qu.quType, score: item.score }] : [];
      });
      if (part.paperMethod === PaperMethod.SELECT) {
        if (live.length < part.quList.length) return null;
        picked.push(...live);
      } else {
        if (live.length < part.drawCount) return null;
        const chosen = new Set(sample(live, part.drawCount).map((q) => q.quId));
        picked.push(...live.filter((q) => chosen.has(q.quId)));
      }
    }
    const typeOrder = part.paperMethod === PaperMethod.RANDOM ? [...new Set(part.ruleList.map((r) => r.quType))] : [...new Set(picked.map((p) => p.quType))].sort((a, b) => a - b);
    const mixIds = picked.filter((p) => p.quType === QuType.MIX).map((p) => p.quId);
    const subs = await this.qus.subQuestions(this.db, mixIds);
    const options = await this.qus.options(this.db, [...picked.map((p) => p.quId), ...subs.map((s) => s.id)]);
    const optionIds = (quId: string, quType: number) => {
      const mine = options.filter((o) => o.quId === quId);
      return (flags.shuffleOption && (quType === QuType.SINGLE || quType === QuType.MULTI) ? shuffle(mine) : mine).map((o) => ({ id: o.id, isRight: o.isRight }));
    };
    return typeOrder.map((quType) => {
      const inGroup = picked.filter((p) => p.quType === quType);
      const ordered = flags.shuffleQu ? shuffle(inGroup) : inGroup;
      return {
        title: QU_TYPE_LABEL[quType] ?? '',
        quType,
        items: ordered.map((p) => {
          const mine = subs.filter((s) => s.parentId === p.quId);
          const scores = splitScore(p.score, mine.length);
          return { ...p, options: optionIds(p.quId, p.quType), subs: mine.map((s, i) => ({ quId: s.id, quType: s.quType, score: scores[i] ?? 0, options: optionIds(s.id, s.quType), subs: [] })) };
        }),
      };
    });
  }

  /** The rows of a drawn paper: groups, paper questions (sub-questions with parentId = the stem's row id), option choices labelled A, B, C … with the right flags as a snapshot. */
  toRows(paperId: string, drawn: DrawnGroup[]) {
    const groups: ElPaperGroupTable[] = [];
    const paperQus: ElPaperQuTable[] = [];
    const choices: ElPaperQuAnswerTable[] = [];
    const addQu = (groupId: string, it: DrawnQu, parentId: string) => {
      const id = newId();
      paperQus.push({ id, paperId, groupId, quId: it.quId, parentId, quType: it.quType, sort: paperQus.length + 1, score: it.score, answered: 0, mark: 0, isRight: 0, actualScore: 0, answer: '' });
      it.options.forEach((o, i) => choices.push({ id: newId(), paperId, quId: it.quId, answerId: o.id, abc: abcOf(i), sort: i, checked: 0, isRight: o.isRight }));
      for (const sub of it.subs) addQu(groupId, sub, id);
    };
    drawn.forEach((g, gi) => {
      const groupId = newId();
      const scores = new Set(g.items.map((it) => it.score));
      const totalScore = g.items.reduce((s, it) => s + it.score, 0);
      groups.push({ id: groupId, paperId, title: g.title, quType: g.quType, quCount: g.items.length, perScore: scores.size === 1 ? (g.items[0]?.score ?? 0) : 0, totalScore, sort: gi });
      for (const it of g.items) addQu(groupId, it, '');
    });
    return { groups, paperQus, choices };
  }
}
