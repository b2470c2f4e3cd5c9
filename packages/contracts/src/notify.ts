/**
 * Messages and message templates (SPEC §2 message centre, unread dialog, header badge; §3 "Messages
 * and notices", "Notify template", Session user `unreadMsg`; §4 "Messages"; §7 /api/sys/user/msg/*
 * and /api/notify/tmpl/*; §9 unread poll 20 s, badge max 99).
 *
 * - A message belongs to one user; a learner only ever sees and changes their own (another user's id
 *   answers as if it did not exist). Read state: 0 unread, 1 read (SPEC §4).
 * - A template serves one event, declared by the module that sends it (notify-event.ts); its title and content carry variables `{name}` that
 *   `renderTemplate` substitutes — the one render function of the server (sending) and the web
 *   (preview), so both substitute identically: unknown variables stay as they are, values are
 *   HTML-escaped when the content is HTML.
 */
import { z } from 'zod';
import { idReq, idsReq, idSchema, pagingReq, pagingRes } from './common';
import { json } from './endpoint';
import { defineErrors } from './errors';
import { looksLikeHtml } from './rich-text';
import { coursePublishEvent } from './course';
import { courseFinishEvent } from './course-study';
import { EXAM_TITLE_VAR, examPublishEvent } from './exam';
import { defineNotifyEvent, eventVars, notifyEventInfo, type NotifyEventDef, type TemplateVar } from './notify-event';
import { classNoticeEvent } from './train-class';
import { AUDIT_VARS, realnameAuditEvent } from './user-real';

/** Message read state (SPEC §4): 0 unread, 1 read. */
export const ReadState = { UNREAD: 0, READ: 1 } as const;
export const READ_STATE_LABEL: Record<number, string> = { 0: '未读', 1: '已读' };

/** The unread count is polled every 20 s (SPEC §9). */
export const UNREAD_POLL_MS = 20_000;
/** The header badge shows at most 99 (SPEC §9). */
export const BADGE_MAX = 99;

// ---- message events (declared by the modules that send them; notify-event.ts) ----

/** {certTitle} and {certNo} of the certificate message. */
const CERT_VARS = { certTitle: { label: '证书名称', sample: '安全生产培训合格证' }, certNo: { label: '证书编号', sample: 'KP-2026-000123' } } as const;

/** Module notify's own events: it sends them from its listeners of paper.marked, cert.granted and examApply.audited. */
export const paperMarkedEvent = defineNotifyEvent({
  key: 'paper.marked',
  label: '试卷阅卷完成',
  vars: { ...EXAM_TITLE_VAR, score: { label: '得分', sample: '86' } },
  template: { title: '成绩通知：{examTitle}', content: '<p>{realName}，您好！您参加的考试“{examTitle}”已阅卷完成，得分 {score} 分。</p>' },
});
export const certGrantedEvent = defineNotifyEvent({
  key: 'cert.granted',
  label: '证书发放',
  vars: CERT_VARS,
  template: { title: '证书发放：{certTitle}', content: '<p>{realName}，您好！您已获得证书“{certTitle}”，证书编号 {certNo}。</p>' },
});
export const examApplyEvent = defineNotifyEvent({
  key: 'exam.apply',
  label: '考试申请审核',
  vars: { ...EXAM_TITLE_VAR, ...AUDIT_VARS },
  template: { title: '考试申请审核结果：{examTitle}', content: '<p>{realName}，您好！您对考试“{examTitle}”的申请审核结果：{auditResult}。{auditMsg}</p>' },
});
/** The events module notify declares (`defineModule({ notifyEvents })`). */
export const NOTIFY_OWN_EVENTS = [paperMarkedEvent, certGrantedEvent, examApplyEvent] as const;

// ---- compatibility: the events of issue 7, before modules registered their own ----
// Frozen: a new event is declared by its module and registered through its module definition, never
// added here. The server and the pages use the registered events (ctx.catalog, /api/notify/tmpl/events).

