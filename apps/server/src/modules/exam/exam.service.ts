/**
 * Exams (SPEC §3 "Exam", §4 open type, §7 /api/exam/exam/*; issue 8 "Exams"): admin CRUD with
 * every setting of el_exam (docs/decisions.md "Exam settings"), the paper part (1 random rules by
 * bank × type × level × chapter, 2 selected questions, 3 draw drawCount from a pool), who an exam
 * is open to (1 everybody, 2 departments and their sub-departments, 3 named people, 9 everybody
 * with the password), and the learner's view of exams open to them now. An exam saved or enabled
 * as open (state 0) must be drawable: otherwise 20010008 with one message per unsatisfied rule.
 */
import { QU_TYPE_LABEL, type Page } from '@kaopei/contracts';
import {
  EXAM_TYPE_LABEL,
  ExamError,
  ExamPerm,
  examPaperQuCount,
  examPaperScore,
  examSaveReq,
  RULE_LEVEL_LABEL,
  type examCheckReq,
  type ExamCheckRes,
  type examPagingReq,
  type ExamDetail,
  type ExamPreview,
  type ExamRecord,
  type ExamSaveReq,
  type ExamSimple,
  type examUserRefPagingReq,
  type OnlineExam,
  type onlinePagingReq,
} from '@kaopei/contracts/exam';
import type { z } from 'zod';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import { AppError, badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isOpenByRefs } from '../../lib/open-to';
import { mapPage } from '../../lib/paging';
import { formatTime, now, parseTime } from '../../lib/time';
import type { ElExamQuTable, ElExamRuleTable, ElExamTable } from './exam.tables';
import * as repo from './exam.repository';
import { ExamStats } from './exam.dash';
import { paperPartOf, quCountOf, toOnline, toRecord } from './exam.view';
import { ExamAccessGrants, type ExamAccessGrant } from './exam.access';
import { ExamCache } from './exam.cache';

export type Exam = ElExamTable;
export type ExamRule = ElExamRuleTable;

/** A learner as the open-type rules see them; `deptCode` is looked up when omitted. */
export interface Learner {
  userId: string;
  deptCode?: string;
}

/** The paper part of an exam as module paper draws it. */
export interface ExamPaperPart {
  paperMethod: number;
  ruleList: { repoId: string; quType: number; level: number; chapterId: string; quCount: number; quScore: number }[];
  quList: { quId: string; score: number }[];
  drawCount: number;
}

type Deps = 'repo' | 'qu' | 'paper' | 'cert' | 'notify' | 'sysUser' | 'sysDepart';

const b = (v: boolean) => (v ? 1 : 0);
/** Plain text of rich content, at most `max` characters (question lists). */
const plain = (html: string, max = 200) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

export class ExamService {
  /** Exam rows, paper parts and open-to lists of the hot path (exam.cache.ts); every write below drops its exams. */
  private readonly cache: ExamCache;
  private readonly grants = new ExamAccessGrants(); // registered by other modules (exam.access.ts)

  /** Statistics reads (exam.dash.ts). */
  readonly stats: ExamStats;

  constructor(private readonly ctx: ModuleContext<Deps>) {
    this.cache = new ExamCache(ctx.bus);
    this.stats = new ExamStats(ctx.db);
  }

  private get db() {
    return this.ctx.db;
  }

  /** A page of exams (filters title, examType, openType, state, excludes); with `selectKeys` also those exams as `selectList` (pickers). */
  async paging(req: z.output<typeof examPagingReq>): Promise<Page<ExamRecord>> {
    const page = await repo.pageExams(this.db, req, req.params ?? {});
    const selected = req.selectKeys?.length ? await repo.liveExams(this.db, req.selectKeys) : null;
    const ids = [...page.records, ...(selected ?? [])].map((e) => e.id);
    const [rules, qus] = await Promise.all([repo.rulesOf(this.db, ids), repo.examQusOf(this.db, ids)]);
    const count = (e: Exam) => quCountOf(e, rules, qus);
    return mapPage({ ...page, ...(selected ? { selectList: selected } : {}) }, (e) => toRecord(e, count(e)));
  }

