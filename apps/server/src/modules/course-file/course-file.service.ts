/**
 * The course file library (issue 11; SPEC §3 "Course file", §4 "Course files", §7 /api/course/file/*).
 * `byIds` is what courses and the players read.
 */
import { COURSE_FILE_TYPE_LABEL, type CourseFileInfo } from '@kaopei/contracts/course-file';
import type { ModuleContext } from '../../platform/module';
import * as repo from './course-file.repository';

export class CourseFileService {
  constructor(private readonly ctx: ModuleContext) {}

  /** The files of `ids` that exist, in the order of `ids` (missing ones left out). */
  async byIds(ids: readonly string[]): Promise<CourseFileInfo[]> {
    const rows = new Map((await repo.findByIds(this.ctx.db, ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = rows.get(id);
      if (!r) return [];
      return [
        {
          id: r.id,
          title: r.title,
          fileType: r.fileType,
          fileType_dictText: COURSE_FILE_TYPE_LABEL[r.fileType] ?? '',
          viewUrl: r.viewUrl,
          fileUrl: r.fileUrl,
          hlsUrl: r.hlsUrl,
          fileSize: Number(r.fileSize),
          duration: r.duration,
          pageCount: r.pageCount,
          catId: r.catId,
          videoId: r.videoId,
          dbsczt: r.dbsczt,
        },
      ];
    });
  }
}