const LEGACY_EVENTS: readonly NotifyEventDef[] = [
  examPublishEvent, coursePublishEvent, paperMarkedEvent, certGrantedEvent, realnameAuditEvent, examApplyEvent, classNoticeEvent, courseFinishEvent,
];
/** @deprecated use the module's event object (e.g. `classNoticeEvent.key`). */
export const NotifyEvent = {
  EXAM_PUBLISH: 'exam.publish',
  COURSE_PUBLISH: 'course.publish',
  PAPER_MARKED: 'paper.marked',
  CERT_GRANTED: 'cert.granted',
  REALNAME_AUDIT: 'realname.audit',
  EXAM_APPLY: 'exam.apply',
  CLASS_NOTICE: 'class.notice',
  COURSE_FINISH: 'course.finish',
} as const;
export type NotifyEventValue = (typeof NotifyEvent)[keyof typeof NotifyEvent];
/** @deprecated the events of issue 7 (the registered ones are `ctx.catalog.notifyEvents`). */
export const NOTIFY_EVENTS = LEGACY_EVENTS.map((e) => e.key) as [NotifyEventValue, ...NotifyEventValue[]];
/** @deprecated labels of the events of issue 7 (/api/notify/tmpl/events answers every registered one). */
export const NOTIFY_EVENT_LABEL: Record<string, string> = Object.fromEntries(LEGACY_EVENTS.map((e) => [e.key, e.label]));
/** @deprecated variables of the events of issue 7, with their meaning and sample value. */
export const TEMPLATE_VARS: Record<string, TemplateVar> = Object.assign({}, ...LEGACY_EVENTS.map(eventVars)) as Record<string, TemplateVar>;
/** @deprecated the variables each event of issue 7 fills in ({realName} first). */
export const EVENT_VARS = Object.fromEntries(LEGACY_EVENTS.map((e) => [e.key, Object.keys(eventVars(e))])) as Record<NotifyEventValue, string[]>;
/** @deprecated sample values of the variables of issue 7's events (the preview). */
export const SAMPLE_VARS: Record<string, string> = Object.fromEntries(Object.entries(TEMPLATE_VARS).map(([k, v]) => [k, v.sample]));
/** @deprecated the built-in templates of issue 7's events (each event carries its own `template`). */
export const BUILTIN_TEMPLATES = Object.fromEntries(LEGACY_EVENTS.map((e) => [e.key, e.template])) as Record<NotifyEventValue, { title: string; content: string }>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escapes text for HTML content or attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}


/**
 * Substitutes `{name}` in `text` with `vars[name]` (own properties only). Unknown variables are
 * left as they are; values are HTML-escaped when `html` is true (the content of an HTML template).
 * Used by the server when it sends and by the web's preview, so both give the same text.
 */
export function renderTemplate(text: string, vars: Readonly<Record<string, string | number>>, html = looksLikeHtml(text)): string {
  return text.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(vars, name)) return whole;
    const value = String(vars[name]);
    return html ? escapeHtml(value) : value;
  });
}

/** Errors of messages (block 3001xxxx). */
export const MsgError = defineErrors({
  /** A send named no recipient. */
  NO_RECIPIENT: { code: 30010001, msg: '消息接收人不能为空！' },
});

/** Errors of message templates (block 3002xxxx). */
export const TmplError = defineErrors({
  /** No template serves the event (the built-in one was deleted and none was added), or tmplId is unknown. */
  NO_TEMPLATE: { code: 30020001, msg: '未找到可用的消息模板，请先在消息模板中添加！' },
});

// ---- messages (learner) ----

export const msgPagingParams = z.object({
  readState: z.union([z.literal(0), z.literal(1), z.literal('0').transform(() => 0 as const), z.literal('1').transform(() => 1 as const)], { error: '阅读状态不正确！' }).optional(),
});
export const msgPagingReq = pagingReq(msgPagingParams);

/** A message as its owner sees it (SPEC §3 Message: id, title, content rich text, createTime). */
export const msgRecord = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  readState: z.number().int(),
  readState_dictText: z.string(),
  createTime: z.string(),
  readTime: z.string().nullable(),
});
export type MsgRecord = z.infer<typeof msgRecord>;
export const msgPagingRes = pagingRes(msgRecord);

/** `/count-unread` answer. */
export const unreadCount = z.object({ count: z.number().int() });

// ---- templates (admin) ----

export const tmplPagingParams = z.object({
  title: z.string().max(200).optional(),
  event: z.string().max(40).optional(),
});
export const TMPL_SORT = ['title', 'createTime', 'updateTime'] as const;
/** Size up to 100 for the SPEC §2 remote select (up to the platform's 5000 like any list). */
export const tmplPagingReq = pagingReq(tmplPagingParams, { sort: TMPL_SORT });