  /** Every setting of one exam (the admin form), its rules with labels, fixed questions, departments and the number of named people. 10010003 when missing. */
  async detail(id: string): Promise<ExamDetail> {
    const exam = await this.require(this.db, id);
    const [rules, examQus, deptCodes, userCount] = await Promise.all([
      repo.rulesOf(this.db, [id]),
      repo.examQusOf(this.db, [id]),
      repo.refIdsOf(this.db, id, 'dept'),
      repo.countRefs(this.db, id, 'user'),
    ]);
    const { qus } = await this.ctx.services.qu.load(this.db, examQus.map((q) => q.quId));
    const titles = await this.ctx.services.repo.titleMap([...rules.map((r) => r.repoId), ...[...qus.values()].map((q) => q.repoId)]);
    const chapters = await this.ctx.services.repo.chapterMap(this.db, rules.map((r) => r.chapterId));
    const certTitle = exam.certId ? ((await this.ctx.services.cert.titleMap([exam.certId])).get(exam.certId) ?? '') : '';
    return {
      ...toRecord(exam, quCountOf(exam, rules, examQus)),
      content: exam.content,
      password: exam.password,
      deptCodes,
      userCount,
      handMinMinutes: exam.handMinMinutes,
      lateMaxMinutes: exam.lateMaxMinutes,
      resultShow: exam.resultShow,
      thanksText: exam.thanksText,
      shuffleQu: exam.shuffleQu === 1,
      shuffleOption: exam.shuffleOption === 1,
      partialCredit: exam.partialCredit === 1,
      camOn: exam.camOn === 1,
      camInterval: exam.camInterval,
      faceOn: exam.faceOn === 1,
      faceChance: exam.faceChance,
      leaveOn: exam.leaveOn === 1,
      leaveCheck: exam.leaveCheck,
      leaveCount: exam.leaveCount,
      pasteOff: exam.pasteOff === 1,
      fullscreenOn: exam.fullscreenOn === 1,
      needApply: exam.needApply === 1,
      drawCount: exam.drawCount,
      markMode: exam.markMode,
      markDiff: exam.markDiff,
      certId_dictText: certTitle,
      ruleList: rules.map((r) => ({
        repoId: r.repoId,
        repoId_dictText: titles.get(r.repoId) ?? '',
        quType: r.quType,
        quType_dictText: QU_TYPE_LABEL[r.quType] ?? '',
        level: r.level,
        level_dictText: RULE_LEVEL_LABEL[r.level] ?? '',
        chapterId: r.chapterId,
        chapterId_dictText: r.chapterId ? (chapters.get(r.chapterId)?.title ?? '') : '',
        quCount: r.quCount,
        quScore: r.quScore,
      })),
      quList: examQus.map((q) => {
        const qu = qus.get(q.quId);
        return {
          quId: q.quId, score: q.score, quType: qu?.quType ?? 0, quType_dictText: QU_TYPE_LABEL[qu?.quType ?? 0] ?? '',
          content: qu ? plain(qu.content) : '（试题已被删除）', repoId: qu?.repoId ?? '', repoId_dictText: titles.get(qu?.repoId ?? '') ?? '',
        };
      }),
    };
  }

  /**
   * POST /api/exam/exam/check-rules: whether the paper part can be drawn now, with the score and
   * question count of one paper and one shortfall per unsatisfied rule / question.
   */
  async checkRules(req: z.output<typeof examCheckReq>): Promise<ExamCheckRes> {
    const shortfalls = await this.ctx.services.paper.checkPart(this.db, req);
    return { ok: shortfalls.length === 0, totalScore: examPaperScore(req), quCount: examPaperQuCount(req), shortfalls };
  }

