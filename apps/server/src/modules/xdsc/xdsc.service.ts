/**
 * Surveys and information collection (issue 13 "Surveys and information collection"; SPEC §2
 * /m/info/cj, §4 field type labels). Admin: forms (CRUD, state), submissions (paged; anonymous
 * forms show no user) and their xlsx export. Learner: the forms open to him (site-wide forms to
 * every signed-in user, a class's forms to its enrolled learners through trainClass.requireEnrolled),
 * one submission per form (unique form + user; the second answers 20190001 '您已经提交过了！'),
 * checked field by field (xdsc.values.ts).
 *
 * Admin data scope: a form of a class is reached only through trainClass.requireInScope (10010003
 * outside the admin's scope); site-wide forms belong to no department.
 * Errors: 10010003 unknown form (for learners also a disabled one or a class he is not enrolled in);
 * 20190002/20190003 outside the window; 10010001 refused values (XDSC_MSG).
 */
import type { Page } from '@kaopei/contracts';
import {
  XDSC_PHASE_LABEL, XDSC_STATE_LABEL, XdscError, XdscPhase,
  type XdscAnswerRecord, type xdscAnswersReq, type XdscLearnerDetail, type XdscLearnerRecord, type xdscMyListReq, type xdscPagingReq, type XdscRecord, type xdscSaveReq, type XdscStoredField, type xdscSubmitReq,
} from '@kaopei/contracts/xdsc';
import type { z } from 'zod';
import { AppError, badParams, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { formatTimeStrict, now, parseTime } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './xdsc.repository';
import { answersWorkbook } from './xdsc.sheet';
import type { ElXdscAnswerTable, ElXdscFormTable } from './xdsc.tables';
import { checkValues, type FieldValue } from './xdsc.values';

const FORM_NOT_FOUND = '信息采集不存在！';

/** Where a form's window stands at `at` (0 bounds are open). */
export function phaseOf(f: Pick<ElXdscFormTable, 'startTime' | 'endTime'>, at: number): number {
  if (Number(f.startTime) && at < Number(f.startTime)) return XdscPhase.NOT_STARTED;
  if (Number(f.endTime) && at > Number(f.endTime)) return XdscPhase.ENDED;
  return XdscPhase.OPEN;
}

const timeText = (ms: number) => (Number(ms) ? formatTimeStrict(Number(ms)) : '');
const fieldsOf = (f: ElXdscFormTable): XdscStoredField[] => JSON.parse(f.fields) as XdscStoredField[];
const valuesOf = (a: ElXdscAnswerTable): FieldValue[] => JSON.parse(a.answers) as FieldValue[];

export class XdscService {
  constructor(private readonly ctx: ModuleContext<'trainClass' | 'sysFile'>) {}

  private get db() {
    return this.ctx.db;
  }

  private get classes() {
    return this.ctx.services.trainClass;
  }

  /** The form `id` for an admin call: 10010003 when unknown or of a class outside the admin's scope. */
  private async adminForm(admin: AuthUser, id: string): Promise<ElXdscFormTable> {
    const f = await repo.findForm(this.db, id);
    if (!f) throw notFound(FORM_NOT_FOUND);
    if (f.classId) await this.classes.requireInScope(admin, f.classId);
    return f;
  }

  /** The form `id` for a learner: enabled, and site-wide or of a class he is enrolled in; else 10010003. */
  private async learnerForm(user: AuthUser, id: string): Promise<ElXdscFormTable> {
    const f = await repo.findForm(this.db, id);
    if (!f || f.state !== 0) throw notFound(FORM_NOT_FOUND);
    if (f.classId) await this.classes.requireEnrolled(user, f.classId);
    return f;
  }

  private async records(forms: readonly ElXdscFormTable[]): Promise<XdscRecord[]> {
    const counts = await repo.answerCounts(this.db, forms.map((f) => f.id));
    const classIds = [...new Set(forms.map((f) => f.classId).filter(Boolean))];
    const titles = new Map((await Promise.all(classIds.map(async (c) => [c, (await this.classes.find(c))?.title ?? ''] as const))));
    return forms.map((f) => ({
      id: f.id, title: f.title, description: f.description, classId: f.classId, classId_dictText: titles.get(f.classId) ?? '',
      startTime: timeText(f.startTime), endTime: timeText(f.endTime), state: f.state, state_dictText: XDSC_STATE_LABEL[f.state] ?? '',
      anonymous: f.anonymous === 1, fields: fieldsOf(f), answerCount: counts.get(f.id) ?? 0, createTime: formatTimeStrict(Number(f.createTime)),
    }));
  }

  /**
   * POST /api/xdsc/save: adds (no id) or updates a form. A class form needs the class in the admin's
   * scope (10010003); an update keeps the form's class. Fields without an id get one (answers refer
   * to field ids, so an edited field keeps its answers). Answers its id.
   */
  async save(admin: AuthUser, req: z.output<typeof xdscSaveReq>): Promise<{ id: string }> {
    const old = req.id ? await this.adminForm(admin, req.id) : undefined;
    const classId = old ? old.classId : req.classId;
    if (!old && classId) await this.classes.requireInScope(admin, classId);
    const fields: XdscStoredField[] = req.fields.map((f) => ({
      id: f.id || newId(), fieldType: f.fieldType, label: f.label, required: f.required,
      ...(f.fieldType === 'radio' || f.fieldType === 'checkbox' ? { options: f.options ?? [] } : {}),
      ...((f.fieldType === 'text' || f.fieldType === 'textarea') && f.maxLength ? { maxLength: f.maxLength } : {}),
    }));
    const at = now();
    const row = {
      title: req.title, description: req.description, classId, startTime: parseTime(req.startTime) ?? 0, endTime: parseTime(req.endTime) ?? 0,
      state: req.state, anonymous: req.anonymous ? 1 : 0, fields: JSON.stringify(fields), updateTime: at,
    };
    if (old) {
      await repo.updateForm(this.db, old.id, row);
      return { id: old.id };
    }
    const id = newId();
    await repo.insertForm(this.db, { id, ...row, createBy: admin.userId, createTime: at });
    return { id };
  }

  /** POST /api/xdsc/detail: the form with its fields and number of submissions. */
  async detail(admin: AuthUser, id: string): Promise<XdscRecord> {
    return (await this.records([await this.adminForm(admin, id)]))[0] as XdscRecord;
  }

  /** POST /api/xdsc/paging: the forms of one class (`params.classId`, scope-checked) or, without it, the site-wide forms. */
  async paging(admin: AuthUser, req: z.output<typeof xdscPagingReq>): Promise<Page<XdscRecord>> {
    const classId = req.params?.classId ?? '';
    if (classId) await this.classes.requireInScope(admin, classId);
    const page = await repo.pageForms(this.db, req, { title: req.params?.title, classId });
    const records = new Map((await this.records(page.records)).map((r) => [r.id, r]));
    return mapPage(page, (f) => records.get(f.id) as XdscRecord);
  }

  /** The forms `ids` after the scope check of each (10010003 for an unknown one or one out of scope). */
  private async adminForms(admin: AuthUser, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    for (const id of unique) await this.adminForm(admin, id);
    return unique;
  }

  /** POST /api/xdsc/delete: the forms and their submissions. */
  async delete(admin: AuthUser, ids: string[]): Promise<void> {
    const checked = await this.adminForms(admin, ids);
    await this.db.transaction().execute((trx) => repo.deleteForms(trx, checked));
  }

  /** POST /api/xdsc/state: 0 enables, 1 disables (learners no longer see the form). */
  async setState(admin: AuthUser, ids: string[], state: number): Promise<void> {
    if (state !== 0 && state !== 1) throw badParams('状态不正确！');
    await repo.setState(this.db, await this.adminForms(admin, ids), state, now());
  }

  private answerRecord(form: ElXdscFormTable, a: ElXdscAnswerTable): XdscAnswerRecord {
    const anonymous = form.anonymous === 1;
    return {
      id: a.id, userName: anonymous ? '' : a.userName, realName: anonymous ? '' : a.realName,
      submitTime: formatTimeStrict(Number(a.createTime)), values: valuesOf(a),
    };
  }

  /** POST /api/xdsc/answers: the submissions of one form, the earliest first (no form: an empty page). */
  async answers(admin: AuthUser, req: z.output<typeof xdscAnswersReq>): Promise<Page<XdscAnswerRecord>> {
    if (!req.params) return emptyPage(req);
    const form = await this.adminForm(admin, req.params.formId);
    return mapPage(await repo.pageAnswers(this.db, req, form.id), (a) => this.answerRecord(form, a));
  }

  /** POST /api/xdsc/export: the xlsx of every submission of one form (xdsc.sheet.ts). */
  async exportXlsx(admin: AuthUser, formId: string): Promise<Buffer> {
    const form = await this.adminForm(admin, formId);
    const rows = (await repo.allAnswers(this.db, form.id)).map((a) => this.answerRecord(form, a));
    return answersWorkbook(form.title, fieldsOf(form), form.anonymous === 1, rows);
  }

  private learnerRecord(f: ElXdscFormTable, submitTime: number | undefined, at: number): XdscLearnerRecord {
    const phase = phaseOf(f, at);
    return {
      id: f.id, title: f.title, description: f.description, classId: f.classId, startTime: timeText(f.startTime), endTime: timeText(f.endTime),
      anonymous: f.anonymous === 1, phase, phase_dictText: XDSC_PHASE_LABEL[phase] ?? '', fieldCount: fieldsOf(f).length,
      submitted: submitTime !== undefined, submitTime: submitTime ? formatTimeStrict(submitTime) : '',
    };
  }

  /** POST /api/xdsc/my-list: the enabled forms of a class the caller is enrolled in (`classId`), else the site-wide ones. */
  async myList(user: AuthUser, req: z.output<typeof xdscMyListReq>): Promise<Page<XdscLearnerRecord>> {
    const classId = req.params?.classId ?? '';
    if (classId) await this.classes.requireEnrolled(user, classId);
    const page = await repo.pageEnabled(this.db, req, classId);
    const done = await repo.submittedOf(this.db, user.userId, page.records.map((f) => f.id));
    const at = now();
    return mapPage(page, (f) => this.learnerRecord(f, done.get(f.id), at));
  }

  /** POST /api/xdsc/detail-learner: the form to fill and, once submitted, the caller's values. */
  async detailLearner(user: AuthUser, id: string): Promise<XdscLearnerDetail> {
    const f = await this.learnerForm(user, id);
    const mine = await repo.findAnswer(this.db, f.id, user.userId);
    return { ...this.learnerRecord(f, mine ? Number(mine.createTime) : undefined, now()), fields: fieldsOf(f), values: mine ? valuesOf(mine) : [] };
  }

  /**
   * POST /api/xdsc/submit: checks the window (20190002/20190003), that the caller has not submitted
   * (20190001, also when a parallel submission wins the unique index), and every value
   * (xdsc.values.ts); stores one row.
   */
  async submit(user: AuthUser, req: z.output<typeof xdscSubmitReq>): Promise<void> {
    const f = await this.learnerForm(user, req.formId);
    const phase = phaseOf(f, now());
    if (phase === XdscPhase.NOT_STARTED) throw new AppError(XdscError.NOT_STARTED);
    if (phase === XdscPhase.ENDED) throw new AppError(XdscError.ENDED);
    if (await repo.findAnswer(this.db, f.id, user.userId)) throw new AppError(XdscError.ALREADY);
    const values = await checkValues(fieldsOf(f), req.values, user.userId, (url) => this.ctx.services.sysFile.fileOf(url));
    try {
      await repo.insertAnswer(this.db, {
        id: newId(), formId: f.id, userId: user.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode,
        answers: JSON.stringify(values), createTime: now(),
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError(XdscError.ALREADY);
      throw e;
    }
  }
}
