/**
 * The course file library (issue 11; SPEC §3 "Course file", §4 "Course files", §5 "Course files",
 * §7 /api/course/file/*): links (11), documents (22) and videos (33) that courses are made of.
 *
 * - `save` checks the type's fields (links an http(s) address; documents and videos a file uploaded
 *   through /api/common/file/upload of the right formats), keeps the type fixed on edit, and queues
 *   the media processing (course-file.process.ts) of a new or replaced file: dbsczt 0 (§4).
 * - `paging`/`detail`/`delete` work within the caller's data scope (department subtree).
 * - `byIds` is what courses and the players read (CourseFileInfo).
 * - `registerUsage` is the hook by which the course module refuses deleting a file a course uses.
 * - `openHls` serves the HLS playlists and segments of a ready video to logged-in users.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { Page } from '@kaopei/contracts';
import {
  COURSE_DOC_EXTS, COURSE_FILE_CAT_DIC, COURSE_FILE_SAVED, COURSE_FILE_TYPE_LABEL, COURSE_VIDEO_EXTS, CourseFileError, CourseFileType,
  MEDIA_STATE_LABEL, MediaState, type CourseFileInfo, type courseFilePagingReq, type CourseFileRecord, type courseFileSaveReq,
} from '@kaopei/contracts/course-file';
import type { DicValueNode } from '@kaopei/contracts/sys-dic';
import { extOf } from '@kaopei/contracts/sys-file';
import { deptInScope } from '../../lib/dept-scope';
import { withDictText } from '../../lib/dict-text';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { getNodeId, newId } from '../../lib/ids';
import { formatTimeStrict, now } from '../../lib/time';
import type { AuthUser } from '../../platform/auth';
import type { JobContext } from '../../platform/jobs';
import type { ModuleContext } from '../../platform/module';
import type { FileAnswer } from '../../platform/router';
import { markSeeded, seededKeys } from '../../platform/seed-log';
import { hasTool } from './course-file.media';
import { MediaProcessor, MEDIA_JOB, type MediaJobPayload } from './course-file.process';
import * as repo from './course-file.repository';
import type { ElCourseFileTable } from './course-file.tables';

const GONE = '课件不存在或已被删除！';
const SEED_KIND = 'courseFile.dic';
/** The categories seeded with the dictionary (value code, label). */
const SEED_CATS: readonly (readonly [string, string])[] = [['general', '通用课件'], ['safety', '安全培训'], ['skill', '专业技能']];
const OFFICE_EXTS: readonly string[] = COURSE_DOC_EXTS.filter((e) => e !== 'pdf');
/** `<videoId>` of an HLS batch and the file names inside it. */
const VIDEO_ID = /^[0-9a-f]{32}$/;
const HLS_NAME = /^(?:(?:master|\d{2,4}p)\.m3u8|\d{2,4}p_\d{3,6}\.ts)$/;

/** Answers the ids among `ids` that something (a course) still uses. */
export type UsageCheck = (ids: readonly string[]) => Promise<readonly string[]>;

type Admin = Pick<AuthUser, 'userId' | 'roleIds' | 'deptCode'>;

export class CourseFileService {
  /** Where HLS batches live: DATA_DIR/hls/<videoId>/. */
  readonly hlsRoot: string;
  readonly processor: MediaProcessor;
  private readonly usageChecks: UsageCheck[] = [];

  constructor(private readonly ctx: ModuleContext<'sysRole' | 'sysFile' | 'sysDic'>) {
    this.hlsRoot = path.join(ctx.config.dataDir, 'hls');
    this.processor = new MediaProcessor(ctx, this.hlsRoot);
  }

