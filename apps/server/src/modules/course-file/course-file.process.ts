/**
 * Media processing of a course file, run as a background job (MEDIA_JOB on the platform's queue,
 * pinned to the node that holds the upload; issue 11 "Video processing with visible progress"):
 *
 * - video: ffprobe → duration (whole seconds, 0 when unknown) and fileSize; with ffmpeg, HLS
 *   renditions (360p/720p, never above the source's height) into DATA_DIR/hls/<videoId>/ with a
 *   master playlist → hlsUrl `/api/course/file/hls/<videoId>/master.m3u8`. Without ffmpeg the mp4
 *   is played as uploaded (dbsczt 2, hlsUrl ''), without ffprobe the duration is 0.
 * - document: a PDF's page count (pdfjs-dist); an Office file is converted to PDF with LibreOffice
 *   headless and the PDF stored as a new upload that becomes the file's `fileUrl`.
 *
 * dbsczt moves 0 → 1 (progress 0–100 in the row and in the job) → 2 ready, or 3 with failMsg.
 * Every write is conditional on the row still pointing to the file the job started with
 * (`updateIfFile`): a job for a file replaced meanwhile changes nothing and removes what it made.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CourseFileError, CourseFileType, hlsMasterUrl, MediaState } from '@kaopei/contracts/course-file';
import { extOf, FILE_VIEW_PREFIX } from '@kaopei/contracts/sys-file';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { errorText, type JobContext } from '../../platform/jobs';
import type { ModuleContext } from '../../platform/module';
import { hasTool, officeToPdf, pdfPageCount, probe, transcodeHls } from './course-file.media';
import * as repo from './course-file.repository';
import type { ElCourseFileTable } from './course-file.tables';

/** Job type of the media processing. */
export const MEDIA_JOB = 'courseFile.media';

/** What the job is queued with: the file row and the file it is to process. */
export interface MediaJobPayload {
  id: string;
  fileUrl: string;
}

/** Row progress is written at most this often (ms); the job's own progress is throttled by the queue. */
const ROW_PROGRESS_MS = 1000;

type MediaResult = Partial<Pick<ElCourseFileTable, 'fileUrl' | 'fileSize' | 'duration' | 'pageCount' | 'hlsUrl' | 'videoId'>>;

export class MediaProcessor {
  constructor(
    private readonly ctx: ModuleContext<'sysFile'>,
    private readonly hlsRoot: string,
  ) {}

  /** Removes the HLS batch `videoId` (no error when it is gone). */
  async removeBatch(videoId: string): Promise<void> {
    if (/^[0-9a-f]{32}$/.test(videoId)) await fs.promises.rm(path.join(this.hlsRoot, videoId), { recursive: true, force: true });
  }

