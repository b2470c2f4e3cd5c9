/**
 * Question banks (SPEC §3 "Question bank", §7 /api/repo/*): paging with per-type counts, detail,
 * save, delete. A bank used by a live exam cannot be deleted (20010010).
 */
import { ErrorCode, OBJECTIVE_QU_TYPES, SUBJECTIVE_QU_TYPES, type Page, type RepoPagingReq, type RepoRecord, type RepoSaveReq } from '@kaopei/contracts';
import type { Db, Executor } from '../../db';
import type { ElRepoTable } from '../../db/schema';
import { mapPage } from '../../lib/paging';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatTimeStrict, now } from '../../lib/time';
import * as repo from './repo.repository';

/** A bank with its counts: quCount all types, objCount types 1/2/3/5/6, subjCount type 4. */
function toRecord(row: ElRepoTable, counts: { repoId: string; quType: number; count: number | string }[]): RepoRecord {
  const typeCountList = counts
    .filter((c) => c.repoId === row.id)
    .map((c) => ({ quType: c.quType, count: Number(c.count) }))
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
  constructor(private readonly db: Db) {}

  async paging(req: RepoPagingReq): Promise<Page<RepoRecord>> {
    const page = await repo.pageRepos(this.db, req, req.params ?? {});
    const counts = await repo.typeCounts(this.db, page.records.map((r) => r.id));
    return mapPage(page, (r) => toRecord(r, counts));
  }

  async detail(id: string): Promise<RepoRecord> {
    const row = await this.require(this.db, id);
    return toRecord(row, await repo.typeCounts(this.db, [id]));
  }

  async save(req: RepoSaveReq, userId: string): Promise<{ id: string }> {
    const at = now();
    if (req.id) {
      const res = await repo.updateRepo(this.db, req.id, { title: req.title, remark: req.remark, updateTime: at });
      if (Number(res.numUpdatedRows) === 0) throw notFound('题库不存在或已被删除！');
      return { id: req.id };
    }
    const id = newId();
    await repo.insertRepo(this.db, { id, title: req.title, remark: req.remark, deleted: 0, createBy: userId, createTime: at, updateTime: at });
    return { id };
  }

  async delete(ids: string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const used = await repo.reposUsedByExams(trx, ids);
      if (used.length) {
        const titles = (await repo.titlesOf(trx, used)).map((r) => `「${r.title}」`).join('、');
        throw new AppError(ErrorCode.REPO_IN_USE, `题库${titles}正在被考试使用，不能删除！`);
      }
      await repo.softDeleteRepos(trx, ids, now());
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
        await repo.insertRepo(db, { id, title, remark: '', deleted: 0, createBy: userId, createTime: at, updateTime: at });
        result.set(title, id);
      }
    }
    return result;
  }

  /** `id → title` of banks (deleted ones too), for `repoId_dictText`. */
  async titleMap(ids: string[]): Promise<Map<string, string>> {
    return new Map((await repo.titlesOf(this.db, [...new Set(ids)])).map((r) => [r.id, r.title]));
  }

  count(): Promise<number> {
    return repo.countRepos(this.db);
  }
}
