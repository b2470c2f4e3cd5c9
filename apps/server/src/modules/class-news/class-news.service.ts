/**
 * Training news 培训资讯 (issue 13 "Training news"; SPEC §2 /web/state and /web/state/details, public
 * pages). Admin CRUD with publish / withdraw; public list and detail that anyone (no token) may call.
 *
 * Who reads an article (docs/decisions.md "Training news"): a site-wide one (classId '') everybody;
 * a class's one everybody while the class is enabled and open to everybody (open type 1), otherwise
 * only the class's enrolled learners (trainClass.requireEnrolled). Anything else answers
 * '资讯不存在或已下线！' (10010003) on the detail and an empty page on the list, as if it did not exist.
 */
import type { Page } from '@kaopei/contracts';
import {
  NEWS_GONE_MSG, NEWS_STATE_LABEL, NewsState,
  type newsPagingReq, type newsPublicPagingReq, type NewsDetail, type NewsPublicDetail, type NewsPublicRecord, type NewsRecord, type newsSaveReq,
} from '@kaopei/contracts/class-news';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { titlesById } from '../../lib/ref-titles';
import { formatTime, formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './class-news.repository';
import type { ElClassNewsTable } from './class-news.tables';

/** Open type of a class open to everybody (train-class openType 1). */
const OPEN_TO_ALL = 1;

export class ClassNewsService {
  constructor(private readonly ctx: ModuleContext<'trainClass'>) {}

  private get db() {
    return this.ctx.db;
  }

  /** Class titles of `rows` (id → title; deleted classes missing). */
  private classTitles(rows: readonly { classId: string }[]): Promise<Map<string, string>> {
    return titlesById(rows, (id) => this.ctx.services.trainClass.find(id));
  }

  private record(n: ElClassNewsTable, titles: Map<string, string>): NewsRecord {
    return {
      id: n.id, title: n.title, cover: n.cover, summary: n.summary, classId: n.classId, classId_dictText: titles.get(n.classId) ?? '', isTop: n.isTop,
      state: n.state, state_dictText: NEWS_STATE_LABEL[n.state] ?? '', publishTime: formatTime(n.publishTime), viewCount: Number(n.viewCount),
      createTime: formatTimeStrict(n.createTime), updateTime: formatTimeStrict(n.updateTime),
    };
  }

  private publicRecord(n: ElClassNewsTable): NewsPublicRecord {
    return {
      id: n.id, title: n.title, cover: n.cover, summary: n.summary, classId: n.classId, isTop: n.isTop,
      publishTime: formatTimeStrict(n.publishTime ?? n.createTime), viewCount: Number(n.viewCount),
    };
  }

  /** An article in the admin's data scope (a class's article: the class in scope); 10010003 otherwise. */
  private async adminNews(admin: AuthUser, id: string): Promise<ElClassNewsTable> {
    const n = await repo.findNews(this.db, id);
    if (!n) throw notFound('资讯不存在！');
    if (n.classId) await this.ctx.services.trainClass.requireInScope(admin, n.classId);
    return n;
  }

  /** Whether `caller` (null: a visitor) may read the published articles of class `classId` ('' site-wide: yes). */
  async classReadable(caller: AuthUser | null, classId: string): Promise<boolean> {
    if (!classId) return true;
    const cls = await this.ctx.services.trainClass.find(classId);
    if (!cls) return false;
    if (cls.openType === OPEN_TO_ALL && cls.state === 0) return true;
    if (!caller) return false;
    return this.ctx.services.trainClass.requireEnrolled(caller, classId).then(
      () => true,
      () => false,
    );
  }

  /**
   * POST save: adds (no id) or updates an article; the content is sanitised; a class's article needs
   * the class in the admin's data scope (10010003). Publishing stamps publishTime once. Answers its id.
   */
  async save(admin: AuthUser, req: z.output<typeof newsSaveReq>): Promise<{ id: string }> {
    if (req.classId) await this.ctx.services.trainClass.requireInScope(admin, req.classId);
    const at = now();
    const row = { title: req.title, cover: req.cover, summary: req.summary, content: sanitizeRichText(req.content), classId: req.classId, isTop: req.isTop, state: req.state, updateTime: at };
    if (req.id) {
      const old = await this.adminNews(admin, req.id);
      const publishTime = old.publishTime ?? (req.state === NewsState.PUBLISHED ? at : null);
      const r = await repo.updateNews(this.db, req.id, { ...row, publishTime });
      if (Number(r.numUpdatedRows) !== 1) throw notFound('资讯不存在！');
      return { id: req.id };
    }
    const id = newId();
    await repo.insertNews(this.db, { id, ...row, publishTime: req.state === NewsState.PUBLISHED ? at : null, viewCount: 0, createBy: admin.userId, createTime: at });
    return { id };
  }

  /** POST detail: the edit dialog's article with its content. */
  async detail(admin: AuthUser, id: string): Promise<NewsDetail> {
    const n = await this.adminNews(admin, id);
    return { ...this.record(n, await this.classTitles([n])), content: n.content };
  }

  /** POST paging: every article, or one class's (the class in the admin's data scope). */
  async paging(admin: AuthUser, req: z.output<typeof newsPagingReq>): Promise<Page<NewsRecord>> {
    const f = req.params ?? {};
    if (f.classId) await this.ctx.services.trainClass.requireInScope(admin, f.classId);
    const page = await repo.pageNews(this.db, req, f);
    const titles = await this.classTitles(page.records);
    return mapPage(page, (n) => this.record(n, titles));
  }

  /** The articles of `ids` the admin may manage (class articles of classes outside his scope are left alone). */
  private async idsInScope(admin: AuthUser, ids: string[]): Promise<string[]> {
    const rows = await repo.newsByIds(this.db, [...new Set(ids)]);
    const ok = await Promise.all(rows.map((n) => (n.classId ? this.ctx.services.trainClass.requireInScope(admin, n.classId).then(() => true, () => false) : true)));
    return rows.filter((_, i) => ok[i]).map((n) => n.id);
  }

  /** POST delete. */
  async delete(admin: AuthUser, ids: string[]): Promise<void> {
    const mine = await this.idsInScope(admin, ids);
    if (mine.length) await this.db.transaction().execute((trx) => repo.deleteNews(trx, mine));
  }

  /** POST state: publish (1, stamping publishTime when first published) or withdraw to draft (0). */
  async setState(admin: AuthUser, ids: string[], state: number): Promise<void> {
    const mine = await this.idsInScope(admin, ids);
    if (mine.length) await this.db.transaction().execute((trx) => repo.setState(trx, mine, state, now()));
  }

  /** POST public-paging (no login): published articles of the site ('' class) or of a class the caller may read; top first, newest first. */
  async publicPaging(caller: AuthUser | null, req: z.output<typeof newsPublicPagingReq>): Promise<Page<NewsPublicRecord>> {
    const f = req.params ?? {};
    const classId = f.classId ?? '';
    if (!(await this.classReadable(caller, classId))) return emptyPage(req);
    return mapPage(await repo.pagePublished(this.db, req, classId, f), (n) => this.publicRecord(n));
  }

  /**
   * POST public-detail (no login): a published article the caller may read, its view counted by a
   * conditional update (`view_count + 1` where still published: each call counts once, parallel calls
   * included). '资讯不存在或已下线！' (10010003) for drafts, deleted ones and class articles hidden from the caller.
   */
  async publicDetail(caller: AuthUser | null, id: string): Promise<NewsPublicDetail> {
    const n = await repo.findNews(this.db, id);
    if (!n || n.state !== NewsState.PUBLISHED || !(await this.classReadable(caller, n.classId))) throw notFound(NEWS_GONE_MSG);
    if (!(await repo.addView(this.db, id))) throw notFound(NEWS_GONE_MSG);
    const fresh = (await repo.findNews(this.db, id)) ?? n;
    const titles = await this.classTitles([n]);
    return { ...this.publicRecord(fresh), content: fresh.content, classId_dictText: titles.get(n.classId) ?? '' };
  }

  /** Titles of articles (any state) for other modules' admin screens (id → title). */
  async titleMap(ids: string[]): Promise<Map<string, string>> {
    return new Map((await repo.newsByIds(this.db, [...new Set(ids)])).map((n) => [n.id, n.title]));
  }

  /** Of `ids`, the published articles `caller` may read (id → title): module zt's learner view. */
  async readableTitles(caller: AuthUser, ids: string[]): Promise<Map<string, string>> {
    const rows = (await repo.newsByIds(this.db, [...new Set(ids)])).filter((n) => n.state === NewsState.PUBLISHED);
    const ok = await Promise.all(rows.map((n) => this.classReadable(caller, n.classId)));
    return new Map(rows.filter((_, i) => ok[i]).map((n) => [n.id, n.title]));
  }
}
