/**
 * The dashboard's figures (SPEC §2 Dashboard; §3 "Dashboard totals", user trend, course and exam
 * rows, exam overview, learning statistics; §7 /api/stat/*). Each figure is asked of the module
 * that owns the data (narrow `dash*` reads in sys-user, paper, course-study, exam, course) and
 * limited to the caller's data scope (`sysRole.dataScopeOf`: users by their department, papers by
 * their dept_code snapshot, learning by the ids of the users in scope). Active users come from this
 * module's own stat_login_day, filled from the event user.firstLoginOfDay. The trend figures and
 * lists are cached `cacheMs` (60 s) per caller scope and request; the totals are not.
 */
import type { z } from 'zod';
import type { Page } from '@kaopei/contracts';
import { DASH_DAYS, type DashCourseRow, type DashExamRow, type ExamWeekRow, type LearnWeekRow, type TotalNum, type UserWeekRow, type dashPagingReq } from '@kaopei/contracts/stat';
import { formatDay, now, parseTime } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './stat.repository';

export type StatDeps = 'repo' | 'qu' | 'exam' | 'sysUser' | 'sysRole' | 'cert' | 'notify' | 'battle' | 'course' | 'courseFile' | 'courseStudy' | 'paper';

const DAY_MS = 86_400_000;
type DashPaging = z.output<typeof dashPagingReq>;

export class StatService {
  /** How long a figure is reused for the same scope and request (ms, server clock); tests set 0. */
  cacheMs = 60_000;
  private readonly cache = new Map<string, { until: number; value: Promise<unknown> }>();

  constructor(private readonly ctx: ModuleContext<StatDeps>) {}

  /** POST /api/stat/total/num/all: the totals; userCount counts the users of the caller's data scope. */
  async totals(user: AuthUser): Promise<TotalNum> {
    const { repo: repos, qu, exam, sysUser, cert, notify, battle, course, courseFile } = this.ctx.services;
    const scope = await this.scopeOf(user);
    const [repoCount, quCount, examCount, userCount, grantCount, tmplCount, battleCount, courseCount, fileCount] = await Promise.all([
      repos.count(), qu.count(), exam.count(),
      sysUser.stats.countUsers(scope),
      cert.countGrants(), notify.countTemplates(), battle.count(), course.count(), courseFile.count(),
    ]);
    return { repoCount, quCount, examCount, courseCount, fileCount, userCount, grantCount, tmplCount, battleCount };
  }

  /** POST /api/stat/total/user/week: new, active and all users of the last 7 days (oldest first). */
  async userWeek(user: AuthUser): Promise<UserWeekRow[]> {
    const scope = await this.scopeOf(user);
    return this.cached(`user|${scope}`, async () => {
      const { from, days } = this.window();
      const [{ before, perDay }, logins] = await Promise.all([this.ctx.services.sysUser.stats.dashUsers(from, DASH_DAYS, scope), repo.loginsPerDay(this.ctx.db, days, scope)]);
      let all = before;
      return days.map((dateStr, i) => {
        const newUser = perDay[i] ?? 0;
        all += newUser;
        return { dateStr, newUser, activeUser: logins.get(dateStr) ?? 0, allUser: all };
      });
    });
  }

  /** POST /api/stat/total/exam/week: exams, users and passed users of the papers handed in each of the last 7 days. */
  async examWeek(user: AuthUser): Promise<ExamWeekRow[]> {
    const scope = await this.scopeOf(user);
    return this.cached(`exam|${scope}`, async () => {
      const { from, days } = this.window();
      const rows = await this.ctx.services.paper.stats.dashHandDays(from, DASH_DAYS, scope);
      return days.map((dateStr, i) => ({ dateStr, ...rows[i]! }));
    });
  }