export const tmplRecord = z.object({
  id: z.string(),
  title: z.string(),
  event: z.string(),
  event_dictText: z.string(),
  /** 1: also sent as SMS through the SMS provider's template `smsCode`. */
  sms: z.number().int(),
  smsCode: z.string(),
  /** The event whose built-in template this is, else ''. */
  builtin: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TmplRecord = z.infer<typeof tmplRecord>;
export const tmplPagingRes = pagingRes(tmplRecord);
export const tmplDetail = tmplRecord.extend({ content: z.string() });
export type TmplDetail = z.infer<typeof tmplDetail>;

export const TMPL_TITLE_MSG = '模板标题不能为空！';
export const TMPL_CONTENT_MSG = '模板内容不能为空！';
export const TMPL_EVENT_MSG = '请选择通知事件！';
export const TMPL_SMS_CODE_MSG = '请填写短信模板编号！';

export const tmplSaveReq = z
  .object({
    id: idSchema.optional(),
    title: z.string({ error: TMPL_TITLE_MSG }).trim().min(1, TMPL_TITLE_MSG).max(200, '模板标题不能超过200个字符'),
    content: z.string({ error: TMPL_CONTENT_MSG }).trim().min(1, TMPL_CONTENT_MSG).max(20_000, '模板内容过长！'),
    /** A registered event (the service refuses another one with the same message). */
    event: z.string({ error: TMPL_EVENT_MSG }).trim().min(1, TMPL_EVENT_MSG).max(40, TMPL_EVENT_MSG),
    sms: z.union([z.literal(0), z.literal(1)], { error: '短信标志不正确！' }).default(0),
    smsCode: z.string().trim().max(64, '短信模板编号不能超过64个字符').regex(/^[A-Za-z0-9_]*$/, '短信模板编号只能包含字母、数字和下划线').default(''),
  })
  .refine((v) => v.sms === 0 || v.smsCode.length > 0, { message: TMPL_SMS_CODE_MSG, path: ['smsCode'] });
export type TmplSaveReq = z.output<typeof tmplSaveReq>;

/** Permission codes of message templates (function menus of 消息模板). */
export const TmplPerm = { LIST: 'notify:tmpl:list', ADD: 'notify:tmpl:add', UPDATE: 'notify:tmpl:update', DELETE: 'notify:tmpl:delete' } as const;

/** Delivery channels: in-app always, SMS when the template says so. */
export const Channel = { INAPP: 'inapp', SMS: 'sms' } as const;
/** Delivery state: 0 pending, 1 sent, 2 failed. */
export const DeliveryState = { PENDING: 0, SENT: 1, FAILED: 2 } as const;

/** Job type of a send to many recipients. */
export const NOTIFY_SEND_JOB = 'notify.send';

/** Calls of messages (SPEC §7 "Messages") and message templates (§7 /api/notify/tmpl/*). */
export const msgApi = {
  paging: json({ path: '/api/sys/user/msg/paging', readOnly: true, summary: '我的消息（分页，params.readState 0 未读 / 1 已读）', access: 'user', body: msgPagingReq, data: msgPagingRes }),
  detailForRead: json({ path: '/api/sys/user/msg/detail-for-read', summary: '查看我的消息并标记已读', access: 'user', body: idReq, data: msgRecord }),
  countUnread: json({ path: '/api/sys/user/msg/count-unread', readOnly: true, summary: '我的未读消息数', access: 'user', data: unreadCount }),
  markRead: json({ path: '/api/sys/user/msg/mark-read', summary: '把我的消息标记为已读', access: 'user', body: idsReq, data: z.null() }),
  userDelete: json({ path: '/api/sys/user/msg/user-delete', summary: '删除我的消息', access: 'user', body: idsReq, data: z.null() }),
};

export const tmplApi = {
  paging: json({ path: '/api/notify/tmpl/paging', readOnly: true, summary: '分页查询消息模板（选择框每页100条，按标题过滤）', access: TmplPerm.LIST, body: tmplPagingReq, data: tmplPagingRes }),
  detail: json({ path: '/api/notify/tmpl/detail', readOnly: true, summary: '消息模板详情', access: TmplPerm.LIST, body: idReq, data: tmplDetail }),
  save: json({ path: '/api/notify/tmpl/save', summary: '新增或修改消息模板', access: [TmplPerm.ADD, TmplPerm.UPDATE], body: tmplSaveReq, data: z.object({ id: z.string() }) }),
  events: json({ path: '/api/notify/tmpl/events', readOnly: true, summary: '通知事件（各模块登记的事件、可用变量及预览示例值）', access: [TmplPerm.LIST, TmplPerm.ADD, TmplPerm.UPDATE], data: z.array(notifyEventInfo) }),
  delete: json({ path: '/api/notify/tmpl/delete', summary: '删除消息模板', access: TmplPerm.DELETE, body: idsReq, data: z.null(), ours: true }),
};
