/**
 * Exams (SPEC §3 "Exam", §7 /api/exam/exam/*): admin CRUD with drawing rules, and the learner's
 * view of exams open now. totalScore = Σ quCount × quScore. Saving a rule that asks for more
 * questions than its bank holds fails with 20010008 naming the rule.
 */
import { COMMON_STATE_LABEL, OPEN_TYPE_LABEL, QU_TYPE_LABEL, type Page } from '@kaopei/contracts';
import {
  ExamError,
  examTotalScore,
  type examPagingReq,
  type ExamDetail,
  type ExamRecord,
  type ExamSaveReq,
  type OnlineExam,
  type onlinePagingReq,
} from '@kaopei/contracts/exam';
import type { z } from 'zod';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now, parseTime } from '../../lib/time';
import type { ElExamRuleTable, ElExamTable } from './exam.tables';
import * as repo from './exam.repository';

export type Exam = ElExamTable;
export type ExamRule = ElExamRuleTable;

/** Settings of issue 8 an exam saved without them gets (the migration's column defaults). */
const EXAM_SETTING_DEFAULTS = {
  examType: 1, password: '', pointsCost: 0, handMinMinutes: 0, lateMaxMinutes: 0, resultShow: 2, thanksText: '', shuffleQu: 0, shuffleOption: 0, partialCredit: 0,
  camOn: 0, camInterval: 5, faceOn: 0, leaveOn: 0, leaveCheck: 30, leaveCount: 3, pasteOff: 0, fullscreenOn: 0, needApply: 0, paperMethod: 1, drawCount: 0,
  markMode: 1, markDiff: 0, offline: 0,
} satisfies Partial<ElExamTable>;

export class ExamService {
  constructor(private readonly ctx: ModuleContext<'repo' | 'qu' | 'paper' | 'cert' | 'notify'>) {}

  private get db() {
    return this.ctx.db;
  }

  /** A page of exams; with `selectKeys` also those exams as `selectList` (pickers). */
  async paging(req: z.output<typeof examPagingReq>): Promise<Page<ExamRecord>> {
    const page = await repo.pageExams(this.db, req, req.params ?? {});
    const selected = req.selectKeys?.length ? await repo.liveExams(this.db, req.selectKeys) : null;
    const rules = await repo.rulesOf(this.db, [...page.records, ...(selected ?? [])].map((e) => e.id));
    return mapPage({ ...page, ...(selected ? { selectList: selected } : {}) }, (e) => this.toRecord(e, rules.filter((r) => r.examId === e.id)));
  }

  async detail(id: string): Promise<ExamDetail> {
    const exam = await this.require(this.db, id);
    const rules = await repo.rulesOf(this.db, [id]);
    const titles = await this.ctx.services.repo.titleMap(rules.map((r) => r.repoId));
    const certTitle = exam.certId ? ((await this.ctx.services.cert.titleMap([exam.certId])).get(exam.certId) ?? '') : '';
    return {
      ...this.toRecord(exam, rules),
      content: exam.content,
      certId_dictText: certTitle,
      ruleList: rules.map((r) => ({
        repoId: r.repoId,
        repoId_dictText: titles.get(r.repoId) ?? '',
        quType: r.quType,
        quType_dictText: QU_TYPE_LABEL[r.quType] ?? '',
        quCount: r.quCount,
        quScore: r.quScore,
      })),
    };
  }

  /** Creates or updates an exam and its rules in one transaction. Errors: 20010008, 10010003 (also a certificate `certId` that does not exist). */
  async save(req: Omit<ExamSaveReq, 'certId'> & { certId?: string | null }, userId: string): Promise<{ id: string }> {
    return this.db.transaction().execute(async (trx) => {
      for (const [i, rule] of req.ruleList.entries()) {
        const bank = await this.ctx.services.repo.require(trx, rule.repoId);
        const available = (await this.ctx.services.qu.pool(trx, rule.repoId, rule.quType)).length;
        if (available < rule.quCount) {
          throw new AppError(
            ExamError.RULE_SHORT,
            `第${i + 1}条规则：题库「${bank.title}」的${QU_TYPE_LABEL[rule.quType]}只有${available}道，不足${rule.quCount}道！`,
          );
        }
      }
      if (req.certId) await this.ctx.services.cert.requireTemplate(trx, req.certId);
      const at = now();
      const fields = {
        certId: req.certId ?? null,
        title: req.title,
        content: req.content,
        openType: req.openType,
        startTime: parseTime(req.startTime),
        endTime: parseTime(req.endTime),
        totalTime: req.totalTime,
        totalScore: examTotalScore(req.ruleList),
        qualifyScore: req.qualifyScore,
        chance: req.chance,
        updateTime: at,
      };
      let id = req.id;
      if (id) {
        const res = await repo.updateExam(trx, id, fields);
        if (Number(res.numUpdatedRows) === 0) throw notFound('考试不存在或已被删除！');
      } else {
        id = newId();
        await repo.insertExam(trx, { id, ...EXAM_SETTING_DEFAULTS, ...fields, state: 0, deleted: 0, createBy: userId, createTime: at });
      }
      const examId = id;
      await repo.replaceRules(trx, examId, req.ruleList.map((r, sort) => ({ id: newId(), examId, level: 0, chapterId: '', ...r, sort })));
      return { id: examId };
    });
  }