  /**
   * Creates or updates an exam with its paper part and open-type lists in one transaction. An exam
   * that is (or stays) open, state 0, and not offline must be drawable: 20010008 with every
   * shortfall in `msg` (joined by '；') and `data.shortfalls`. Errors: 10010003 exam / certificate
   * missing; 10010001 a department or person that does not exist. `input` is examSaveReq's input
   * (parsed again here, a no-op for the route's parsed body).
   */
  async save(input: z.input<typeof examSaveReq>, userId: string): Promise<{ id: string }> {
    // The route's body is parsed already; other callers (the demo seed) pass the request as written.
    const req: ExamSaveReq = examSaveReq.parse(input);
    // Departments and people are other modules' rows, read before the transaction (on SQLite a
    // read on another connection would wait for it).
    if (req.openType === 2) {
      const names = await this.ctx.services.sysDepart.namesOf(req.deptCodes);
      const missing = req.deptCodes.find((c) => !names.has(c));
      if (missing) throw badParams(`部门不存在：${missing}`);
    }
    const userIds = [...new Set(req.userIds)];
    if (userIds.length) await this.requireUsers(userIds);
    const saved = await this.db.transaction().execute(async (trx) => {
      const existing = req.id ? await repo.findExam(trx, req.id) : undefined;
      if (req.id && !existing) throw notFound('考试不存在或已被删除！');
      const state = req.state ?? existing?.state ?? 0;
      const part = paperPartOf(req);
      if (state === 0 && !req.offline) await this.assertDrawable(trx, part);
      if (req.certId) await this.ctx.services.cert.requireTemplate(trx, req.certId);
      const at = now();
      const fields = {
        certId: req.certId ?? null,
        title: req.title,
        content: req.content,
        examType: req.examType,
        openType: req.openType,
        password: req.openType === 9 ? req.password : '',
        startTime: parseTime(req.startTime),
        endTime: parseTime(req.endTime),
        totalTime: req.totalTime,
        totalScore: req.offline ? (req.totalScore ?? 0) : examPaperScore(part),
        qualifyScore: req.qualifyScore,
        chance: req.chance,
        pointsCost: req.pointsCost,
        handMinMinutes: req.handMinMinutes,
        lateMaxMinutes: req.lateMaxMinutes,
        resultShow: req.resultShow,
        thanksText: req.thanksText,
        shuffleQu: b(req.shuffleQu),
        shuffleOption: b(req.shuffleOption),
        partialCredit: b(req.partialCredit),
        camOn: b(req.camOn),
        camInterval: req.camInterval,
        faceOn: b(req.faceOn),
        faceChance: req.faceChance,
        leaveOn: b(req.leaveOn),
        leaveCheck: req.leaveCheck,
        leaveCount: req.leaveCount,
        pasteOff: b(req.pasteOff),
        fullscreenOn: b(req.fullscreenOn),
        needApply: b(req.needApply),
        paperMethod: req.paperMethod,
        drawCount: req.paperMethod === 3 ? req.drawCount : 0,
        markMode: req.markMode,
        markDiff: req.markMode === 2 ? req.markDiff : 0,
        offline: b(req.offline),
        updateTime: at,
      };
      let id = req.id;
      if (id) {
        await repo.updateExam(trx, id, fields);
        if (req.state !== undefined) await repo.setExamState(trx, [id], req.state, at);
      } else {
        id = newId();
        await repo.insertExam(trx, { id, ...fields, state, deleted: 0, createBy: userId, createTime: at });
      }
      await this.writePart(trx, id, part);
      if (req.openType === 2) await repo.replaceRefs(trx, id, 'dept', req.deptCodes.map((refId) => ({ id: newId(), examId: id, refType: 'dept', refId })));
      if (userIds.length) await repo.insertRefs(trx, userIds.map((refId) => ({ id: newId(), examId: id, refType: 'user', refId })));
      return { id };
    });
    await this.cache.drop([saved.id]);
    return saved;
  }

  async delete(ids: string[]): Promise<void> {
    await repo.softDeleteExams(this.db, ids, now());
    await this.cache.drop(ids);
  }

  /**
   * Enables (0) or disables (1) exams. Enabling checks that every online exam among them can be
   * drawn: 20010008 naming the exam and its shortfalls, nothing changed.
   */
  async setState(ids: string[], state: number): Promise<void> {
    if (state === 0) {
      for (const exam of await repo.liveExams(this.db, ids)) {
        if (exam.offline === 1) continue;
        const shortfalls = await this.ctx.services.paper.checkPart(this.db, await this.paperPart(this.db, exam.id));
        if (shortfalls.length) throw new AppError(ExamError.RULE_SHORT, `考试「${exam.title}」：${shortfalls.map((s) => s.msg).join('；')}`, { shortfalls });
      }
    }
    await repo.setExamState(this.db, ids, state, now());
    await this.cache.drop(ids);
  }

