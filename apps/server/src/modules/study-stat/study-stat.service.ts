/**
 * StudyStatService (issue 14 "Statistics: per course and per class, progress and completion by
 * department"; contracts study-stat.ts): the figures of a course or a training class for every
 * department of a subtree, each row counting the department and those under it, and their xlsx.
 * The people are read from the modules that own them (sysUser learners, course open rules,
 * courseStudy progress, trainClass seats); this module owns no table. The unfinished list and the
 * reminders are in study-stat.unfinished.ts.
 *
 * Department scope: `deptCode` names the subtree; absent, the caller's data scope (null: every
 * department). A limited administrator naming a department outside his subtree gets 10010004;
 * an unknown department 10010003 '部门不存在！'.
 */
import { CommonError } from '@kaopei/contracts';
import type { DepartOption } from '@kaopei/contracts/sys-depart';
import type { StudyClassStat, StudyCourseStat } from '@kaopei/contracts/study-stat';
import { AppError, notFound } from '../../lib/errors';
import { deptInScope } from '../../lib/dept-scope';
import { writeWorkbook } from '../../lib/xlsx-write';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { StudyUnfinished } from './study-stat.unfinished';

export type StudyStatDeps = 'course' | 'courseStudy' | 'trainClass' | 'exam' | 'paper' | 'notify' | 'sysUser' | 'sysDepart' | 'sysRole';

/** A department row of the subtree: code, name, parent code ('' at the subtree's top) and depth (0 at the top). */
export interface DeptRow {
  deptCode: string;
  deptName: string;
  parentCode: string;
  depth: number;
}

/** A learner of the subtree. */
export interface Person {
  id: string;
  userName: string;
  realName: string;
  deptCode: string;
}

/** The subtree a request is about: `root` null for every department ('' for none), and its department rows in display order. */
export interface Scope {
  root: string | null;
  depts: DeptRow[];
}

const rate = (n: number, of: number) => (of > 0 ? Math.floor((n * 100) / of) : 0);
const avg = (sum: number, n: number) => (n > 0 ? Math.round(sum / n) : 0);
const minutes = (sec: number) => Math.round(sec / 6) / 10;
const safeName = (s: string) => s.replace(/[\\/:*?"<>|]/g, '_');
/** A row's department name indented by its depth (ideographic spaces) for the xlsx. */
const indented = (scope: Scope, r: { deptCode: string; deptName: string }) => `${'\u3000'.repeat(scope.depts.find((d) => d.deptCode === r.deptCode)?.depth ?? 0)}${r.deptName}`;

/** The sums of `keys` over the departments of `byDept` (counts by a person's own department) at or under `deptCode`. */
function sumUnder<K extends string>(byDept: ReadonlyMap<string, Record<K, number>>, deptCode: string, keys: readonly K[]): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const [code, n] of byDept) if (code.startsWith(deptCode)) for (const k of keys) out[k] += n[k];
  return out;
}

/** Whether a course rule (open type 2: departments and below; 3: named people; else everybody) lets `p` in. */
export function openByRule(rule: { openType: number; depts: string[]; users: string[] }, p: { id: string; deptCode: string }): boolean {
  if (rule.openType === 2) return rule.depts.some((d) => d !== '' && p.deptCode.startsWith(d));
  if (rule.openType === 3) return rule.users.includes(p.id);
  return true;
}

export class StudyStatService {
  readonly unfinished: StudyUnfinished;

  constructor(private readonly ctx: ModuleContext<StudyStatDeps>) {
    this.unfinished = new StudyUnfinished(ctx, this);
  }