  async delete(ids: string[]): Promise<void> {
    await repo.softDeleteExams(this.db, ids, now());
  }

  async setState(ids: string[], state: number): Promise<void> {
    await repo.setExamState(this.db, ids, state, now());
  }

  /** Exams open to the learner now, with their attempts. */
  async onlinePaging(userId: string, req: z.output<typeof onlinePagingReq>): Promise<Page<OnlineExam>> {
    const page = await repo.pageOnline(this.db, req, now(), req.params ?? {});
    const ids = page.records.map((e) => e.id);
    const [rules, attempts] = await Promise.all([repo.rulesOf(this.db, ids), this.ctx.services.paper.attemptsOf(userId, ids)]);
    return mapPage(page, (e) => this.toOnline(e, rules.filter((r) => r.examId === e.id), attempts.get(e.id)));
  }

  /** The check page of one exam; 10010003 unless the exam is live, 20010004 unless open now. */
  async checkInfo(userId: string, id: string): Promise<OnlineExam> {
    const exam = await this.requireOpen(this.db, id, now());
    const [rules, attempts] = await Promise.all([repo.rulesOf(this.db, [id]), this.ctx.services.paper.attemptsOf(userId, [id])]);
    return this.toOnline(exam, rules, attempts.get(id));
  }

  /** The certificate a live exam grants to those who pass it (cert module, event paper.marked), or null. */
  async certOf(examId: string): Promise<string | null> {
    return (await repo.findExam(this.db, examId))?.certId ?? null;
  }

  /** A live exam or 10010003. */
  async require(db: Executor, id: string): Promise<Exam> {
    const exam = await repo.findExam(db, id);
    if (!exam) throw notFound('考试不存在或已被删除！');
    return exam;
  }

  /**
   * POST /api/exam/exam/prepare-notify (SPEC §7): sends the exam.publish template (or `tmplId`) to
   * every learner the exam is open to — today exams are open to all, so every normal-state learner —
   * as ONE background job of module notify; answers its `jobId`. Idempotent per learner: calling it
   * again reaches only learners who did not get it yet. 10010003 for an unknown exam; 30020001
   * when there is no template.
   */
  async prepareNotify(id: string, tmplId: string | undefined, by: string): Promise<{ jobId: string }> {
    const exam = await this.require(this.db, id);
    const { jobId } = await this.ctx.services.notify.send({
      event: 'exam.publish', toLearners: true, background: true, vars: { examTitle: exam.title }, refType: 'exam', refId: exam.id, ...(tmplId ? { tmplId } : {}), by,
    });
    return { jobId: jobId as string };
  }

  /** A live exam that a learner may sit at `at` (enabled, public, inside its window), else 20010004. */
  async requireOpen(db: Executor, id: string, at: number): Promise<Exam> {
    const exam = await this.require(db, id);
    if (exam.state !== 0 || exam.openType !== 1) throw new AppError(ExamError.EXAM_NOT_OPEN, '考试未开放！');
    if (exam.startTime !== null && at < exam.startTime) throw new AppError(ExamError.EXAM_NOT_OPEN, `考试尚未开始，开始时间：${formatTime(exam.startTime)}`);
    if (exam.endTime !== null && at >= exam.endTime) throw new AppError(ExamError.EXAM_NOT_OPEN, '考试已结束！');
    return exam;
  }

  /** Ids among `repoIds` that a live exam draws from (a bank in use cannot be deleted). */
  reposInUse(db: Executor, repoIds: string[]): Promise<string[]> {
    return repo.reposUsedByExams(db, repoIds);
  }

  rules(db: Executor, examId: string): Promise<ExamRule[]> {
    return repo.rulesOf(db, [examId]);
  }

  count(): Promise<number> {
    return repo.countExams(this.db);
  }

  private toRecord(e: Exam, rules: ExamRule[]): ExamRecord {
    return {
      id: e.id,
      title: e.title,
      openType: e.openType,
      openType_dictText: OPEN_TYPE_LABEL[e.openType] ?? '',
      state: e.state,
      state_dictText: COMMON_STATE_LABEL[e.state] ?? '',
      startTime: formatTime(e.startTime),
      endTime: formatTime(e.endTime),
      totalTime: e.totalTime,
      totalScore: e.totalScore,
      qualifyScore: e.qualifyScore,
      chance: e.chance,
      certId: e.certId ?? null,
      quCount: rules.reduce((s, r) => s + r.quCount, 0),
      createTime: formatTimeStrict(e.createTime),
      updateTime: formatTimeStrict(e.updateTime),
    };
  }

  private toOnline(e: Exam, rules: ExamRule[], attempt?: { tryCount: number; processPaperId: string | null }): OnlineExam {
    return {
      id: e.id,
      title: e.title,
      content: e.content,
      openType: e.openType,
      openType_dictText: OPEN_TYPE_LABEL[e.openType] ?? '',
      startTime: formatTime(e.startTime),
      endTime: formatTime(e.endTime),
      totalTime: e.totalTime,
      totalScore: e.totalScore,
      qualifyScore: e.qualifyScore,
      quCount: rules.reduce((s, r) => s + r.quCount, 0),
      chance: e.chance,
      tryCount: attempt?.tryCount ?? 0,
      processPaperId: attempt?.processPaperId ?? null,
    };
  }
}
