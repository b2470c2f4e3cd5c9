/**
 * The spreadsheet import as a background job (SPEC §8 import; job type `qu.import`):
 *
 * 1. `start`: the upload (already a temporary file of at most IMPORT_MAX_BYTES) is moved to
 *    `DATA_DIR/imports/<id>.xlsx` and a job pinned to this process (the file is on its disk) is queued;
 *    the call answers `{jobId}` at once and the web polls /api/sys/job/detail for progress.
 * 2. `run`: the file is read by the streaming parser with its caps (qu.import.ts: uncompressed
 *    size, rows, cell length, error list), so memory stays bounded whatever the upload; any error
 *    imports nothing. Chapters the file names (所属章节, a Moodle category below the bank) are
 *    created in the import's transaction when missing (repo.ensureChapter). Questions the target bank already holds (same type and same content) are
 *    duplicates: in 'ask' mode nothing is imported and the result says `needConfirm` (the file is kept
 *    for the confirmation), 'skip' leaves them out, 'import' imports them again. Everything is
 *    inserted in one transaction (all or nothing).
 * 3. `confirm`: after 'ask', the same file is imported again with 'skip' or 'import'.
 * Files are removed when their import ends; files waiting for a confirmation are removed after
 * KEEP_MS by the module's cleanup task.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DUP_MODES, IMPORT_FORMATS, QU_IMPORT_JOB, importResult, type DupMode, type ImportFormat, type ImportResult, type ImportUnmapped } from '@kaopei/contracts/qu';
import type { Executor } from '../../db';
import type { ModuleContext } from '../../platform/module';
import type { JobContext } from '../../platform/jobs';
import type { UploadedFile } from '../../platform/router';
import { badParams, notFound } from '../../lib/errors';
import { getNodeId, newId } from '../../lib/ids';
import { now } from '../../lib/time';
import { sanitizeRichText } from '../../lib/sanitize';
import { parseQuestionFile, type ParsedQuestion, type ParsedSubQuestion } from './qu.import';
import { detectFormat, MSG_UNKNOWN_FORMAT, readInterchangeFile, rewriteFiles, toNewQuestion } from './qu.interchange-import';
import type { IxFormat, IxParsed, IxQuestion } from './qu.interchange';
import type { NewQuestion, NewSubQuestion } from './qu.rows';
import type { QuService } from './qu.service';

/** The duplicate key of a question: same type and same (sanitised) content. */
function contentKey(quType: number, content: string): string {
  return `${quType}\u0000${content}`;
}

/** A sub-question read from the spreadsheet as the service inserts it. */
function sheetSubToNew(q: ParsedSubQuestion): NewSubQuestion {
  return {
    quType: q.quType, level: q.level, content: q.content, analysis: q.analysis, image: q.image, video: q.video, answer: q.answer, keywords: q.keywords,
    blankOpts: q.blankOpts, answerList: q.answerList.map((o) => ({ content: o.content, isRight: o.isRight, analysis: o.analysis, image: o.image, answer: o.answer })),
  };
}

/** A question read from the spreadsheet as the service inserts it into bank `repoId` and chapter `chapterId` ('' none). */
function sheetToNew(q: ParsedQuestion, repoId: string, chapterId: string): NewQuestion {
  return { ...sheetSubToNew(q), repoId, chapterId, video: q.video, subList: q.subList.map(sheetSubToNew) };
}

/** How long an upload waiting for a duplicate confirmation is kept (ms). */
export const KEEP_MS = 24 * 3600_000;
/** Duplicates listed in a result. */
const DUP_LIST = 20;

const payloadSchema = z.object({
  file: z.string(),
  repoId: z.string().optional(),
  dupMode: z.enum(DUP_MODES),
  /** Absent in jobs queued before the interchange formats: xlsx. */
  format: z.enum(IMPORT_FORMATS).default('xlsx'),
  userId: z.string(),
  nodeId: z.number().int(),
});
type ImportPayload = z.infer<typeof payloadSchema>;

const emptyResult = (): ImportResult => ({ imported: 0, skipped: 0, duplicates: 0, needConfirm: false, duplicateList: [], errors: [], totalErrors: 0, unmapped: [], notes: [] });

