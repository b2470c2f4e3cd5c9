/**
 * Question banks (SPEC §3 "Question bank", §7 /api/repo/*): paging with per-type counts, detail,
 * save, delete. A bank used by a live exam cannot be deleted (20010010). Counts come from the
 * question module, usage from the exam module.
 */
import { OBJECTIVE_QU_TYPES, SUBJECTIVE_QU_TYPES, type Page } from '@kaopei/contracts';
import { RepoError, type RepoPagingReq, type RepoRecord, type RepoSaveReq } from '@kaopei/contracts/repo';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import { mapPage } from '../../lib/paging';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now } from '../../lib/time';
import type { ElRepoTable } from './repo.tables';
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

  /** A page of banks; with `selectKeys` also those banks as `selectList` (pickers). */
  async paging(req: RepoPagingReq): Promise<Page<RepoRecord>> {
    const page = await repo.pageRepos(this.db, req, req.params ?? {});
    const selected = req.selectKeys?.length ? await repo.liveRepos(this.db, req.selectKeys) : null;
    const counts = await this.ctx.services.qu.typeCounts(this.db, [...page.records, ...(selected ?? [])].map((r) => r.id));
    return mapPage({ ...page, ...(selected ? { selectList: selected } : {}) }, (r) => toRecord(r, counts));
  }

  async detail(id: string): Promise<RepoRecord> {
    const row = await this.require(this.db, id);
    return toRecord(row, await this.ctx.services.qu.typeCounts(this.db, [id]));
  }

  async save(req: RepoSaveReq, userId: string): Promise<{ id: string }> {
    const at = now();
    if (req.id) {
      const res = await repo.updateRepo(this.db, req.id, { title: req.title, remark: req.remark, updateTime: at });
      if (Number(res.numUpdatedRows) === 0) throw notFound('题库不存在或已被删除！');
      return { id: req.id };
    }
    const id = newId();
    await repo.insertRepo(this.db, { id, title: req.title, remark: req.remark, isExam: 1, isTrain: 1, deleted: 0, createBy: userId, createTime: at, updateTime: at });
    return { id };
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
    return new Map((await repo.chaptersByIds(db, [...new Set(ids.filter(Boolean))])).map((c) => [c.id, { repoId: c.repoId, title: c.title }]));
  }
}
