/**
 * The offline score import's outcome (pure, unit-tested): a finished job (`/api/sys/job/detail`:
 * state, message, result) → what the import dialog shows. All or nothing (`offlineImportResult`):
 * rows with errors mean nothing was written; the result lists the first 200 (`totalErrors` counts all).
 */
import { offlineImportResult, type OfflineImportResult } from '@kaopei/contracts/exam-offline';
import { JobState } from '@kaopei/contracts/sys-job';

export type RowError = OfflineImportResult['errors'][number];

export type OfflineOutcome =
  | { kind: 'ok'; imported: number; unchanged: number }
  | { kind: 'refused'; msg: string; errors: RowError[]; total: number }
  | { kind: 'error'; msg: string };

/** What the dialog shows for a finished job. */
export function offlineOutcomeOf(view: { state: number; message: string; result: unknown }): OfflineOutcome {
  const parsed = offlineImportResult.safeParse(view.result);
  if (view.state === JobState.FAILED || !parsed.success) return { kind: 'error', msg: view.message || '导入失败！' };
  const r = parsed.data;
  if (r.errors.length || r.totalErrors) {
    const total = Math.max(r.totalErrors, r.errors.length);
    return { kind: 'refused', msg: `导入数据有误，共${total}处错误，未导入任何成绩！`, errors: r.errors, total };
  }
  return { kind: 'ok', imported: r.imported, unchanged: r.unchanged };
}
