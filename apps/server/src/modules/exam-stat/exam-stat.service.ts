/**
 * ExamStat (issue 14 "Statistics"; contracts exam-stat.ts): per exam, over its scored papers in the
 * caller's data scope (sysRole.dataScopeOf: a department-scoped admin sees only papers drawn in his
 * department subtree), the score figures and distribution, per department, the item analysis, and
 * xlsx exports (lib/xlsx-write). Reads papers through module paper (`examStatRows`), question texts
 * and options through module qu, department names through sysDepart. Owns no table.
 * Errors: 10010003 when the exam does not exist.
 */
import { QU_TYPE_LABEL, QuType } from '@kaopei/contracts';
import { ITEM_FLAG_LABEL, type ExamStatItem, type ExamStatItems, type ExamStatSummary } from '@kaopei/contracts/exam-stat';
import { writeWorkbook } from '../../lib/xlsx-write';
import { formatTime } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { buckets, figures, items, plainText, round, type StatPaper } from './exam-stat.compute';
import { groupBy } from '../../lib/group';

export type ExamStatDeps = 'paper' | 'exam' | 'qu' | 'sysRole' | 'sysDepart' | 'sysUser';

const CHOICE_TYPES: readonly number[] = [QuType.SINGLE, QuType.MULTI, QuType.JUDGE];
const pct = (x: number | null) => (x === null ? '—' : `${round(x * 100, 1)}%`);
const safeName = (s: string) => s.replace(/[\\/:*?"<>|]/g, '_');

export class ExamStatService {
  constructor(private readonly ctx: ModuleContext<ExamStatDeps>) {}

  /** The exam (10010003 when missing) and its scored papers in the caller's data scope. */
  /** The exam (10010003 when missing), and its scored papers in the caller's scope; their questions and chosen options only `withAnswers`. */
  private async load(admin: AuthUser, examId: string, withAnswers: boolean) {
    const exam = await this.ctx.services.exam.require(this.ctx.db, examId);
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const rows = await this.ctx.services.paper.examStatRows(examId, scope, withAnswers);
    const papers: StatPaper[] = rows.papers.map((p) => ({ ...p, userScore: Number(p.userScore), totalScore: Number(p.totalScore), passed: Number(p.passed), createTime: Number(p.createTime), handTime: p.handTime === null ? null : Number(p.handTime) }));
    return { exam, rows, papers };
  }

  /** POST /api/stat/exam/summary. */
  async summary(admin: AuthUser, examId: string): Promise<ExamStatSummary> {
    return this.summaryOf(examId, await this.load(admin, examId, false));
  }

  private async summaryOf(examId: string, { exam, rows, papers }: Awaited<ReturnType<ExamStatService['load']>>): Promise<ExamStatSummary> {
    const totalScore = Number(papers[0]?.totalScore ?? exam.totalScore);
    const byDept = groupBy(papers, (p) => p.deptCode);
    const names = await this.ctx.services.sysDepart.namesOf([...byDept.keys()]);
    const depts = [...byDept].map(([deptCode, ps]) => ({ deptCode, deptName: names.get(deptCode) ?? (deptCode || '（无部门）'), ...figures(ps) })).sort((a, b) => a.deptCode.localeCompare(b.deptCode));
    return {
      examId, title: exam.title, totalScore, qualifyScore: Number(papers[0] ? rows.papers[0]!.qualifyScore : exam.qualifyScore), awaitingMark: rows.awaitingMark,
      ...figures(papers), buckets: buckets(papers, totalScore), depts,
    };
  }

  /** POST /api/stat/exam/items. */
  async items(admin: AuthUser, examId: string): Promise<ExamStatItems> {
    const { rows, papers } = await this.load(admin, examId, true);
    const analysis = items(papers, rows.qus, rows.checked);
    const { qus, options } = await this.ctx.services.qu.load(this.ctx.db, analysis.items.map((i) => i.quId));
    const optionsOf = groupBy(options, (o) => o.quId);
    const out: ExamStatItem[] = analysis.items.map((it) => ({
      quId: it.quId, quType: it.quType, quType_dictText: QU_TYPE_LABEL[it.quType] ?? '', content: plainText(qus.get(it.quId)?.content ?? '（试题已删除）'), score: it.score,
      paperCount: it.paperCount, answeredCount: it.answeredCount, rightCount: it.rightCount,
      facility: it.facility, upperFacility: it.upperFacility, lowerFacility: it.lowerFacility, discrimination: it.discrimination,
      options: CHOICE_TYPES.includes(it.quType)
        ? [...(optionsOf.get(it.quId) ?? [])].sort((a, b) => a.sort - b.sort).map((o, i) => {
            const count = it.chosen.get(o.id) ?? 0;
            return { answerId: o.id, abc: String.fromCharCode(65 + i), content: plainText(o.content, 100), isRight: Number(o.isRight) === 1, count, share: it.paperCount ? round(count / it.paperCount, 4) : 0 };
          })
        : [],
      avgTimeSec: it.avgTimeSec, flags: it.flags,
    }));
    return { groupSize: analysis.groupSize, paperCount: papers.length, items: out };
  }

  /** POST /api/stat/exam/export-papers: one row per scored paper (user, department, score, passed, times), best score first; sheet 部门 with the department figures. */
  async exportPapers(admin: AuthUser, examId: string): Promise<{ body: Buffer; fileName: string }> {
    const loaded = await this.load(admin, examId, false);
    const { exam, papers } = loaded;
    const summary = await this.summaryOf(examId, loaded);
    const names = await this.realNames([...new Set(papers.map((p) => p.userId))]);
    const depts = new Map(summary.depts.map((d) => [d.deptCode, d.deptName]));
    const sorted = [...papers].sort((a, b) => b.userScore - a.userScore || a.id.localeCompare(b.id));
    const body = await writeWorkbook(
      {
        name: '成绩',
        above: [[exam.title], ['试卷数', summary.paperCount, '平均分', summary.avgScore, '及格率', pct(summary.passRate)]],
        columns: [{ header: '姓名', width: 16 }, { header: '部门', width: 20 }, { header: '得分', width: 10 }, { header: '总分', width: 10 }, { header: '是否及格', width: 10 }, { header: '开始时间', width: 20 }, { header: '交卷时间', width: 20 }, { header: '用时(分钟)', width: 12 }],
        rows: sorted.map((p) => [
          names.get(p.userId) ?? '（用户已删除）', depts.get(p.deptCode) ?? p.deptCode, p.userScore, p.totalScore, p.passed ? '是' : '否',
          formatTime(p.createTime), formatTime(p.handTime), p.handTime === null ? null : round((p.handTime - p.createTime) / 60000, 1),
        ]),
      },
      {
        name: '部门',
        columns: [{ header: '部门', width: 20 }, { header: '试卷数', width: 10 }, { header: '平均分', width: 10 }, { header: '最高分', width: 10 }, { header: '最低分', width: 10 }, { header: '及格人数', width: 10 }, { header: '及格率', width: 10 }],
        rows: summary.depts.map((d) => [d.deptName, d.paperCount, d.avgScore, d.maxScore, d.minScore, d.passCount, pct(d.passRate)]),
      },
    );
    return { body, fileName: `${safeName(exam.title)}-考试成绩.xlsx` };
  }

  /** POST /api/stat/exam/export-items: one row per question (facility, discrimination, option shares, average seconds, flags). */
  async exportItems(admin: AuthUser, examId: string): Promise<{ body: Buffer; fileName: string }> {
    const exam = await this.ctx.services.exam.require(this.ctx.db, examId);
    const r = await this.items(admin, examId);
    const body = await writeWorkbook({
      name: '试题分析',
      above: [[exam.title], ['试卷数', r.paperCount, '高/低分组人数', r.groupSize]],
      columns: [
        { header: '序号', width: 6 }, { header: '题型', width: 8 }, { header: '题目', width: 40 }, { header: '分值', width: 8 }, { header: '作答数', width: 8 }, { header: '答对数', width: 8 },
        { header: '难度(答对率)', width: 12 }, { header: '区分度', width: 10 }, { header: '高分组答对率', width: 12 }, { header: '低分组答对率', width: 12 },
        { header: '选项分布', width: 40 }, { header: '平均用时(秒)', width: 12 }, { header: '标记', width: 16 },
      ],
      rows: r.items.map((it, i) => [
        i + 1, it.quType_dictText, it.content, it.score, it.paperCount, it.rightCount, it.facility, it.discrimination, it.upperFacility, it.lowerFacility,
        it.options.map((o) => `${o.abc}${o.isRight ? '(正确)' : ''}:${pct(o.share)}`).join(' '), it.avgTimeSec ?? '—', it.flags.map((f) => ITEM_FLAG_LABEL[f]).join('、'),
      ]),
    });
    return { body, fileName: `${safeName(exam.title)}-试题分析.xlsx` };
  }

  private async realNames(ids: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 500) for (const [k, v] of await this.ctx.services.sysUser.realNames(ids.slice(i, i + 500))) out.set(k, v);
    return out;
  }
}