  /** Exams open to the learner now (open type, window, enabled, online), with their attempts. */
  async onlinePaging(learner: Learner, req: z.output<typeof onlinePagingReq>): Promise<Page<OnlineExam>> {
    const who = { userId: learner.userId, deptCode: learner.deptCode ?? (await this.deptOf(learner.userId)) };
    const page = await repo.pageOnline(this.db, req, now(), who, req.params ?? {});
    const ids = page.records.map((e) => e.id);
    const [rules, qus, attempts] = await Promise.all([repo.rulesOf(this.db, ids), repo.examQusOf(this.db, ids), this.ctx.services.paper.attemptsOf(learner.userId, ids)]);
    return mapPage(page, (e) => toOnline(e, quCountOf(e, rules, qus), attempts.get(e.id)));
  }

  /** The check page of one exam; 10010003 unless the exam is live and open to the learner, 20010004 unless open now. */
  async checkInfo(learner: Learner, id: string): Promise<OnlineExam> {
    const exam = await this.requireSittable(this.db, id, learner, now());
    const [rules, qus, attempts] = await Promise.all([repo.rulesOf(this.db, [id]), repo.examQusOf(this.db, [id]), this.ctx.services.paper.attemptsOf(learner.userId, [id])]);
    return toOnline(exam, quCountOf(exam, rules, qus), attempts.get(id));
  }

  /**
   * POST /api/exam/exam/simple-detail (SPEC §7): id, title and type of a live exam open to the
   * caller (an administrator holding exam:list sees any); 10010003 otherwise, as if it did not exist.
   */
  async simpleDetail(user: Learner & { permissions?: readonly string[] }, id: string): Promise<ExamSimple> {
    const exam = await this.require(this.db, id);
    if (!user.permissions?.includes(ExamPerm.LIST) && !(await this.isOpenTo(this.db, exam, user))) throw notFound('考试不存在或已被删除！');
    return { id: exam.id, title: exam.title, examType: exam.examType, examType_dictText: EXAM_TYPE_LABEL[exam.examType] ?? '' };
  }

  /** At start of a module that lets learners sit exams not open to them (classExam: enrolled learners sit the class's exams). */
  registerAccessGrant(grant: ExamAccessGrant): void {
    this.grants.register(grant);
  }

  /** The certificate a live exam grants to those who pass it (cert module, event paper.marked), or null. */
  async certOf(examId: string): Promise<string | null> {
    return (await repo.findExam(this.db, examId))?.certId ?? null;
  }

  /** A live exam or 10010003 (exams carry no department: no data scope narrows them; class exams link any live exam). */
  async require(db: Executor, id: string): Promise<Exam> {
    const exam = await repo.findExam(db, id);
    if (!exam) throw notFound('考试不存在或已被删除！');
    return exam;
  }

  /**
   * POST /api/exam/exam/copy: a deep copy (settings, rules, fixed questions, departments and
   * people) titled '<title>（副本）', created disabled (state 1) so that it is edited before it
   * opens. 10010003 when missing.
   */
  async copy(id: string, userId: string): Promise<{ id: string }> {
    return this.db.transaction().execute(async (trx) => {
      const exam = await this.require(trx, id);
      const [rules, qus, refs] = await Promise.all([repo.rulesOf(trx, [id]), repo.examQusOf(trx, [id]), repo.refsOf(trx, id)]);
      const at = now();
      const copyId = newId();
      const suffix = '（副本）';
      await repo.insertExam(trx, { ...exam, id: copyId, title: exam.title.slice(0, 200 - suffix.length) + suffix, state: 1, deleted: 0, createBy: userId, createTime: at, updateTime: at });
      await repo.replaceRules(trx, copyId, rules.map((r) => ({ ...r, id: newId(), examId: copyId })));
      await repo.replaceExamQus(trx, copyId, qus.map((q) => ({ ...q, id: newId(), examId: copyId })));
      await repo.insertRefs(trx, refs.map((r) => ({ ...r, id: newId(), examId: copyId })));
      return { id: copyId };
    });
  }

  /** POST /api/exam/exam/preview: a sample paper drawn like a learner's, never saved (module paper). 10010003, 20010008. */
  async preview(id: string): Promise<ExamPreview> {
    const exam = await this.require(this.db, id);
    return this.ctx.services.paper.samplePaper(exam);
  }

  /** POST /api/exam/exam/user-ref/paging: the people an exam (open type 3) is open to, with their names. */
  async userRefPaging(req: z.output<typeof examUserRefPagingReq>) {
    // An unknown exam simply has nobody on its list (an empty page).
    const examId = req.params?.refId ?? '';
    const page = await repo.pageRefs(this.db, req, examId, 'user');
    const accounts = await Promise.all(page.records.map((r) => this.ctx.services.sysUser.accountOf(r.refId)));
    return mapPage(page, (r) => {
      const a = accounts.find((x) => x?.id === r.refId);
      return { id: r.refId, userName: a?.userName ?? '', realName: a?.realName ?? '（用户已删除）', deptCode: a?.deptCode ?? '' };
    });
  }

