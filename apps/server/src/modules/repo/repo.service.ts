/**
 * Question banks (SPEC §3 "Question bank", §7 /api/repo/*): paging with per-type counts and the
 * filters title, excludes, isExam, isTrain; detail; save (with the flags); delete. A bank used by a
 * live exam cannot be deleted (20010010). Counts come from the question module, usage from the exam
 * module. Chapters (/api/repo/chapter/*, /api/repo/chapter-group): a bank's ordered list; titles are
 * unique within a bank (20020006); a chapter that still has live questions cannot be deleted
 * (20020003: move them out or clear their chapter first, so no question silently loses its chapter).
 */
import { OBJECTIVE_QU_TYPES, SUBJECTIVE_QU_TYPES, type Page } from '@kaopei/contracts';
import type { z } from 'zod';
import { QuError } from '@kaopei/contracts/qu';
import {
  RepoError,
  repoSaveReq,
  type ChapterGroup,
  type ChapterRecord,
  type ChapterSaveReq,
  type RepoPagingReq,
  type RepoRecord,
  type RepoSaveReq,
} from '@kaopei/contracts/repo';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import { mapPage } from '../../lib/paging';
import { AppError, badParams, isUniqueViolation, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now } from '../../lib/time';
import type { ElRepoChapterTable, ElRepoTable } from './repo.tables';
import * as repo from './repo.repository';

/** `[{repoId, quType, count}]` of live top-level questions (the question module's counts). */
type TypeCounts = { repoId: string; quType: number; count: number }[];

/** A bank with its counts: quCount all types, objCount types 1/2/3/5/6, subjCount type 4. */
function toRecord(row: ElRepoTable, counts: TypeCounts): RepoRecord {
  const typeCountList = counts
    .filter((c) => c.repoId === row.id)
    .map((c) => ({ quType: c.quType, count: c.count }))
    .sort((a, b) => a.quType - b.quType);
  const sum = (types: readonly number[]) => typeCountList.filter((c) => types.includes(c.quType)).reduce((n, c) => n + c.count, 0);
  return {
    id: row.id,
    title: row.title,
    remark: row.remark,
    isExam: row.isExam,
    isTrain: row.isTrain,
    quCount: typeCountList.reduce((n, c) => n + c.count, 0),
    objCount: sum(OBJECTIVE_QU_TYPES),
    subjCount: sum(SUBJECTIVE_QU_TYPES),
    typeCountList,
    createTime: formatTimeStrict(row.createTime),
    updateTime: formatTimeStrict(row.updateTime),
  };
}

export class RepoService {
  constructor(private readonly ctx: ModuleContext<'qu' | 'exam'>) {}

  private get db() {
    return this.ctx.db;
  }

  /**
   * A page of banks; with `selectKeys` also those banks as `selectList` (pickers). `learner`: only
   * banks open for training (isTrain = 1), the selection too (issue 10).
   */
  async paging(req: RepoPagingReq, learner = false): Promise<Page<RepoRecord>> {
    const params = learner ? { ...req.params, isTrain: 1 as const } : (req.params ?? {});
    const page = await repo.pageRepos(this.db, req, params);
    const selected = req.selectKeys?.length ? (await repo.liveRepos(this.db, req.selectKeys)).filter((r) => !learner || r.isTrain === 1) : null;
    const counts = await this.ctx.services.qu.typeCounts(this.db, [...page.records, ...(selected ?? [])].map((r) => r.id));
    return mapPage({ ...page, ...(selected ? { selectList: selected } : {}) }, (r) => toRecord(r, counts));
  }

  /** A live bank with its counts; `learner`: 10010003 unless it is open for training (issue 10). */
  async detail(id: string, learner = false): Promise<RepoRecord> {
    const row = await this.require(this.db, id);
    if (learner && row.isTrain !== 1) throw notFound('题库不存在或已被删除！');
    return toRecord(row, await this.ctx.services.qu.typeCounts(this.db, [id]));
  }

  /** Creates or updates a bank; takes the request as a client sends it (flags default to 1). */
  async save(input: z.input<typeof repoSaveReq>, userId: string): Promise<{ id: string }> {
    const parsed = repoSaveReq.safeParse(input);
    if (!parsed.success) throw badParams(parsed.error.issues[0]?.message);
    const req: RepoSaveReq = parsed.data;
    const at = now();
    if (req.id) {
      const res = await repo.updateRepo(this.db, req.id, { title: req.title, remark: req.remark, isExam: req.isExam, isTrain: req.isTrain, updateTime: at });
      if (Number(res.numUpdatedRows) === 0) throw notFound('题库不存在或已被删除！');
      return { id: req.id };
    }
    const id = newId();
    await repo.insertRepo(this.db, { id, title: req.title, remark: req.remark, isExam: req.isExam, isTrain: req.isTrain, deleted: 0, createBy: userId, createTime: at, updateTime: at });
    return { id };
  }

