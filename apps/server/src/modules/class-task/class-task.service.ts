/**
 * Class tasks 培训任务 (issue 13 "tasks", /api/task/bj; contracts class-task.ts). Admin calls need
 * the class in the caller's data scope (`trainClass.requireInScope`, 10010003 otherwise); learner
 * calls need an enrolment (`trainClass.requireEnrolled`). A learner submits until the deadline
 * (server clock) and may submit again until the submission is reviewed; one row per (task, user)
 * (unique index), and a resubmission only overwrites a row still in state 1 (conditional update), so
 * a submission racing a review never undoes it.
 */
import type { Page } from '@kaopei/contracts';
import { ClassTaskError, TASK_MSG, TASK_SUBMIT_STATE_LABEL, TaskSubmitState, type TaskFile, type TaskMyRecord, type taskPagingReq, type TaskRecord, type taskReviewReq, type taskSaveReq, type TaskSubmitRecord, type taskSubmitReq, type taskSubmitsReq } from '@kaopei/contracts/class-task';
import type { z } from 'zod';
import { AppError, badParams, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTime, formatTimeStrict, now, parseTime } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './class-task.repository';
import type { ElClassTaskSubmitTable, ElClassTaskTable } from './class-task.tables';

export type ClassTaskDeps = 'trainClass';

const TASK_NOT_FOUND = '任务不存在或已被删除！';
const SUBMIT_NOT_FOUND = '提交记录不存在！';

function filesOf(json: string): TaskFile[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as TaskFile[]) : [];
  } catch {
    return [];
  }
}

export class ClassTaskService {
  constructor(private readonly ctx: ModuleContext<ClassTaskDeps>) {}

  private get db() {
    return this.ctx.db;
  }

  private get classes() {
    return this.ctx.services.trainClass;
  }

  /** A task whose class is in the admin's data scope; 10010003 otherwise. */
  private async taskInScope(admin: AuthUser, id: string): Promise<ElClassTaskTable> {
    const task = await repo.findTask(this.db, id);
    if (!task) throw notFound(TASK_NOT_FOUND);
    await this.classes.requireInScope(admin, task.classId);
    return task;
  }

  /** POST /api/task/bj/save: adds (no id) or updates a task of a class in the admin's scope. `content` sanitised. */
  async save(admin: AuthUser, req: z.output<typeof taskSaveReq>): Promise<{ id: string }> {
    await this.classes.requireInScope(admin, req.classId);
    const deadline = parseTime(req.deadline);
    if (deadline === null) throw badParams(TASK_MSG.timeFormat);
    const fields = { title: req.title, content: sanitizeRichText(req.content), deadline, required: req.required ? 1 : 0, allowFiles: req.allowFiles ? 1 : 0, updateTime: now() };
    if (req.id) {
      const task = await this.taskInScope(admin, req.id);
      if (task.classId !== req.classId) throw notFound(TASK_NOT_FOUND);
      await repo.updateTask(this.db, task.id, fields);
      return { id: task.id };
    }
    const id = newId();
    await repo.insertTask(this.db, { id, classId: req.classId, ...fields, createBy: admin.userId, createTime: fields.updateTime });
    return { id };
  }

  /** POST /api/task/bj/detail. */
  async detail(admin: AuthUser, id: string): Promise<TaskRecord> {
    const task = await this.taskInScope(admin, id);
    const counts = await repo.countsOf(this.db, [id]);
    return this.toRecord(task, counts.get(id));
  }

  /** POST /api/task/bj/paging: a class's tasks (earliest deadline first) with submitted/reviewed counts; empty without a class. */
  async paging(admin: AuthUser, req: z.output<typeof taskPagingReq>): Promise<Page<TaskRecord>> {
    const p = req.params;
    if (!p?.classId) return emptyPage(req);
    await this.classes.requireInScope(admin, p.classId);
    const page = await repo.pageTasks(this.db, req, p.classId, p);
    const counts = await repo.countsOf(this.db, page.records.map((t) => t.id));
    return mapPage(page, (t) => this.toRecord(t, counts.get(t.id)));
  }

  /** POST /api/task/bj/delete: tasks (and their submissions) of classes in the admin's scope; others are left alone. */
  async delete(admin: AuthUser, ids: string[]): Promise<void> {
    const tasks = await repo.findTasks(this.db, ids);
    const kept: string[] = [];
    for (const t of tasks) {
      const ok = await this.classes.requireInScope(admin, t.classId).then(
        () => true,
        () => false,
      );
      if (ok) kept.push(t.id);
    }
    await this.db.transaction().execute((trx) => repo.deleteTasks(trx, kept));
  }

  /**
   * POST /api/task/bj/submits: the enrolled learners of the task's class (sign-up order) with their
   * submission, filtered by state (0 未提交, 1 已提交, 2 已批阅) and account/name; paged in memory
   * (the enrolment list belongs to module trainClass). Empty without a task.
   */
  async submits(admin: AuthUser, req: z.output<typeof taskSubmitsReq>): Promise<Page<TaskSubmitRecord>> {
    const p = req.params;
    if (!p?.taskId) return emptyPage(req);
    const task = await this.taskInScope(admin, p.taskId);
    const [enrolled, subs] = await Promise.all([this.classes.enrolledOf(task.classId), repo.submitsOfTask(this.db, task.id)]);
    const byUser = new Map(subs.map((s) => [s.userId, s]));
    const name = p.userName?.trim().toLowerCase();
    const rows = enrolled
      .map((u) => this.toSubmitRecord(u, byUser.get(u.userId)))
      .filter((r) => (p.state === undefined || r.state === p.state) && (!name || r.userName.toLowerCase().includes(name) || r.realName.toLowerCase().includes(name)));
    const start = (req.current - 1) * req.size;
    return { records: rows.slice(start, start + req.size), total: rows.length, pages: Math.ceil(rows.length / req.size), current: req.current, size: req.size };
  }

