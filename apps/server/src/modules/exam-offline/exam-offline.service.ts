/**
 * Offline exams (SPEC §7 "plus offline endpoints"; issue 8 "Offline exams"): the scores of an exam
 * held on paper (el_exam.offline = 1), imported from a spreadsheet or typed in one learner at a time.
 *
 * Each score is one row of el_exam_offline (this module: who, score, time, how, by whom, the
 * learner's department for the data scope) and the learner's paper, written by module paper's
 * `recordOffline` in the same transaction (offline 1, state 2, passed = score ≥ qualifyScore, the
 * `paper.marked` event → points, certificate, score message, 我的成绩).
 *
 * One score per (exam, learner). The same score and time again changes nothing and emits nothing;
 * another score or time replaces it and emits `paper.marked` again (listeners are idempotent: a
 * learner who now passes gets points and certificate, nothing granted before is taken back, and the
 * score message is sent once per paper).
 *
 * The import is a background job (type OFFLINE_IMPORT_JOB, progress polled at /api/sys/job/detail):
 * every row is checked (its own cells; then the account exists, is live and lies in the caller's
 * data scope; the score ≤ the exam's total score; an account only once in the file); any bad row →
 * nothing is written and every bad row is reported (`第N行：…`, first 200; `totalErrors` counts all).
 * Otherwise every row is written in ONE transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CommonError, type Page } from '@kaopei/contracts';
import {
  ExamOfflineError,
  ExamOfflinePerm,
  OFFLINE_IMPORT_JOB,
  OFFLINE_SOURCE_LABEL,
  OfflineSource,
  type OfflineEntryReq,
  type OfflineImportResult,
  type OfflineInfo,
  type offlinePagingReq,
  type OfflineRecord,
} from '@kaopei/contracts/exam-offline';
import type { Executor } from '../../db';
import { deptInScope } from '../../lib/dept-scope';
import { AppError, notFound } from '../../lib/errors';
import { getNodeId, newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import { msgMoreErrors } from '../../lib/xlsx-text';
import type { AuthUser } from '../../platform/auth';
import type { JobContext } from '../../platform/jobs';
import type { ModuleContext } from '../../platform/module';
import type { UploadedFile } from '../../platform/router';
import type { Exam } from '../exam/exam.service';
import { parseExamTime, readScoreFile, rowMsg, scoreSheetBuffer, type RowError } from './exam-offline.sheet';
import * as repo from './exam-offline.repository';

export type ExamOfflineDeps = 'exam' | 'paper' | 'sysUser' | 'sysRole';

/** Errors listed in a result (the rest are counted). */
const LISTED_ERRORS = 200;
/** Uploads older than this are removed when the next import starts (a job that never ran). */
const KEEP_MS = 24 * 3600_000;
const USER_NOT_FOUND = '用户不存在或已被删除！';

const payloadSchema = z.object({ file: z.string(), examId: z.string(), userId: z.string(), deptCode: z.string(), roleIds: z.array(z.string()), nodeId: z.number().int() });
type ImportPayload = z.infer<typeof payloadSchema>;

/** A learner as the register snapshots him. */
interface Learner {
  id: string;
  userName: string;
  realName: string;
  deptCode: string;
}

function failed(errors: RowError[]): OfflineImportResult {
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  const listed = sorted.length > LISTED_ERRORS ? [...sorted.slice(0, LISTED_ERRORS), { row: sorted[LISTED_ERRORS]?.row ?? 0, msg: msgMoreErrors(sorted.length - LISTED_ERRORS) }] : sorted;
  return { imported: 0, unchanged: 0, errors: listed, totalErrors: sorted.length };
}

/** `成绩必须在0-N之间！` */
const scoreRangeMsg = (total: number) => `成绩必须在0-${total}之间！`;

export class ExamOfflineService {
  constructor(private readonly ctx: ModuleContext<ExamOfflineDeps>) {}

  private get db() {
    return this.ctx.db;
  }

  private get dir() {
    return path.join(this.ctx.config.dataDir, 'offline-imports');
  }

  /** A live offline exam, else 10010003 (unknown or deleted) or 20060011 (an online exam). */
  private async requireOffline(db: Executor, examId: string): Promise<Exam> {
    const exam = await this.ctx.services.exam.require(db, examId);
    if (exam.offline !== 1) throw new AppError(ExamOfflineError.NOT_OFFLINE);
    return exam;
  }