  /** POST /api/exam/exam/user-ref/join `{refId, ids}`: adds people (existing ones are skipped); 10010001 for an unknown user. */
  async userRefJoin(examId: string, userIds: string[]): Promise<{ added: number }> {
    await this.require(this.db, examId);
    const ids = [...new Set(userIds)];
    await this.requireUsers(ids);
    const added = await repo.insertRefs(this.db, ids.map((refId) => ({ id: newId(), examId, refType: 'user', refId })));
    await this.cache.drop([examId]);
    return { added };
  }

  /** POST /api/exam/exam/user-ref/remove `{refId, ids}`: removes people; answers how many were on the list. */
  async userRefRemove(examId: string, userIds: string[]): Promise<{ removed: number }> {
    await this.require(this.db, examId);
    const removed = await repo.deleteRefs(this.db, examId, 'user', [...new Set(userIds)]);
    await this.cache.drop([examId]);
    return { removed };
  }

  /**
   * POST /api/exam/exam/prepare-notify (SPEC §7): sends the exam.publish template (or `tmplId`) to
   * the learners of the exam — the named people of open type 3, the learners of the departments (and
   * sub-departments) of open type 2, every normal-state learner otherwise —
   * as ONE background job of module notify; answers its `jobId`. Idempotent per learner: calling it
   * again reaches only learners who did not get it yet. 10010003 for an unknown exam; 30020001
   * when there is no template.
   */
  async prepareNotify(id: string, tmplId: string | undefined, by: string): Promise<{ jobId: string }> {
    const exam = await this.require(this.db, id);
    // Open type 3 reaches its named people only, 2 the learners of its departments (and those
    // under them), the other types every learner.
    const people = exam.openType === 3 ? await repo.refIdsOf(this.db, id, 'user') : null;
    const depts = exam.openType === 2 ? await repo.refIdsOf(this.db, id, 'dept') : null;
    const { jobId } = await this.ctx.services.notify.send({
      event: 'exam.publish', ...(people ? { userIds: people } : { toLearners: true, ...(depts ? { learnerDepts: depts } : {}) }), background: true, vars: { examTitle: exam.title }, refType: 'exam', refId: exam.id, ...(tmplId ? { tmplId } : {}), by,
    });
    return { jobId: jobId as string };
  }

  /**
   * A live exam that the learner may sit at `at`: enabled (else 20010004 '考试未开放！'), open to
   * them (else 10010003, as if it did not exist: open type 2 needs one of the exam's departments
   * to be the learner's or above it, 3 the learner on the list), inside its window (20010004).
   */
  async requireSittable(db: Executor, id: string, learner: Learner, at: number): Promise<Exam> {
    const exam = await this.cached(db, id);
    if (exam.state !== 0) throw new AppError(ExamError.EXAM_NOT_OPEN, '考试未开放！');
    if (!(await this.isOpenTo(db, exam, learner))) throw notFound('考试不存在或已被删除！');
    if (exam.startTime !== null && at < exam.startTime) throw new AppError(ExamError.EXAM_NOT_OPEN, `考试尚未开始，开始时间：${formatTime(exam.startTime)}`);
    if (exam.endTime !== null && at >= exam.endTime) throw new AppError(ExamError.EXAM_NOT_OPEN, '考试已结束！');
    return exam;
  }

  /**
   * The checks of starting a new paper (create-paper, after requireSittable): an offline exam has
   * none (20040004); the latest start, lateMaxMinutes after the window opens (20040002); open type
   * 9 needs the password (20040001 '请输入考试密码！' / '考试密码错误！').
   */
  checkStart(exam: Exam, password: string, at: number): void {
    if (exam.offline === 1) throw new AppError(ExamError.OFFLINE_EXAM);
    if (exam.lateMaxMinutes > 0 && exam.startTime !== null && at > exam.startTime + exam.lateMaxMinutes * 60_000) {
      throw new AppError(ExamError.TOO_LATE, `开考${exam.lateMaxMinutes}分钟后不能再进入考试！`);
    }
    if (exam.openType === 9) {
      if (!password) throw new AppError(ExamError.WRONG_PASSWORD, '请输入考试密码！');
      if (password !== exam.password) throw new AppError(ExamError.WRONG_PASSWORD);
    }
  }

