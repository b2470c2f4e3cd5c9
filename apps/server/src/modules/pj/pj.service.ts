/**
 * Evaluations of training classes (issue 13 "Evaluations"; contracts pj.ts, /api/pj/*): the
 * organiser's questionnaires of a class in his data scope (trainClass.requireInScope), the enrolled
 * learner's list and once-only answer (trainClass.requireEnrolled, unique (pj, user)), and the
 * requirement 'eval' (enabled questionnaires answered / enabled questionnaires of the class).
 * Anonymous results and the export: pj.result.ts (reached as `pj.results`).
 *
 * Errors: 10010003 an unknown questionnaire, a class outside the admin's data scope, a learner not
 * enrolled (or a disabled questionnaire); 20230001 answered already; 20230002 outside the window;
 * 20230003 a required item without an answer; 20230004 items added, removed or retyped once answers
 * exist; 20230005 an answer to an item the questionnaire does not have.
 */
import type { Page } from '@kaopei/contracts';
import { PjError, PjState, PjPhase, type PjItem, type PjLearnDetail, type PjLearnRecord, type pjPagingReq, type PjRecord, type pjSaveReq, type pjAnswerReq } from '@kaopei/contracts/pj';
import type { z } from 'zod';
import { AppError, badParams, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { now, parseTime } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import type { TrainClass } from '../train-class/train-class.view';
import { PjResults } from './pj.result';
import * as repo from './pj.repository';
import type { ElPjAnswerItemTable, ElPjTable } from './pj.tables';
import { adminRecord, itemsOf, learnRecord, phaseOf } from './pj.view';

export type PjDeps = 'trainClass';
export const PJ_NOT_FOUND = '评估问卷不存在或已被删除！';

/** What a learner call needs of the caller. */
interface Learner {
  userId: string;
  deptCode: string;
}

export class PjService {
  /** Anonymous results and the xlsx export. */
  readonly results: PjResults;

  constructor(private readonly ctx: ModuleContext<PjDeps>) {
    this.results = new PjResults(ctx, this);
  }

  private get db() {
    return this.ctx.db;
  }

  private get classes() {
    return this.ctx.services.trainClass;
  }

  /** Registers requirement 'eval' with module trainClass (called from the module's `start`). */
  registerRequirement(): void {
    this.classes.requirements.register('eval', (c, userId) => this.evalStanding(c, userId));
  }

  /** Requirement 'eval': done = enabled questionnaires of the class the learner answered, total = enabled ones. */
  async evalStanding(c: Pick<TrainClass, 'id'>, userId: string): Promise<{ done: number; total: number }> {
    const [enabled, done] = await Promise.all([repo.enabledOfClass(this.db, c.id), repo.answeredEnabledCount(this.db, c.id, userId)]);
    return { done, total: enabled.length };
  }

  // ------------------------------------------------------------ admin

  /** A questionnaire whose class is in the admin's data scope; 10010003 otherwise. */
  async inScope(admin: AuthUser, id: string): Promise<ElPjTable> {
    const p = await repo.findPj(this.db, id);
    if (!p) throw notFound(PJ_NOT_FOUND);
    await this.classes.requireInScope(admin, p.classId);
    return p;
  }

  /**
   * POST /api/pj/save: adds (no id) or updates a questionnaire of a class in the admin's scope.
   * New items get ids; once answers exist the item set (ids and types) is fixed (20230004), titles
   * and required flags may change. The class of an existing questionnaire never changes. Answers `{id}`.
   */
  async save(admin: AuthUser, req: z.output<typeof pjSaveReq>): Promise<{ id: string }> {
    const items: PjItem[] = req.items.map((i) => ({ id: i.id || newId(), itemType: i.itemType, title: i.title, required: i.required }));
    const fields = {
      lessonId: req.lessonId, title: req.title, description: req.description, startTime: parseTime(req.startTime) ?? 0, endTime: parseTime(req.endTime) ?? 0,
      items: JSON.stringify(items), updateTime: now(),
    };
    if (!req.id) {
      await this.classes.requireInScope(admin, req.classId);
      const id = newId();
      await repo.insertPj(this.db, { id, classId: req.classId, ...fields, state: req.state ?? PjState.ENABLED, createBy: admin.userId, createTime: fields.updateTime });
      return { id };
    }
    const existing = await this.inScope(admin, req.id);
    const pjId = existing.id;
    await this.db.transaction().execute(async (trx) => {
      const answered = (await repo.answerCounts(trx, [pjId])).get(pjId) ?? 0;
      const shape = (list: PjItem[]) => list.map((i) => `${i.id}:${i.itemType}`).sort().join(',');
      if (answered > 0 && shape(items) !== shape(itemsOf(existing))) throw new AppError(PjError.ITEMS_LOCKED);
      await repo.updatePj(trx, pjId, { ...fields, ...(req.state !== undefined ? { state: req.state } : {}) });
    });
    return { id: pjId };
  }

  async detail(admin: AuthUser, id: string): Promise<PjRecord> {
    const p = await this.inScope(admin, id);
    return adminRecord(p, (await repo.answerCounts(this.db, [id])).get(id) ?? 0, now());
  }

  /** POST /api/pj/paging: the questionnaires of `params.classId` (in scope); an empty page without a class. */
  async paging(admin: AuthUser, req: z.output<typeof pjPagingReq>): Promise<Page<PjRecord>> {
    const classId = req.params?.classId;
    if (!classId) return emptyPage(req);
    await this.classes.requireInScope(admin, classId);
    const page = await repo.pagePjs(this.db, req, classId, { title: req.params?.title });
    const counts = await repo.answerCounts(this.db, page.records.map((p) => p.id));
    const at = now();
    return mapPage(page, (p) => adminRecord(p, counts.get(p.id) ?? 0, at));
  }

  /** The ids among `ids` whose class is in the admin's scope (others are skipped, as if missing). */
  private async idsInScope(admin: AuthUser, ids: string[]): Promise<string[]> {
    const rows = await repo.findPjs(this.db, [...new Set(ids)]);
    const ok: string[] = [];
    for (const p of rows) {
      const inScope = await this.classes.requireInScope(admin, p.classId).then(
        () => true,
        () => false,
      );
      if (inScope) ok.push(p.id);
    }
    return ok;
  }

  /** POST /api/pj/delete: the questionnaires (in scope) with their answers. */
  async delete(admin: AuthUser, ids: string[]): Promise<void> {
    const ok = await this.idsInScope(admin, ids);
    if (ok.length) await this.db.transaction().execute((trx) => repo.deletePjs(trx, ok));
  }

  /**
   * POST /api/pj/state: enables (0) or disables (1) questionnaires (in scope). A learner whose last
   * missing questionnaire gets disabled completes on his next class page view (trainClass.info settles).
   */
  async setState(admin: AuthUser, ids: string[], state: number): Promise<void> {
    const ok = await this.idsInScope(admin, ids);
    if (ok.length) await repo.setState(this.db, ok, state, now());
  }

  // ------------------------------------------------------------ learner

  /** An enabled questionnaire of a class the learner is enrolled in; 10010003 otherwise. */
  private async forLearner(user: Learner, id: string): Promise<ElPjTable> {
    const p = await repo.findPj(this.db, id);
    if (!p || p.state !== PjState.ENABLED) throw notFound(PJ_NOT_FOUND);
    await this.classes.requireEnrolled(user, p.classId);
    return p;
  }

  /** POST /api/pj/my-list: the enabled questionnaires of the class, oldest first, with `answered`. */
  async myList(user: Learner, classId: string): Promise<PjLearnRecord[]> {
    await this.classes.requireEnrolled(user, classId);
    const list = await repo.enabledOfClass(this.db, classId);
    const mine = await repo.answersOf(this.db, user.userId, list.map((p) => p.id));
    const at = now();
    return list.map((p) => learnRecord(p, mine.get(p.id), at));
  }

  /** POST /api/pj/detail-learner: one questionnaire with the caller's own answer, once given. */
  async learnerDetail(user: Learner, id: string): Promise<PjLearnDetail> {
    const p = await this.forLearner(user, id);
    const mine = (await repo.answersOf(this.db, user.userId, [id])).get(id);
    const myAnswers = mine ? (await repo.itemsOfAnswer(this.db, mine.id)).map((a) => ({ itemId: a.itemId, score: a.score || null, text: a.text })) : [];
    return { ...learnRecord(p, mine, now()), myAnswers };
  }

  /**
   * POST /api/pj/answer: stores the learner's answer once (unique (pj, user): a double click or two
   * parallel calls store one, the other answers 20230001), then settles the class (requirement 'eval').
   * Rate items keep `score` (1–5), text items `text` (trimmed); extra fields are ignored.
   */
  async answer(user: Learner, req: z.output<typeof pjAnswerReq>): Promise<void> {
    const p = await this.forLearner(user, req.pjId);
    if ((await repo.answersOf(this.db, user.userId, [p.id])).has(p.id)) throw new AppError(PjError.ALREADY);
    const at = now();
    if (phaseOf(p, at) !== PjPhase.OPEN) throw new AppError(PjError.NOT_IN_TIME);
    const items = itemsOf(p);
    const given = new Map<string, { score?: number | null; text?: string | null }>();
    for (const a of req.answers) {
      if (given.has(a.itemId)) throw badParams('评价项重复！');
      given.set(a.itemId, a);
    }
    if ([...given.keys()].some((k) => !items.some((i) => i.id === k))) throw new AppError(PjError.UNKNOWN_ITEM);
    const answerId = newId();
    const rows: ElPjAnswerItemTable[] = [];
    for (const item of items) {
      const a = given.get(item.id);
      const score = item.itemType === 'rate' ? (a?.score ?? 0) : 0;
      const text = item.itemType === 'text' ? (a?.text ?? '').trim() : '';
      if (!score && !text) {
        if (item.required) throw new AppError(PjError.REQUIRED);
        continue;
      }
      rows.push({ id: newId(), answerId, pjId: p.id, itemId: item.id, score, text, createTime: at });
    }
    try {
      await this.db.transaction().execute((trx) => repo.insertAnswer(trx, { id: answerId, pjId: p.id, classId: p.classId, userId: user.userId, createTime: at }, rows));
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(PjError.ALREADY);
      throw e;
    }
    await this.classes.settle(p.classId, user.userId);
  }
}