  /** POST /api/exam/offline/info {examId}: what the score dialogs show (title, total and qualify score). */
  async info(examId: string): Promise<OfflineInfo> {
    const exam = await this.ctx.services.exam.require(this.db, examId);
    return { examId: exam.id, title: exam.title, offline: exam.offline, totalScore: exam.totalScore, qualifyScore: exam.qualifyScore, startTime: formatTime(exam.startTime) };
  }

  /**
   * Writes one learner's score (register row, then the paper through module paper) in `trx`.
   * Answers the paper id and whether anything changed.
   */
  private async record(trx: Executor, exam: Exam, learner: Learner, userScore: number, examTime: number, source: number, by: string): Promise<{ paperId: string; changed: boolean }> {
    const at = now();
    const fresh = {
      id: newId(), examId: exam.id, userId: learner.id, userName: learner.userName, realName: learner.realName, deptCode: learner.deptCode, paperId: newId(),
      userScore, examTime, source, createBy: by, createTime: at, updateBy: by, updateTime: at,
    };
    let paperId = fresh.paperId;
    let changed = await repo.insertIfAbsent(trx, fresh);
    if (!changed) {
      const row = await repo.findOne(trx, exam.id, learner.id);
      if (!row) throw new Error('offline score row vanished');
      paperId = row.paperId;
      changed = await repo.updateIfDifferent(trx, row.id, { userScore, examTime, source, userName: learner.userName, realName: learner.realName, updateBy: by, updateTime: at });
    }
    if (changed) await this.ctx.services.paper.recordOffline(trx, { paperId, exam, userId: learner.id, deptCode: learner.deptCode, userScore, handTime: examTime });
    return { paperId, changed };
  }

  /** The time a score without one gets: the exam's start time, else now. */
  private defaultTime(exam: Exam): number {
    return exam.startTime ?? now();
  }

  /**
   * POST /api/exam/offline/entry {examId, userId, userScore, examTime}: one learner's score typed in.
   * Errors: 10010003 exam or learner unknown, or the learner outside the caller's data scope;
   * 20060011 not an offline exam; 20060012 a score above the exam's total score.
   */
  async entry(admin: AuthUser, req: OfflineEntryReq): Promise<{ paperId: string; changed: boolean }> {
    const exam = await this.requireOffline(this.db, req.examId);
    if (req.userScore > exam.totalScore) throw new AppError(ExamOfflineError.SCORE_RANGE, scoreRangeMsg(exam.totalScore));
    const examTime = req.examTime === '' ? this.defaultTime(exam) : parseExamTime(req.examTime);
    if (examTime === null) throw new AppError(CommonError.BAD_PARAMS, '考试时间不正确！');
    const account = await this.ctx.services.sysUser.accountOf(req.userId);
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    if (!account || !deptInScope(account.deptCode, scope)) throw notFound(USER_NOT_FOUND);
    return this.db.transaction().execute((trx) => this.record(trx, exam, account, req.userScore, examTime, OfflineSource.TYPED, admin.userId));
  }

  /** POST /api/exam/offline/paging: the scores of exam `params.examId` in the caller's data scope (no exam named: an empty page; an unknown one: 10010003). */
  async paging(admin: AuthUser, req: z.output<typeof offlinePagingReq>): Promise<Page<OfflineRecord>> {
    const params = req.params;
    if (!params) return { records: [], total: 0, pages: 0, current: req.current, size: req.size };
    const exam = await this.ctx.services.exam.require(this.db, params.examId);
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const page = await repo.pageScores(this.db, req, params, exam.qualifyScore, scope);
    const names = await this.ctx.services.sysUser.realNames([...new Set(page.records.map((r) => r.updateBy))]);
    return mapPage(page, (r) => ({
      id: r.id, examId: r.examId, userId: r.userId, userName: r.userName, realName: r.realName, deptCode: r.deptCode, paperId: r.paperId,
      userScore: r.userScore, totalScore: exam.totalScore, qualifyScore: exam.qualifyScore, passed: r.userScore >= exam.qualifyScore,
      examTime: formatTimeStrict(r.examTime), source: r.source, source_dictText: OFFLINE_SOURCE_LABEL[r.source] ?? '',
      updateBy: r.updateBy, updateBy_dictText: names.get(r.updateBy) ?? '', updateTime: formatTimeStrict(r.updateTime),
    }));
  }

