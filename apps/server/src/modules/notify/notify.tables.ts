/**
 * Tables of the notify module (SPEC §3 "Messages and notices", "Notify template"; issue 7):
 * the users' messages, the message templates and the deliveries (one row per recipient per channel
 * and event reference, with its state). Owned by this module only.
 */
import type { Flag, Ms } from '../../db/schema';

/** A message of one user (the in-app channel). */
export interface SysUserMsgTable {
  id: string;
  userId: string;
  title: string;
  /** Rich text (rendered from a sanitised template, values escaped). */
  content: string;
  /** 0 unread, 1 read. */
  readState: number;
  readTime: Ms | null;
  /** The event and the object that caused it (e.g. exam.publish / exam / <examId>). */
  event: string;
  refType: string;
  refId: string;
  tmplId: string;
  /** 1 once the user deleted it (kept so a repeated delete of the same ids still succeeds). */
  deleted: Flag;
  createTime: Ms;
}

/** A message template (title and content with {variables}) serving one event. */
export interface SysNotifyTmplTable {
  id: string;
  title: string;
  content: string;
  event: string;
  /** 1: also sent by SMS with the provider's template `smsCode`. */
  sms: Flag;
  smsCode: string;
  /** The event whose built-in template this is (seeded at start), else ''. */
  builtin: string;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

/**
 * One delivery: recipient × channel for one (event, refId). Unique (event, refId, userId, channel):
 * the same event about the same object never reaches the same person twice on a channel.
 */
export interface SysNotifyDeliveryTable {
  id: string;
  event: string;
  refType: string;
  refId: string;
  userId: string;
  /** 'inapp' or 'sms'. */
  channel: string;
  /** The in-app message, or the message an SMS accompanies. */
  msgId: string;
  /** The mobile number of an SMS ('' in-app). */
  target: string;
  /** 0 pending, 1 sent, 2 failed. */
  state: number;
  error: string;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    sys_user_msg: SysUserMsgTable;
    sys_notify_tmpl: SysNotifyTmplTable;
    sys_notify_delivery: SysNotifyDeliveryTable;
  }
}
