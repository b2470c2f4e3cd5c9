/**
 * Dashboard list of exams in progress (module stat, SPEC §3 "Dashboard exam row"): read-only SQL
 * on el_exam for `exam.stats` (ExamStats below). An exam is in progress when it is enabled (state
 * 0), not deleted, online, and `at` is inside its window (an open end counts as open).
 */
import type { Page } from '@kaopei/contracts';
import type { Executor } from '../../db';
import { likeContains, paginate } from '../../lib/paging';

/** Page of `{id, title}` of the exams in progress at `at` whose title contains `title`, latest start first. */
export function dashInProgress(db: Executor, at: number, title: string, page: { current: number; size: number }): Promise<Page<{ id: string; title: string }>> {
  let q = db
    .selectFrom('el_exam')
    .select(['id', 'title'])
    .where('deleted', '=', 0)
    .where('state', '=', 0)
    .where('offline', '=', 0)
    .where((eb) => eb.or([eb('startTime', 'is', null), eb('startTime', '<=', at)]))
    .where((eb) => eb.or([eb('endTime', 'is', null), eb('endTime', '>=', at)]));
  if (title) q = q.where(likeContains('title', title));
  return paginate(q.orderBy('startTime', 'desc').orderBy('id', 'desc'), page);
}

/** The statistics reads of exams (module stat), bound to the database: `exam.stats`. */
export class ExamStats {
  constructor(private readonly db: Executor) {}

  /** dashInProgress above. */
  dashInProgress(at: number, title: string, page: { current: number; size: number }): Promise<Page<{ id: string; title: string }>> {
    return dashInProgress(this.db, at, title, page);
  }
}
