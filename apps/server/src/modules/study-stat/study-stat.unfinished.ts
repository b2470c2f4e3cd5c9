/**
 * "Who has not finished what" (issue 14 "Statistics: per department"; contracts study-stat.ts): for
 * a department subtree and a target — a course (the learners it is open to who did not finish it:
 * not started / in progress with its percent), a training class (enrolled learners not completed,
 * with the share of its requirements done) or an exam (the learners it is open to without a passed
 * paper: not handed in / waiting for marking / not passed) — the paged list, and the reminder
 * (event study.remind through module notify) to one, the selected or all of them.
 *
 * A reminder is sent once per (target, user, requestId): the message's refId is a digest of the
 * three, and notify writes one delivery per (event, refId, user, channel). More than 200 people go
 * as one background job of notify (progress at /api/sys/job/detail).
 */
import { createHash } from 'node:crypto';
import type { Page } from '@kaopei/contracts';
import {
  STUDY_TARGET_KIND_LABEL,
  StudyStatError,
  UNFINISHED_STATE_LABEL,
  UnfinishedState,
  studyRemindEvent,
  type StudyRemindReq,
  type StudyRemindRes,
  type UnfinishedRecord,
  type unfinishedPagingReq,
} from '@kaopei/contracts/study-stat';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { emptyPage } from '../../lib/paging';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import { openByRule, type Person, type Scope, type StudyStatDeps, type StudyStatService } from './study-stat.service';

/** A person on the list; `process` of a class is measured for the rows shown only (`measure`). */
interface Entry extends Person {
  state: number;
  process: number;
}

interface Target {
  title: string;
  entries: Entry[];
  /** Class rows: their state and percent, measured for the rows shown. */
  measure?: (rows: Entry[]) => Promise<Entry[]>;
}

type Kind = 'course' | 'class' | 'exam';

/** More people than this go as a background job (notify's INLINE_MAX). */
export const REMIND_INLINE_MAX = 200;

export class StudyUnfinished {
  constructor(
    private readonly ctx: ModuleContext<StudyStatDeps>,
    private readonly stats: StudyStatService,
  ) {}

  /**
   * POST /api/stat/study/unfinished: a page of the people of the subtree who have not finished the
   * target, by department then account; empty without kind and target.
   */
  async paging(admin: AuthUser, req: z.output<typeof unfinishedPagingReq>): Promise<Page<UnfinishedRecord>> {
    const p = req.params;
    if (!p?.kind || !p.targetId) return emptyPage(req);
    const scope = await this.stats.scopeOf(admin, p.deptCode);
    const t = await this.target(scope, p.kind, p.targetId);
    const needle = (p.userName ?? '').toLowerCase();
    const all = needle ? t.entries.filter((e) => e.userName.toLowerCase().includes(needle) || e.realName.toLowerCase().includes(needle)) : t.entries;
    const slice = all.slice((req.current - 1) * req.size, req.current * req.size);
    const shown = t.measure ? await t.measure(slice) : slice;
    const names = await this.ctx.services.sysDepart.namesOf(shown.map((e) => e.deptCode));
    return {
      records: shown.map((e) => ({
        id: e.id, userId: e.id, userName: e.userName, realName: e.realName, deptCode: e.deptCode, deptCode_dictText: names.get(e.deptCode) ?? '',
        state: e.state, state_dictText: UNFINISHED_STATE_LABEL[e.state] ?? '', process: e.process,
      })),
      total: all.length,
      pages: Math.ceil(all.length / req.size),
      current: req.current,
      size: req.size,
    };
  }

