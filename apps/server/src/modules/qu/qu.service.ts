/**
 * Questions (SPEC §3 "Question", §4 types, §7 /api/qu/qu/*).
 *
 * Rules (contracts `questionRuleErrors`): a single or true/false question has exactly one right
 * option, a multiple-choice question at least two. Rich text (content, analysis, option text) is
 * sanitised at save time (lib/sanitize.ts). The spreadsheet import runs as a background job
 * (qu.import-job.ts, `importer`).
 */
import { PassThrough, type Readable } from 'node:stream';
import { QU_LEVEL_LABEL, QU_TYPE_LABEL, type Page } from '@kaopei/contracts';
import { questionRuleErrors, type QuDetail, type QuPagingReq, type QuRecord, type QuSaveReq } from '@kaopei/contracts/qu';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import { badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTimeStrict, now } from '../../lib/time';
import { QuImporter } from './qu.import-job';
import { writeQuestionSheet, type SheetQuestion } from './qu.sheet';
import type { ElQuAnswerTable, ElQuTable } from './qu.tables';
import * as repo from './qu.repository';
import type { QuFilter } from './qu.repository';

/** A question to insert: its table fields plus its options in order (text not yet sanitised). */
export type NewQuestion = Pick<ElQuTable, 'repoId' | 'quType' | 'level' | 'content' | 'analysis' | 'image' | 'video'> & {
  answerList: (Pick<ElQuAnswerTable, 'content' | 'analysis' | 'image'> & { isRight: boolean })[];
};

export class QuService {
  /** The spreadsheet import (background job). */
  readonly importer: QuImporter;

  constructor(private readonly ctx: ModuleContext<'repo'>) {
    this.importer = new QuImporter(ctx, this);
  }

  private get db() {
    return this.ctx.db;
  }

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
    const [options, titles] = await Promise.all([repo.optionsOf(this.db, [id]), this.ctx.services.repo.titleMap([q.repoId])]);
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
      await this.ctx.services.repo.require(trx, req.repoId);
      const at = now();
      if (!req.id) {
        const [id] = await this.insertMany(trx, [{ ...req, video: '' }], userId, at);
        return { id: id as string };
      }
      const id = req.id;
      const res = await repo.updateQu(trx, id, {
        repoId: req.repoId, quType: req.quType, level: req.level, content: sanitizeRichText(req.content), analysis: sanitizeRichText(req.analysis), image: req.image, updateTime: at,
      });
      if (Number(res.numUpdatedRows) === 0) throw notFound('试题不存在或已被删除！');
      // Options keep their ids (papers refer to them); new ones are added, missing ones removed.
      const existing = new Set((await repo.optionsOf(trx, [id])).map((o) => o.id));
      const keep = req.answerList.filter((o) => o.id && existing.has(o.id)).map((o) => o.id as string);
      await repo.deleteOptionsExcept(trx, id, keep);
      const inserts: ElQuAnswerTable[] = [];
      for (const [sort, o] of req.answerList.entries()) {
        const fields = { content: sanitizeRichText(o.content), isRight: o.isRight ? 1 : 0, analysis: sanitizeRichText(o.analysis), image: o.image, sort };
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

  /** Soft-deletes every question of the given banks (bank deletion; runs in its transaction). */
  async deleteOfRepos(db: Executor, repoIds: string[], at: number): Promise<void> {
    await repo.softDeleteOfRepos(db, repoIds, at);
  }

  /** `[{repoId, quType, count}]` of live top-level questions per bank and type (bank counts, rule pools). */
  typeCounts(db: Executor, repoIds: string[]) {
    return repo.typeCounts(db, repoIds);
  }

  /** `[{repoId, quType, content}]` of the live top-level questions of the given banks (import duplicates). */
  contents(db: Executor, repoIds: string[]) {
    return repo.contentsOf(db, repoIds);
  }

  /** Ids of live questions of a type in a bank (the drawing pool of an exam rule). */
  pool(db: Executor, repoId: string, quType: number): Promise<string[]> {
    return repo.liveQuIds(db, repoId, quType);
  }

  /**
   * `[{id, repoId, quType, level, chapterId}]` of the live top-level questions of the given banks:
   * the pools of exam rules by type × level × chapter (module exam / paper drawing).
   */
  drawPool(db: Executor, repoIds: string[]) {
    return repo.drawPoolOf(db, [...new Set(repoIds)]);
  }

  /** The live sub-questions (el_qu rows) of the given combined questions, in their order. */
  subQuestions(db: Executor, parentIds: string[]) {
    return repo.subQusOf(db, parentIds);
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

  /**
   * The questions matching `filter` as an xlsx in the import layout (qu.sheet.ts), streamed: rows
   * are read from the database in pages and written as they come. A failure while streaming ends
   * the stream with that error (the download is cut short).
   */
  exportSheet(filter: QuFilter): Readable {
    const out = new PassThrough();
    const db = this.db;
    async function* questions(): AsyncGenerator<SheetQuestion> {
      for await (const page of repo.iterateQus(db, filter)) {
        for (const q of page) {
          yield {
            quType: q.quType, content: q.content, analysis: q.analysis, image: q.image, video: q.video, repoTitle: q.repoTitle ?? '',
            answerList: q.options.map((o) => ({ content: o.content, isRight: o.isRight === 1, analysis: o.analysis, image: o.image })),
          };
        }
      }
    }
    writeQuestionSheet(questions(), out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return out;
  }

  /** Inserts questions with their options (text sanitised here); answers their ids in order. */
  async insertMany(db: Executor, list: NewQuestion[], userId: string, at: number): Promise<string[]> {
    const qus: ElQuTable[] = [];
    const options: ElQuAnswerTable[] = [];
    for (const q of list) {
      const id = newId();
      qus.push({
        id, repoId: q.repoId, parentId: '', quType: q.quType, level: q.level, content: sanitizeRichText(q.content), analysis: sanitizeRichText(q.analysis),
        image: q.image, video: q.video, answer: '', chapterId: '', blankOpts: 0, keywords: '', sort: 0, deleted: 0, createBy: userId, createTime: at, updateTime: at,
      });
      q.answerList.forEach((o, sort) =>
        options.push({ id: newId(), quId: id, isRight: o.isRight ? 1 : 0, content: sanitizeRichText(o.content), analysis: sanitizeRichText(o.analysis), image: o.image, answer: '', sort }),
      );
    }
    await repo.insertQus(db, qus);
    await repo.insertOptions(db, options);
    return qus.map((q) => q.id);
  }
}
