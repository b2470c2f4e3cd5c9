/**
 * Topics 专题 (issue 13 "Class content": `/api/zt`, a topic page grouping resources). Admin CRUD
 * (a class's topic needs the class in the admin's data scope); learners list the site-wide topics or
 * the topics of a class they are enrolled in, and open a topic with only the items they may open:
 * courses visible to them (course.requireVisible), published articles they may read
 * (classNews.readableTitles), links.
 *
 * Errors: 10010003 an unknown topic, a referenced course or article that does not exist (save), a
 * class topic opened by a learner not enrolled in the class.
 */
import type { Page } from '@kaopei/contracts';
import { ZT_ITEM_TYPE_LABEL, type ZtDetail, type ZtItem, type ZtItemType, type ztListReq, type ZtListRecord, type ztPagingReq, type ZtRecord, type ztSaveReq, type ZtView } from '@kaopei/contracts/zt';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { emptyPage, mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { titlesById } from '../../lib/ref-titles';
import { formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { ModuleContext } from '../../platform/module';
import * as repo from './zt.repository';
import type { ElZtItemTable, ElZtTable } from './zt.tables';

export type ZtDeps = 'trainClass' | 'course' | 'classNews';
const NOT_FOUND = '专题不存在！';

export class ZtService {
  constructor(private readonly ctx: ModuleContext<ZtDeps>) {}

  private get db() {
    return this.ctx.db;
  }

  private classTitles(rows: readonly { classId: string }[]): Promise<Map<string, string>> {
    return titlesById(rows, (id) => this.ctx.services.trainClass.find(id));
  }

  /** Items as shown: the saved title, else the referenced course's or article's title (`titles`). */
  private items(rows: readonly ElZtItemTable[], titles: Map<string, string>): ZtItem[] {
    return rows.map((r) => ({
      id: r.id, itemType: r.itemType as ZtItemType, itemType_dictText: ZT_ITEM_TYPE_LABEL[r.itemType as ZtItemType] ?? '', refId: r.refId, url: r.url,
      title: r.title || titles.get(`${r.itemType}:${r.refId}`) || '', sort: r.sort,
    }));
  }

  /** Titles of the course and news items (`type:id` → title), any state: the admin's view. */
  private async refTitles(rows: readonly { itemType: string; refId: string }[]): Promise<Map<string, string>> {
    const ids = (type: string) => [...new Set(rows.filter((r) => r.itemType === type).map((r) => r.refId))];
    const [courses, news] = await Promise.all([this.ctx.services.course.titleMap(ids('course')), this.ctx.services.classNews.titleMap(ids('news'))]);
    return new Map([...[...courses].map(([k, v]) => [`course:${k}`, v] as const), ...[...news].map(([k, v]) => [`news:${k}`, v] as const)]);
  }

  /** A topic in the admin's data scope (a class's topic: the class in scope); 10010003 otherwise. */
  private async adminZt(admin: AuthUser, id: string): Promise<ElZtTable> {
    const z = await repo.findZt(this.db, id);
    if (!z) throw notFound(NOT_FOUND);
    if (z.classId) await this.ctx.services.trainClass.requireInScope(admin, z.classId);
    return z;
  }

  /**
   * POST save: adds (no id) or updates a topic and replaces its items (in the given order when no
   * sort is given); the referenced courses and articles must exist (10010003). Answers its id.
   */
  async save(admin: AuthUser, req: z.output<typeof ztSaveReq>): Promise<{ id: string }> {
    if (req.classId) await this.ctx.services.trainClass.requireInScope(admin, req.classId);
    if (req.id) await this.adminZt(admin, req.id);
    const titles = await this.refTitles(req.items);
    const missing = req.items.find((i) => i.itemType !== 'link' && !titles.has(`${i.itemType}:${i.refId}`));
    if (missing) throw notFound(missing.itemType === 'course' ? '课程不存在！' : '资讯不存在！');
    const at = now();
    const id = req.id ?? newId();
    const row = { title: req.title, cover: req.cover, content: sanitizeRichText(req.content), classId: req.classId, updateTime: at };
    const items: ElZtItemTable[] = req.items.map((i, n) => ({
      id: newId(), ztId: id, itemType: i.itemType, refId: i.itemType === 'link' ? '' : i.refId, url: i.itemType === 'link' ? i.url : '', title: i.title, sort: i.sort || n + 1,
    }));
    await this.db.transaction().execute(async (trx) => {
      if (req.id) {
        const r = await repo.updateZt(trx, id, row);
        if (Number(r.numUpdatedRows) !== 1) throw notFound(NOT_FOUND);
      } else await repo.insertZt(trx, { id, ...row, createBy: admin.userId, createTime: at });
      await repo.replaceItems(trx, id, items);
    });
    return { id };
  }

  private record(z: ElZtTable, classTitles: Map<string, string>, count: number): ZtRecord {
    return {
      id: z.id, title: z.title, cover: z.cover, classId: z.classId, classId_dictText: classTitles.get(z.classId) ?? '', itemCount: count,
      createTime: formatTimeStrict(z.createTime), updateTime: formatTimeStrict(z.updateTime),
    };
  }

  /** POST detail: the edit dialog's topic with its items. */
  async detail(admin: AuthUser, id: string): Promise<ZtDetail> {
    const z = await this.adminZt(admin, id);
    const rows = await repo.itemsOf(this.db, id);
    return { ...this.record(z, await this.classTitles([z]), rows.length), content: z.content, items: this.items(rows, await this.refTitles(rows)) };
  }

  /** POST paging: every topic, or one class's (the class in the admin's data scope). */
  async paging(admin: AuthUser, req: z.output<typeof ztPagingReq>): Promise<Page<ZtRecord>> {
    const f = req.params ?? {};
    if (f.classId) await this.ctx.services.trainClass.requireInScope(admin, f.classId);
    const page = await repo.pageZt(this.db, req, { title: f.title, classId: f.classId || undefined });
    const [titles, counts] = await Promise.all([this.classTitles(page.records), repo.itemCounts(this.db, page.records.map((z) => z.id))]);
    return mapPage(page, (z) => this.record(z, titles, counts.get(z.id) ?? 0));
  }

  /** POST delete: the topics (in the admin's scope) and their items. */
  async delete(admin: AuthUser, ids: string[]): Promise<void> {
    const rows = await repo.ztsByIds(this.db, [...new Set(ids)]);
    const ok = await Promise.all(rows.map((z) => (z.classId ? this.ctx.services.trainClass.requireInScope(admin, z.classId).then(() => true, () => false) : true)));
    const mine = rows.filter((_, i) => ok[i]).map((z) => z.id);
    if (mine.length) await this.db.transaction().execute((trx) => repo.deleteZts(trx, mine));
  }

  private listRecord(z: ElZtTable): ZtListRecord {
    return { id: z.id, title: z.title, cover: z.cover, classId: z.classId, updateTime: formatTimeStrict(z.updateTime) };
  }

  /** POST list: site-wide topics (no classId), or a class's when the learner is enrolled in it (else an empty page). */
  async list(user: AuthUser, req: z.output<typeof ztListReq>): Promise<Page<ZtListRecord>> {
    const f = req.params ?? {};
    const classId = f.classId ?? '';
    if (classId && !(await this.ctx.services.trainClass.requireEnrolled(user, classId).then(() => true, () => false))) return emptyPage(req);
    return mapPage(await repo.pageZt(this.db, req, { title: f.title, classId }), (z) => this.listRecord(z));
  }

  /**
   * POST view: a topic with the items the learner may open (courses visible to him, published
   * articles he may read, links). A class's topic: enrolled learners only (10010003).
   */
  async view(user: AuthUser, id: string): Promise<ZtView> {
    const z = await repo.findZt(this.db, id);
    if (!z) throw notFound(NOT_FOUND);
    if (z.classId) await this.ctx.services.trainClass.requireEnrolled(user, z.classId);
    const rows = await repo.itemsOf(this.db, id);
    const courseIds = [...new Set(rows.filter((r) => r.itemType === 'course').map((r) => r.refId))];
    const visible = await Promise.all(courseIds.map((c) => this.ctx.services.course.requireVisible(user, c).then((v) => [c, v.course.title] as const, () => null)));
    const news = await this.ctx.services.classNews.readableTitles(user, rows.filter((r) => r.itemType === 'news').map((r) => r.refId));
    const titles = new Map<string, string>([...visible.flatMap((v) => (v ? [[`course:${v[0]}`, v[1]] as const] : [])), ...[...news].map(([k, v]) => [`news:${k}`, v] as const)]);
    const shown = rows.filter((r) => r.itemType === 'link' || titles.has(`${r.itemType}:${r.refId}`));
    return { ...this.listRecord(z), content: z.content, items: this.items(shown, titles) };
  }
}
