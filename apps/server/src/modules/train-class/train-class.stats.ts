/**
 * Class statistics and export (issue 13 "Class statistics and exports"; contracts
 * train-class-stat.ts): seat counts by state and completion, one row per enrolled learner with his
 * standing in every registered requirement (train-class.requirements.ts measureAll), and the same as
 * an xlsx (sheet 培训统计: totals above the table). The class must be in the admin's data scope
 * (10010003 otherwise).
 */
import type { Page } from '@kaopei/contracts';
import { ClassUserState } from '@kaopei/contracts/train-class';
import type { ClassStatSummary, ClassStatUser, classStatUsersReq } from '@kaopei/contracts/train-class-stat';
import type { z } from 'zod';
import { emptyPage } from '../../lib/paging';
import { formatTime } from '../../lib/time';
import { writeWorkbook } from '../../lib/xlsx-write';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './train-class.repository';
import type { TrainClassDeps, TrainClassService } from './train-class.service';
import type { Seat, TrainClass } from './train-class.view';

/** Rows of the export are read in pages of this size. */
const EXPORT_PAGE = 500;

export class ClassStats {
  constructor(
    private readonly ctx: ModuleContext<TrainClassDeps>,
    private readonly classes: TrainClassService,
  ) {}

  /** POST /api/trainClass/stat/summary {classId}: seats by state, finished, finish rate (percent of enrolled). */
  async summary(admin: AuthUser, classId: string): Promise<ClassStatSummary> {
    const c = await this.classes.requireInScope(admin, classId);
    return this.summaryOf(c);
  }

  /** POST /api/trainClass/stat/users: a page of enrolled learners with their standings; empty without a classId. */
  async users(admin: AuthUser, req: z.output<typeof classStatUsersReq>): Promise<Page<ClassStatUser>> {
    const classId = req.params?.classId;
    if (!classId) return emptyPage(req);
    const c = await this.classes.requireInScope(admin, classId);
    const page = await repo.pageEnrolled(this.ctx.db, req, { classId, finished: req.params?.finished, userName: req.params?.userName });
    const { selectList: _none, ...rest } = page;
    return { ...rest, records: await this.rowsOf(c, page.records) };
  }

  /** POST /api/trainClass/stat/export {classId}: the xlsx of the summary and every enrolled learner's row. */
  async export(admin: AuthUser, classId: string): Promise<Buffer> {
    const c = await this.classes.requireInScope(admin, classId);
    const summary = await this.summaryOf(c);
    const rows: ClassStatUser[] = [];
    for (let current = 1; ; current++) {
      const page = await repo.pageEnrolled(this.ctx.db, { current, size: EXPORT_PAGE }, { classId });
      rows.push(...(await this.rowsOf(c, page.records)));
      if (current >= page.pages) break;
    }
    const keys = this.classes.requirements.keysOf(c);
    return writeWorkbook({
      name: '培训统计',
      above: [
        ['培训班', c.title],
        ['待审核', summary.applied, '已报名', summary.enrolled, '已驳回', summary.rejected, '已退出', summary.withdrawn],
        ['已结业', summary.finished, '结业率(%)', summary.finishRate],
        [],
      ],
      columns: [
        { header: '序号', width: 8 },
        { header: '账号', width: 18 },
        { header: '姓名' },
        { header: '部门', width: 24 },
        ...keys.map((k) => ({ header: `${k.title}${k.asked ? '' : '（非结业要求）'}`, width: 20 })),
        { header: '是否结业', width: 10 },
        { header: '结业时间', width: 22 },
      ],
      rows: rows.map((r, i) => [i + 1, r.userName, r.realName, r.deptCode_dictText, ...r.standings.map((s) => `${s.done}/${s.total}`), r.finished ? '是' : '否', r.finishTime]),
    });
  }

  private async summaryOf(c: TrainClass): Promise<ClassStatSummary> {
    const { byState, finished } = await repo.seatCounts(this.ctx.db, c.id);
    const enrolled = byState.get(ClassUserState.ENROLLED) ?? 0;
    return {
      classId: c.id,
      title: c.title,
      applied: byState.get(ClassUserState.APPLIED) ?? 0,
      enrolled,
      rejected: byState.get(ClassUserState.REJECTED) ?? 0,
      withdrawn: byState.get(ClassUserState.WITHDRAWN) ?? 0,
      finished,
      finishRate: enrolled === 0 ? 0 : Math.floor((finished * 100) / enrolled),
    };
  }

  private async rowsOf(c: TrainClass, seats: readonly Seat[]): Promise<ClassStatUser[]> {
    const depts = await this.ctx.services.sysDepart.namesOf([...new Set(seats.map((s) => s.deptCode).filter(Boolean))]);
    return Promise.all(
      seats.map(async (s) => ({
        id: s.id,
        userId: s.userId,
        userName: s.userName,
        realName: s.realName,
        deptCode: s.deptCode,
        deptCode_dictText: depts.get(s.deptCode) ?? '',
        finished: s.finished === 1,
        finishTime: formatTime(s.finishTime),
        standings: await this.classes.requirements.measureAll(c, s.userId),
      })),
    );
  }
}
