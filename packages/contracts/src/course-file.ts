/**
 * Course files (课件; SPEC §3 "Course file", §4 "Course files", §5 "Course files", §7 /api/course/file/*,
 * issue 11): the library of links (fileType 11, `viewUrl`), documents (22, `fileUrl`: a PDF, Office
 * files converted to PDF) and videos (33, `fileUrl`: the uploaded mp4, `hlsUrl` once transcoded) that
 * courses are built from. `duration` in seconds (0: none), `fileSize` in bytes, `dbsczt` the media
 * processing state of a video (MediaState).
 */
import { z } from 'zod';

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
