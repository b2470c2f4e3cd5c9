/**
 * The operation log: the platform's auditor (platform/audit.ts) hands every administrator write to
 * `record`, which stores it and never throws; `paging` lists the entries with filters for the
 * 操作日志 page; `purgeExpired` (a periodic task) deletes entries older than LOG_RETENTION_DAYS.
 */
import type { Page } from '@kaopei/contracts';
import { LOG_RESULT_LABEL, LogResult, type logPagingReq, type OperLogRecord } from '@kaopei/contracts/sys-log';
import type { z } from 'zod';
import { withDictText } from '../../lib/dict-text';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now, parseTime } from '../../lib/time';
import type { AuditEntry } from '../../platform/audit';
import type { ModuleContext } from '../../platform/module';
import * as repo from './sys-log.repository';

/** Entries deleted per statement by the retention task (keeps each delete short on a big table). */
const PURGE_BATCH = 5000;
const DAY_MS = 86_400_000;

/** `text` cut to at most `max` UTF-16 units (the column sizes of the migration). */
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export class SysLogService {
  /** Module name → its summary (通知公告 …), learnt at start. */
  private moduleNames: Record<string, string> = {};

  constructor(private readonly ctx: ModuleContext<'sysUser'>) {}

  /** Remembers every module's summary for the `module_dictText` labels (called by the start hook). */
  setModuleNames(modules: readonly { name: string; summary: string }[]): void {
    this.moduleNames = Object.fromEntries(modules.map((m) => [m.name, m.summary]));
  }

  /**
   * Stores one entry (the platform's auditor). Never throws: a failed write is logged and dropped, so
   * the operation log can never change the answer of the call it records.
   */
  async record(entry: AuditEntry): Promise<void> {
    try {
      await repo.insertLog(this.ctx.db, {
        id: newId(),
        module: cut(entry.module, 64),
        path: cut(entry.path, 200),
        summary: cut(entry.summary, 200),
        userId: cut(entry.userId, 32),
        userName: cut(entry.userName, 64),
        targetIds: entry.targetIds,
        code: entry.code,
        msg: cut(entry.msg, 500),
        ip: cut(entry.ip ?? '', 64),
        createTime: entry.time,
        costMs: Math.max(0, Math.min(Math.round(entry.costMs), 2_000_000_000)),
      });
    } catch (err) {
      try {
        this.ctx.log.error({ err, path: entry.path, userId: entry.userId }, 'operation log write failed');
      } catch {
        // nothing more to do: the log must not fail the call
      }
    }
  }

  /**
   * A page of entries (newest first): filters userName (exact account), keyword (part of the path or
   * of the operation), result (0 success / 1 failure) and startTime/endTime (`yyyy-MM-dd HH:mm:ss`,
   * both inclusive to the second). Labels: module_dictText (module summary), userId_dictText (real
   * name), result_dictText (成功 / 失败).
   */
  async paging(req: z.output<typeof logPagingReq>): Promise<Page<OperLogRecord>> {
    const p = req.params ?? {};
    const from = parseTime(p.startTime);
    const to = parseTime(p.endTime);
    const page = await repo.pageLogs(this.ctx.db, req, {
      userName: p.userName || undefined,
      keyword: p.keyword || undefined,
      result: p.result,
      from: from ?? undefined,
      to: to === null ? undefined : to + 1000,
    });
    const rows = page.records.map((r) => ({ ...r, result: r.code === 0 ? LogResult.SUCCESS : LogResult.FAILURE }));
    const labelled = await withDictText(rows, {
      module: this.moduleNames,
      userId: (ids) => this.ctx.services.sysUser.realNames(ids.filter((id) => id !== '')),
      result: LOG_RESULT_LABEL,
    });
    const records = labelled.map((r) => ({ ...r, createTime: formatTimeStrict(r.createTime) }));
    return { records, total: page.total, pages: page.pages, current: page.current, size: page.size };
  }

  /**
   * Deletes entries older than `days` before `at` (epoch ms, default now), in batches; answers how
   * many were deleted (the retention task).
   */
  async purgeExpired(at: number = now(), days: number = this.ctx.config.logRetentionDays): Promise<number> {
    const before = at - days * DAY_MS;
    let total = 0;
    for (;;) {
      const n = await repo.deleteLogsBefore(this.ctx.db, before, PURGE_BATCH);
      total += n;
      if (n < PURGE_BATCH) return total;
    }
  }
}
