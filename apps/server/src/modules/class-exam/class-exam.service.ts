/**
 * Exams of training classes (issue 13 "Classes": class content "exams", required completion "exam
 * passed"; calls /api/trainClass/exam/*, ours). Class↔exam links with an order and a required flag
 * (the model is train-class.courses.ts). Enrolled learners sit a linked exam even when its open type
 * would not let them in: at start this module registers a grant with module exam
 * (`exam.registerAccessGrant`), which exam asks in `isOpenTo` (check page, create-paper …); the
 * window, attempts, password of open type 9 and everything about answers stay exam's and paper's.
 *
 * The class requirement 'exam' = required linked exams (still existing) passed / total, passed
 * read through `paper.resultsOf` (any marked paper that passed). When a paper is marked
 * (`paper.marked`, passed) the learner's unfinished classes linking the exam are settled.
 */
import type { Page } from '@kaopei/contracts';
import type { ClassExamRecord, classExamPagingReq, ClassMyExam } from '@kaopei/contracts/class-exam';
import type { z } from 'zod';
import { ExamError } from '@kaopei/contracts/exam';
import { PaperError } from '@kaopei/contracts/paper';
import { badParams, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { formatTime, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import type { Exam } from '../exam/exam.service';
import type { ClassLearner } from '../train-class/train-class.service';
import type { TrainClass } from '../train-class/train-class.view';
import * as repo from './class-exam.repository';
import type { ElClassExamTable } from './class-exam.tables';

export type ClassExamDeps = 'trainClass' | 'exam' | 'paper';

/** How often a save replaces the list again after losing a race with a parallel save of the same class. */
const SAVE_TRIES = 3;

export class ClassExamService {
  constructor(private readonly ctx: ModuleContext<ClassExamDeps>) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * POST /api/trainClass/exam/save {classId, examList}: replaces the class's exams (order = sort,
   * else list order). Errors: 10010003 class missing / outside the data scope, or an exam that does
   * not exist ('考试不存在或已被删除：{id}'); 10010001 an exam listed twice. Nothing is written on
   * an error; two parallel saves leave one of the lists whole.
   */
  async save(admin: AuthUser, classId: string, list: { examId: string; sort: number; required: boolean }[]): Promise<{ count: number }> {
    await this.ctx.services.trainClass.requireInScope(admin, classId);
    const ids = list.map((x) => x.examId);
    const dup = ids.find((id, i) => ids.indexOf(id) !== i);
    if (dup) throw badParams(`考试重复：${dup}`);
    for (const id of ids) {
      await this.ctx.services.exam.require(this.db, id).catch(() => {
        throw notFound(`考试不存在或已被删除：${id}`);
      });
    }
    for (let attempt = 1; ; attempt++) {
      const rows = list.map((x, i): ElClassExamTable => ({ id: newId(), classId, examId: x.examId, sort: x.sort || i, required: x.required ? 1 : 0 }));
      try {
        await this.db.transaction().execute((trx) => repo.replaceExams(trx, classId, rows));
        return { count: list.length };
      } catch (e) {
        // A parallel save of the same class inserted first (UNIQUE (classId, examId)): replace again.
        if (!isUniqueViolation(e) || attempt >= SAVE_TRIES) throw e;
      }
    }
  }

  /** POST /api/trainClass/exam/detail {classId}: the class's exams in order (class in the caller's data scope). */
  async detail(admin: AuthUser, classId: string): Promise<ClassExamRecord[]> {
    await this.ctx.services.trainClass.requireInScope(admin, classId);
    const rows = await repo.examsOf(this.db, classId);
    const titles = await this.titles(rows);
    return rows.map((r) => toRecord(r, titles));
  }

  /** POST /api/trainClass/exam/paging {params.classId}: a page of the class's exams; an empty page without a class. */
  async page(admin: AuthUser, req: z.output<typeof classExamPagingReq>): Promise<Page<ClassExamRecord>> {
    const classId = req.params?.classId;
    if (!classId) return emptyPage(req);
    await this.ctx.services.trainClass.requireInScope(admin, classId);
    const page = await repo.pageExams(this.db, req, classId);
    const titles = await this.titles(page.records);
    return mapPage(page, (r) => toRecord(r, titles));
  }

  /**
   * POST /api/trainClass/exam/my-list {classId}: the linked exams (still existing) of a class the
   * caller is enrolled in (10010003 otherwise), with his best score, passed flag and whether he may
   * start now (`startTip` says why not, in exam's words).
   */
  async myList(user: ClassLearner, classId: string): Promise<ClassMyExam[]> {
    await this.ctx.services.trainClass.requireEnrolled(user, classId);
    const links = await repo.examsOf(this.db, classId);
    const exams = await this.examsById(links.map((l) => l.examId));
    const ids = [...exams.keys()];
    const [results, attempts] = await Promise.all([this.ctx.services.paper.resultsOf(user.userId, ids), this.ctx.services.paper.attemptsOf(user.userId, ids)]);
    const at = now();
    return links.flatMap((l) => {
      const e = exams.get(l.examId);
      if (!e) return [];
      const r = results.get(e.id);
      const tries = attempts.get(e.id);
      const tip = startTip(e, tries?.tryCount ?? 0, tries?.processPaperId != null, at);
      return [{
        examId: e.id, title: e.title, sort: l.sort, required: l.required === 1, startTime: formatTime(e.startTime), endTime: formatTime(e.endTime),
        totalTime: e.totalTime, totalScore: e.totalScore, qualifyScore: e.qualifyScore, chance: e.chance, tryCount: tries?.tryCount ?? 0,
        bestScore: r ? r.bestScore : null, passed: r?.passed ?? false, canStart: tip === '', startTip: tip, checkPath: `/web/exam/check/${e.id}`,
      }];
    });
  }

  /** The requirement 'exam': required linked exams (still existing) the learner passed / their number. */
  async requiredStanding(c: TrainClass, userId: string): Promise<{ done: number; total: number }> {
    const required = (await repo.examsOf(this.db, c.id)).filter((l) => l.required === 1).map((l) => l.examId);
    const live = [...(await this.examsById(required)).keys()];
    const results = await this.ctx.services.paper.resultsOf(userId, live);
    return { done: live.filter((id) => results.get(id)?.passed).length, total: live.length };
  }

  /** The exam grant: the learner is enrolled in a live, enabled class linking the exam. */
  async granted(userId: string, examId: string): Promise<boolean> {
    const classIds = await repo.classesWithExam(this.db, examId);
    return classIds.length > 0 && (await this.ctx.services.trainClass.enrolledIn(userId, classIds)).length > 0;
  }

  /**
   * Listener of `paper.marked`: a passed paper settles every unfinished class of the learner linking
   * the exam (trainClass.settle completes each at most once, so a redelivered event changes nothing).
   */
  async onPaperMarked(e: { userId: string; examId: string; passed: boolean }): Promise<void> {
    if (!e.passed) return;
    const classIds = await repo.classesWithExam(this.db, e.examId);
    for (const seat of await this.ctx.services.trainClass.enrolledIn(e.userId, classIds)) {
      if (!seat.finished) await this.ctx.services.trainClass.settle(seat.classId, e.userId);
    }
  }

  /** At start: the exam grant and the requirement 'exam'. */
  register(): void {
    this.ctx.services.exam.registerAccessGrant((userId, examId) => this.granted(userId, examId));
    this.ctx.services.trainClass.requirements.register('exam', (c, userId) => this.requiredStanding(c, userId));
  }

  /** The live exams among `ids` (a deleted exam is left out). */
  private async examsById(ids: readonly string[]): Promise<Map<string, Exam>> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.ctx.services.exam.require(this.db, id).catch(() => undefined)));
    return new Map(found.filter((e) => e !== undefined).map((e) => [e.id, e]));
  }

  /** Exam id → title of the rows' live exams. */
  private async titles(rows: readonly ElClassExamTable[]): Promise<Map<string, string>> {
    return new Map([...(await this.examsById(rows.map((r) => r.examId))).values()].map((e) => [e.id, e.title]));
  }
}

function toRecord(r: ElClassExamTable, titles: Map<string, string>): ClassExamRecord {
  return { id: r.id, classId: r.classId, examId: r.examId, examId_dictText: titles.get(r.examId) ?? '', sort: r.sort, required: r.required === 1 };
}

/** Why the learner may not start (or resume) the exam now, '' when he may: exam's own messages. */
export function startTip(e: Exam, tryCount: number, inProgress: boolean, at: number): string {
  if (e.state !== 0) return '考试未开放！';
  if (e.offline === 1) return ExamError.OFFLINE_EXAM.msg;
  if (e.startTime !== null && at < e.startTime) return `考试尚未开始，开始时间：${formatTime(e.startTime)}`;
  if (e.endTime !== null && at >= e.endTime) return '考试已结束！';
  if (!inProgress && e.chance > 0 && tryCount >= e.chance) return PaperError.EXAM_NO_CHANCE.msg;
  return '';
}