  /**
   * Seeds the course-file category dictionary (COURSE_FILE_CAT_DIC, 课件分类, with three top-level
   * categories) through the dictionary service once: never again after an administrator deleted it
   * (seed log), and not when it already exists. Another process seeding at the same instant is fine.
   */
  async seedCategories(): Promise<void> {
    const dics = this.ctx.services.sysDic;
    if ((await seededKeys(this.ctx.db, SEED_KIND)).has(COURSE_FILE_CAT_DIC)) return;
    const exists = await dics.valueTree(COURSE_FILE_CAT_DIC).then(
      () => true,
      () => false,
    );
    try {
      if (!exists) {
        await dics.save({ parentId: '', title: '课件分类', dicCode: COURSE_FILE_CAT_DIC, remark: '课件库的分类（可多级，课件的 catId 存字典项值）', sort: 20 });
        for (const [sort, [value, title]] of SEED_CATS.entries()) await dics.saveValue({ dicCode: COURSE_FILE_CAT_DIC, parentId: '', value, title, sort });
      }
      await markSeeded(this.ctx.db, SEED_KIND, [COURSE_FILE_CAT_DIC], now());
    } catch (e) {
      if (!(e instanceof AppError) && !isUniqueViolation(e)) throw e; // another process seeded it just now
    }
  }

  /** Files of the library (dashboard totals, module stat). */
  count(): Promise<number> {
    return repo.countFiles(this.ctx.db);
  }