/** Reads the first KiB of a file as text (format sniffing of .txt uploads). */
function headOf(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    return buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0)).toString('utf8');
  } finally {
    fs.closeSync(fd);
  }
}

/** MSG for an interchange file whose questions have no category while no bank was chosen. */
export const MSG_NEED_REPO = '文件中的试题没有分类（题库），请选择要导入到的题库！';

/** The imported questions with their 1-based position in the file (skipped ones counted too). */
function numberQuestions(parsed: IxParsed): { q: IxQuestion; no: number }[] {
  const skipped = new Set(parsed.skipped.map((s) => s.no));
  let no = 0;
  return parsed.questions.map((q) => {
    do no++;
    while (skipped.has(no));
    return { q, no };
  });
}

export class QuImporter {
  constructor(
    private readonly ctx: ModuleContext<'repo' | 'sysFile'>,
    private readonly qus: QuService,
  ) {}

  private get dir() {
    return path.join(this.ctx.config.dataDir, 'imports');
  }

  /** Queues the import of an uploaded file; answers the job id. 10010003 when `repoId` names no live bank. */
  async start(file: UploadedFile, fields: { repoId?: string; dupMode: DupMode; format?: ImportFormat }, userId: string): Promise<{ jobId: string }> {
    if (fields.repoId) await this.ctx.services.repo.require(this.ctx.db, fields.repoId);
    const format = detectFormat(file.name, fields.format, () => headOf(file.path));
    if (!format) throw badParams(MSG_UNKNOWN_FORMAT);
    fs.mkdirSync(this.dir, { recursive: true });
    const kept = path.join(this.dir, `${newId()}.${format === 'xlsx' ? 'xlsx' : 'txt'}`);
    fs.renameSync(file.path, kept);
    return this.enqueue({ file: kept, repoId: fields.repoId, dupMode: fields.dupMode, format, userId, nodeId: getNodeId() });
  }

  /** Imports the file of an 'ask' job again with `dupMode`. 10010003 for a job that is not the caller's import. */
  async confirm(jobId: string, dupMode: 'skip' | 'import', userId: string): Promise<{ jobId: string }> {
    const job = await this.ctx.jobs.get(jobId);
    if (!job || job.type !== QU_IMPORT_JOB || job.createBy !== userId) throw notFound('导入任务不存在！');
    const result = importResult.safeParse(job.result);
    const payload = payloadSchema.safeParse(job.payload);
    if (!result.success || !result.data.needConfirm || !payload.success) throw badParams('该导入任务无需确认！');
    if (payload.data.nodeId === getNodeId() && !fs.existsSync(payload.data.file)) throw badParams('导入文件已过期，请重新上传！');
    return this.enqueue({ ...payload.data, dupMode });
  }

  private async enqueue(payload: ImportPayload): Promise<{ jobId: string }> {
    const jobId = await this.ctx.jobs.enqueue(QU_IMPORT_JOB, payload, { userId: payload.userId, pinTo: payload.nodeId, maxAttempts: 1 });
    return { jobId };
  }

