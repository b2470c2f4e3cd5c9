/**
 * Messages, message templates and their delivery (SPEC §2 message centre, §3 "Messages and
 * notices", "Notify template", §4 "Messages", §7 /api/sys/user/msg/* and /api/notify/tmpl/*; issue 7).
 *
 * - A learner only ever reads or changes their own messages: another user's id answers 10010003 as
 *   if it did not exist, and a call naming one such id changes nothing.
 * - `send` is the service other domains call when an event happens (exam published, paper marked,
 *   certificate granted …): it renders the event's template for each recipient, writes the in-app
 *   message, sends an SMS when the template's flag says so, and records every delivery with its
 *   state. The unique key (event, refId, userId, channel) of the deliveries makes it idempotent: the
 *   same event about the same object reaches a person once, also when two calls race (on either
 *   database and from several processes). Many recipients are ONE background job.
 */
import type { Page } from '@kaopei/contracts';
import {
  Channel,
  DeliveryState,
  MsgError,
  NOTIFY_SEND_JOB,
  READ_STATE_LABEL,
  renderTemplate,
  TMPL_EVENT_MSG,
  TmplError,
  type MsgRecord,
  type msgPagingReq,
  type TmplDetail,
  type tmplPagingReq,
  type TmplRecord,
  type TmplSaveReq,
} from '@kaopei/contracts/notify';
import { notifyEventInfoOf, type NotifyEventInfo } from '@kaopei/contracts/notify-event';
import { z } from 'zod';
import type { DomainEvents } from '../../platform/events';
import type { ModuleContext } from '../../platform/module';
import type { JobContext } from '../../platform/jobs';
import { markSeeded, seededKeys } from '../../platform/seed-log';
import { AppError, badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { looksLikeHtml, sanitizeRichText } from '../../lib/sanitize';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import type { SysNotifyDeliveryTable, SysNotifyTmplTable, SysUserMsgTable } from './notify.tables';
import * as repo from './notify.repository';

/** Recipients up to this many are served within the call; more go to one background job. */
export const INLINE_MAX = 200;
/** Recipients written per transaction in the job. */
export const BATCH = 200;
const MSG_MISSING = '消息不存在或已被删除！';
const TMPL_MISSING = '消息模板不存在或已被删除！';
/** Seed-log kind of the built-in templates. */
const SEED_KIND = 'notify.tmpl';

type Vars = Record<string, string | number>;
const varsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** What `send` takes (also the payload of the background job, JSON). */
export const sendReq = z
  .object({
    /** A registered event (`defineModule({ notifyEvents })`); another one is refused. */
    event: z.string().min(1).max(40),
    /** The recipients; or `toLearners` for every learner (live, state 0, learner role). */
    userIds: z.array(z.string().min(1)).optional(),
    toLearners: z.boolean().optional(),
    /** With `toLearners`: only learners of these departments and the departments under them (deptCodes). */
    learnerDepts: z.array(z.string().min(1).max(64)).max(1000).optional(),
    /** Variables for every recipient ({realName} is filled from the recipient unless given here). */
    vars: varsSchema.optional(),
    /** Variables per recipient (userId → vars), over `vars`. */
    userVars: z.record(z.string(), varsSchema).optional(),
    /** What caused it (e.g. 'exam' and the exam id): one delivery per (event, refId, user, channel). */
    refType: z.string().max(40).default(''),
    refId: z.string().min(1).max(64),
    /** A template to use instead of the event's. */
    tmplId: z.string().optional(),
    /** Who asked (owner of the job; '' for the system). */
    by: z.string().default(''),
    /** Always a background job, however few the recipients (e.g. prepare-notify). */
    background: z.boolean().optional(),
  });
export type SendReq = z.input<typeof sendReq>;
/** `jobId` when a background job sends (follow it at /api/sys/job/detail), else null; `sent`: messages written now. */
export interface SendResult {
  jobId: string | null;
  sent: number;
}

interface Contact {
  id: string;
  realName: string;
  mobile: string;
}

export class NotifyService {
  constructor(private readonly ctx: ModuleContext<'sysUser' | 'sms'>) {}

  private get db() {
    return this.ctx.db;
  }

  // ---- messages of the caller (SPEC §7 /api/sys/user/msg/*) ----

  private toMsg(m: SysUserMsgTable): MsgRecord {
    return {
      id: m.id, title: m.title, content: m.content, readState: m.readState, readState_dictText: READ_STATE_LABEL[m.readState] ?? '',
      createTime: formatTimeStrict(m.createTime), readTime: formatTime(m.readTime),
    };
  }

  /** The user's messages, newest first; `params.readState` 0 unread / 1 read. */
  async msgPaging(userId: string, req: z.output<typeof msgPagingReq>): Promise<Page<MsgRecord>> {
    const page = await repo.pageMsgs(this.db, userId, req, req.params?.readState);
    return mapPage(page, (m) => this.toMsg(m));
  }

  /** The user's message `id`, marked read (SPEC §7 /detail-for-read); 10010003 for another's or a deleted one. */
  async detailForRead(userId: string, id: string): Promise<MsgRecord> {
    const row = await repo.findMsg(this.db, userId, id);
    if (!row) throw notFound(MSG_MISSING);
    if (row.readState === 0) {
      await repo.markRead(this.db, userId, [id], now());
      return this.toMsg((await repo.findMsg(this.db, userId, id)) ?? row);
    }
    return this.toMsg(row);
  }

  /** The user's unread messages (SPEC §3 Session user unreadMsg, §7 /count-unread). */
  countUnread(userId: string): Promise<number> {
    return repo.countUnread(this.db, userId);
  }

  /** 10010003 unless every one of `ids` is the user's message (a deleted one still counts, so a double click succeeds). */
  private async requireOwned(userId: string, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if ((await repo.countOwned(this.db, userId, unique)) !== unique.length) throw notFound(MSG_MISSING);
    return unique;
  }

  /** Marks the user's messages `ids` read; 10010003 (nothing changed) when one is not theirs. */
  async markRead(userId: string, ids: string[]): Promise<void> {
    await repo.markRead(this.db, userId, await this.requireOwned(userId, ids), now());
  }

  /** Deletes the user's messages `ids`; 10010003 (nothing deleted) when one is not theirs. */
  async userDelete(userId: string, ids: string[]): Promise<void> {
    await repo.softDeleteMsgs(this.db, userId, await this.requireOwned(userId, ids));
  }

  // ---- templates (SPEC §7 /api/notify/tmpl/*) ----

  private toTmpl(t: SysNotifyTmplTable): TmplRecord {
    return {
      id: t.id, title: t.title, event: t.event, event_dictText: this.ctx.catalog.notifyEvents.get(t.event)?.label ?? '', sms: t.sms, smsCode: t.smsCode, builtin: t.builtin,
      createTime: formatTimeStrict(t.createTime), updateTime: formatTimeStrict(t.updateTime),
    };
  }

  async tmplPaging(req: z.output<typeof tmplPagingReq>): Promise<Page<TmplRecord>> {
    return mapPage(await repo.pageTmpls(this.db, req, req.params ?? {}), (t) => this.toTmpl(t));
  }

  async tmplDetail(id: string): Promise<TmplDetail> {
    const row = await repo.findTmpl(this.db, id);
    if (!row) throw notFound(TMPL_MISSING);
    return { ...this.toTmpl(row), content: row.content };
  }

  /** The registered events with their variables and samples (/api/notify/tmpl/events), in module start order. */
  events(): NotifyEventInfo[] {
    return [...this.ctx.catalog.notifyEvents.values()].map(notifyEventInfoOf);
  }

  /**
   * Creates or updates a template (content sanitised when it is HTML); 10010001 '请选择通知事件！'
   * for an event no module registered; 10010003 when updating a missing one.
   */
  async tmplSave(req: TmplSaveReq, userId: string): Promise<{ id: string }> {
    if (!this.ctx.catalog.notifyEvents.has(req.event)) throw badParams(TMPL_EVENT_MSG);
    const at = now();
    const fields = { title: req.title, content: sanitizeRichText(req.content), event: req.event, sms: req.sms, smsCode: req.smsCode, updateTime: at };
    if (req.id) {
      const res = await repo.updateTmpl(this.db, req.id, fields);
      if (Number(res.numUpdatedRows) === 0) throw notFound(TMPL_MISSING);
      return { id: req.id };
    }
    const id = newId();
    await repo.insertTmpl(this.db, { id, ...fields, builtin: '', createBy: userId, createTime: at });
    return { id };
  }

  /** Deletes templates (a deleted built-in one is not seeded again). */
  async tmplDelete(ids: string[]): Promise<void> {
    await repo.deleteTmpls(this.db, ids);
  }

  /** How many templates exist (SPEC §3 Dashboard totals tmplCount). */
  countTemplates(): Promise<number> {
    return repo.countTmpls(this.db);
  }

  /**
   * At every start: inserts the built-in template of each event that has none yet and was never
   * seeded (an edited one is left as it is; one the administrator deleted stays deleted).
   */
  async seedTemplates(): Promise<void> {
    const seeded = await seededKeys(this.db, SEED_KIND);
    const present = await repo.builtinEvents(this.db);
    const at = now();
    const events = [...this.ctx.catalog.notifyEvents.values()];
    for (const { key: event, template: t } of events) {
      if (seeded.has(event) || present.has(event)) continue;
      await repo.insertTmpl(this.db, { id: newId(), title: t.title, content: t.content, event, sms: 0, smsCode: '', builtin: event, createBy: '', createTime: at, updateTime: at });
    }
    await markSeeded(this.db, SEED_KIND, events.map((e) => e.key), at);
  }

  // ---- sending (for other domains) ----

  /** The template `tmplId`, else the event's; 30020001 when there is none. */
  /** Listener of `paper.marked`: the "paper marked" message (score) to the learner, once per paper. */
  async onPaperMarked(e: DomainEvents['paper.marked']): Promise<void> {
    await this.sendIfTemplate({ event: 'paper.marked', userIds: [e.userId], vars: { examTitle: e.examTitle, score: String(e.userScore) }, refType: 'paper', refId: e.paperId });
  }

  /** Listener of `cert.granted`: the "certificate granted" message to the holder, once per grant. */
  async onCertGranted(e: DomainEvents['cert.granted']): Promise<void> {
    await this.sendIfTemplate({ event: 'cert.granted', userIds: [e.userId], vars: { certTitle: e.title, certNo: e.certNo }, refType: 'cert', refId: e.grantId });
  }

  /** The `exam.apply` message of an audited exam application (module exam-apply), once per application. */
  async onExamApplyAudited(e: DomainEvents['examApply.audited']): Promise<void> {
    await this.sendIfTemplate({
      event: 'exam.apply', userIds: [e.userId], vars: { examTitle: e.examTitle, auditResult: e.state === 1 ? '通过' : '驳回', auditMsg: e.auditMsg }, refType: 'examApply', refId: e.applyId,
    });
  }

  /** `send`, except that an event whose template the administrator deleted sends nothing (the message is switched off). */
  private async sendIfTemplate(req: SendReq): Promise<void> {
    try {
      await this.send(req);
    } catch (err) {
      if (!(err instanceof AppError && err.code === TmplError.NO_TEMPLATE.code)) throw err;
    }
  }

  private async templateFor(event: string, tmplId?: string): Promise<SysNotifyTmplTable> {
    const row = tmplId ? await repo.findTmpl(this.db, tmplId) : await repo.tmplForEvent(this.db, event);
    if (!row) throw new AppError(TmplError.NO_TEMPLATE);
    return row;
  }

  /**
   * Sends `event`'s template (or `tmplId`) to `userIds` (or every learner with `toLearners`), with
   * `vars` ({realName} comes from each recipient) and per-user `userVars`:
   * - in-app message always; SMS through module sms's provider (`sendTemplate`) when the template's
   *   flag is set, to users with a mobile number (others get a failed delivery '未绑定手机号');
   * - one delivery row per recipient and channel with its state (pending → sent / failed + error);
   * - idempotent per (event, refId, userId, channel): a repeated or concurrent call sends nothing twice;
   * - up to INLINE_MAX recipients within the call (`{jobId: null, sent}`); more, every learner, or
   *   `background`: ONE background job (`{jobId, sent: 0}`) writing BATCH recipients per
   *   transaction and reporting progress.
   * Errors: 30010001 no recipient; 30020001 no template; 10010001 a malformed request.
   */
  async send(input: SendReq): Promise<SendResult> {
    const parsed = sendReq.safeParse(input);
    if (!parsed.success) throw badParams(`${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim());
    if (!this.ctx.catalog.notifyEvents.has(parsed.data.event)) throw badParams(`event 未登记的通知事件：${parsed.data.event}`);
    const req = parsed.data;
    if (!req.toLearners && !req.userIds?.length) throw new AppError(MsgError.NO_RECIPIENT);
    const tmpl = await this.templateFor(req.event, req.tmplId);
    if (req.background || req.toLearners || (req.userIds?.length ?? 0) > INLINE_MAX) {
      const jobId = await this.ctx.jobs.enqueue(NOTIFY_SEND_JOB, { ...req, tmplId: tmpl.id }, { userId: req.by || '0' });
      return { jobId, sent: 0 };
    }
    const userIds = [...new Set(req.userIds ?? [])];
    const contacts = await this.ctx.services.sysUser.contactsOf(userIds);
    return { jobId: null, sent: await this.deliver(tmpl, req, contacts) };
  }

  /** The background job of `send`: answers `{sent, total}` (messages written by this run, recipients). */
  async runSendJob(payload: unknown, job: JobContext): Promise<{ sent: number; total: number }> {
    const req = sendReq.parse(payload);
    const tmpl = await this.templateFor(req.event, req.tmplId);
    const users = this.ctx.services.sysUser;
    let sent = 0;
    let done = 0;
    if (req.toLearners) {
      const total = await users.countLearners(req.learnerDepts);
      let after = '';
      for (;;) {
        if (job.signal.aborted) throw new Error('server shutting down');
        const page = await users.learnerContacts(after, BATCH, req.learnerDepts);
        if (!page.length) break;
        sent += await this.deliver(tmpl, req, page);
        done += page.length;
        after = (page[page.length - 1] as Contact).id;
        await job.progress(total ? (done * 100) / Math.max(total, done) : 100, `已发送 ${done}/${Math.max(total, done)}`);
      }
      await job.progress(100, `已发送 ${done}/${done}`);
      return { sent, total: done };
    }
    const ids = [...new Set(req.userIds ?? [])];
    for (let i = 0; i < ids.length; i += BATCH) {
      if (job.signal.aborted) throw new Error('server shutting down');
      const contacts = await users.contactsOf(ids.slice(i, i + BATCH));
      sent += await this.deliver(tmpl, req, contacts);
      done = Math.min(ids.length, i + BATCH);
      await job.progress((done * 100) / ids.length, `已发送 ${done}/${ids.length}`);
    }
    return { sent, total: ids.length };
  }

  /**
   * Writes the messages and deliveries of `contacts` in one transaction (skipping recipients this
   * (event, refId) already reached), then sends their SMS; answers how many messages were written.
   */
  private async deliver(tmpl: SysNotifyTmplTable, req: z.output<typeof sendReq>, contacts: Contact[]): Promise<number> {
    if (!contacts.length) return 0;
    const at = now();
    const html = looksLikeHtml(tmpl.content);
    const varsOf = (c: Contact): Vars => ({ realName: c.realName, ...(req.vars ?? {}), ...(req.userVars?.[c.id] ?? {}) });
    const prepared = contacts.map((c) => {
      const vars = varsOf(c);
      const msg: SysUserMsgTable = {
        id: newId(), userId: c.id, title: renderTemplate(tmpl.title, vars, false).slice(0, 500), content: renderTemplate(tmpl.content, vars, html),
        readState: 0, readTime: null, event: req.event, refType: req.refType, refId: req.refId, tmplId: tmpl.id, deleted: 0, createTime: at,
      };
      return { contact: c, vars, msg };
    });
    const delivery = (userId: string, channel: string, msgId: string, target: string, state: number, error = ''): SysNotifyDeliveryTable => ({
      id: newId(), event: req.event, refType: req.refType, refId: req.refId, userId, channel, msgId, target, state, error, createTime: at, updateTime: at,
    });
    const { written, smsQueue } = await this.db.transaction().execute(async (trx) => {
      const inserted = await repo.insertDeliveries(trx, prepared.map((p) => delivery(p.contact.id, Channel.INAPP, p.msg.id, '', DeliveryState.SENT)));
      const fresh = new Set(inserted.map((r) => r.msgId));
      const mine = prepared.filter((p) => fresh.has(p.msg.id));
      await repo.insertMsgs(trx, mine.map((p) => p.msg));
      let queue: { id: string; target: string; vars: Vars }[] = [];
      if (tmpl.sms === 1) {
        const rows = mine.map((p) =>
          p.contact.mobile
            ? delivery(p.contact.id, Channel.SMS, p.msg.id, p.contact.mobile, DeliveryState.PENDING)
            : delivery(p.contact.id, Channel.SMS, p.msg.id, '', DeliveryState.FAILED, '未绑定手机号'),
        );
        const smsRows = await repo.insertDeliveries(trx, rows);
        const varsByMsg = new Map(mine.map((p) => [p.msg.id, p.vars]));
        queue = smsRows.filter((r) => r.target).map((r) => ({ id: r.id, target: r.target, vars: varsByMsg.get(r.msgId) ?? {} }));
      }
      return { written: mine.length, smsQueue: queue };
    });
    for (const s of smsQueue) {
      const params = Object.fromEntries(Object.entries(s.vars).map(([k, v]) => [k, String(v)]));
      try {
        await this.ctx.services.sms.provider.sendTemplate(s.target, tmpl.smsCode, params);
        await repo.setDeliveryState(this.db, s.id, DeliveryState.SENT, '', now());
      } catch (err) {
        this.ctx.log.warn({ err, delivery: s.id }, 'notify: SMS delivery failed');
        await repo.setDeliveryState(this.db, s.id, DeliveryState.FAILED, err instanceof Error ? err.message : String(err), now());
      }
    }
    return written;
  }

  /** The deliveries of (event, refId), by user and channel (what was sent, with states). */
  deliveriesOf(event: string, refId: string): Promise<SysNotifyDeliveryTable[]> {
    return repo.deliveriesOfRef(this.db, event, refId);
  }

  /** The messages written for (event, refId). */
  messagesOf(event: string, refId: string): Promise<SysUserMsgTable[]> {
    return repo.msgsOfRef(this.db, event, refId);
  }
}