  /** The files of `ids` that exist, in the order of `ids` (missing ones left out). */
  async byIds(ids: readonly string[]): Promise<CourseFileInfo[]> {
    const rows = new Map((await repo.findByIds(this.ctx.db, ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = rows.get(id);
      return r ? [this.info(r)] : [];
    });
  }

  private info(r: ElCourseFileTable): CourseFileInfo {
    return {
      id: r.id, title: r.title, fileType: r.fileType, fileType_dictText: COURSE_FILE_TYPE_LABEL[r.fileType] ?? '', viewUrl: r.viewUrl, fileUrl: r.fileUrl,
      hlsUrl: r.hlsUrl, fileSize: Number(r.fileSize), duration: r.duration, pageCount: r.pageCount, catId: r.catId, videoId: r.videoId, dbsczt: r.dbsczt,
    };
  }

  /**
   * The course module calls this (in its `start`) with a check answering which of some file ids a
   * course uses: `delete` then refuses those with 40110004. Without a check every file may be deleted.
   */
  registerUsage(check: UsageCheck): void {
    this.usageChecks.push(check);
  }

  private async records(rows: ElCourseFileTable[]): Promise<CourseFileRecord[]> {
    const labelled = await withDictText(rows, { catId: this.ctx.services.sysDic.labeller<string>(COURSE_FILE_CAT_DIC), dbsczt: MEDIA_STATE_LABEL });
    return labelled.map((r) => ({
      ...this.info(r), catId_dictText: r.catId_dictText, dbsczt_dictText: r.dbsczt_dictText, progress: r.progress, failMsg: r.failMsg,
      createTime: formatTimeStrict(Number(r.createTime)), updateTime: formatTimeStrict(Number(r.updateTime)),
    }));
  }

  /** The category `catId` and every category below it (value codes); just `catId` when the dictionary is gone. */
  private async catWithChildren(catId: string): Promise<string[]> {
    let tree: DicValueNode[];
    try {
      tree = await this.ctx.services.sysDic.valueTree(COURSE_FILE_CAT_DIC);
    } catch {
      return [catId];
    }
    const all = (n: DicValueNode): string[] => [n.value, ...(n.children ?? []).flatMap(all)];
    const find = (nodes: DicValueNode[]): DicValueNode | undefined => {
      for (const n of nodes) {
        if (n.value === catId) return n;
        const hit = find(n.children ?? []);
        if (hit) return hit;
      }
      return undefined;
    };
    const node = find(tree);
    return node ? all(node) : [catId];
  }

  /** POST /api/course/file/paging: the library within the caller's data scope (params excludes, catId with sub-categories, title, fileType). */
  async paging(req: z.output<typeof courseFilePagingReq>, admin: Admin): Promise<Page<CourseFileRecord>> {
    const p = req.params ?? { excludes: [] };
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const catIds = p.catId ? await this.catWithChildren(p.catId) : undefined;
    const page = await repo.pageFiles(this.ctx.db, req, { excludes: p.excludes, catIds, title: p.title, fileType: p.fileType }, scope);
    return { records: await this.records(page.records), total: page.total, pages: page.pages, current: page.current, size: page.size };
  }

  /** One file of the caller's data scope; 10010003 '课件不存在或已被删除！' otherwise. */
  private async scoped(id: string, admin: Admin): Promise<ElCourseFileTable> {
    const row = await repo.findById(this.ctx.db, id);
    if (!row || !deptInScope(row.deptCode, await this.ctx.services.sysRole.dataScopeOf(admin))) throw notFound(GONE);
    return row;
  }

  /** POST /api/course/file/detail. */
  async detail(id: string, admin: Admin): Promise<CourseFileRecord> {
    return (await this.records([await this.scoped(id, admin)]))[0] as CourseFileRecord;
  }

  /** POST /api/course/file/progress: the media state of `ids` (the list polls it while a row is processing). */
  async progress(ids: string[], admin: Admin) {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const rows = (await repo.findByIds(this.ctx.db, ids)).filter((r) => deptInScope(r.deptCode, scope));
    return rows.map((r) => ({
      id: r.id, dbsczt: r.dbsczt, dbsczt_dictText: MEDIA_STATE_LABEL[r.dbsczt] ?? '', progress: r.progress, failMsg: r.failMsg,
      hlsUrl: r.hlsUrl, duration: r.duration, fileSize: Number(r.fileSize), pageCount: r.pageCount,
    }));
  }

  /**
   * The stored file a document or video points to: `fileUrl` must be a file of ours (an upload's
   * view url) whose extension fits the type (videos mp4; documents pdf/doc/docx/ppt/pptx/xls/xlsx).
   * An Office document needs LibreOffice on the server (40110003 otherwise). Answers its view url.
   */
  private async checkFile(fileType: number, fileUrl: string): Promise<string> {
    const file = await this.ctx.services.sysFile.fileOf(fileUrl);
    if (!file) throw new AppError(CourseFileError.BAD_FILE);
    const ext = extOf(file.url);
    if (fileType === CourseFileType.VIDEO && !(COURSE_VIDEO_EXTS as readonly string[]).includes(ext)) throw new AppError(CourseFileError.BAD_FILE, '视频课件只能上传mp4文件！');
    if (fileType === CourseFileType.DOC) {
      if (!(COURSE_DOC_EXTS as readonly string[]).includes(ext)) throw new AppError(CourseFileError.BAD_FILE, `文档课件只能上传${COURSE_DOC_EXTS.join('、')}文件！`);
      if (OFFICE_EXTS.includes(ext) && !(await hasTool('soffice'))) throw new AppError(CourseFileError.NO_CONVERTER);
    }
    return file.url;
  }

  /**
   * POST /api/course/file/save (SPEC §4, §5): adds or edits a file; answers its id and '课件保存成功!'.
   * A new document or video, or one whose file changed, gets dbsczt 0 with its media fields
   * (videoId, hlsUrl, duration, pages) cleared, and its processing is queued; a link is ready at
   * once. Errors: §5 messages (10010001), 40110001 type changed, 40110002 bad file, 40110003 no
   * converter, 40110005 unknown category, 10010003 unknown id or outside the data scope.
   * `opts.processNow` (the demo seed): the processing runs inside this call instead of as a queued
   * job; a processing failure leaves the row failed (dbsczt 3, failMsg) and is logged, not thrown.
   */
  async save(req: z.output<typeof courseFileSaveReq>, admin: Admin, opts: { processNow?: boolean } = {}): Promise<{ id: string; msg: string }> {
    const existing = req.id ? await this.scoped(req.id, admin) : undefined;
    if (existing && existing.fileType !== req.fileType) throw new AppError(CourseFileError.TYPE_FIXED);
    if (req.catId && !(await this.ctx.services.sysDic.labels(COURSE_FILE_CAT_DIC)).has(req.catId)) throw new AppError(CourseFileError.BAD_CAT);
    const isLink = req.fileType === CourseFileType.LINK;
    // An unchanged file of an edit is not checked again (a converted document points to its PDF).
    const fileUrl = isLink ? '' : existing && existing.fileUrl === req.fileUrl ? existing.fileUrl : await this.checkFile(req.fileType, req.fileUrl);
    const at = now();
    const base = { title: req.title, viewUrl: isLink ? req.viewUrl : '', fileUrl, catId: req.catId, updateTime: at };
    const fresh = { hlsUrl: '', videoId: '', duration: 0, pageCount: 0, fileSize: 0, progress: 0, failMsg: '', dbsczt: isLink ? MediaState.READY : MediaState.NEW };
    let id: string;
    let process = false;
    if (existing) {
      id = existing.id;
      const changed = !isLink && existing.fileUrl !== fileUrl;
      const n = await repo.updateFile(this.ctx.db, id, changed ? { ...base, ...fresh } : base);
      if (n === 0) throw notFound(GONE);
      if (changed) {
        process = true;
        if (existing.videoId) await this.processor.removeBatch(existing.videoId);
      }
    } else {
      id = newId();
      await repo.insertFile(this.ctx.db, { id, fileType: req.fileType, ...base, ...fresh, deptCode: admin.deptCode, createBy: admin.userId, createTime: at });
      process = !isLink;
    }
    if (process && opts.processNow) await this.processNow(id, fileUrl);
    else if (process) await this.queue(id, fileUrl, admin.userId);
    return { id, msg: COURSE_FILE_SAVED };
  }

  /** Queues the processing of `id`'s file `fileUrl` on this node (its upload lives on this node's disk). */
  private async queue(id: string, fileUrl: string, userId: string): Promise<void> {
    const payload: MediaJobPayload = { id, fileUrl };
    await this.ctx.jobs.enqueue(MEDIA_JOB, payload, { userId, pinTo: getNodeId(), maxAttempts: 2 });
  }

  /** Runs the processing of `id`'s file `fileUrl` now, in this call (no job; failures are logged: the row says why). */
  private async processNow(id: string, fileUrl: string): Promise<void> {
    const job: JobContext = { id: `inline-${id}`, progress: async () => undefined, signal: new AbortController().signal };
    try {
      await this.processor.run({ id, fileUrl }, job);
    } catch (err) {
      this.ctx.log.warn({ err, id }, 'course file processing failed');
    }
  }

  /** The job handler of MEDIA_JOB. */
  runJob(payload: unknown, job: JobContext): Promise<unknown> {
    return this.processor.run(payload as MediaJobPayload, job);
  }

  /**
   * POST /api/course/file/delete: deletes files of the caller's data scope (unknown ids ignored) and
   * their HLS batches; 40110004 naming the file when a course still uses one (nothing deleted).
   */
  async delete(ids: string[], admin: Admin): Promise<void> {
    const scope = await this.ctx.services.sysRole.dataScopeOf(admin);
    const rows = (await repo.findByIds(this.ctx.db, ids)).filter((r) => deptInScope(r.deptCode, scope));
    if (rows.length === 0) return;
    const found = rows.map((r) => r.id);
    for (const check of this.usageChecks) {
      const used = new Set(await check(found));
      const first = rows.find((r) => used.has(r.id));
      if (first) throw new AppError(CourseFileError.IN_USE, `课件“${first.title}”已被课程使用，不能删除！`);
    }
    await repo.deleteFiles(this.ctx.db, found);
    for (const r of rows) if (r.videoId) await this.processor.removeBatch(r.videoId);
  }

  /**
   * GET /api/course/file/hls/:videoId/:name: a playlist or segment of a ready video's HLS batch, to
   * any logged-in user (like the uploaded files themselves). Names are checked against a strict
   * pattern (no path can be reached but the batch's own files); a batch no course file points to
   * answers 10010003.
   */
  async openHls(videoId: string, name: string): Promise<FileAnswer> {
    if (!VIDEO_ID.test(videoId) || !HLS_NAME.test(name) || !(await repo.videoExists(this.ctx.db, videoId))) throw notFound('视频不存在或已被删除！');
    const file = path.join(this.hlsRoot, videoId, name);
    try {
      await fs.promises.access(file);
    } catch {
      throw notFound('视频不存在或已被删除！');
    }
    const playlist = name.endsWith('.m3u8');
    return {
      body: fs.createReadStream(file),
      fileName: name,
      contentType: playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
      disposition: 'inline',
      cacheControl: 'private, max-age=31536000, immutable',
    };
  }
}
