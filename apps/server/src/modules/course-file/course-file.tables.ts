/** Tables of the courseFile module: the course file library (课件). Owned by this module only. */
import type { Ms } from '../../db/schema';

/** One course file (SPEC §3 "Course file"; contracts course-file.ts for the fields' meaning). */
export interface ElCourseFileTable {
  id: string;
  title: string;
  /** 11 link, 22 document, 33 video (CourseFileType). */
  fileType: number;
  viewUrl: string;
  fileUrl: string;
  /** Videos: the HLS master playlist once transcoded ('' until then). */
  hlsUrl: string;
  fileSize: number;
  /** Seconds (0: none). */
  duration: number;
  /** Documents: pages of the PDF (0 unknown). */
  pageCount: number;
  /** Category (a dictionary entry of the course-file category tree; '' none). */
  catId: string;
  /** Videos: the transcoding batch (32 hex digits, the folder DATA_DIR/hls/<videoId>) once ready; '' otherwise. */
  videoId: string;
  /** Media state (MediaState). */
  dbsczt: number;
  /** Percent of the media processing done while dbsczt is 1. */
  progress: number;
  /** Why processing failed ('' otherwise). */
  failMsg: string;
  deptCode: string;
  createBy: string;
  createTime: Ms;
  updateTime: Ms;
}

declare module '../../db/schema' {
  interface DB {
    el_course_file: ElCourseFileTable;
  }
}
