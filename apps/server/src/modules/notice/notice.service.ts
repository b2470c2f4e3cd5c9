/**
 * Notices (SPEC §3 "Messages and notices", §7 /api/sys/notice/*): the admin list, detail, save,
 * publish/withdraw and delete. Content is rich text, sanitised when saved (lib/sanitize.ts).
 */
import type { Page } from '@kaopei/contracts';
import { NOTICE_STATE_LABEL, type NoticeDetail, type noticePagingReq, type NoticeRecord, type NoticeSaveReq } from '@kaopei/contracts/notice';
import type { z } from 'zod';
import type { ModuleContext } from '../../platform/module';
import { withDictText } from '../../lib/dict-text';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTimeStrict, now } from '../../lib/time';
import type { SysNoticeTable } from './notice.tables';
import * as repo from './notice.repository';

export class NoticeService {
  constructor(private readonly ctx: ModuleContext<'sysUser'>) {}

  /** Rows with their labels: state_dictText, createBy_dictText (the author's real name). */
  private labelled(rows: SysNoticeTable[]) {
    return withDictText(rows, { state: NOTICE_STATE_LABEL, createBy: (ids) => this.ctx.services.sysUser.realNames(ids) });
  }

  async paging(req: z.output<typeof noticePagingReq>): Promise<Page<NoticeRecord>> {
    const page = await repo.pageNotices(this.ctx.db, req, req.params ?? {});
    const rows = await this.labelled(page.records);
    const records = rows.map(({ content: _content, ...r }) => ({ ...r, createTime: formatTimeStrict(r.createTime), updateTime: formatTimeStrict(r.updateTime) }));
    return { records, total: page.total, pages: page.pages, current: page.current, size: page.size };
  }

  async detail(id: string): Promise<NoticeDetail> {
    const row = await repo.findNotice(this.ctx.db, id);
    if (!row) throw notFound('公告不存在或已被删除！');
    const [r] = await this.labelled([row]);
    return { ...(r as typeof r & object), createTime: formatTimeStrict(row.createTime), updateTime: formatTimeStrict(row.updateTime) };
  }

  /** Creates or updates a notice; 10010003 when updating one that does not exist. */
  async save(req: NoticeSaveReq, userId: string): Promise<{ id: string }> {
    const at = now();
    const fields = { title: req.title, content: sanitizeRichText(req.content), state: req.state, updateTime: at };
    if (req.id) {
      const res = await repo.updateNotice(this.ctx.db, req.id, fields);
      if (Number(res.numUpdatedRows) === 0) throw notFound('公告不存在或已被删除！');
      return { id: req.id };
    }
    const id = newId();
    await repo.insertNotice(this.ctx.db, { id, ...fields, createBy: userId, createTime: at });
    return { id };
  }

  async setState(ids: string[], state: number): Promise<void> {
    await repo.setNoticeState(this.ctx.db, ids, state, now());
  }

  async delete(ids: string[]): Promise<void> {
    await repo.deleteNotices(this.ctx.db, ids);
  }
}