  /** A learner's hand-in of a paper started at `startedAt`: 20040003 before handMinMinutes have passed (server clock). */
  async checkHandIn(examId: string, startedAt: number, at: number): Promise<void> {
    const exam = await this.cache.exam(this.db, examId);
    if (exam && exam.handMinMinutes > 0 && at < startedAt + exam.handMinMinutes * 60_000) {
      throw new AppError(ExamError.HAND_TOO_EARLY, `开考${exam.handMinMinutes}分钟后才能交卷！`);
    }
  }

  /** The stored paper part of an exam (method, rules, fixed questions, drawCount) for module paper. */
  async paperPart(db: Executor, examId: string): Promise<ExamPaperPart> {
    const part = await this.cache.part(db, await this.cached(db, examId));
    return { ...part, ruleList: part.ruleList.map((r) => ({ ...r })), quList: part.quList.map((q) => ({ ...q })) };
  }

  /**
   * A live exam or 10010003, from the exam cache (exam.cache.ts): for the hot path of the exam room
   * (create-paper, hand-in, scoring). The row is shared: callers must not change it. `db` reads on a
   * miss (the caller's transaction, if any).
   */
  async cached(db: Executor, id: string): Promise<Exam> {
    const exam = await this.cache.exam(db, id);
    if (!exam) throw notFound('考试不存在或已被删除！');
    return exam;
  }

  /**
   * Ids among `repoIds` that a live exam draws from — by a random rule, or because one of its fixed
   * questions (select / draw methods) is in the bank (a bank in use cannot be deleted).
   */
  async reposInUse(db: Executor, repoIds: string[]): Promise<string[]> {
    if (repoIds.length === 0) return [];
    const byRules = await repo.reposUsedByExams(db, repoIds);
    const wanted = new Set(repoIds);
    const byFixed = (await this.ctx.services.qu.repoIdsOf(db, await repo.fixedQuIdsOfLiveExams(db))).filter((id) => wanted.has(id));
    return [...new Set([...byRules, ...byFixed])];
  }

  rules(db: Executor, examId: string): Promise<ExamRule[]> {
    return repo.rulesOf(db, [examId]);
  }

  count(): Promise<number> {
    return repo.countExams(this.db);
  }


  /** 20010008 with every shortfall unless the paper part can be drawn. */
  private async assertDrawable(db: Executor, part: ExamPaperPart): Promise<void> {
    const shortfalls = await this.ctx.services.paper.checkPart(db, part);
    if (shortfalls.length) throw new AppError(ExamError.RULE_SHORT, shortfalls.map((s) => s.msg).join('；'), { shortfalls });
  }

  private async writePart(db: Executor, examId: string, part: ExamPaperPart): Promise<void> {
    await repo.replaceRules(db, examId, part.ruleList.map((r, sort) => ({ id: newId(), examId, ...r, sort })));
    await repo.replaceExamQus(db, examId, part.quList.map((q, sort): ElExamQuTable => ({ id: newId(), examId, quId: q.quId, score: q.score, sort })));
  }

  /** 10010001 naming the first id that is not a user. */
  private async requireUsers(ids: string[]): Promise<void> {
    const found = new Set((await this.ctx.services.sysUser.contactsOf(ids)).map((u) => u.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw badParams(`用户不存在：${missing}`);
  }

  private async deptOf(userId: string): Promise<string> {
    return (await this.ctx.services.sysUser.accountOf(userId))?.deptCode ?? '';
  }

  /** Whether the learner may sit the exam: its open type (1, 9 everybody; 2 departments with sub-departments; 3 named people) or else a registered grant (exam.access.ts). */
  async isOpenTo(db: Executor, exam: Exam, learner: Learner): Promise<boolean> {
    const open = await isOpenByRefs(
      exam.openType,
      { dept: () => this.cache.refIds(db, exam.id, 'dept'), user: () => this.cache.refIds(db, exam.id, 'user') },
      { userId: learner.userId, deptCode: async () => learner.deptCode ?? (await this.deptOf(learner.userId)) },
    );
    return open || this.grants.granted(learner.userId, exam.id);
  }
}