  /** The chapters of a live bank in order, title contains, each with its count of live top-level questions. */
  async chapterList(repoId: string, title?: string): Promise<ChapterRecord[]> {
    await this.require(this.db, repoId);
    const [chapters, counts] = await Promise.all([repo.chaptersOf(this.db, [repoId], title), this.ctx.services.qu.chapterTypeCounts(this.db, [repoId])]);
    return chapters.map((c) => ({
      id: c.id, repoId: c.repoId, title: c.title, remark: c.remark, sort: c.sort,
      quCount: counts.filter((n) => n.chapterId === c.id).reduce((s, n) => s + n.count, 0),
    }));
  }

  /**
   * The chapters of the given live banks grouped per bank (banks in the order asked, unknown or
   * deleted ones left out), each chapter with its per-type counts, plus the questions of no chapter.
   */
  async chapterGroup(repoIds: string[]): Promise<ChapterGroup[]> {
    const ids = [...new Set(repoIds)];
    const banks = new Map((await repo.liveRepos(this.db, ids)).map((r) => [r.id, r]));
    const live = ids.filter((id) => banks.has(id));
    const [chapters, counts] = await Promise.all([repo.chaptersOf(this.db, live), this.ctx.services.qu.chapterTypeCounts(this.db, live)]);
    const typeList = (repoId: string, chapterId: string) => {
      const m = new Map<number, number>();
      for (const c of counts) if (c.repoId === repoId && c.chapterId === chapterId) m.set(c.quType, (m.get(c.quType) ?? 0) + c.count);
      return [...m].map(([quType, count]) => ({ quType, count })).sort((a, b) => a.quType - b.quType);
    };
    const total = (list: { count: number }[]) => list.reduce((s, c) => s + c.count, 0);
    return live.map((repoId) => {
      const chapterList = chapters
        .filter((c) => c.repoId === repoId)
        .map((c) => {
          const typeCountList = typeList(repoId, c.id);
          return { id: c.id, title: c.title, quCount: total(typeCountList), typeCountList };
        });
      const noChapterTypeCountList = typeList(repoId, '');
      // Questions whose chapter row is gone count as "no chapter" too (never lost from the totals).
      const known = new Set(chapterList.map((c) => c.id));
      for (const c of counts) if (c.repoId === repoId && c.chapterId !== '' && !known.has(c.chapterId)) {
        const e = noChapterTypeCountList.find((x) => x.quType === c.quType);
        if (e) e.count += c.count;
        else noChapterTypeCountList.push({ quType: c.quType, count: c.count });
      }
      noChapterTypeCountList.sort((a, b) => a.quType - b.quType);
      return {
        repoId,
        repoTitle: banks.get(repoId)?.title ?? '',
        quCount: total(counts.filter((c) => c.repoId === repoId)),
        noChapterCount: total(noChapterTypeCountList),
        noChapterTypeCountList,
        chapterList,
      };
    });
  }

  /**
   * Creates (at the end of the bank's order) or renames a chapter. A chapter never changes bank.
   * Errors: 10010003 bank or chapter gone, 20020006 title already used in the bank.
   */
  async chapterSave(req: ChapterSaveReq): Promise<{ id: string }> {
    try {
      return await this.chapterSaveTx(req);
    } catch (e) {
      // Two saves racing with one title: the unique index (repo_id, title) refuses the second.
      if (isUniqueViolation(e)) throw new AppError(QuError.CHAPTER_DUP);
      throw e;
    }
  }

  private chapterSaveTx(req: ChapterSaveReq): Promise<{ id: string }> {
    return this.db.transaction().execute(async (trx) => {
      await this.require(trx, req.repoId);
      if (req.id) await this.requireChapter(trx, req.id, req.repoId);
      if (await repo.findChapterByTitle(trx, req.repoId, req.title, req.id)) throw new AppError(QuError.CHAPTER_DUP);
      const at = now();
      if (req.id) {
        await repo.updateChapter(trx, req.id, { title: req.title, remark: req.remark, updateTime: at });
        return { id: req.id };
      }
      const id = newId();
      const sort = (await repo.maxChapterSort(trx, req.repoId)) + 1;
      await repo.insertChapter(trx, { id, repoId: req.repoId, title: req.title, remark: req.remark, sort, createTime: at, updateTime: at });
      return { id };
    });
  }

