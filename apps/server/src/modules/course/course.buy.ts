/**
 * Buying courses (SPEC §7 /api/course/buy/init; issue 11 "buying a course with points or applying
 * for it"; docs/decisions.md "Courses"):
 * - a course with costPoints is bought with points: ONE transaction inserts the ownership row
 *   (UNIQUE courseId × userId) and debits the ledger (points module, key course_buy × courseId), so
 *   the points are taken exactly once whatever the number of parallel calls; a second call answers
 *   20110004 and charges nothing; a short balance answers 30030001 and changes nothing;
 * - a course with only a salePrice (money; the platform takes no payments) is applied for: an
 *   ownership row in state 0 that an administrator approves (1) or rejects (2) with
 *   /api/course/buy/audit; a rejected learner may apply again;
 * - a free course needs no purchase (20110005).
 */
import type { Page } from '@kaopei/contracts';
import { COURSE_OWN_SOURCE_LABEL, COURSE_OWN_STATE_LABEL, CourseError, CourseOwnState, type CourseBuyRecord, type CourseBuyRes, type courseBuyPagingReq } from '@kaopei/contracts/course';
import { PointsRefType } from '@kaopei/contracts/points';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { deptInScope } from '../../lib/dept-scope';
import { AppError } from '../../lib/errors';
import { withDictText } from '../../lib/dict-text';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now } from '../../lib/time';
import * as repo from './course.repository';
import type { CourseDeps, CourseLearner, CourseService } from './course.service';

export class CourseBuying {
  constructor(
    private readonly ctx: ModuleContext<CourseDeps>,
    private readonly courses: CourseService,
  ) {}

  /** POST /api/course/buy/init: buys (points) or applies for (price only) a course visible to the learner. */
  async buy(learner: CourseLearner, courseId: string): Promise<CourseBuyRes> {
    const { course: c, standing } = await this.courses.requireVisible(learner, courseId, true);
    if (standing.owned) throw new AppError(CourseError.ALREADY_OWNED);
    if (standing.free) throw new AppError(CourseError.FREE_COURSE);
    const deptCode = learner.deptCode ?? (await this.courses.deptOf(learner.userId));
    const at = now();
    if (c.costPoints > 0) {
      return this.ctx.db.transaction().execute(async (trx) => {
        const inserted = await repo.insertOwnRow(trx, { id: newId(), courseId, userId: learner.userId, state: CourseOwnState.OWNED, source: 'points', points: c.costPoints, deptCode, createTime: at, updateTime: at });
        if (!inserted) {
          // An application of a course that later got a points price: pay now and own it.
          const row = await repo.findOwnRow(trx, courseId, learner.userId);
          if (!row || row.state === CourseOwnState.OWNED) throw new AppError(CourseError.ALREADY_OWNED);
          if ((await repo.moveOwnRows(trx, [row.id], row.state, { state: CourseOwnState.OWNED, source: 'points', points: c.costPoints, updateTime: at })) === 0) throw new AppError(CourseError.ALREADY_OWNED);
        }
        const spent = await this.ctx.services.points.spend(trx, { userId: learner.userId, points: c.costPoints, refType: PointsRefType.COURSE_BUY, refId: courseId, refRemark: c.title, deptCode });
        return { state: 'owned' as const, points: c.costPoints, balance: spent.balance };
      });
    }
    const inserted = await repo.insertOwnRow(this.ctx.db, { id: newId(), courseId, userId: learner.userId, state: CourseOwnState.APPLIED, source: 'apply', points: 0, deptCode, createTime: at, updateTime: at });
    if (!inserted) {
      const row = await repo.findOwnRow(this.ctx.db, courseId, learner.userId);
      if (row?.state === CourseOwnState.OWNED) throw new AppError(CourseError.ALREADY_OWNED);
      if (!row || (await repo.moveOwnRows(this.ctx.db, [row.id], CourseOwnState.REJECTED, { state: CourseOwnState.APPLIED, updateTime: at })) === 0) throw new AppError(CourseError.APPLY_PENDING);
    }
    return { state: 'applied', points: 0, balance: await this.ctx.services.points.balanceOf(learner.userId) };
  }

  /** POST /api/course/buy/paging: ownership rows and applications of the learners in the caller's data scope. */
  async paging(admin: AuthUser, req: z.output<typeof courseBuyPagingReq>): Promise<Page<CourseBuyRecord>> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const page = await repo.pageOwnRows(this.ctx.db, req, req.params ?? {}, scope);
    const labelled = await withDictText(page.records, {
      courseId: (ids) => this.courses.titleMap(ids),
      userId: (ids) => this.ctx.services.sysUser.realNames(ids),
      state: COURSE_OWN_STATE_LABEL,
      source: COURSE_OWN_SOURCE_LABEL,
    });
    return { total: page.total, pages: page.pages, current: page.current, size: page.size, records: labelled.map((r) => ({
      id: r.id, courseId: r.courseId, courseId_dictText: r.courseId_dictText, userId: r.userId, userId_dictText: r.userId_dictText, state: r.state, state_dictText: r.state_dictText,
      source: r.source, source_dictText: r.source_dictText, points: r.points, createTime: formatTimeStrict(r.createTime), updateTime: formatTimeStrict(r.updateTime),
    })) };
  }

  /** POST /api/course/buy/audit: approves (1) or rejects (2) waiting applications in the caller's data scope; answers how many changed (each once). */
  async audit(admin: AuthUser, ids: string[], state: 1 | 2): Promise<{ changed: number }> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const rows = await repo.ownRowsByIds(this.ctx.db, ids);
    const inScope = rows.filter((r) => deptInScope(r.deptCode, scope)).map((r) => r.id);
    return { changed: await repo.moveOwnRows(this.ctx.db, inScope, CourseOwnState.APPLIED, { state, updateTime: now() }) };
  }
}
