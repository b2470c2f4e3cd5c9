/**
 * Course files (课件; SPEC §3 "Course file", §4 "Course files", §5 "Course files", §7 /api/course/file/*,
 * issue 11): the library of links (fileType 11, `viewUrl`), documents (22, `fileUrl`: a PDF, Office
 * files converted to PDF) and videos (33, `fileUrl`: the uploaded mp4, `hlsUrl` once transcoded) that
 * courses are built from. `duration` in seconds (0: none), `fileSize` in bytes, `dbsczt` the media
 * processing state of a video (MediaState).
 */
import { z } from 'zod';
import { idReq, idsReq, pagingReq, pagingRes } from './common';
import { download, json } from './endpoint';
import { defineErrors } from './errors';

/** fileType of a course file (SPEC §3: 11 uses viewUrl, 22 uses fileUrl, 33 is video). */
export const CourseFileType = { LINK: 11, DOC: 22, VIDEO: 33 } as const;
export type CourseFileTypeValue = (typeof CourseFileType)[keyof typeof CourseFileType];
/** fileType_dictText. */
export const COURSE_FILE_TYPE_LABEL: Record<number, string> = { 11: '链接', 22: '文档', 33: '视频' };

/** dbsczt: 0 new (on create, and again when a video is replaced; SPEC §4), 1 processing, 2 ready, 3 failed. */
export const MediaState = { NEW: 0, PROCESSING: 1, READY: 2, FAILED: 3 } as const;
export const MEDIA_STATE_LABEL: Record<number, string> = { 0: '待处理', 1: '处理中', 2: '已就绪', 3: '处理失败' };

/** What another module (courses, the players) reads of a course file. */
export const courseFileInfo = z.object({
  id: z.string(),
  title: z.string(),
  fileType: z.number().int(),
  fileType_dictText: z.string(),
  /** Link files: the address opened in the page. */
  viewUrl: z.string(),
  /** Documents and videos: the stored file (a PDF for documents). */
  fileUrl: z.string(),
  /** Videos: the HLS master playlist once transcoded, '' until then (play `fileUrl`). */
  hlsUrl: z.string(),
  /** Bytes. */
  fileSize: z.number().int(),
  /** Seconds; 0 when the file has none (links, documents, an unreadable video). */
  duration: z.number().int(),
  /** Documents: pages of the PDF (0 unknown). */
  pageCount: z.number().int(),
  catId: z.string(),
  videoId: z.string(),
  dbsczt: z.number().int(),
});
export type CourseFileInfo = z.infer<typeof courseFileInfo>;

// ---------------------------------------------------------------- the library (admin ListFile)

/** Permission codes of the course file library (SPEC §6 names course:file:update). */
export const CourseFilePerm = { LIST: 'course:file:list', ADD: 'course:file:add', UPDATE: 'course:file:update', DELETE: 'course:file:delete' } as const;

/** The dictionary of course-file categories (a value tree; catId stores a value code, shown as catId_dictText). */
export const COURSE_FILE_CAT_DIC = 'course_file_cat';

/** Extensions an uploaded file of each type may have (SPEC §5 attachment types: video mp4 only). */
export const COURSE_VIDEO_EXTS = ['mp4'] as const;
export const COURSE_DOC_EXTS = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'] as const;

/** HLS renditions made of a video (height in pixels), never above the source's height (see hlsRenditions). */
export const HLS_LADDER = [360, 720] as const;

/** SPEC §8 success message of a save. */
export const COURSE_FILE_SAVED = '课件保存成功!';

