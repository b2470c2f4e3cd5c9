/**
 * The spreadsheet import as a background job (SPEC §8 import; job type `qu.import`):
 *
 * 1. `start`: the upload (already a temporary file of at most IMPORT_MAX_BYTES) is moved to
 *    `DATA_DIR/imports/<id>.xlsx` and a job pinned to this process (the file is on its disk) is queued;
 *    the call answers `{jobId}` at once and the web polls /api/sys/job/detail for progress.
 * 2. `run`: the file is read by the streaming parser with its caps (qu.import.ts: uncompressed
 *    size, rows, cell length, error list), so memory stays bounded whatever the upload; any error
 *    imports nothing. Questions the target bank already holds (same type and same content) are
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
import { DUP_MODES, QU_IMPORT_JOB, importResult, type DupMode, type ImportResult } from '@kaopei/contracts/qu';
import type { ModuleContext } from '../../platform/module';
import type { JobContext } from '../../platform/jobs';
import type { UploadedFile } from '../../platform/router';
import { badParams, notFound } from '../../lib/errors';
import { getNodeId, newId } from '../../lib/ids';
import { now } from '../../lib/time';
import { sanitizeRichText } from '../../lib/sanitize';
import { parseQuestionFile } from './qu.import';
import type { NewQuestion, QuService } from './qu.service';

/** The duplicate key of a question: same type and same (sanitised) content. */
function contentKey(quType: number, content: string): string {
  return `${quType}\u0000${content}`;
}

/** How long an upload waiting for a duplicate confirmation is kept (ms). */
export const KEEP_MS = 24 * 3600_000;
/** Duplicates listed in a result. */
const DUP_LIST = 20;

const payloadSchema = z.object({
  file: z.string(),
  repoId: z.string().optional(),
  dupMode: z.enum(DUP_MODES),
  userId: z.string(),
  nodeId: z.number().int(),
});
type ImportPayload = z.infer<typeof payloadSchema>;

const emptyResult = (): ImportResult => ({ imported: 0, skipped: 0, duplicates: 0, needConfirm: false, duplicateList: [], errors: [], totalErrors: 0 });

export class QuImporter {
  constructor(
    private readonly ctx: ModuleContext<'repo'>,
    private readonly qus: QuService,
  ) {}

  private get dir() {
    return path.join(this.ctx.config.dataDir, 'imports');
  }

  /** Queues the import of an uploaded file; answers the job id. 10010003 when `repoId` names no live bank. */
  async start(file: UploadedFile, fields: { repoId?: string; dupMode: DupMode }, userId: string): Promise<{ jobId: string }> {
    if (fields.repoId) await this.ctx.services.repo.require(this.ctx.db, fields.repoId);
    fs.mkdirSync(this.dir, { recursive: true });
    const kept = path.join(this.dir, `${newId()}.xlsx`);
    fs.renameSync(file.path, kept);
    return this.enqueue({ file: kept, repoId: fields.repoId, dupMode: fields.dupMode, userId, nodeId: getNodeId() });
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
        const rows: NewQuestion[] = list.map((q) => ({ ...q, repoId: p.repoId ?? (repoIds?.get(q.repoTitle) as string) }));
        await this.qus.insertMany(trx, rows, p.userId, now());
      });
      return { ...result, imported: list.length, skipped: parsed.questions.length - list.length };
    } finally {
      if (!keepFile) fs.rmSync(p.file, { force: true });
    }
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