  /** POST /api/stat/total/learn/week: learners, finishers and average credited minutes (one decimal) of each of the last 7 days. */
  async learnWeek(user: AuthUser): Promise<LearnWeekRow[]> {
    const scope = await this.scopeOf(user);
    return this.cached(`learn|${scope}`, async () => {
      const { from, days } = this.window();
      const rows = await this.ctx.services.courseStudy.dashLearnDays(from, DASH_DAYS, await this.userIdsOf(scope));
      return days.map((dateStr, i) => {
        const r = rows[i]!;
        return { dateStr, learnUser: r.learnUser, finishUser: r.finishUser, avgTime: r.learnUser > 0 ? Math.round(r.learnMs / r.learnUser / 6000) / 10 : 0 };
      });
    });
  }

  /** POST /api/stat/course/dash-course-list: enabled courses with learners in progress (in the scope), newest first. */
  async courseList(user: AuthUser, req: DashPaging): Promise<Page<DashCourseRow>> {
    const scope = await this.scopeOf(user);
    const title = req.params?.title?.trim() ?? '';
    return this.cached(`course|${scope}|${title}|${req.current}|${req.size}`, async () => {
      const counts = await this.ctx.services.courseStudy.dashCourseCounts(await this.userIdsOf(scope));
      const courses = await this.ctx.services.course.dashEnabled([...counts.keys()], title);
      const start = (req.current - 1) * req.size;
      const records = courses.slice(start, start + req.size).map((c) => ({ id: c.id, title: c.title, ...counts.get(c.id)! }));
      return { records, total: courses.length, pages: Math.ceil(courses.length / req.size), current: req.current, size: req.size };
    });
  }

  /** POST /api/stat/exam/dash-exam-list: enabled online exams whose window holds now, with the scope's papers in progress and handed in. */
  async examList(user: AuthUser, req: DashPaging): Promise<Page<DashExamRow>> {
    const scope = await this.scopeOf(user);
    const title = req.params?.title?.trim() ?? '';
    return this.cached(`exam-list|${scope}|${title}|${req.current}|${req.size}`, async () => {
      const page = await this.ctx.services.exam.stats.dashInProgress(now(), title, req);
      const counts = await this.ctx.services.paper.stats.dashExamCounts(page.records.map((e) => e.id), scope);
      return { total: page.total, pages: page.pages, current: page.current, size: page.size, records: page.records.map((e) => ({ id: e.id, title: e.title, ...(counts.get(e.id) ?? { procCount: 0, handCount: 0 }) })) };
    });
  }

  /** Listener of user.firstLoginOfDay: one stat_login_day row per user and day (idempotent). */
  async onFirstLogin(e: { userId: string; day: string; loginTime: number }): Promise<void> {
    const account = await this.ctx.services.sysUser.accountOf(e.userId);
    if (!account) return;
    await repo.recordLoginDay(this.ctx.db, { userId: e.userId, day: e.day, deptCode: account.deptCode, loginTime: e.loginTime });
  }

  private scopeOf(user: AuthUser): Promise<string | null> {
    return this.ctx.services.sysRole.dataScopeOf(user);
  }

  /** The users of a department scope (null: everyone, no list). */
  private userIdsOf(scope: string | null): Promise<string[] | null> {
    return scope === null ? Promise.resolve(null) : this.ctx.services.sysUser.stats.idsInDept(scope);
  }

  /** The last DASH_DAYS days ending today (Asia/Shanghai): the start of the first (epoch ms) and the days' `yyyy-MM-dd`. */
  private window(): { from: number; days: string[] } {
    const today = parseTime(`${formatDay(now())} 00:00:00`)!;
    const from = today - (DASH_DAYS - 1) * DAY_MS;
    return { from, days: Array.from({ length: DASH_DAYS }, (_, i) => formatDay(from + i * DAY_MS)) };
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const at = now();
    const hit = this.cache.get(key);
    if (hit && hit.until > at) return hit.value as Promise<T>;
    const value = load();
    if (this.cacheMs > 0) {
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(key, { until: at + this.cacheMs, value });
      value.catch(() => this.cache.delete(key));
    }
    return value;
  }
}
