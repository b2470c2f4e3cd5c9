/**
 * Questions (SPEC §3 "Question", §4 types, §7 /api/qu/qu/*) of every type: 1 single, 2 multiple,
 * 3 true/false, 4 short answer, 5 fill blank, 6 matching, 99 combined (docs/decisions.md issue 8).
 *
 * Rules (contracts `questionRuleErrors`) are checked before anything is written; a save (create or
 * edit, with options and sub-questions) is one transaction. Rich text (content, analysis, option
 * text, a short answer's reference answer) is sanitised at save time (lib/sanitize.ts); the option
 * `answer` (fill-blank alternatives `a|b`, a matching right-hand item) is plain text, trimmed.
 * Storage per type: `isRight` is kept for types 1–3 only; `answer` of el_qu only for type 4;
 * `blankOpts` only for type 5; `keywords` only for type 4 (JSON, '' none); sub-questions only for 99
 * (el_qu rows with parentId, same bank and chapter as their parent, `sort` = their order).
 * Batch actions (move, copy, level, chapter) are one transaction each and refuse the whole batch when
 * an id is not a live top-level question (20020004). The spreadsheet import runs as a background
 * job (qu.import-job.ts, `importer`).
 */
import { PassThrough, type Readable } from 'node:stream';
import { QU_LEVEL_LABEL, QU_TYPE_LABEL, QuType, type Page } from '@kaopei/contracts';
import {
  blankOptsFromBits,
  questionRuleErrors,
  quSaveReq,
  QuError,
  type QuBatchRepoReq,
  type QuDetail,
  type QuPagingReq,
  type QuRecord,
  type QuSaveReq,
  type QuSubSaveReq,
} from '@kaopei/contracts/qu';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import { AppError, badParams, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { mapPage } from '../../lib/paging';
import { sanitizeRichText } from '../../lib/sanitize';
import { formatTimeStrict, now } from '../../lib/time';
import { QuImporter } from './qu.import-job';
import { writeQuestionSheet, type SheetQuestion } from './qu.sheet';
import { categoryXml, MOODLE_XML_HEAD, MOODLE_XML_TAIL, questionXml, type ExportQuestion } from './qu.moodle-xml';
import { optionFields, parseKeywords, subDetail, typeFields, type NewQuestion, type NewSubQuestion, type QuSaveInput } from './qu.rows';
import type { ElQuAnswerTable, ElQuTable } from './qu.tables';
import * as repo from './qu.repository';
import type { QuEdit, QuFilter } from './qu.repository';


/** A question of a draw pool (QuService.drawPool). */
export type PoolRow = Awaited<ReturnType<typeof repo.drawPoolOf>>[number];

/** Sets of banks whose draw pools a process keeps (least recently used dropped first). */
const POOL_CACHE_MAX = 256;

export class QuService {
  /** Draw pools by sorted bank ids: the banks' versions they were read at, and the frozen rows. */
  private readonly pools = new Map<string, { stamp: string; pool: readonly PoolRow[] }>();
  /** The spreadsheet import (background job). */
  readonly importer: QuImporter;

  constructor(private readonly ctx: ModuleContext<'repo' | 'sysFile'>) {
    this.importer = new QuImporter(ctx, this);
  }

  private get db() {
    return this.ctx.db;
  }

  /** A page of live top-level questions (filters bank, type, level, content, chapter). */
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
      chapterId: r.chapterId,
      chapterId_dictText: r.chapterTitle ?? '',
      createTime: formatTimeStrict(r.createTime),
      updateTime: formatTimeStrict(r.updateTime),
    }));
  }

  /** A live question with everything the admin edits (options, answers, keywords, sub-questions); 10010003 when gone. */
  async detail(id: string): Promise<QuDetail> {
    const q = await repo.findQu(this.db, id);
    if (!q) throw notFound('试题不存在或已被删除！');
    const subs = q.quType === QuType.MIX ? await repo.subsOf(this.db, [id]) : [];
    const [options, titles, chapters] = await Promise.all([
      repo.optionsOf(this.db, [id, ...subs.map((s) => s.id)]),
      this.ctx.services.repo.titleMap([q.repoId]),
      this.ctx.services.repo.chapterTitleMap(this.db, q.chapterId ? [q.chapterId] : []),
    ]);
    return {
      ...subDetail(q, options),
      repoId: q.repoId,
      repoId_dictText: titles.get(q.repoId) ?? '',
      chapterId: q.chapterId,
      chapterId_dictText: chapters.get(q.chapterId) ?? '',
      subList: subs.map((s) => subDetail(s, options)),
    };
  }

  /**
   * Creates or updates a question with its options and (99) sub-questions in one transaction.
   * An edit keeps the ids of the options and sub-questions it sends back (papers refer to them),
   * adds new ones and removes the others (removed sub-questions are soft-deleted). Errors: 10010001
   * (rules, messages joined), 10010003 (bank or question gone), 20020001 (chapter of another bank).
   * Takes the request as a client sends it (defaults applied here), so seeding code may leave out
   * the fields of other types.
   */
  async save(input: QuSaveInput, userId: string): Promise<{ id: string }> {
    const parsed = quSaveReq.safeParse(input);
    if (!parsed.success) throw badParams(parsed.error.issues[0]?.message);
    const req = parsed.data;
    const errors = questionRuleErrors(req);
    if (errors.length) throw badParams(errors.join(' '));
    return this.db.transaction().execute(async (trx) => {
      await this.ctx.services.repo.require(trx, req.repoId);
      if (req.chapterId) await this.ctx.services.repo.requireChapter(trx, req.chapterId, req.repoId);
      const at = now();
      if (!req.id) {
        const [id] = await this.insertMany(trx, [{ ...req, video: '' }], userId, at);
        return { id: id as string };
      }
      const id = req.id;
      const res = await repo.updateQu(trx, id, { repoId: req.repoId, chapterId: req.chapterId, ...this.editFields(req), updateTime: at });
      if (Number(res.numUpdatedRows) === 0) throw notFound('试题不存在或已被删除！');
      await this.replaceOptions(trx, id, req.quType, req.answerList);
      const subs = req.quType === QuType.MIX ? req.subList : [];
      const existing = new Set((await repo.subsOf(trx, [id])).map((s) => s.id));
      const keep = subs.filter((s) => s.id && existing.has(s.id)).map((s) => s.id as string);
      await repo.softDeleteSubsExcept(trx, id, keep, at);
      for (const [sort, sub] of subs.entries()) {
        if (sub.id && existing.has(sub.id)) {
          await repo.updateQu(trx, sub.id, { repoId: req.repoId, chapterId: req.chapterId, ...this.editFields(sub), sort, updateTime: at }, id);
          await this.replaceOptions(trx, sub.id, sub.quType, sub.answerList);
        } else {
          await this.insertRows(trx, [{ q: { ...sub, video: '' }, id: newId(), parentId: id, repoId: req.repoId, chapterId: req.chapterId, sort }], userId, at);
        }
      }
      return { id };
    });
  }

  /** The editable el_qu fields of a saved question or sub-question (text sanitised). */
  private editFields(q: QuSubSaveReq): QuEdit {
    return { quType: q.quType, level: q.level, content: sanitizeRichText(q.content), analysis: sanitizeRichText(q.analysis), image: q.image, ...typeFields(q) };
  }

  /** Options of question `quId` become `list`: sent ids that exist are updated, others inserted, the rest removed. */
  private async replaceOptions(trx: Executor, quId: string, quType: number, list: QuSaveReq['answerList']): Promise<void> {
    const existing = new Set((await repo.optionsOf(trx, [quId])).map((o) => o.id));
    const keep = list.filter((o) => o.id && existing.has(o.id)).map((o) => o.id as string);
    await repo.deleteOptionsExcept(trx, quId, keep);
    const inserts: ElQuAnswerTable[] = [];
    for (const [sort, o] of list.entries()) {
      const fields = optionFields(quType, o, sort);
      if (o.id && existing.has(o.id)) await repo.updateOption(trx, o.id, quId, fields);
      else inserts.push({ id: newId(), quId, ...fields });
    }
    await repo.insertOptions(trx, inserts);
  }

  /** Soft-deletes questions with their sub-questions, in one statement. */
  async delete(ids: string[]): Promise<void> {
    await repo.softDeleteQus(this.db, [...new Set(ids)], now());
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
   * `[{id, repoId, quType, level, chapterId}]` of the live top-level questions of the given banks
   * in stored order: the pools of exam rules by type × level × chapter (module exam / paper
   * drawing, training, battles). Kept in memory per set of banks and answered from there while the
   * banks' versions (one small read) are those it was read at (qu.repository: every write raises
   * them in its transaction): the same frozen array each time, so callers may index it once
   * (paper.draw.ts PoolIndex) and must not change it. At most POOL_CACHE_MAX sets are kept; a
   * pool read in a transaction is not kept.
   */
  async drawPool(db: Executor, repoIds: readonly string[]): Promise<readonly PoolRow[]> {
    const ids = [...new Set(repoIds)].sort();
    if (!ids.length) return [];
    // In a transaction the pool may hold its own uncommitted writes: read it, keep nothing.
    if (db.isTransaction) return repo.drawPoolOf(db, ids);
    const key = ids.join(',');
    // The versions first, then the pool: a pool read after them is at least as new as they say.
    const versions = await repo.repoVersions(db, ids);
    const stamp = ids.map((id) => versions.get(id) ?? 0).join(',');
    const hit = this.pools.get(key);
    if (hit?.stamp === stamp) {
      this.pools.delete(key);
      this.pools.set(key, hit);
      return hit.pool;
    }
    const pool = Object.freeze((await repo.drawPoolOf(db, ids)).map((q) => Object.freeze(q)));
    this.pools.delete(key);
    this.pools.set(key, { stamp, pool });
    if (this.pools.size > POOL_CACHE_MAX) this.pools.delete(this.pools.keys().next().value as string);
    return pool;
  }

  /** The live sub-questions (el_qu rows) of the given combined questions, in their order. */
  subQuestions(db: Executor, parentIds: string[]) {
    return repo.subQusOf(db, parentIds);
  }

  /** Options of the given questions in stored order (drawing a paper needs only these). */
  options(db: Executor, ids: string[]) {
    return repo.optionsOf(db, ids);
  }

  /** The distinct banks of the questions `ids` (deleted ones too). */
  async repoIdsOf(db: Executor, ids: string[]): Promise<string[]> {
    const out = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) for (const r of await repo.repoIdsOfQus(db, ids.slice(i, i + 500))) out.add(r);
    return [...out];
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
   * The questions matching `filter` as an xlsx in the import layout of every type (qu.sheet.ts:
   * level, chapter, reference answer and keywords, blanks and their options, pairs, sub-questions),
   * streamed: rows
   * are read from the database in pages and written as they come. A failure while streaming ends
   * the stream with that error (the download is cut short).
   */
  exportSheet(filter: QuFilter): Readable {
    const out = new PassThrough();
    const db = this.db;
    async function* questions(): AsyncGenerator<SheetQuestion> {
      for await (const page of repo.iterateQus(db, filter)) {
        for (const q of page) {
          const body = (x: typeof q | (typeof q.subs)[number]) => ({
            quType: x.quType, level: x.level, content: x.content, analysis: x.analysis, image: x.image, video: x.video, answer: x.answer,
            keywords: parseKeywords(x.keywords), blankOpts: blankOptsFromBits(x.blankOpts),
            answerList: x.options.map((o) => ({ content: o.content, isRight: o.isRight === 1, analysis: o.analysis, image: o.image, answer: o.answer })),
          });
          yield { ...body(q), repoTitle: q.repoTitle ?? '', chapter: q.chapterTitle ?? '', subList: q.subs.map(body) };
        }
      }
    }
    writeQuestionSheet(questions(), out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return out;
  }

  /**
   * The questions matching `filter` as Moodle XML (qu.moodle-xml.ts: a category per bank and chapter `Bank/Chapter`, every type,
   * our `<kaopei>` extension so that the file imports back unchanged), streamed page by page like
   * `exportSheet`. Stored upload urls stay as they are (relative to this site).
   */
  exportMoodle(filter: QuFilter): Readable {
    const out = new PassThrough();
    const db = this.db;
    type Row = { quType: number; level: number; content: string; analysis: string; image: string; video: string; answer: string; blankOpts: number; keywords: string };
    type Opt = { content: string; isRight: number; analysis: string; image: string; answer: string };
    const asExport = (q: Row, options: Opt[], repoTitle: string, subList: ExportQuestion[]): ExportQuestion => ({
      quType: q.quType, level: q.level, content: q.content, analysis: q.analysis, image: q.image, video: q.video, answer: q.answer, blankOpts: q.blankOpts,
      keywords: parseKeywords(q.keywords), repoTitle,
      answerList: options.map((o) => ({ content: o.content, isRight: o.isRight === 1, analysis: o.analysis, image: o.image, answer: o.answer })),
      subList,
    });
    (async () => {
      out.write(MOODLE_XML_HEAD);
      let bank: string | undefined;
      let i = 0;
      for await (const page of repo.iterateQus(db, filter)) {
        let chunk = '';
        for (const q of page) {
          const title = q.repoTitle ?? '';
          const chapter = q.chapterTitle ?? '';
          if (`${title}\u0000${chapter}` !== bank) {
            bank = `${title}\u0000${chapter}`;
            chunk += categoryXml(title, chapter);
          }
          chunk += questionXml(asExport(q, q.options, title, q.subs.map((s) => asExport(s, s.options, title, []))), ++i);
        }
        if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
      }
      out.end(MOODLE_XML_TAIL);
    })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return out;
  }

  /**
   * Inserts questions of any type with their options and sub-questions (text sanitised here);
   * answers the ids of the top-level questions in order. Runs in the caller's transaction (`db`).
   * Callers (save, the importers, copy) have checked the bank and chapter; the rules of
   * `questionRuleErrors` are checked again here: a broken question throws 10010001 naming its
   * position (第N题：…) and nothing of the list is written by this call.
   */
  async insertMany(db: Executor, list: NewQuestion[], userId: string, at: number): Promise<string[]> {
    list.forEach((q, i) => {
      const errors = questionRuleErrors({ ...q, subList: q.subList ?? [] });
      if (errors.length) throw badParams(`第${i + 1}题：${errors.join(' ')}`);
    });
    const rows: RowToInsert[] = [];
    const ids: string[] = [];
    for (const q of list) {
      const id = newId();
      ids.push(id);
      const chapterId = q.chapterId ?? '';
      rows.push({ q, id, parentId: '', repoId: q.repoId, chapterId, sort: 0 });
      if (q.quType === QuType.MIX) (q.subList ?? []).forEach((sub, sort) => rows.push({ q: sub, id: newId(), parentId: id, repoId: q.repoId, chapterId, sort }));
    }
    await this.insertRows(db, rows, userId, at);
    return ids;
  }

  /** Writes el_qu rows and their options. */
  private async insertRows(db: Executor, rows: RowToInsert[], userId: string, at: number): Promise<void> {
    const qus: ElQuTable[] = [];
    const options: ElQuAnswerTable[] = [];
    for (const { q, id, parentId, repoId, chapterId, sort } of rows) {
      qus.push({
        id, repoId, parentId, quType: q.quType, level: q.level, content: sanitizeRichText(q.content), analysis: sanitizeRichText(q.analysis),
        image: q.image, video: q.video ?? '', chapterId, ...typeFields(q), sort, deleted: 0, createBy: userId, createTime: at, updateTime: at,
      });
      q.answerList.forEach((o, i) => options.push({ id: newId(), quId: id, ...optionFields(q.quType, o, i) }));
    }
    await repo.insertQus(db, qus);
    await repo.insertOptions(db, options);
  }

  /** Live top-level questions among `ids` (each once); 20020004 when any is missing. */
  private async requireLive(trx: Executor, ids: string[]) {
    const unique = [...new Set(ids)];
    const rows = await repo.liveTopLevel(trx, unique);
    if (rows.length !== unique.length) throw new AppError(QuError.QU_GONE);
    return { ids: unique, rows };
  }

  /**
   * Moves questions (their sub-questions follow) to bank `repoId`, into `chapterId` of that bank or
   * no chapter. One transaction; answers how many questions moved. Errors 10010003 (bank), 20020001,
   * 20020004.
   */
  async batchMove(req: QuBatchRepoReq): Promise<{ count: number }> {
    return this.db.transaction().execute(async (trx) => {
      const { ids } = await this.requireLive(trx, req.ids);
      await this.ctx.services.repo.require(trx, req.repoId);
      if (req.chapterId) await this.ctx.services.repo.requireChapter(trx, req.chapterId, req.repoId);
      await repo.updateWithSubs(trx, ids, { repoId: req.repoId, chapterId: req.chapterId, updateTime: now() });
      return { count: ids.length };
    });
  }

  /**
   * Copies questions (deep: options and sub-questions, new ids) into bank `repoId` and optionally
   * one of its chapters. One transaction; answers how many questions were copied.
   */
  async batchCopy(req: QuBatchRepoReq, userId: string): Promise<{ count: number }> {
    return this.db.transaction().execute(async (trx) => {
      const { ids } = await this.requireLive(trx, req.ids);
      await this.ctx.services.repo.require(trx, req.repoId);
      if (req.chapterId) await this.ctx.services.repo.requireChapter(trx, req.chapterId, req.repoId);
      const qus = await repo.liveQus(trx, ids);
      const subs = await repo.subsOf(trx, qus.filter((q) => q.quType === QuType.MIX).map((q) => q.id));
      const options = await repo.optionsOf(trx, [...qus, ...subs].map((q) => q.id));
      const asNew = (q: ElQuTable): NewSubQuestion => {
        const d = subDetail(q, options);
        return { quType: q.quType, level: q.level, content: q.content, analysis: q.analysis, image: q.image, video: q.video, answer: q.answer, blankOpts: d.blankOpts, keywords: d.keywords, answerList: d.answerList };
      };
      const list: NewQuestion[] = qus.map((q) => ({
        ...asNew(q),
        video: q.video,
        repoId: req.repoId,
        chapterId: req.chapterId,
        subList: subs.filter((s) => s.parentId === q.id).map(asNew),
      }));
      await this.insertMany(trx, list, userId, now());
      return { count: list.length };
    });
  }

  /** Sets the level (1 normal, 2 hard) of questions; one transaction. Errors 20020004. */
  async batchLevel(ids: string[], level: number): Promise<{ count: number }> {
    return this.db.transaction().execute(async (trx) => {
      const live = await this.requireLive(trx, ids);
      await repo.setLevel(trx, live.ids, level, now());
      return { count: live.ids.length };
    });
  }

  /**
   * Puts questions (all of the chapter's bank) into a chapter; one transaction. Errors 20020005
   * (chapter gone), 20020002 (a question of another bank), 20020004.
   */
  async batchChapter(ids: string[], chapterId: string): Promise<{ count: number }> {
    return this.db.transaction().execute(async (trx) => {
      const live = await this.requireLive(trx, ids);
      const chapter = await this.ctx.services.repo.requireChapter(trx, chapterId);
      if (live.rows.some((r) => r.repoId !== chapter.repoId)) throw new AppError(QuError.MIXED_REPOS);
      await repo.updateWithSubs(trx, live.ids, { chapterId, updateTime: now() });
      return { count: live.ids.length };
    });
  }

  /** Takes questions out of their chapters; one transaction. Errors 20020004. */
  async batchChapterClear(ids: string[]): Promise<{ count: number }> {
    return this.db.transaction().execute(async (trx) => {
      const live = await this.requireLive(trx, ids);
      await repo.updateWithSubs(trx, live.ids, { chapterId: '', updateTime: now() });
      return { count: live.ids.length };
    });
  }

  /** `[{repoId, chapterId, quType, count}]` of live top-level questions per chapter ('' none) and type (chapter counts). */
  chapterTypeCounts(db: Executor, repoIds: string[]) {
    return repo.chapterTypeCounts(db, repoIds);
  }

  /** Number of live top-level questions in the given chapters (chapter deletion). */
  countInChapters(db: Executor, chapterIds: string[]): Promise<number> {
    return repo.countInChapters(db, chapterIds);
  }

  /** Live sub-questions of combined questions (papers, export), in order. */
  subs(db: Executor, parentIds: string[], withDeleted = false) {
    return repo.subsOf(db, parentIds, withDeleted);
  }
}

/** One el_qu row to write: the question, its id, parent ('' top-level), bank, chapter and order. */
interface RowToInsert {
  q: NewSubQuestion;
  id: string;
  parentId: string;
  repoId: string;
  chapterId: string;
  sort: number;
}
