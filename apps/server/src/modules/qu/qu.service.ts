/**
 * Questions (SPEC §3 "Question", §4 types, §7 /api/qu/qu/*) and the spreadsheet import.
 *
 * Rules (contracts `questionRuleErrors`): a single or true/false question has exactly one right
 * option, a multiple-choice question at least two. The import is all or nothing: a file with any
 * invalid question imports nothing and lists every bad row (20010009 with `{imported:0, errors}`).
 */
import {
  ErrorCode,
  QU_LEVEL_LABEL,
  QU_TYPE_LABEL,
  questionRuleErrors,
  type ImportRes,
  type Page,
  type QuDetail,
  type QuPagingReq,
  type QuRecord,
  type QuSaveReq,
} from '@kaopei/contracts';
import type { Db, Executor } from '../../db';
import type { ElQuAnswerTable, ElQuTable } from '../../db/schema';
import { AppError, badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { formatTimeStrict, now } from '../../lib/time';
import type { RepoService } from '../repo/repo.service';
import * as repo from './qu.repository';
import { parseQuestionSheet } from './qu.import';

/** A question to insert: its table fields plus its options in order. */
type NewQuestion = Pick<ElQuTable, 'repoId' | 'quType' | 'level' | 'content' | 'analysis' | 'image' | 'video'> & {
  answerList: (Pick<ElQuAnswerTable, 'content' | 'analysis' | 'image'> & { isRight: boolean })[];
};

export class QuService {
  constructor(
    private readonly db: Db,
    private readonly repos: RepoService,
  ) {}

  async paging(req: QuPagingReq): Promise<Page<QuRecord>> {
    const page = await repo.pageQu(this.db, req, req.params ?? {});
    return mapPage(page, (r) => ({
      id: r.id,
      repoId: r.repoId,
      repoId_dictText: r.repoTitle ?? '',
      quType: r.quType,
      quType_dictText: QU_TYPE_LABEL[r.quType] ?? '',
      level: r.level,
      level_dictText: QU_LEVEL_LABEL[r.level] ?? '',
      content: r.content,
      createTime: formatTimeStrict(r.createTime),
      updateTime: formatTimeStrict(r.updateTime),
    }));
  }

  async detail(id: string): Promise<QuDetail> {
    const q = await repo.findQu(this.db, id);
    if (!q) throw notFound('试题不存在或已被删除！');
    const [options, titles] = await Promise.all([repo.optionsOf(this.db, [id]), this.repos.titleMap([q.repoId])]);
    return {
      id: q.id,
      repoId: q.repoId,
      repoId_dictText: titles.get(q.repoId) ?? '',
      quType: q.quType,
      quType_dictText: QU_TYPE_LABEL[q.quType] ?? '',
      level: q.level,
      content: q.content,
      analysis: q.analysis,
      image: q.image,
      answerList: options.map((o) => ({ id: o.id, content: o.content, isRight: o.isRight === 1, analysis: o.analysis, image: o.image })),
    };
  }

  /** Creates or updates a question with its options. Errors: 10010001 (rules), 10010003. */
  async save(req: QuSaveReq, userId: string): Promise<{ id: string }> {
    const errors = questionRuleErrors(req);
    if (errors.length) throw badParams(errors.join(' '));
    return this.db.transaction().execute(async (trx) => {
      await this.repos.require(trx, req.repoId);
      const at = now();
      if (!req.id) {
        const id = await this.insert(trx, { ...req, video: '' }, userId, at);
        return { id };
      }
      const id = req.id;
      const res = await repo.updateQu(trx, id, { repoId: req.repoId, quType: req.quType, level: req.level, content: req.content, analysis: req.analysis, image: req.image, updateTime: at });
      if (Number(res.numUpdatedRows) === 0) throw notFound('试题不存在或已被删除！');
      // Options keep their ids (papers refer to them); new ones are added, missing ones removed.
      const existing = new Set((await repo.optionsOf(trx, [id])).map((o) => o.id));
      const keep = req.answerList.filter((o) => o.id && existing.has(o.id)).map((o) => o.id as string);
      await repo.deleteOptionsExcept(trx, id, keep);
      const inserts: ElQuAnswerTable[] = [];
      for (const [sort, o] of req.answerList.entries()) {
        const fields = { content: o.content, isRight: o.isRight ? 1 : 0, analysis: o.analysis, image: o.image, sort };
        if (o.id && existing.has(o.id)) await repo.updateOption(trx, o.id, id, fields);
        else inserts.push({ id: newId(), quId: id, answer: '', ...fields });
      }
      await repo.insertOptions(trx, inserts);
      return { id };
    });
  }

  async delete(ids: string[]): Promise<void> {
    await repo.softDeleteQus(this.db, ids, now());
  }

  /**
   * Imports a spreadsheet (layout: contracts IMPORT_HEADERS). With `repoId` every question goes to
   * that bank; without, to the bank named in 所属题库 (created if missing). All or nothing.
   */
  async importSheet(data: Buffer, repoId: string | undefined, userId: string): Promise<ImportRes> {
    if (repoId) await this.repos.require(this.db, repoId);
    const parsed = await parseQuestionSheet(data, { repoFromFile: !repoId });
    // The parser reports an empty sheet as an error too, so `questions` is never empty here.
    const { errors } = parsed;
    if (errors.length) {
      const msg = errors.length === 1 ? (errors[0]?.msg ?? '') : `导入数据有误，共${errors.length}处错误，未导入任何试题！`;
      throw new AppError(ErrorCode.IMPORT_INVALID, msg, { imported: 0, errors });
    }
    await this.db.transaction().execute(async (trx) => {
      const repoIds = repoId ? null : await this.repos.ensureByTitles(trx, parsed.questions.map((q) => q.repoTitle), userId);
      const at = now();
      for (const q of parsed.questions) {
        await this.insert(trx, { ...q, repoId: repoId ?? (repoIds?.get(q.repoTitle) as string) }, userId, at);
      }
    });
    return { imported: parsed.questions.length, errors: [] };
  }

  /** Ids of live questions of a type in a bank (the drawing pool of an exam rule). */
  pool(db: Executor, repoId: string, quType: number): Promise<string[]> {
    return repo.liveQuIds(db, repoId, quType);
  }

  /** Options of the given questions in stored order (drawing a paper needs only these). */
  options(db: Executor, ids: string[]) {
    return repo.optionsOf(db, ids);
  }

  /** Questions (deleted ones too) and their options, for papers and results. */
  async load(db: Executor, ids: string[]) {
    const [qus, options] = await Promise.all([repo.findQus(db, ids), repo.optionsOf(db, ids)]);
    return { qus: new Map(qus.map((q) => [q.id, q])), options };
  }

  count(): Promise<number> {
    return repo.countQus(this.db);
  }

  private async insert(db: Executor, q: NewQuestion, userId: string, at: number): Promise<string> {
    const id = newId();
    await repo.insertQu(db, {
      id, repoId: q.repoId, parentId: '', quType: q.quType, level: q.level, content: q.content, analysis: q.analysis,
      image: q.image, video: q.video, answer: '', sort: 0, deleted: 0, createBy: userId, createTime: at, updateTime: at,
    });
    await repo.insertOptions(
      db,
      q.answerList.map((o, sort) => ({ id: newId(), quId: id, isRight: o.isRight ? 1 : 0, content: o.content, analysis: o.analysis, image: o.image, answer: '', sort })),
    );
    return id;
  }
}