  /** The job: parse, check duplicates, insert. Answers the ImportResult. */
  async run(raw: unknown, job: JobContext): Promise<ImportResult> {
    const p = payloadSchema.parse(raw);
    let keepFile = false;
    try {
      if (!fs.existsSync(p.file)) throw badParams('导入文件已过期，请重新上传！');
      if (p.repoId) await this.ctx.services.repo.require(this.ctx.db, p.repoId);
      await job.progress(1, '正在读取文件…');
      if (p.format !== 'xlsx') {
        const r = await this.runInterchange(p, p.format, job);
        keepFile = r.needConfirm;
        return r;
      }
      const parsed = await parseQuestionFile(p.file, {
        repoFromFile: !p.repoId,
        signal: job.signal,
        // Rows read so far → 1–60 % (the total is not known before the end of a streamed sheet).
        onProgress: ({ rows }) => void job.progress(1 + (59 * rows) / (rows + 2000), `已读取${rows}行`),
      });
      if (parsed.errors.length) return { ...emptyResult(), errors: parsed.errors, totalErrors: parsed.totalErrors };

      await job.progress(60, '正在检查重复试题…');
      const titles = p.repoId ? new Map<string, string>() : await this.ctx.services.repo.idsByTitles(this.ctx.db, parsed.questions.map((q) => q.repoTitle));
      const bankOf = (title: string) => p.repoId ?? titles.get(title);
      const banks = [...new Set(parsed.questions.map((q) => bankOf(q.repoTitle)).filter((id): id is string => !!id))];
      const known = new Set((await this.qus.contents(this.ctx.db, banks)).map((r) => `${r.repoId}\u0000${contentKey(r.quType, r.content)}`));
      const duplicates = parsed.questions.filter((q) => known.has(`${bankOf(q.repoTitle) ?? ''}\u0000${contentKey(q.quType, sanitizeRichText(q.content))}`));
      const result = { ...emptyResult(), duplicates: duplicates.length };
      if (duplicates.length && p.dupMode === 'ask') {
        keepFile = true;
        return {
          ...result,
          needConfirm: true,
          duplicateList: duplicates.slice(0, DUP_LIST).map((q) => ({ row: q.rows[0] ?? 0, content: q.content.slice(0, 200), repoTitle: q.repoTitle })),
        };
      }
      const dup = new Set(duplicates);
      const list = p.dupMode === 'skip' ? parsed.questions.filter((q) => !dup.has(q)) : parsed.questions;

      await job.progress(70, `正在导入${list.length}道试题…`);
      await this.ctx.db.transaction().execute(async (trx) => {
        const repoIds = p.repoId ? null : await this.ctx.services.repo.ensureByTitles(trx, list.map((q) => q.repoTitle), p.userId);
        const bankOf = (q: ParsedQuestion) => p.repoId ?? (repoIds?.get(q.repoTitle) as string);
        const chapters = await this.ensureChapters(trx, list.map((q) => ({ repoId: bankOf(q), chapter: q.chapter })));
        const rows: NewQuestion[] = list.map((q) => sheetToNew(q, bankOf(q), chapters.get(`${bankOf(q)}\u0000${q.chapter}`) ?? ''));
        await this.qus.insertMany(trx, rows, p.userId, now());
      });
      return { ...result, imported: list.length, skipped: parsed.questions.length - list.length };
    } finally {
      if (!keepFile) fs.rmSync(p.file, { force: true });
    }
  }