  /**
   * Processes the file of `payload`. Answers what it did (`{state, ...}`; `outdated` when the row is
   * gone or points to another file now). A processing failure marks the row failed (dbsczt 3,
   * failMsg) and fails the job with the same reason (AppError, not retried); a server shutdown
   * (job.signal) rethrows so the job runs again later.
   */
  async run(payload: MediaJobPayload, job: JobContext): Promise<unknown> {
    const { id, fileUrl } = payload;
    const row = await repo.findById(this.ctx.db, id);
    if (!row || row.fileUrl !== fileUrl || !fileUrl) return { state: 'outdated' };
    if ((await repo.updateIfFile(this.ctx.db, id, fileUrl, { dbsczt: MediaState.PROCESSING, progress: 0, failMsg: '' })) === 0) return { state: 'outdated' };
    await job.progress(0, '准备处理');
    const work = path.join(this.ctx.config.dataDir, 'tmp', `media-${newId()}`);
    let videoId = '';
    try {
      await fs.promises.mkdir(work, { recursive: true });
      const src = await this.fetch(fileUrl, work);
      let result: MediaResult;
      if (row.fileType === CourseFileType.VIDEO) {
        videoId = randomBytes(16).toString('hex');
        result = await this.video(src, id, fileUrl, videoId, job);
        if (!result.videoId) videoId = '';
      } else {
        result = await this.document(src, row, job);
      }
      const n = await repo.updateIfFile(this.ctx.db, id, fileUrl, { ...result, dbsczt: MediaState.READY, progress: 100, failMsg: '' });
      if (n === 0) {
        if (videoId) await this.removeBatch(videoId);
        return { state: 'outdated' };
      }
      await job.progress(100, '处理完成');
      return { state: 'ready', ...result };
    } catch (err) {
      if (videoId) await this.removeBatch(videoId);
      if (job.signal.aborted) throw err;
      const msg = err instanceof AppError ? err.message : `课件处理失败：${errorText(err)}`.slice(0, 480);
      await repo.updateIfFile(this.ctx.db, id, fileUrl, { dbsczt: MediaState.FAILED, progress: 0, failMsg: msg });
      throw new AppError(CourseFileError.MEDIA_FAILED, msg);
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /** Copies the stored file of `fileUrl` (whatever storage holds it) to `work/src.<ext>`. */
  private async fetch(fileUrl: string, work: string): Promise<string> {
    const param = fileUrl.startsWith(FILE_VIEW_PREFIX) ? fileUrl.slice(FILE_VIEW_PREFIX.length) : '';
    const answer = await this.ctx.services.sysFile.open(param, false);
    const src = path.join(work, `src.${extOf(fileUrl)}`);
    const body = Buffer.isBuffer(answer.body) ? Readable.from([answer.body]) : answer.body;
    await pipeline(body, fs.createWriteStream(src));
    return src;
  }

  /** A throttled writer of the row's progress (only while it still points to `fileUrl`). */
  private rowProgress(id: string, fileUrl: string, job: JobContext) {
    let last = 0;
    return async (pct: number, message: string) => {
      await job.progress(pct, message);
      const at = Date.now();
      if (at - last < ROW_PROGRESS_MS) return;
      last = at;
      await repo.updateIfFile(this.ctx.db, id, fileUrl, { progress: Math.max(0, Math.min(99, Math.round(pct))) });
    };
  }

  private async video(src: string, id: string, fileUrl: string, videoId: string, job: JobContext): Promise<MediaResult> {
    const fileSize = (await fs.promises.stat(src)).size;
    if (!(await hasTool('ffprobe'))) return { fileSize, duration: 0, hlsUrl: '', videoId: '' };
    const info = await probe(src, job.signal).catch(() => {
      throw new AppError(CourseFileError.MEDIA_FAILED, '视频文件无法读取，请重新上传！');
    });
    if (!(await hasTool('ffmpeg'))) return { fileSize, duration: info.duration, hlsUrl: '', videoId: '' };
    const report = this.rowProgress(id, fileUrl, job);
    await report(1, '视频转码中');
    await transcodeHls(src, path.join(this.hlsRoot, videoId), info, (f) => report(1 + f * 98, '视频转码中'), job.signal);
    return { fileSize, duration: info.duration, hlsUrl: hlsMasterUrl(videoId), videoId };
  }

  private async document(src: string, row: ElCourseFileTable, job: JobContext): Promise<MediaResult> {
    const ext = extOf(src);
    if (ext === 'pdf') {
      const pageCount = await pdfPageCount(src).catch(() => {
        throw new AppError(CourseFileError.MEDIA_FAILED, 'PDF文件无法读取，请重新上传！');
      });
      return { fileSize: (await fs.promises.stat(src)).size, pageCount };
    }
    if (!(await hasTool('soffice'))) throw new AppError(CourseFileError.NO_CONVERTER);
    await job.progress(10, '文档转换中');
    const pdf = await officeToPdf(src, path.dirname(src), job.signal);
    const pageCount = await pdfPageCount(pdf);
    const size = (await fs.promises.stat(pdf)).size;
    const stored = await this.ctx.services.sysFile.save({ path: pdf, name: `${row.title.slice(0, 180)}.pdf`, size }, row.createBy);
    return { fileUrl: stored.url, fileSize: size, pageCount };
  }
}
