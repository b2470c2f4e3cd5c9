/**
 * Notices (SPEC §3 "Messages and notices", §7 /api/sys/notice/*, §2 /web/notice): the admin list,
 * detail, save, publish/withdraw and delete; the learner list and detail, which show a notice only
 * when it is published (state 0) and its publish time (null = at once) has come by the server clock,
 * top notices first. Content is rich text, sanitised when saved (lib/sanitize.ts).
 */
import type { Page } from '@kaopei/contracts';
import { NOTICE_STATE_LABEL, type NoticeDetail, type noticePagingReq, type NoticeRecord, type NoticeSaveReq, type noticeWebPagingReq, type NoticeWebDetail, type NoticeWebRecord } from '@kaopei/contracts/notice';
import type { z } from 'zod';
import type { ModuleContext } from '../../platform/module';
import { withDictText } from '../../lib/dict-text';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTime, formatTimeStrict, now, parseTime } from '../../lib/time';
import type { SysNoticeTable } from './notice.tables';
import * as repo from './notice.repository';

export class NoticeService {
  constructor(private readonly ctx: ModuleContext<'sysUser'>) {}

  /** Rows with their labels: state_dictText, createBy_dictText (the author's real name). */
  private labelled(rows: SysNoticeTable[]) {
    return withDictText(rows, { state: NOTICE_STATE_LABEL, createBy: (ids) => this.ctx.services.sysUser.realNames(ids) });
  }

  /** Admin list (sys:notice:list): every notice, filtered by title (contains) and state; no content. */
  async paging(req: z.output<typeof noticePagingReq>): Promise<Page<NoticeRecord>> {
    const page = await repo.pageNotices(this.ctx.db, req, req.params ?? {});
    const rows = await this.labelled(page.records);
    const records = rows.map(({ content: _content, ...r }) => ({ ...r, publishTime: formatTime(r.publishTime), createTime: formatTimeStrict(r.createTime), updateTime: formatTimeStrict(r.updateTime) }));
    return { records, total: page.total, pages: page.pages, current: page.current, size: page.size };
  }

  /** Admin detail with content, whatever its state; 10010003 when it does not exist. */
  async detail(id: string): Promise<NoticeDetail> {
    const row = await repo.findNotice(this.ctx.db, id);
    if (!row) throw notFound('公告不存在或已被删除！');
    const [r] = await this.labelled([row]);
    return { ...(r as typeof r & object), publishTime: formatTime(row.publishTime), createTime: formatTimeStrict(row.createTime), updateTime: formatTimeStrict(row.updateTime) };
  }

  /**
   * Creates or updates a notice (content sanitised; publishTime `yyyy-MM-dd HH:mm:ss` or null = at
   * once; isTop 0/1); 10010003 when updating one that does not exist.
   */
  async save(req: NoticeSaveReq, userId: string): Promise<{ id: string }> {
    const at = now();
    const fields = { title: req.title, content: sanitizeRichText(req.content), state: req.state, publishTime: parseTime(req.publishTime), isTop: req.isTop, updateTime: at };
    if (req.id) {
      const res = await repo.updateNotice(this.ctx.db, req.id, fields);
      if (Number(res.numUpdatedRows) === 0) throw notFound('公告不存在或已被删除！');
      return { id: req.id };
    }
    const id = newId();
    await repo.insertNotice(this.ctx.db, { id, ...fields, createBy: userId, createTime: at });
    return { id };
  }

  /** Publishes (0) or withdraws (1) notices; unknown ids are ignored. */
  async setState(ids: string[], state: number): Promise<void> {
    await repo.setNoticeState(this.ctx.db, ids, state, now());
  }

  /** Deletes notices; unknown ids are ignored. */
  async delete(ids: string[]): Promise<void> {
    await repo.deleteNotices(this.ctx.db, ids);
  }

  /**
   * Learner list (/web/notice, the home card): published notices whose publish time has come by the
   * server clock, top first, then the newest publish time (a notice without one counts from its
   * creation). Rows: id, title, isTop, publishTime (`yyyy-MM-dd HH:mm:ss`).
   */
  async webPaging(req: z.output<typeof noticeWebPagingReq>): Promise<Page<NoticeWebRecord>> {
    const page = await repo.pageVisibleNotices(this.ctx.db, req, req.params ?? {}, now());
    return mapPage(page, (r) => ({ id: r.id, title: r.title, isTop: r.isTop, publishTime: formatTimeStrict(Number(r.shownAt)) }));
  }

  /**
   * Learner detail (/web/notice/detail/{id}): the notice with its sanitised content when learners
   * may see it now; a withdrawn, future or unknown id answers 10010003 alike (nothing about it leaks).
   */
  async webDetail(id: string): Promise<NoticeWebDetail> {
    const row = await repo.findVisibleNotice(this.ctx.db, id, now());
    if (!row) throw notFound('公告不存在或已被删除！');
    return { id: row.id, title: row.title, isTop: row.isTop, publishTime: formatTimeStrict(Number(row.shownAt)), content: row.content };
  }
}
