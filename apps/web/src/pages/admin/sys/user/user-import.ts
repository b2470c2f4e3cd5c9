/**
 * The user import's outcome (pure, unit-tested): a finished job (`/api/sys/job/detail`: state,
 * message, result) → what the import dialog shows. The import is all or nothing
 * (`userImportResult`): rows with errors mean nobody was imported, and the result lists the first
 * 200 of them (`totalErrors` counts all).
 */
import { JobState } from '@kaopei/contracts/sys-job';
import { userImportResult, type UserImportResult } from '@kaopei/contracts/sys-user-admin';

export type RowError = UserImportResult['errors'][number];

export type ImportOutcome =
  | { kind: 'ok'; imported: number }
  | { kind: 'refused'; msg: string; errors: RowError[]; total: number }
  | { kind: 'error'; msg: string };

/** What the dialog shows for a finished job. */
export function outcomeOf(view: { state: number; message: string; result: unknown }): ImportOutcome {
  const parsed = userImportResult.safeParse(view.result);
  if (view.state === JobState.FAILED || !parsed.success) return { kind: 'error', msg: view.message || '导入失败！' };
  const r = parsed.data;
  if (r.errors.length || r.totalErrors) {
    const total = Math.max(r.totalErrors, r.errors.length);
    return { kind: 'refused', msg: `导入数据有误，共${total}处错误，未导入任何用户！`, errors: r.errors, total };
  }
  return { kind: 'ok', imported: r.imported };
}
