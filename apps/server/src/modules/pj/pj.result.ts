/**
 * Anonymous results of a questionnaire (issue 13 "anonymous results to the organiser with averages
 * and a chart"): answer and enrolment counts, per rate item the average (2 decimals) and the counts
 * of 1..5 stars, per text item the texts (newest first, at most PJ_TEXT_CAP); and the xlsx export of
 * the same plus every answer without its author. Nothing here reads a user id.
 */
import { PJ_TEXT_CAP, type PjItemResult, type PjResult } from '@kaopei/contracts/pj';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './pj.repository';
import type { PjDeps, PjService } from './pj.service';
import { resultWorkbook } from './pj.sheet';
import { itemsOf } from './pj.view';

/** Average of star counts `dist` (index 0 = 1 star), rounded to 2 decimals; null without answers. */
export function averageOf(dist: readonly number[]): number | null {
  const count = dist.reduce((a, b) => a + b, 0);
  if (!count) return null;
  const sum = dist.reduce((a, n, i) => a + n * (i + 1), 0);
  return Math.round((sum * 100) / count) / 100;
}

export class PjResults {
  constructor(
    private readonly ctx: ModuleContext<PjDeps>,
    private readonly pj: PjService,
  ) {}

  /** POST /api/pj/result: the anonymous result of a questionnaire whose class is in the admin's scope. */
  async result(admin: AuthUser, id: string): Promise<PjResult> {
    const p = await this.pj.inScope(admin, id);
    const db = this.ctx.db;
    const [counts, scores, textCounts, enrolled] = await Promise.all([repo.answerCounts(db, [id]), repo.scoreCounts(db, id), repo.textCounts(db, id), this.ctx.services.trainClass.enrolledOf(p.classId)]);
    const items: PjItemResult[] = await Promise.all(
      itemsOf(p).map(async (item) => {
        if (item.itemType === 'rate') {
          const distribution = [1, 2, 3, 4, 5].map((s) => scores.find((r) => r.itemId === item.id && r.score === s)?.n ?? 0);
          return { ...item, count: distribution.reduce((a, b) => a + b, 0), average: averageOf(distribution), distribution, texts: [] };
        }
        const texts = await repo.textsOf(db, id, item.id, PJ_TEXT_CAP);
        return { ...item, count: textCounts.get(item.id) ?? 0, average: null, distribution: [], texts };
      }),
    );
    return { id, title: p.title, answerCount: counts.get(id) ?? 0, enrolledCount: enrolled.length, items };
  }

  /** POST /api/pj/export: the xlsx of the averages and of every answer (anonymous, in the order given). */
  async export(admin: AuthUser, id: string): Promise<Buffer> {
    const r = await this.result(admin, id);
    const rows = await repo.allAnswerItems(this.ctx.db, id);
    const answers = new Map<string, Map<string, string | number>>();
    for (const row of rows) {
      const a = answers.get(row.answerId) ?? new Map<string, string | number>();
      a.set(row.itemId, row.score || row.text);
      answers.set(row.answerId, a);
    }
    return resultWorkbook(r, [...answers.values()]);
  }
}