  /**
   * A Moodle XML / GIFT / Aiken import: read (qu.interchange-import.ts), refuse the whole file when
   * it is broken or nothing maps (the report lists why per question), duplicates as for the
   * spreadsheet, embedded files stored as uploads, then every question inserted in one transaction.
   */
  private async runInterchange(p: ImportPayload, format: IxFormat, job: JobContext): Promise<ImportResult> {
    const parsed: IxParsed = await readInterchangeFile(p.file, format);
    job.signal.throwIfAborted();
    const report = (list: IxParsed['skipped']): ImportUnmapped[] => list.map((s) => ({ no: s.no, type: s.type, name: s.name, reason: s.reason }));
    const unmapped = report(parsed.skipped);
    if (parsed.error) return { ...emptyResult(), errors: [{ row: 0, msg: parsed.error }], totalErrors: 1, unmapped };
    if (!p.repoId && parsed.questions.some((q) => q.repoTitle === '')) return { ...emptyResult(), errors: [{ row: 0, msg: MSG_NEED_REPO }], totalErrors: 1, unmapped };
    await job.progress(40, `已读取${parsed.questions.length}道试题，正在检查重复试题…`);
    const numbered = numberQuestions(parsed);
    const titles = p.repoId ? new Map<string, string>() : await this.ctx.services.repo.idsByTitles(this.ctx.db, parsed.questions.map((q) => q.repoTitle));
    const bankOf = (q: IxQuestion) => p.repoId ?? titles.get(q.repoTitle);
    const banks = [...new Set(parsed.questions.map(bankOf).filter((id): id is string => !!id))];
    const known = new Set((await this.qus.contents(this.ctx.db, banks)).map((r) => `${r.repoId}\u0000${contentKey(r.quType, r.content)}`));
    const duplicates = numbered.filter(({ q }) => known.has(`${bankOf(q) ?? ''}\u0000${contentKey(q.quType, sanitizeRichText(q.content))}`));
    const notes = numbered.flatMap(({ q, no }) => (q.notes.length ? [{ no, type: String(q.quType), name: q.name, reason: q.notes.join('；') }] : []));
    const result = { ...emptyResult(), duplicates: duplicates.length, unmapped, notes };
    if (duplicates.length && p.dupMode === 'ask') {
      return {
        ...result,
        needConfirm: true,
        duplicateList: duplicates.slice(0, DUP_LIST).map(({ q, no }) => ({ row: no, content: q.content.slice(0, 200), repoTitle: q.repoTitle })),
      };
    }
    const dup = new Set(duplicates.map((d) => d.q));
    const list = p.dupMode === 'skip' ? parsed.questions.filter((q) => !dup.has(q)) : parsed.questions;
    await job.progress(60, '正在保存文件中的图片和音频…');
    const urls = await this.storeFiles(parsed, list, p.userId);
    await job.progress(70, `正在导入${list.length}道试题…`);
    await this.ctx.db.transaction().execute(async (trx) => {
      const repoIds = p.repoId ? null : await this.ctx.services.repo.ensureByTitles(trx, list.map((q) => q.repoTitle), p.userId);
      const bankOf = (q: IxQuestion) => p.repoId ?? (repoIds?.get(q.repoTitle) as string);
      const chapters = await this.ensureChapters(trx, list.map((q) => ({ repoId: bankOf(q), chapter: q.chapter })));
      const rows = list.map((q) => toNewQuestion(rewriteFiles(q, urls), bankOf(q), chapters.get(`${bankOf(q)}\u0000${q.chapter}`) ?? ''));
      await this.qus.insertMany(trx, rows, p.userId, now());
    });
    return { ...result, imported: list.length, skipped: parsed.questions.length - list.length };
  }

  /**
   * Chapter ids of `(bank, chapter title)` pairs, created when missing (repo.ensureChapter, race-safe);
   * keyed `${repoId}\u0000${title}`, pairs with a blank title left out. Runs in the import's transaction.
   */
  private async ensureChapters(trx: Executor, pairs: { repoId: string; chapter: string }[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const { repoId, chapter } of pairs) {
      const key = `${repoId}\u0000${chapter}`;
      if (chapter.trim() === '' || out.has(key)) continue;
      out.set(key, await this.ctx.services.repo.ensureChapter(trx, repoId, chapter));
    }
    return out;
  }

  /** Stores the embedded files the imported questions refer to; answers name → url. */
  private async storeFiles(parsed: IxParsed, list: IxQuestion[], userId: string): Promise<Map<string, string>> {
    const urls = new Map<string, string>();
    if (parsed.files.size === 0) return urls;
    const used = JSON.stringify(list);
    fs.mkdirSync(this.dir, { recursive: true });
    for (const f of parsed.files.values()) {
      if (!used.includes(`@@PLUGINFILE@@/${f.name}`) && !used.includes(`@@PLUGINFILE@@/${encodeURIComponent(f.name)}`)) continue;
      const tmp = path.join(this.dir, `${newId()}-${path.basename(f.name)}`);
      fs.writeFileSync(tmp, f.data);
      try {
        const saved = await this.ctx.services.sysFile.save({ path: tmp, name: f.name, size: f.data.length }, userId);
        urls.set(f.name, saved.url);
      } catch {
        // A file of a type or size uploads refuse: its reference stays, the question still imports.
      } finally {
        fs.rmSync(tmp, { force: true });
      }
    }
    return urls;
  }

  /** Removes uploads older than KEEP_MS (waiting confirmations that nobody gave). Answers how many. */
  async cleanup(): Promise<number> {
    if (!fs.existsSync(this.dir)) return 0;
    let removed = 0;
    for (const f of fs.readdirSync(this.dir)) {
      const file = path.join(this.dir, f);
      if (Date.now() - fs.statSync(file).mtimeMs > KEEP_MS) {
        fs.rmSync(file, { force: true });
        removed++;
      }
    }
    return removed;
  }
}