  /** Deletes chapters that have no live questions; 20020003 names the first that still has some. Unknown ids are ignored. */
  async chapterDelete(ids: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const chapters = await repo.findChapters(trx, ids);
      for (const c of chapters) {
        const n = await this.ctx.services.qu.countInChapters(trx, [c.id]);
        if (n > 0) throw new AppError(QuError.CHAPTER_NOT_EMPTY, `章节「${c.title}」下还有${n}道试题，请先移出或清空章节后再删除！`);
      }
      await repo.deleteChapters(trx, chapters.map((c) => c.id));
    });
  }

  /** Orders a bank's chapters as `ids` lists them (every chapter of the bank exactly once, else 10010001). */
  async chapterSort(repoId: string, ids: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.require(trx, repoId);
      const current = (await repo.chaptersOf(trx, [repoId])).map((c) => c.id);
      if (new Set(ids).size !== ids.length || ids.length !== current.length || !ids.every((id) => current.includes(id))) {
        throw badParams('章节列表已变化，请刷新后重试！');
      }
      const at = now();
      for (const [sort, id] of ids.entries()) await repo.updateChapter(trx, id, { sort, updateTime: at });
    });
  }

  /**
   * The chapter `id` (of bank `repoId` when given). Errors: 20020005 gone, 20020001 of another bank.
   * Runs in the caller's transaction.
   */
  async requireChapter(db: Executor, id: string, repoId?: string): Promise<ElRepoChapterTable> {
    const c = await repo.findChapter(db, id);
    if (!c) throw new AppError(QuError.CHAPTER_GONE);
    if (repoId !== undefined && c.repoId !== repoId) throw new AppError(QuError.CHAPTER_NOT_IN_REPO);
    return c;
  }

  /**
   * The id of bank `repoId`'s chapter titled `title` (trimmed, cut to 200 characters), creating it
   * at the end of the bank's order when missing (imports: Moodle categories below the bank, the
   * spreadsheet's 所属章节). Unique per bank and title and race-safe: a concurrent import creating
   * the same chapter makes this call find that row (the unique index decides, no error). Runs in the
   * caller's transaction; the caller has checked the bank. 10010001 for a blank title.
   */
  async ensureChapter(db: Executor, repoId: string, title: string): Promise<string> {
    const t = title.trim().slice(0, 200);
    if (t === '') throw badParams('章节名称不能为空！');
    const found = await repo.findChapterByTitle(db, repoId, t);
    if (found) return found.id;
    const at = now();
    const id = newId();
    const sort = (await repo.maxChapterSort(db, repoId)) + 1;
    if (await repo.insertChapterIfAbsent(db, { id, repoId, title: t, remark: '', sort, createTime: at, updateTime: at })) return id;
    const winner = await repo.findChapterByTitle(db, repoId, t);
    if (!winner) throw new Error(`chapter "${t}" of bank ${repoId} neither inserted nor found`);
    return winner.id;
  }

  /** `id → title` of chapters, for `chapterId_dictText`. */
  async chapterTitleMap(db: Executor, ids: string[]): Promise<Map<string, string>> {
    return new Map((await repo.findChapters(db, [...new Set(ids)])).map((c) => [c.id, c.title]));
  }

  /** Soft-deletes banks and their questions in one transaction; 20010010 when a live exam draws from one. */
  async delete(ids: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const used = await this.ctx.services.exam.reposInUse(trx, ids);
      if (used.length) {
        const titles = (await repo.titlesOf(trx, used)).map((r) => `「${r.title}」`).join('、');
        throw new AppError(RepoError.REPO_IN_USE, `题库${titles}正在被考试使用，不能删除！`);
      }
      const at = now();
      await repo.softDeleteRepos(trx, ids, at);
      await this.ctx.services.qu.deleteOfRepos(trx, ids, at);
    });
  }

  /** Live bank or 10010003. */
  async require(db: Executor, id: string): Promise<ElRepoTable> {
    const row = await repo.findRepo(db, id);
    if (!row) throw notFound('题库不存在或已被删除！');
    return row;
  }

  /**
   * Ids of live banks with these titles, creating the missing ones (import by 所属题库).
   * Runs in the caller's transaction.
   */
  async ensureByTitles(db: Executor, titles: string[], userId: string): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    const at = now();
    for (const title of new Set(titles)) {
      const found = await repo.findRepoByTitle(db, title);
      if (found) result.set(title, found.id);
      else {
        const id = newId();
        await repo.insertRepo(db, { id, title, remark: '', isExam: 1, isTrain: 1, deleted: 0, createBy: userId, createTime: at, updateTime: at });
        result.set(title, id);
      }
    }
    return result;
  }

  /** Ids of the live banks with these titles (those that exist). */
  async idsByTitles(db: Executor, titles: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const title of new Set(titles)) {
      const found = await repo.findRepoByTitle(db, title);
      if (found) out.set(title, found.id);
    }
    return out;
  }

  /** `id → title` of banks (deleted ones too), for `repoId_dictText`. */
  async titleMap(ids: string[]): Promise<Map<string, string>> {
    return new Map((await repo.titlesOf(this.db, [...new Set(ids)])).map((r) => [r.id, r.title]));
  }

  count(): Promise<number> {
    return repo.countRepos(this.db);
  }

  /** `id → {title, isExam}` of the live banks among `ids` (a bank drawn into exams needs isExam = 1; module exam / paper). */
  async examBanks(db: Executor, ids: string[]): Promise<Map<string, { title: string; isExam: boolean }>> {
    return new Map((await repo.liveRepos(db, [...new Set(ids)])).map((r) => [r.id, { title: r.title, isExam: r.isExam === 1 }]));
  }

  /** `id → {repoId, title}` of chapters, for the level/chapter of exam rules (module exam). */
  async chapterMap(db: Executor, ids: string[]): Promise<Map<string, { repoId: string; title: string }>> {
    return new Map((await repo.findChapters(db, [...new Set(ids.filter(Boolean))])).map((c) => [c.id, { repoId: c.repoId, title: c.title }]));
  }
}