  /**
   * POST /api/stat/study/remind: the study.remind message to `userIds` (those of them still on the
   * list) or, with `all`, to everybody on the list. 20260001 when that is nobody.
   */
  async remind(admin: AuthUser, req: StudyRemindReq): Promise<StudyRemindRes> {
    const scope = await this.stats.scopeOf(admin, req.deptCode);
    const t = await this.target(scope, req.kind, req.targetId);
    const wanted = req.all ? null : new Set(req.userIds ?? []);
    const chosen = wanted ? t.entries.filter((e) => wanted.has(e.id)) : t.entries;
    if (!chosen.length) throw new AppError(StudyStatError.NO_ONE);
    const refId = createHash('sha1').update(`${req.kind}\n${req.targetId}\n${req.requestId}`).digest('hex');
    const stateOf = t.measure ? new Map() : new Map(chosen.map((e) => [e.id, e.state]));
    const res = await this.ctx.services.notify.send({
      event: studyRemindEvent.key,
      userIds: chosen.map((e) => e.id),
      vars: { targetType: STUDY_TARGET_KIND_LABEL[req.kind] ?? '', targetTitle: t.title, stateText: '未完成' },
      userVars: Object.fromEntries([...stateOf].map(([id, s]) => [id, { stateText: UNFINISHED_STATE_LABEL[s] ?? '未完成' }])),
      refType: `study.${req.kind}`,
      refId,
      background: chosen.length > REMIND_INLINE_MAX,
      by: admin.userId,
    });
    return { jobId: res.jobId, sent: res.sent, total: chosen.length };
  }

  /** The target's title and the unfinished people of the subtree (10010003 for an unknown target). */
  private target(scope: Scope, kind: Kind, id: string): Promise<Target> {
    if (kind === 'course') return this.course(scope, id);
    if (kind === 'class') return this.trainClass(scope, id);
    return this.exam(scope, id);
  }

  private async course(scope: Scope, courseId: string): Promise<Target> {
    const rule = await this.stats.courseRule(courseId);
    const [people, study] = await Promise.all([this.stats.peopleOf(scope), this.ctx.services.courseStudy.statRows(courseId)]);
    const progress = new Map(study.map((r) => [r.userId, r]));
    const entries = people
      .filter((p) => openByRule(rule, p) && !progress.get(p.id)?.finished)
      .map((p) => {
        const r = progress.get(p.id);
        return { ...p, state: r ? UnfinishedState.IN_PROGRESS : UnfinishedState.NOT_STARTED, process: r?.process ?? 0 };
      });
    return { title: rule.title, entries: sorted(entries) };
  }

  private async trainClass(scope: Scope, classId: string): Promise<Target> {
    const c = await this.stats.trainClass(classId);
    const seats = await this.ctx.services.trainClass.enrolledOf(classId);
    const inside = (code: string) => scope.root === null || (scope.root !== '' && code.startsWith(scope.root));
    const entries = seats
      .filter((s) => s.finished !== 1 && inside(s.deptCode))
      .map((s) => ({ id: s.userId, userName: s.userName, realName: s.realName, deptCode: s.deptCode, state: UnfinishedState.NOT_STARTED, process: 0 }));
    const measure = (rows: Entry[]) =>
      Promise.all(
        rows.map(async (e) => {
          const asked = (await this.ctx.services.trainClass.requirements.measureAll(c, e.id)).filter((s) => s.asked);
          const done = asked.reduce((n, s) => n + Math.min(s.done, s.total), 0);
          const total = asked.reduce((n, s) => n + s.total, 0);
          return { ...e, state: done > 0 ? UnfinishedState.IN_PROGRESS : UnfinishedState.NOT_STARTED, process: total > 0 ? Math.floor((done * 100) / total) : 0 };
        }),
      );
    return { title: c.title, entries: sorted(entries), measure };
  }

  private async exam(scope: Scope, examId: string): Promise<Target> {
    const exams = this.ctx.services.exam;
    const exam = await exams.require(this.ctx.db, examId);
    const [people, standings] = await Promise.all([this.stats.peopleOf(scope), this.ctx.services.paper.stats.examStandings(examId)]);
    const entries: Entry[] = [];
    for (const p of people) {
      const s = standings.get(p.id);
      if (s?.passed) continue;
      if (!(await exams.isOpenTo(this.ctx.db, exam, { userId: p.id, deptCode: p.deptCode }))) continue;
      const state = !s?.handed ? UnfinishedState.NOT_HANDED : s.marked ? UnfinishedState.NOT_PASSED : UnfinishedState.WAIT_MARK;
      entries.push({ ...p, state, process: 0 });
    }
    return { title: exam.title, entries: sorted(entries) };
  }
}

function sorted(entries: Entry[]): Entry[] {
  return entries.sort((a, b) => a.deptCode.localeCompare(b.deptCode) || a.userName.localeCompare(b.userName));
}
