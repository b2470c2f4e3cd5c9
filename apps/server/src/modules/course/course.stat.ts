/**
 * CourseStat (issue 11; contracts course-stat.ts): a course's learners from the study module's
 * progress (`courseStudy.statRows`: one row per learner who started it) against the learners it is
 * open to (open type 1 every active learner, 2 the learners of its departments and those under
 * them, 3 its named people), per file, and an xlsx export (exceljs) of both. Admin data scope as the
 * course list (10010003 outside it).
 */
import ExcelJS from 'exceljs';
import type { Page } from '@kaopei/contracts';
import { OPEN_TYPE_LABEL } from '@kaopei/contracts';
import type { CourseStat, CourseStatLearner, courseStatLearnersReq } from '@kaopei/contracts/course-stat';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { formatTime } from '../../lib/time';
import * as repo from './course.repository';
import type { CourseDeps, CourseService } from './course.service';

type StatRow = Awaited<ReturnType<ModuleContext<'courseStudy'>['services']['courseStudy']['statRows']>>[number];

const avg = (sum: number, n: number) => (n > 0 ? Math.round(sum / n) : 0);
const minutes = (sec: number) => Math.round(sec / 6) / 10;

export class CourseStats {
  constructor(
    private readonly ctx: ModuleContext<CourseDeps>,
    private readonly courses: CourseService,
  ) {}

  /** POST /api/course/course/stat. */
  async stat(admin: AuthUser, courseId: string): Promise<CourseStat> {
    const c = await this.courses.requireInScope(admin, courseId);
    const [rows, files] = await Promise.all([this.ctx.services.courseStudy.statRows(courseId), this.courses.fileRowsOf([courseId]).then((m) => m.get(courseId) ?? [])]);
    return {
      courseId,
      title: c.title,
      openType_dictText: OPEN_TYPE_LABEL[c.openType] ?? '',
      learnerCount: await this.learnerCount(courseId, c.openType),
      startedCount: rows.length,
      finishedCount: rows.filter((r) => r.finished).length,
      avgLearnSec: avg(rows.reduce((s, r) => s + r.learnSec, 0), rows.length),
      totalSec: files.reduce((s, f) => s + f.needSec, 0),
      files: files.map((f) => {
        const of = rows.flatMap((r) => r.files.filter((x) => x.fileId === f.fileId));
        return {
          fileId: f.fileId, title: f.title, fileType_dictText: f.fileType_dictText, needSec: f.needSec,
          startedCount: of.length, finishedCount: of.filter((x) => x.finished).length, avgLearnSec: avg(of.reduce((s, x) => s + x.learnSec, 0), of.length),
        };
      }),
    };
  }

  /**
   * POST /api/course/course/stat-learners: the learners who started it, finished first, then by
   * progress. A missing course (or one outside the caller's data scope) has nobody: an empty page.
   */
  async learners(admin: AuthUser, req: z.output<typeof courseStatLearnersReq>): Promise<Page<CourseStatLearner>> {
    const courseId = req.params?.courseId ?? '';
    const known = courseId !== '' && (await this.courses.requireInScope(admin, courseId).then(() => true, () => false));
    const all = known ? await this.sortedRows(admin, courseId, req.params?.finished) : [];
    const slice = all.slice((req.current - 1) * req.size, req.current * req.size);
    return { records: await this.named(slice), total: all.length, pages: Math.ceil(all.length / req.size), current: req.current, size: req.size };
  }

  /** POST /api/course/course/stat-export: sheet 学员 (every learner who started it) and sheet 课件. */
  async export(admin: AuthUser, courseId: string): Promise<{ body: Buffer; fileName: string }> {
    const s = await this.stat(admin, courseId);
    const learners = await this.named(await this.sortedRows(admin, courseId));
    const depts = await this.ctx.services.sysDepart.namesOf(learners.map((l) => l.deptCode));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('学员');
    ws.columns = [
      { header: '姓名', key: 'realName', width: 16 }, { header: '用户名', key: 'userName', width: 20 }, { header: '部门', key: 'dept', width: 20 },
      { header: '进度(%)', key: 'process', width: 10 }, { header: '学习时长(分钟)', key: 'minutes', width: 14 }, { header: '是否完成', key: 'finished', width: 10 }, { header: '完成时间', key: 'finishTime', width: 20 },
    ];
    for (const l of learners) ws.addRow({ ...l, dept: depts.get(l.deptCode) ?? l.deptCode, minutes: minutes(l.learnSec), finished: l.finished ? '是' : '否', finishTime: l.finishTime ?? '' });
    const fs = wb.addWorksheet('课件');
    fs.columns = [
      { header: '课件', key: 'title', width: 30 }, { header: '类型', key: 'fileType_dictText', width: 8 }, { header: '要求时长(分钟)', key: 'need', width: 14 },
      { header: '已学人数', key: 'startedCount', width: 10 }, { header: '完成人数', key: 'finishedCount', width: 10 }, { header: '平均学习时长(分钟)', key: 'avg', width: 18 },
    ];
    for (const f of s.files) fs.addRow({ ...f, need: minutes(f.needSec), avg: minutes(f.avgLearnSec) });
    const sum = wb.addWorksheet('汇总');
    sum.addRows([['课程', s.title], ['开放类型', s.openType_dictText], ['开放人数', s.learnerCount], ['已学人数', s.startedCount], ['完成人数', s.finishedCount], ['平均学习时长(分钟)', minutes(s.avgLearnSec)]]);
    return { body: Buffer.from(await wb.xlsx.writeBuffer()), fileName: `${s.title.replace(/[\\/:*?"<>|]/g, '_')}-课程统计.xlsx` };
  }

  private async sortedRows(admin: AuthUser, courseId: string, finished?: boolean): Promise<StatRow[]> {
    await this.courses.requireInScope(admin, courseId);
    const rows = (await this.ctx.services.courseStudy.statRows(courseId)).filter((r) => finished === undefined || r.finished === finished);
    return rows.sort((a, b) => Number(b.finished) - Number(a.finished) || b.process - a.process || b.learnSec - a.learnSec || a.userId.localeCompare(b.userId));
  }

  private async named(rows: StatRow[]): Promise<CourseStatLearner[]> {
    const accounts = await Promise.all(rows.map((r) => this.ctx.services.sysUser.accountOf(r.userId)));
    return rows.map((r, i) => ({
      userId: r.userId, userName: accounts[i]?.userName ?? '', realName: accounts[i]?.realName ?? '（用户已删除）', deptCode: accounts[i]?.deptCode ?? '',
      process: r.process, learnSec: r.learnSec, finished: r.finished, finishTime: r.finished ? formatTime(r.finishTime) : null,
    }));
  }

  private async learnerCount(courseId: string, openType: number): Promise<number> {
    if (openType === 3) return repo.countRefs(this.ctx.db, courseId, 'user');
    if (openType === 2) return this.ctx.services.sysUser.countLearners(await repo.refIdsOf(this.ctx.db, courseId, 'dept'));
    return this.ctx.services.sysUser.countLearners();
  }
}