  /** GET /api/exam/offline/template: the import layout with a note on each column and a 填写说明 sheet. */
  template(): Promise<Buffer> {
    return scoreSheetBuffer();
  }

  /**
   * POST /api/exam/offline/import (multipart: file, examId): checks the exam (10010003, 20060011),
   * keeps the upload and queues the import job pinned to this process; answers `{jobId}` at once.
   */
  async startImport(file: UploadedFile, examId: string, admin: AuthUser): Promise<{ jobId: string }> {
    await this.requireOffline(this.db, examId);
    fs.mkdirSync(this.dir, { recursive: true });
    this.removeStale();
    const kept = path.join(this.dir, `${newId()}.xlsx`);
    fs.renameSync(file.path, kept);
    const payload: ImportPayload = { file: kept, examId, userId: admin.userId, deptCode: admin.deptCode, roleIds: admin.roleIds, nodeId: getNodeId() };
    return { jobId: await this.ctx.jobs.enqueue(OFFLINE_IMPORT_JOB, payload, { userId: admin.userId, pinTo: payload.nodeId, maxAttempts: 1 }) };
  }

  private removeStale(): void {
    for (const f of fs.readdirSync(this.dir)) {
      const file = path.join(this.dir, f);
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat && Date.now() - stat.mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
    }
  }

  /**
   * The import job (see the file comment). The caller is checked again as of now: a live, enabled
   * account whose roles (those of the request) still grant exam:offline:entry, with the data scope
   * of those roles. Answers the OfflineImportResult.
   */
  async runImport(raw: unknown, job: JobContext): Promise<OfflineImportResult> {
    const p = payloadSchema.parse(raw);
    try {
      if (!fs.existsSync(p.file)) throw new AppError(CommonError.BAD_PARAMS, '导入文件已过期，请重新上传！');
      const caller = await this.ctx.services.sysUser.accountOf(p.userId);
      const grants = await this.ctx.services.sysRole.grantsOf(p.roleIds);
      if (!caller || caller.state !== 0 || !grants.permissions.includes(ExamOfflinePerm.ENTRY)) throw new AppError(CommonError.NO_PERMISSION);
      const exam = await this.requireOffline(this.db, p.examId);
      await job.progress(1, '正在读取文件…');
      const read = await readScoreFile(p.file, { signal: job.signal });
      await job.progress(40, '正在检查数据…');
      const scope = await this.ctx.services.sysRole.dataScopeOf({ roleIds: p.roleIds, deptCode: caller.deptCode });
      const accounts = await this.ctx.services.sysUser.accountsByName(read.rows.map((r) => r.userName));
      const errors = [...read.errors];
      const firstAt = new Map<string, number>();
      for (const r of read.rows) {
        const msgs: string[] = [];
        const account = accounts.get(r.userName);
        const seen = firstAt.get(r.userName);
        if (seen !== undefined) msgs.push(`账号“${r.userName.slice(0, 50)}”与第${seen}行重复！`);
        else firstAt.set(r.userName, r.row);
        if (!account || !deptInScope(account.deptCode, scope)) msgs.push(`账号不存在：${r.userName.slice(0, 50)}`);
        if (r.userScore > exam.totalScore) msgs.push(scoreRangeMsg(exam.totalScore));
        if (msgs.length) errors.push({ row: r.row, msg: rowMsg(r.row, msgs) });
      }
      if (errors.length) return failed(errors);
      await job.progress(60, `正在导入${read.rows.length}条成绩…`);
      const fallback = this.defaultTime(exam);
      const counts = await this.db.transaction().execute(async (trx) => {
        let imported = 0;
        for (const [i, r] of read.rows.entries()) {
          const account = accounts.get(r.userName) as Learner;
          const { changed } = await this.record(trx, exam, account, r.userScore, r.examTime ?? fallback, OfflineSource.IMPORT, p.userId);
          if (changed) imported++;
          if (i % 500 === 499) await job.progress(60 + (39 * i) / read.rows.length, `已导入${i + 1}条`);
        }
        return { imported, unchanged: read.rows.length - imported };
      });
      return { ...counts, errors: [], totalErrors: 0 };
    } finally {
      fs.rmSync(p.file, { force: true });
    }
  }
}
