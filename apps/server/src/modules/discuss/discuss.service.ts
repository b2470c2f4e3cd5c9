/**
 * Class discussions 讨论区 (issue 13 "Discussions"; contracts discuss.ts). Who may come in is the
 * training class's business: an admin holding DiscussPerm.MANAGE with the class in his data scope
 * (`trainClass.requireInScope`) moderates; otherwise the caller must be enrolled
 * (`trainClass.requireEnrolled`). Anybody else gets 10010003, as if the class did not exist — never
 * a thread. Reply counts move by `reply_count ± 1` in the reply's own statement, so parallel replies
 * all count.
 */
import { DISCUSS_MSG, DiscussError, DiscussPerm, type ReplyPage, type replyPagingReq, type ReplyRecord, type ReplySaveReq, type ThreadDetail, type ThreadPage, type threadPagingReq, type ThreadRecord, type ThreadSaveReq } from '@kaopei/contracts/discuss';
import type { z } from 'zod';
import { AppError, badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './discuss.repository';
import type { ElDiscussThreadTable } from './discuss.tables';

export type DiscussDeps = 'trainClass';

const THREAD_NOT_FOUND = '主题不存在或已被删除！';

/** True when sanitised rich text shows nothing (no text, no image or video). */
function blankHtml(html: string): boolean {
  return !/<(img|video|audio|iframe)\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

export class DiscussService {
  constructor(private readonly ctx: ModuleContext<DiscussDeps>) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * The caller's standing in the class's 讨论区: `moderator` when he holds DiscussPerm.MANAGE and
   * the class is in his data scope, else an enrolled learner; 10010003 for anybody else.
   */
  async standing(user: AuthUser, classId: string): Promise<{ moderator: boolean }> {
    const classes = this.ctx.services.trainClass;
    if (user.permissions.includes(DiscussPerm.MANAGE)) {
      const inScope = await classes.requireInScope(user, classId).then(
        () => true,
        () => false,
      );
      if (inScope) return { moderator: true };
    }
    await classes.requireEnrolled(user, classId);
    return { moderator: false };
  }

  /** A thread the caller may see, with his standing; 10010003 when it is gone or its class is closed to him. */
  private async threadFor(user: AuthUser, id: string): Promise<{ thread: ElDiscussThreadTable; moderator: boolean }> {
    const thread = await repo.findThread(this.db, id);
    if (!thread) throw notFound(THREAD_NOT_FOUND);
    const { moderator } = await this.standing(user, thread.classId);
    return { thread, moderator };
  }

  /**
   * POST /api/discuss/thread/save: posts a thread (no id) or edits one (its author, or a moderator).
   * `content` is sanitised rich text; blank after sanitising → '内容不能为空！'.
   */
  async saveThread(user: AuthUser, req: ThreadSaveReq): Promise<{ id: string }> {
    const content = sanitizeRichText(req.content);
    if (blankHtml(content)) throw badParams(DISCUSS_MSG.content);
    const at = now();
    if (req.id) {
      const { thread, moderator } = await this.threadFor(user, req.id);
      if (thread.classId !== req.classId) throw notFound(THREAD_NOT_FOUND);
      if (!moderator && thread.userId !== user.userId) throw new AppError(DiscussError.NOT_AUTHOR);
      await repo.updateThread(this.db, thread.id, { title: req.title, content, updateTime: at });
      return { id: thread.id };
    }
    await this.standing(user, req.classId);
    const id = newId();
    await repo.insertThread(this.db, {
      id, classId: req.classId, title: req.title, content, userId: user.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode,
      replyCount: 0, lastReplyTime: at, pinned: 0, createTime: at, updateTime: at,
    });
    return { id };
  }

  /** POST /api/discuss/thread/paging: a class's threads, pinned first, then the latest activity first. Empty without a class. */
  async pageThreads(user: AuthUser, req: z.output<typeof threadPagingReq>): Promise<ThreadPage> {
    const p = req.params;
    if (!p?.classId) return { ...emptyPage<ThreadRecord>(req), canManage: false };
    const { moderator } = await this.standing(user, p.classId);
    const page = await repo.pageThreads(this.db, req, p.classId, p);
    return { ...mapPage(page, (t) => this.toRecord(t, user)), canManage: moderator };
  }

  /** POST /api/discuss/thread/detail. */
  async threadDetail(user: AuthUser, id: string): Promise<ThreadDetail> {
    const { thread, moderator } = await this.threadFor(user, id);
    return { ...this.toRecord(thread, user), content: thread.content, canManage: moderator };
  }

  /**
   * POST /api/discuss/thread/delete: threads and their replies. Every id must be the caller's own
   * thread or one of a class he moderates (else nothing is deleted: 20210001, or 10010003).
   */
  async deleteThreads(user: AuthUser, ids: string[]): Promise<void> {
    const own: string[] = [];
    for (const id of new Set(ids)) {
      const found = await repo.findThread(this.db, id);
      if (!found) continue;
      const { thread, moderator } = await this.threadFor(user, id);
      if (!moderator && thread.userId !== user.userId) throw new AppError(DiscussError.NOT_AUTHOR);
      own.push(id);
    }
    await this.db.transaction().execute((trx) => repo.deleteThreads(trx, own));
  }

  /** POST /api/discuss/thread/pin: moderators of the thread's class only (a code holder outside its scope: 10010003). */
  async pin(user: AuthUser, id: string, pinned: boolean): Promise<void> {
    const { thread, moderator } = await this.threadFor(user, id);
    if (!moderator) throw notFound(THREAD_NOT_FOUND);
    await repo.setPinned(this.db, thread.id, pinned ? 1 : 0);
  }

  /** POST /api/discuss/reply/save: inserts the reply and counts it on the thread in one transaction. */
  async saveReply(user: AuthUser, req: ReplySaveReq): Promise<{ id: string }> {
    const { thread } = await this.threadFor(user, req.threadId);
    const id = newId();
    const at = now();
    await this.db.transaction().execute(async (trx) => {
      await repo.insertReply(trx, { id, threadId: thread.id, classId: thread.classId, content: req.content.trim(), userId: user.userId, userName: user.userName, realName: user.realName, deptCode: user.deptCode, createTime: at });
      if (!(await repo.countReply(trx, thread.id, at))) throw notFound(THREAD_NOT_FOUND);
    });
    return { id };
  }

  /** POST /api/discuss/reply/paging: a thread's replies, oldest first. Empty without a thread. */
  async pageReplies(user: AuthUser, req: z.output<typeof replyPagingReq>): Promise<ReplyPage> {
    const threadId = req.params?.threadId;
    if (!threadId) return { ...emptyPage<ReplyRecord>(req), canManage: false };
    const { thread, moderator } = await this.threadFor(user, threadId);
    const page = await repo.pageReplies(this.db, req, thread.id);
    return {
      ...mapPage(page, (r) => ({ id: r.id, threadId: r.threadId, content: r.content, userId: r.userId, userName: r.userName, realName: r.realName, createTime: formatTimeStrict(r.createTime), mine: r.userId === user.userId })),
      canManage: moderator,
    };
  }

  /** POST /api/discuss/reply/delete: the caller's own replies, or any in a class he moderates (all or nothing). */
  async deleteReplies(user: AuthUser, ids: string[]): Promise<void> {
    const replies = await repo.findReplies(this.db, [...new Set(ids)]);
    for (const r of replies) {
      const { moderator } = await this.threadFor(user, r.threadId);
      if (!moderator && r.userId !== user.userId) throw new AppError(DiscussError.NOT_AUTHOR);
    }
    await this.db.transaction().execute(async (trx) => {
      for (const r of replies) await repo.deleteReply(trx, r.id, r.threadId);
    });
  }

  private toRecord(t: Pick<ElDiscussThreadTable, 'id' | 'classId' | 'title' | 'userId' | 'userName' | 'realName' | 'replyCount' | 'lastReplyTime' | 'pinned' | 'createTime'>, user: AuthUser): ThreadRecord {
    return {
      id: t.id, classId: t.classId, title: t.title, userId: t.userId, userName: t.userName, realName: t.realName, replyCount: Number(t.replyCount),
      lastReplyTime: formatTimeStrict(Number(t.lastReplyTime)), pinned: t.pinned === 1, createTime: formatTimeStrict(Number(t.createTime)), mine: t.userId === user.userId,
    };
  }
}