  /** POST /api/task/bj/review: score (0–100, checked by the contracts) and comment; a later review overwrites. */
  async review(admin: AuthUser, req: z.output<typeof taskReviewReq>): Promise<void> {
    const sub = await repo.findSubmit(this.db, req.submitId);
    if (!sub) throw notFound(SUBMIT_NOT_FOUND);
    await this.taskInScope(admin, sub.taskId);
    await repo.review(this.db, sub.id, { score: req.score, comment: req.comment, reviewBy: admin.userId, reviewTime: now() });
  }

  /** POST /api/task/bj/my-list: the class's tasks (earliest deadline first) with the caller's submission; enrolled learners only. */
  async myList(user: AuthUser, classId: string): Promise<TaskMyRecord[]> {
    await this.classes.requireEnrolled(user, classId);
    const tasks = await repo.tasksOfClass(this.db, classId);
    const subs = new Map((await repo.submitsOfUser(this.db, user.userId, tasks.map((t) => t.id))).map((s) => [s.taskId, s]));
    const at = now();
    return tasks.map((t) => {
      const s = subs.get(t.id);
      const state = s?.state ?? TaskSubmitState.NONE;
      return {
        id: t.id, title: t.title, content: t.content, deadline: formatTimeStrict(Number(t.deadline)), closed: at > Number(t.deadline), required: t.required === 1, allowFiles: t.allowFiles === 1,
        state, state_dictText: TASK_SUBMIT_STATE_LABEL[state] ?? '', myContent: s?.content ?? '', myFiles: s ? filesOf(s.files) : [], submitTime: formatTime(s?.submitTime) ?? '',
        score: state === TaskSubmitState.REVIEWED ? (s?.score ?? null) : null, comment: state === TaskSubmitState.REVIEWED ? (s?.comment ?? '') : '',
      };
    });
  }

  /**
   * POST /api/task/bj/submit: hands in (or again, before review). Refuses after the deadline
   * (20220001), after review (20220002), files on a task without files (20220003), and an empty
   * submission ('请填写作业内容或上传附件！').
   */
  async submit(user: AuthUser, req: z.output<typeof taskSubmitReq>): Promise<{ submitId: string }> {
    const task = await repo.findTask(this.db, req.taskId);
    if (!task) throw notFound(TASK_NOT_FOUND);
    await this.classes.requireEnrolled(user, task.classId);
    const at = now();
    if (at > Number(task.deadline)) throw new AppError(ClassTaskError.CLOSED);
    if (task.allowFiles !== 1 && req.files.length) throw new AppError(ClassTaskError.NO_FILES);
    if (!req.content && !req.files.length) throw badParams(TASK_MSG.submitEmpty);
    const body = { content: req.content, files: JSON.stringify(req.files), submitTime: at };
    const overwrite = async (row: ElClassTaskSubmitTable) => {
      if (row.state === TaskSubmitState.REVIEWED || !(await repo.resubmit(this.db, row.id, body))) throw new AppError(ClassTaskError.REVIEWED);
      return { submitId: row.id };
    };
    const existing = await repo.submitOf(this.db, task.id, user.userId);
    if (existing) return overwrite(existing);
    const id = newId();
    try {
      await repo.insertSubmit(this.db, {
        id, taskId: task.id, classId: task.classId, userId: user.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode,
        ...body, state: TaskSubmitState.SUBMITTED, score: null, comment: '', reviewBy: '', reviewTime: null,
      });
      return { submitId: id };
    } catch (e) {
      // A parallel submission of the same learner inserted first: this one overwrites it.
      if (!isUniqueViolation(e)) throw e;
      const row = await repo.submitOf(this.db, task.id, user.userId);
      if (!row) throw e;
      return overwrite(row);
    }
  }

  private toRecord(t: ElClassTaskTable, c: { submitted: number; reviewed: number } | undefined): TaskRecord {
    return {
      id: t.id, classId: t.classId, title: t.title, content: t.content, deadline: formatTimeStrict(Number(t.deadline)), required: t.required === 1, allowFiles: t.allowFiles === 1,
      submitCount: c?.submitted ?? 0, reviewCount: c?.reviewed ?? 0, createTime: formatTimeStrict(Number(t.createTime)),
    };
  }

  private toSubmitRecord(u: { userId: string; userName: string; realName: string }, s: ElClassTaskSubmitTable | undefined): TaskSubmitRecord {
    const state = s?.state ?? TaskSubmitState.NONE;
    return {
      id: u.userId, userId: u.userId, userName: u.userName, realName: u.realName, submitId: s?.id ?? '', state, state_dictText: TASK_SUBMIT_STATE_LABEL[state] ?? '',
      content: s?.content ?? '', files: s ? filesOf(s.files) : [], submitTime: formatTime(s?.submitTime) ?? '', score: s?.score ?? null, comment: s?.comment ?? '', reviewTime: formatTime(s?.reviewTime) ?? '',
    };
  }
}