/** A row of the library as the admin list shows it. `progress` 0–100 while dbsczt is 1. */
export const courseFileRecord = courseFileInfo.extend({
  catId_dictText: z.string(),
  dbsczt_dictText: z.string(),
  /** Percent of the media processing done (meaningful while dbsczt is 1). */
  progress: z.number().int(),
  /** Why processing failed (dbsczt 3), '' otherwise. */
  failMsg: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type CourseFileRecord = z.infer<typeof courseFileRecord>;

/** A list of ids as an array or one comma-separated string (the picker passes the files already chosen). */
const idList = z
  .union([z.array(z.string().max(32)).max(5000), z.string().max(200_000)], { error: '排除项格式不正确！' })
  .optional()
  .transform((v) => (typeof v === 'string' ? v.split(/[,，]/) : (v ?? [])).map((s) => s.trim()).filter(Boolean));

/** Columns the library can be sorted by. */
export const COURSE_FILE_SORT = ['title', 'fileSize', 'duration', 'createTime', 'updateTime'] as const;

/**
 * POST /api/course/file/paging params (SPEC §7): `excludes` ids left out, `catId` a category (its
 * sub-categories included), `title` contains, `fileType` 11/22/33. Newest first by default.
 */
export const courseFilePagingReq = pagingReq(
  z.object({
    excludes: idList,
    catId: z.string().trim().max(64).optional(),
    title: z.string().trim().max(200).optional(),
    fileType: z.number().int().optional(),
  }),
  { sort: COURSE_FILE_SORT },
);
export type CourseFilePagingReq = z.input<typeof courseFilePagingReq>;
export const courseFilePagingRes = pagingRes(courseFileRecord);

const FILE_TYPE_MSG = '课件类型不能为空！';
/**
 * Add (no id) or edit a course file (SPEC §5 messages). Links (11) need `viewUrl` (http/https);
 * documents (22) and videos (33) need `fileUrl`, the url /api/common/file/upload answered.
 * `fileType` cannot change on edit (the service refuses).
 */
export const courseFileSaveReq = z
  .object({
    id: z.string().trim().min(1).max(32).optional(),
    title: z.string({ error: '课件名称不能为空！' }).trim().min(1, '课件名称不能为空！').max(200, '课件名称不能超过200个字符！'),
    fileType: z.union([z.literal(CourseFileType.LINK), z.literal(CourseFileType.DOC), z.literal(CourseFileType.VIDEO)], { error: FILE_TYPE_MSG }),
    viewUrl: z.string().trim().max(1000, '链接地址不能超过1000个字符！').default(''),
    fileUrl: z.string().trim().max(1000, '课件文件地址不正确！').default(''),
    catId: z.string().trim().max(64, '课件分类不正确！').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.fileType === CourseFileType.LINK) {
      if (!v.viewUrl) ctx.addIssue({ code: 'custom', path: ['viewUrl'], message: '链接地址不能为空！' });
      else if (!/^https?:\/\/[^\s]+$/i.test(v.viewUrl)) ctx.addIssue({ code: 'custom', path: ['viewUrl'], message: '链接地址必须以http://或https://开头！' });
    } else if (!v.fileUrl) ctx.addIssue({ code: 'custom', path: ['fileUrl'], message: '课件文件必须上传！' });
  });
export type CourseFileSaveReq = z.input<typeof courseFileSaveReq>;

/** What a save answers: the id and the message of SPEC §8. */
export const courseFileSaveRes = z.object({ id: z.string(), msg: z.string() });

/** The media state of some files (the page polls it while a row is processing). */
export const courseFileProgress = z.array(z.object({ id: z.string(), dbsczt: z.number().int(), dbsczt_dictText: z.string(), progress: z.number().int(), failMsg: z.string(), hlsUrl: z.string(), duration: z.number().int(), fileSize: z.number().int(), pageCount: z.number().int() }));

/** Errors of the course file library (block 4011xxxx). */
export const CourseFileError = defineErrors({
  /** The fileType of an existing course file cannot change. */
  TYPE_FIXED: { code: 40110001, msg: '课件类型不能修改！' },
  /** fileUrl is not a file uploaded through /api/common/file/upload, or not of the type's formats. */
  BAD_FILE: { code: 40110002, msg: '课件文件不正确，请重新上传！' },
  /** An Office document and no LibreOffice on the server. */
  NO_CONVERTER: { code: 40110003, msg: '服务器未安装文档转换组件，请上传PDF文件！' },
  /** A course still uses the file. */
  IN_USE: { code: 40110004, msg: '课件已被课程使用，不能删除！' },
  /** catId is not an entry of the category dictionary. */
  BAD_CAT: { code: 40110005, msg: '课件分类不存在！' },
  /** The media processing failed (the job's message and the row's failMsg say why). */
  MEDIA_FAILED: { code: 40110006, msg: '课件处理失败！' },
});

/** Calls of the course file library (SPEC §7 "Courses"). */
export const courseFileApi = {
  save: json({ path: '/api/course/file/save', summary: '新增或修改课件', access: [CourseFilePerm.ADD, CourseFilePerm.UPDATE], body: courseFileSaveReq, data: courseFileSaveRes }),
  detail: json({ path: '/api/course/file/detail', readOnly: true, summary: '课件详情', access: CourseFilePerm.LIST, body: idReq, data: courseFileRecord }),
  paging: json({ path: '/api/course/file/paging', readOnly: true, summary: '分页查询课件（可排除已选、按分类/名称/类型筛选）', access: CourseFilePerm.LIST, body: courseFilePagingReq, data: courseFilePagingRes }),
  delete: json({ path: '/api/course/file/delete', summary: '删除课件', access: CourseFilePerm.DELETE, body: idsReq, data: z.null(), ours: true }),
  progress: json({ path: '/api/course/file/progress', readOnly: true, summary: '课件媒体处理进度（列表轮询）', access: CourseFilePerm.LIST, body: idsReq, data: courseFileProgress, ours: true }),
  hls: download({
    path: '/api/course/file/hls/:videoId/:name',
    readOnly: true,
    summary: '视频课件的 HLS 播放列表与分片（需登录；:videoId 为转码批次，:name 为 master.m3u8、360p.m3u8、360p_000.ts 等）',
    access: 'user',
    fileName: 'index.m3u8',
    ours: true,
  }),
};

/** Url of the HLS master playlist of transcoding batch `videoId`. */
export const hlsMasterUrl = (videoId: string) => `/api/course/file/hls/${videoId}/master.m3u8`;