  /**
   * The subtree of a request: `deptCode` (must be inside the caller's data scope: 10010004; and
   * exist: 10010003) or the caller's scope; with its department rows (display order, depth first).
   */
  async scopeOf(admin: AuthUser, deptCode?: string): Promise<Scope> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    if (deptCode) {
      if (!deptInScope(deptCode, scope)) throw new AppError(CommonError.NO_PERMISSION);
      await this.ctx.services.sysDepart.requireByCode(this.ctx.db, deptCode);
    }
    const root = deptCode || scope;
    const forest = await this.ctx.services.sysDepart.treeSelect();
    const depts: DeptRow[] = [];
    const walk = (nodes: DepartOption[], parentCode: string, depth: number, inside: boolean) => {
      for (const n of nodes) {
        const here = inside || root === null || n.value === root;
        if (here) depts.push({ deptCode: n.value, deptName: n.title, parentCode: depth === 0 ? '' : parentCode, depth });
        walk(n.children ?? [], n.value, here ? depth + 1 : 0, here);
      }
    };
    walk(forest, '', 0, false);
    return { root, depts };
  }

  /** The learners of the subtree (learner role, live, state 0). */
  peopleOf(scope: Scope): Promise<Person[]> {
    return this.ctx.services.sysUser.stats.learnersUnder(scope.root === null ? undefined : [scope.root]);
  }

  /** The live course `courseId`'s open rule, or 10010003 '课程不存在！'. */
  async courseRule(courseId: string) {
    const rule = await this.ctx.services.course.openRuleOf(courseId);
    if (!rule) throw notFound('课程不存在！');
    return rule;
  }

  /** The live class `classId`, or 10010003 '培训班不存在！'. */
  async trainClass(classId: string) {
    const c = await this.ctx.services.trainClass.find(classId);
    if (!c) throw notFound('培训班不存在！');
    return c;
  }

  /** POST /api/stat/study/course: the course's open / started / finished / rate / average seconds per department of the subtree. */
  async course(admin: AuthUser, courseId: string, deptCode?: string): Promise<StudyCourseStat> {
    return this.courseOf(await this.scopeOf(admin, deptCode), courseId);
  }

  private async courseOf(scope: Scope, courseId: string): Promise<StudyCourseStat> {
    const rule = await this.courseRule(courseId);
    const [people, study] = await Promise.all([this.peopleOf(scope), this.ctx.services.courseStudy.statRows(courseId)]);
    const progress = new Map(study.map((r) => [r.userId, r]));
    // One pass over the people (100,000 on the bench database), counted by their own department; each row then adds up the departments under it.
    const byDept = new Map<string, { open: number; started: number; finished: number; learnSec: number }>();
    for (const p of people) {
      if (!openByRule(rule, p)) continue;
      let n = byDept.get(p.deptCode);
      if (!n) byDept.set(p.deptCode, (n = { open: 0, started: 0, finished: 0, learnSec: 0 }));
      n.open++;
      const r = progress.get(p.id);
      if (!r) continue;
      n.started++;
      if (r.finished) n.finished++;
      n.learnSec += r.learnSec;
    }
    const rows = scope.depts.map((d) => {
      const t = sumUnder(byDept, d.deptCode, ['open', 'started', 'finished', 'learnSec']);
      return {
        deptCode: d.deptCode, deptName: d.deptName, parentCode: d.parentCode,
        openCount: t.open, startedCount: t.started, finishedCount: t.finished, finishRate: rate(t.finished, t.open), avgLearnSec: avg(t.learnSec, t.started),
      };
    });
    return { courseId, title: rule.title, rows };
  }

  /** POST /api/stat/study/class: the class's enrolled / finished / rate per department of the subtree (seats' departments). */
  async trainClassStat(admin: AuthUser, classId: string, deptCode?: string): Promise<StudyClassStat> {
    return this.classOf(await this.scopeOf(admin, deptCode), classId);
  }

  private async classOf(scope: Scope, classId: string): Promise<StudyClassStat> {
    const c = await this.trainClass(classId);
    const seats = await this.ctx.services.trainClass.enrolledOf(classId);
    const byDept = new Map<string, { enrolled: number; finished: number }>();
    for (const seat of seats) {
      let n = byDept.get(seat.deptCode);
      if (!n) byDept.set(seat.deptCode, (n = { enrolled: 0, finished: 0 }));
      n.enrolled++;
      if (seat.finished === 1) n.finished++;
    }
    const rows = scope.depts.map((d) => {
      const t = sumUnder(byDept, d.deptCode, ['enrolled', 'finished']);
      return { deptCode: d.deptCode, deptName: d.deptName, parentCode: d.parentCode, enrolledCount: t.enrolled, finishedCount: t.finished, finishRate: rate(t.finished, t.enrolled) };
    });
    return { classId, title: c.title, rows };
  }

  /** POST /api/stat/study/course-export: the rows of `course` as an xlsx (department names indented by depth). */
  async courseExport(admin: AuthUser, courseId: string, deptCode?: string): Promise<{ body: Buffer; fileName: string }> {
    const scope = await this.scopeOf(admin, deptCode);
    const s = await this.courseOf(scope, courseId);
    const body = await writeWorkbook({
      name: '课程学习统计',
      above: [['课程', s.title], []],
      columns: [{ header: '部门', width: 30 }, { header: '开放人数' }, { header: '已学人数' }, { header: '完成人数' }, { header: '完成率(%)' }, { header: '平均学习时长(分钟)', width: 20 }],
      rows: s.rows.map((r) => [indented(scope, r), r.openCount, r.startedCount, r.finishedCount, r.finishRate, minutes(r.avgLearnSec)]),
    });
    return { body, fileName: `${safeName(s.title)}-课程学习统计.xlsx` };
  }

  /** POST /api/stat/study/class-export: the rows of `trainClassStat` as an xlsx. */
  async classExport(admin: AuthUser, classId: string, deptCode?: string): Promise<{ body: Buffer; fileName: string }> {
    const scope = await this.scopeOf(admin, deptCode);
    const s = await this.classOf(scope, classId);
    const body = await writeWorkbook({
      name: '培训班学习统计',
      above: [['培训班', s.title], []],
      columns: [{ header: '部门', width: 30 }, { header: '报名人数' }, { header: '结业人数' }, { header: '结业率(%)' }],
      rows: s.rows.map((r) => [indented(scope, r), r.enrolledCount, r.finishedCount, r.finishRate]),
    });
    return { body, fileName: `${safeName(s.title)}-培训班学习统计.xlsx` };
  }
}
